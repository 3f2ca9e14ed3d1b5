// Copy buttons. A widget's share of the page address with its *Copy link* button (see
// calypso/widgets/link.py): the page keeps links only on the tutorial site, whose pages carry
// <meta name="calypso-site">; elsewhere (JupyterLab) it draws nothing and leaves the address
// alone. And a *Copy code* button for a quiz's result code (kind "code", calypso/widgets/quiz.py).

// The page address's fragment: each widget's key=value, and perhaps one bare heading id from a
// contents or map link ("Practice:-Who-wins&trick=N.9H-4C&ex=2.1"). The heading id is kept,
// first and as it came, whatever the widgets write.
function parse(hash) {
  const parts = hash.replace(/^#/, "").split("&");
  const anchor = parts.find((part) => part && !part.includes("=")) || "";
  const params = new URLSearchParams(parts.filter((part) => part.includes("=")).join("&"));
  return { anchor, params };
}

// The fragment the page opened with, before any widget wrote to it.
function opened() {
  if (window.calypsoOpenedHash === undefined) window.calypsoOpenedHash = window.location.hash;
  return parse(window.calypsoOpenedHash);
}

// Set (or, when empty, remove) one key, moved to the front: a link lands on the widget whose
// key comes first, the one last worked or copied.
function write(key, value) {
  const { anchor, params } = parse(window.location.hash);
  const keys = [...params.entries()].filter(([name]) => name !== key);
  if (value) keys.unshift([key, value]);
  const hash = [anchor, new URLSearchParams(keys).toString()].filter(Boolean).join("&");
  const url = window.location.pathname + window.location.search + (hash ? `#${hash}` : "");
  if (url !== window.location.pathname + window.location.search + window.location.hash) {
    window.history.replaceState(window.history.state, "", url);
  }
}

async function copy(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

// A link lands on the widget its first key names (a heading named in the fragment goes first:
// calypso-anchor.js lands on it). The cells above the widget keep drawing while its state is
// restored, so until the reader scrolls, clicks or types (or 20 s pass) the widget is put back
// at the top of the view whenever a cell changes size. The jump is instant: no motion to opt
// out of.
function land(el) {
  let done = false;
  // Looked up each time: a view is drawn before it is put into the page.
  const put = () => {
    if (done || !el.isConnected) return;
    (el.closest(".calypso-widget") || el).scrollIntoView({ block: "start" });
  };
  const sizes = new ResizeObserver(put);
  const watch = () => {
    document.querySelectorAll(".jp-Cell, .calypso-widget").forEach((c) => sizes.observe(c));
  };
  const cells = new MutationObserver(() => {
    watch();
    put();
  });
  const stop = () => {
    done = true;
    sizes.disconnect();
    cells.disconnect();
  };
  for (const event of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(event, stop, { once: true, capture: true });
  }
  setTimeout(stop, 20000);
  cells.observe(document.body, { childList: true, subtree: true });
  watch();
  requestAnimationFrame(put);
}

// A copy button, what it says once it has copied, and, where the page may not use the
// clipboard, the text shown selected to copy by hand.
function copyBox(el, { label, title, copied, manual, name }, text) {
  const box = document.createElement("div");
  box.className = "cl-link";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cl-copy";
  button.textContent = label;
  button.title = title;
  const shown = document.createElement("input");
  shown.className = "cl-url";
  shown.readOnly = true;
  shown.hidden = true;
  shown.setAttribute("aria-label", name);
  const said = document.createElement("span");
  said.className = "cl-said";
  said.setAttribute("role", "status");
  box.append(button, said, shown);
  el.append(box);
  button.addEventListener("click", async () => {
    const value = text();
    if (await copy(value)) {
      shown.hidden = true;
      said.textContent = copied;
    } else {
      shown.value = value;
      shown.hidden = false;
      shown.select();
      said.textContent = manual;
    }
  });
  const reset = () => {
    said.textContent = "";
    shown.hidden = true;
  };
  return { box, button, reset };
}

function renderLink({ model, el }) {
  const linkable = document.querySelector('meta[name="calypso-site"]') !== null;
  if (!linkable) return undefined;
  const key = model.get("key");
  const first = opened();
  const words = model.get("words");
  const { reset } = copyBox(el, words, () => {
    write(key, model.get("value"));
    return window.location.href;
  });
  // The address changes only when the widget does: a widget never worked keeps out of it.
  const onValue = () => {
    write(key, model.get("value"));
    reset();
  };
  model.on("change:value", onValue);
  const held = first.params.get(key);
  const page = window.location.href.split("#")[0];
  if (!model.get("linkable") || model.get("page") !== page) {
    model.set("linkable", true);
    model.set("page", page);
    if (held && !model.get("opened")) model.set("opened", held);
    model.save_changes();
  }
  if (held && !first.anchor && first.params.keys().next().value === key) land(el);
  return () => model.off("change:value", onValue);
}

function renderCode({ model, el }) {
  const words = model.get("words");
  const { box, button, reset } = copyBox(el, words, () => model.get("text"));
  box.classList.add("cl-code");
  const onText = () => {
    reset();
    box.hidden = !model.get("text");
  };
  const onShown = () => {
    if (!model.get("text")) return;
    el.scrollIntoView({ block: "center" });
    button.focus({ preventScroll: true });
  };
  model.on("change:text", onText);
  model.on("change:shown", onShown);
  onText();
  return () => {
    model.off("change:text", onText);
    model.off("change:shown", onShown);
  };
}

function render(context) {
  return context.model.get("kind") === "code" ? renderCode(context) : renderLink(context);
}

export default { render };
