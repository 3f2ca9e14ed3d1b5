// A widget whose script takes more than two seconds to start keeps working.
// anywidget 0.11 gives each of its widgets two seconds (AbortSignal.timeout(2000)) from the
// moment the widget's model arrives to the moment its script has loaded. On a slow phone, or a
// classroom laptop busy with a dozen tabs, that can take longer; the widget is then still drawn
// but marked as failed, and from then on anywidget drops every update the kernel sends it: the
// learner clicks a card and nothing happens (manzt/anywidget#828, no option to change it).
// This page loads before anywidget and gives that one limit two minutes instead; every other
// use of AbortSignal.timeout is left as it is.
(function () {
  "use strict";
  const ANYWIDGET_LIMIT_MS = 2000;
  const PATIENT_LIMIT_MS = 120000;
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  AbortSignal.timeout = (ms) => timeout(ms === ANYWIDGET_LIMIT_MS ? PATIENT_LIMIT_MS : ms);
})();
