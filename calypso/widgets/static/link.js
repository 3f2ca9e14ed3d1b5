// A widget's share of the page address (see calypso/widgets/link.py). The page keeps links
// only on the tutorial site, whose pages carry <meta name="calypso-site">; elsewhere (JupyterLab)
// this draws nothing and leaves the address alone.

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

function render({ model, el }) {
  const linkable = document.querySelector('meta[name="calypso-site"]') !== null;
  if (!linkable) return undefined;
  const box = document.createElement("div");
  box.className = "cl-link";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cl-copy";
  button.textContent = "Copy link";
  button.title = "Copy a link to what this widget shows now";
  const shown = document.createElement("input");
  shown.className = "cl-url";
  shown.readOnly = true;
  shown.hidden = true;
  shown.setAttribute("aria-label", "Link to what this widget shows");
  const said = document.createElement("span");
  said.className = "cl-said";
  said.setAttribute("role", "status");
  box.append(button, said, shown);
  el.append(box);

  button.addEventListener("click", async () => {
    write(model.get("key"), model.get("value"));
    const url = window.location.href;
    if (await copy(url)) {
      shown.hidden = true;
      said.textContent = "Link copied.";
    } else {
      shown.value = url;
      shown.hidden = false;
      shown.select();
      said.textContent = "Copy this link:";
    }
  });

  const onValue = () => {
    write(model.get("key"), model.get("value"));
    said.textContent = "";
    shown.hidden = true;
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

export default { render };
