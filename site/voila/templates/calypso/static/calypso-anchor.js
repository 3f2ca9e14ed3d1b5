// Land on the heading a link points at (00-welcome.ipynb#Contents), although the page keeps
// growing as its widgets draw: until the reader scrolls, clicks or types, or the page has not
// changed for 10 s (a slow machine draws for longer), the target is scrolled back into view
// whenever a cell is added or changes size. The parts of the
// fragment that hold a widget's state (key=value, see calypso/widgets/link.py) are not headings:
// "Practice:-Who-wins&trick=N.9H" lands on the heading, a fragment of keys alone on the widget
// its first key names (static/link.js, which reads the fragment as the page opened, kept here).
(function () {
  window.calypsoOpenedHash = window.location.hash;
  const part = window.location.hash.slice(1).split("&").find((p) => p && !p.includes("="));
  if (!part) return;
  const id = decodeURIComponent(part);
  let done = false;
  let quiet;
  const stop = () => {
    done = true;
    clearTimeout(quiet);
    sizes.disconnect();
    cells.disconnect();
  };
  const land = () => {
    if (done) return;
    clearTimeout(quiet);
    quiet = setTimeout(stop, 10000);
    // nbconvert keeps a heading's non-ASCII letters percent-escaped in its id ("mis%C3%A8re").
    const target = document.getElementById(id) || document.getElementById(part);
    if (target) target.scrollIntoView({ block: "start" });
  };
  // Voila and Voici scroll inside their own container, whose size stays put: watch the cells.
  const sizes = new ResizeObserver(land);
  const watchCells = () => document.querySelectorAll(".jp-Cell").forEach((c) => sizes.observe(c));
  const cells = new MutationObserver(() => {
    watchCells();
    land();
  });
  cells.observe(document.body, { childList: true, subtree: true });
  watchCells();
  for (const event of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(event, stop, { once: true, capture: true });
  }
  land();
})();
