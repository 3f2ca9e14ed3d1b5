// Stars kept in this browser (see calypso/widgets/progress.py). Storage holds, per chapter,
// the best stars earned for each exercise slot: {"02": [3, 2, 0, 0, 0], ...}. Every view on
// the page redraws when any of them writes; other tabs hear of it through "storage" events.

const KEY = "calypso-progress";
const STAGES_KEY = "calypso-stages";
const CHANGED = "calypso-progress-changed";

function load(key = KEY) {
  try {
    const held = JSON.parse(window.localStorage.getItem(key) || "{}");
    return held && typeof held === "object" && !Array.isArray(held) ? held : {};
  } catch {
    return {};
  }
}

function store(key, held) {
  try {
    window.localStorage.setItem(key, JSON.stringify(held));
  } catch {
    // storage full or switched off: this visit is simply not kept
  }
}

function save(held) {
  store(KEY, held);
  window.dispatchEvent(new Event(CHANGED));
}

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function total(list) {
  return (Array.isArray(list) ? list : []).reduce((sum, n) => sum + (Number(n) || 0), 0);
}

function render({ model, el }) {
  const box = make("div", "pg");
  el.append(box);

  function bar(earned, most) {
    const shown = make("span", "pg-bar");
    shown.setAttribute("aria-hidden", "true");
    const fill = make("span", "pg-fill");
    fill.style.width = `${Math.round((100 * earned) / most)}%`;
    shown.append(fill);
    return shown;
  }

  function chapterView(held) {
    const id = model.get("chapter");
    const entry = model.get("chapters").find((c) => c.id === id) || { slots: 5 };
    const earned = total(held[id]);
    const most = entry.slots * 3;
    const line = make("p", "pg-line pg-tally");
    line.append(
      make("span", "pg-label", "Your stars in this chapter"),
      bar(earned, most),
      make("strong", "pg-count", `★ ${earned} of ${most}`),
    );
    box.replaceChildren(line);
  }

  function mapView(held) {
    const list = make("ol", "pg-map");
    list.setAttribute("aria-label", "Your progress, chapter by chapter");
    let all = 0;
    let most = 0;
    for (const entry of model.get("chapters")) {
      const earned = total(held[entry.id]);
      all += earned;
      most += entry.slots * 3;
      const item = make("li", "pg-chapter");
      item.dataset.chapter = entry.id;
      const name = entry.href ? make("a", "pg-name", entry.title) : make("span", "pg-name", entry.title);
      if (entry.href) name.href = entry.href;
      item.append(
        name,
        bar(earned, entry.slots * 3),
        make("span", "pg-count", `★ ${earned} of ${entry.slots * 3}`),
      );
      list.append(item);
    }
    const head = make("p", "pg-line", `Stars so far: ${all} of ${most}.`);
    const reset = make("button", "pg-reset", "Reset my progress");
    reset.type = "button";
    const sure = make("span", "pg-sure");
    sure.hidden = true;
    const yes = make("button", "pg-reset pg-yes", "Yes, forget my stars");
    yes.type = "button";
    const no = make("button", "pg-reset", "Keep them");
    no.type = "button";
    sure.append(make("span", "", "Forget every star in this browser? "), yes, no);
    reset.addEventListener("click", () => {
      sure.hidden = false;
      reset.hidden = true;
      no.focus();
    });
    no.addEventListener("click", () => {
      sure.hidden = true;
      reset.hidden = false;
      reset.focus();
    });
    yes.addEventListener("click", () => {
      save({});
    });
    const note = make(
      "p",
      "pg-note",
      "Your stars are kept in this browser only: nothing about you is sent anywhere.",
    );
    box.replaceChildren(head, list, reset, sure, note);
  }

  function draw() {
    const held = load();
    if (model.get("chapter")) chapterView(held);
    else mapView(held);
  }

  function report() {
    model.set("best", load());
    model.save_changes();
  }

  function reportKept() {
    const stage = model.get("chapter");
    const kept = stage ? load(STAGES_KEY)[stage] : undefined;
    if (kept && typeof kept === "object" && !Array.isArray(kept)) {
      model.set("kept", kept);
      model.save_changes();
    }
  }

  function onChange() {
    draw();
    report();
  }

  function remember(message) {
    const stage = model.get("chapter");
    if (!stage || !message.state || typeof message.state !== "object") return;
    const kept = load(STAGES_KEY);
    kept[stage] = message.state;
    store(STAGES_KEY, kept);
  }

  function onMessage(message) {
    if (message && message.type === "remember") remember(message);
    if (!message || message.type !== "record") return;
    const slot = Number(message.slot);
    const stars = Number(message.stars);
    if (!Number.isInteger(slot) || slot < 0 || !Number.isInteger(stars)) return;
    const held = load();
    const list = Array.isArray(held[message.chapter]) ? held[message.chapter] : [];
    while (list.length <= slot) list.push(0);
    list[slot] = Math.max(Number(list[slot]) || 0, Math.min(3, Math.max(0, stars)));
    held[message.chapter] = list;
    save(held);
  }

  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  model.on("msg:custom", onMessage);
  model.on("change:chapters", draw);
  draw();
  report();
  reportKept();
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
    model.off("msg:custom", onMessage);
    model.off("change:chapters", draw);
  };
}

export default { render };
