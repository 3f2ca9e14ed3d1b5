// A closed tab's kernel is shut down at once. As a page unloads, Voila's own code asks the server
// to shut its kernel down (a beacon to voila/api/shutdown/<kernel>), sending the `_xsrf` cookie as
// the `_xsrf` field the server checks. But the server hands that cookie out only with the pages it
// renders from a template at request time (the chapter list, error pages), never with a chapter,
// which comes ready-made from a preheated kernel: a reader who opens a chapter's link directly has
// no cookie, the request is refused (403) and the kernel lingers until the idle culler ends it
// (voila-dashboards/voila#1458). So a page without the cookie fetches the chapter list once, which
// sets it for the whole site (for 30 days); the server's XSRF check stays as it is.
(function () {
  "use strict";
  if (/(^|;\s*)_xsrf=/.test(document.cookie)) return;
  const base = document.currentScript.dataset.baseUrl;
  fetch(base + "voila/tree", { credentials: "same-origin", cache: "no-store" }).catch(() => {});
})();
