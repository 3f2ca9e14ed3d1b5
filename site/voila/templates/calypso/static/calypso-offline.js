// A page whose server went away says so, instead of silently doing nothing. Every widget of a
// Voila page talks to its kernel over one websocket; when that closes while the reader stays
// on the page (a server restart, a dropped network, a kernel ended), the page shows a notice
// (role "alert") saying that its connection is lost, that answers given so far are kept, and
// to reload once the server is back. It then asks this same server, every few seconds, for one
// of the template's own small files: once the server answers, the notice says so and offers a
// Reload button. A connection that comes back by itself (a short network drop) takes the
// notice away. A page being closed or left shows nothing, and the static site, which has no
// server, never loads this file. Words: window.calypsoWords, in the page's language
// (index.html.j2). Loaded in the page's head, before Voila's code opens its websocket.
(function () {
  "use strict";
  const WAIT_MS = 1500; // a closed connection that Voila reopens within this is not news
  const ASK_MS = 3000;
  const base = document.currentScript.dataset.baseUrl;
  const Native = window.WebSocket;
  let leaving = false;
  let open = 0; // the kernel connections open now
  let pending; // the timer of a notice about to show
  let asking; // the timer asking the server whether it is back
  let note;

  function kernel(url) {
    return String(url).includes("/api/kernels/");
  }

  function words() {
    return window.calypsoWords || {};
  }

  function say(text, offerReload) {
    if (!note) {
      note = document.createElement("div");
      note.className = "calypso-offline";
      note.setAttribute("role", "alert");
      note.append(document.createElement("p"));
      document.body.prepend(note);
    }
    note.firstChild.textContent = text;
    if (offerReload && !note.querySelector("button")) {
      const reload = document.createElement("button");
      reload.type = "button";
      reload.textContent = words().reload;
      reload.addEventListener("click", () => location.reload());
      note.append(reload);
    }
  }

  function stopAsking() {
    clearTimeout(asking);
    asking = undefined;
  }

  function ask() {
    fetch(base + "voila/static/calypso.css", {
      method: "HEAD",
      cache: "no-store",
      credentials: "same-origin",
    })
      .then((reply) => {
        if (!reply.ok) throw new Error(String(reply.status));
        stopAsking();
        if (note && open === 0) say(words().back, true);
      })
      .catch(() => {
        if (asking !== undefined) asking = setTimeout(ask, ASK_MS);
      });
  }

  function lost() {
    pending = undefined;
    if (leaving || open > 0) return;
    say(words().lost, false);
    asking = setTimeout(ask, ASK_MS);
  }

  function closed() {
    open = Math.max(0, open - 1);
    if (leaving || open > 0 || pending !== undefined || note) return;
    pending = setTimeout(lost, WAIT_MS);
  }

  function opened() {
    open += 1;
    clearTimeout(pending);
    pending = undefined;
    if (note) {
      stopAsking();
      note.remove();
      note = undefined;
    }
  }

  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (kernel(url)) {
        this.addEventListener("open", opened);
        this.addEventListener("close", () => {
          if (this.calypsoOpened) closed();
        });
        this.addEventListener("open", () => {
          this.calypsoOpened = true;
        });
      }
    }
  }

  window.WebSocket = Watched;
  window.addEventListener("pagehide", () => {
    leaving = true;
  });
  // A page kept in the back-forward cache and shown again is a page in use again.
  window.addEventListener("pageshow", () => {
    leaving = false;
  });
})();
