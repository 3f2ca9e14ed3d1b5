// A page that did not get all of its parts never looks finished: it says the server is busy
// and tries again. The template marks each cell with what the server produced for it; a cell
// missing from the page, a code cell with no output, or an error means a kernel that could
// not keep up (a class arriving at once), and a widget that cannot be drawn later means the
// same. Retries wait longer each time, with a random spread so a class does not reload at once.
(function () {
  "use strict";
  const TRIES = 5;
  const WORDS = window.calypsoWords; // the page's words, in its language (index.html.j2)
  const key = "calypso-retries:" + location.pathname;

  function incomplete() {
    const expected = Number(document.getElementById("calypso-expected").dataset.cells);
    const marks = [...document.querySelectorAll(".calypso-cell-mark")];
    return (
      marks.length < expected ||
      marks.some((m) => Number(m.dataset.errors) > 0) ||
      marks.some((m) => m.dataset.kind === "code" && Number(m.dataset.outputs) === 0 && !m.hasAttribute("data-quiet"))
    );
  }

  function busy() {
    if (document.querySelector(".calypso-busy")) return;
    const tries = Number(sessionStorage.getItem(key) || 0);
    document.body.classList.add("calypso-incomplete");
    const note = document.createElement("div");
    note.className = "calypso-busy";
    note.setAttribute("role", "alert");
    const text = document.createElement("p");
    const again = document.createElement("button");
    again.textContent = WORDS.try_now;
    again.addEventListener("click", () => location.reload());
    note.append(text, again);
    document.body.prepend(note);
    if (tries >= TRIES) {
      text.textContent = WORDS.still_busy;
      sessionStorage.removeItem(key);
      return;
    }
    let seconds = Math.round(10 * (tries + 1) * (1 + Math.random()));
    const tell = () => {
      text.textContent = WORDS.busy.replace("{seconds}", String(seconds));
    };
    tell();
    const timer = setInterval(() => {
      seconds -= 1;
      tell();
      if (seconds <= 0) {
        clearInterval(timer);
        sessionStorage.setItem(key, String(tries + 1));
        location.reload();
      }
    }, 1000);
  }

  function watchWidgets() {
    const seen = new MutationObserver((changes) => {
      const broken = changes.some((change) =>
        [...change.addedNodes].some((node) =>
          (node.textContent || "").includes("Error displaying widget"),
        ),
      );
      if (broken) busy();
    });
    seen.observe(document.getElementById("rendered_cells"), { subtree: true, childList: true });
  }

  function hideFailedCells() {
    // The server's own words about a failed cell are for developers, not learners.
    for (const mark of document.querySelectorAll(".calypso-cell-mark")) {
      if (Number(mark.dataset.errors) > 0 && mark.previousElementSibling) {
        mark.previousElementSibling.hidden = true;
      }
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (incomplete()) {
      hideFailedCells();
      busy();
    } else {
      sessionStorage.removeItem(key);
      watchWidgets();
    }
  });
})();
