// Copy buttons. A widget's share of the page address with its *Copy link* button (see
// calypso/widgets/link.py): the page keeps links only on the tutorial site, whose pages carry
// <meta name="calypso-site">; elsewhere (JupyterLab) it draws nothing and leaves the address
// alone. And a *Copy code* button for a quiz's result code (kind "code", calypso/widgets/quiz.py).

function fragment() {
  return new URLSearchParams(window.location.hash.replace(/^#/, ""));
}

function write(key, value) {
  const params = fragment();
  if (value) params.set(key, value);
  else params.delete(key);
  const hash = params.toString();
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

// A link that names this widget's state should land on the widget, not on the top of the page:
// until the reader scrolls, clicks or types (or 10 s pass), keep the widget in view while the
// cells above it finish drawing.
function land(el) {
  let done = false;
  const stop = () => {
    done = true;
  };
  for (const event of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(event, stop, { once: true, capture: true });
  }
  setTimeout(stop, 10000);
  const step = () => {
    if (done) return;
    const target = el.closest(".calypso-widget") || el;
    target.scrollIntoView({ block: "start" });
    setTimeout(step, 300);
  };
  requestAnimationFrame(step);
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
  const words = {
    label: "Copy link",
    title: "Copy a link to what this widget shows now",
    copied: "Link copied.",
    manual: "Copy this link:",
    name: "Link to what this widget shows",
  };
  const { reset } = copyBox(el, words, () => {
    write(model.get("key"), model.get("value"));
    return window.location.href;
  });
  const onValue = () => {
    write(model.get("key"), model.get("value"));
    reset();
  };
  model.on("change:value", onValue);
  const held = fragment().get(model.get("key"));
  const page = window.location.href.split("#")[0];
  if (!model.get("linkable") || model.get("page") !== page) {
    model.set("linkable", true);
    model.set("page", page);
    if (held && !model.get("opened")) model.set("opened", held);
    model.save_changes();
  }
  if (held) land(el);
  if (!held || held === model.get("value")) onValue();
  return () => model.off("change:value", onValue);
}

function renderCode({ model, el }) {
  const words = {
    label: "Copy code",
    title: "Copy your result code, to paste for your teacher",
    copied: "Code copied.",
    manual: "Copy this code:",
    name: "Your result code",
  };
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
