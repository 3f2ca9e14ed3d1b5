// Stars kept in this browser (see calypso/widgets/progress.py). Storage holds, per stage, the
// best stars earned for each exercise: {"who-wins": [3, 2, 0, 0, 0], "who-wins-own": [3, 0, 0]};
// where each stage was left (calypso-stages); and the class quiz's best score per level
// (calypso-quiz: {"1": {"right": 8, "count": 10}}). Every view on the page redraws when any of
// them writes; other tabs hear of it through "storage" events.

const KEY = "calypso-progress";
const STAGES_KEY = "calypso-stages";
const QUIZ_KEY = "calypso-quiz";
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

function changed() {
  window.dispatchEvent(new Event(CHANGED));
}

function forgetAll() {
  for (const key of [KEY, STAGES_KEY, QUIZ_KEY]) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // storage switched off: there is nothing to forget
    }
  }
  changed();
}

// Stars and places kept under a stage's former id (while chapters were known by number, "02-own")
// move to its id ("who-wins-own"), keeping the best stars of both for each exercise.
function carryOver(chapters) {
  const held = load();
  const kept = load(STAGES_KEY);
  let starsMoved = false;
  let placesMoved = false;
  for (const stage of chapters.flatMap((c) => c.stages)) {
    if (!stage.was || stage.was === stage.id) continue;
    if (Object.hasOwn(held, stage.was)) {
      const old = Array.isArray(held[stage.was]) ? held[stage.was] : [];
      const now = Array.isArray(held[stage.id]) ? held[stage.id] : [];
      const length = Math.max(old.length, now.length);
      held[stage.id] = Array.from({ length }, (_, i) => Math.max(Number(old[i]) || 0, Number(now[i]) || 0));
      delete held[stage.was];
      starsMoved = true;
    }
    if (Object.hasOwn(kept, stage.was)) {
      if (!Object.hasOwn(kept, stage.id)) kept[stage.id] = kept[stage.was];
      delete kept[stage.was];
      placesMoved = true;
    }
  }
  if (starsMoved) store(KEY, held);
  if (placesMoved) store(STAGES_KEY, kept);
}

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Stars per exercise of a stage, as many as it has: missing ones are 0.
function starsOf(held, stage) {
  const list = Array.isArray(held[stage.id]) ? held[stage.id] : [];
  return Array.from({ length: stage.slots }, (_, i) => Math.max(0, Math.min(3, Number(list[i]) || 0)));
}

function sum(list) {
  return list.reduce((total, n) => total + n, 0);
}

// Every word comes from Python (model "words", in the page's language): a sentence with its
// {fields} filled.
function say(text, values = {}) {
  return (text || "").replace(/\{(\w+)\}/g, (field, name) => (name in values ? values[name] : field));
}

// Seen: "★ 3/9"; heard: "3 of 9 stars".
function count(earned, most, words) {
  const node = make("span", "pg-count", `★ ${earned}/${most}`);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", say(words.of_stars, { earned, most }));
  return node;
}

// Seen: "★★☆ ☆☆☆ ☆☆☆"; heard: "exercise 1: 2 stars, exercise 2: none yet, ...".
function perExercise(stars, words) {
  const node = make("span", "pg-stars", stars.map((n) => "★".repeat(n) + "☆".repeat(3 - n)).join(" "));
  const said = stars.map((n, i) => say(words.exercise, { n: i + 1, stars: words.star_counts[n] }));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", say(words.stars_each, { list: said.join(", ") }));
  return node;
}

function quizBest(best, level, words) {
  const got = best[String(level)];
  return got && Number(got.count) > 0
    ? say(words.best, { right: Number(got.right) || 0, count: got.count })
    : words.not_tried;
}

// While a page still draws, the cells above a heading may grow after a link has scrolled to
// it: keep the heading at the top until the reader scrolls or types, or the page has been
// still for 3 s (as calypso-anchor.js does for the heading a page opens at).
function keepInView(target) {
  const stopOn = ["wheel", "touchstart", "keydown", "mousedown"];
  let still;
  const stop = () => {
    clearTimeout(still);
    sizes.disconnect();
    for (const name of stopOn) window.removeEventListener(name, stop, true);
  };
  const again = () => {
    clearTimeout(still);
    still = setTimeout(stop, 3000);
    target.scrollIntoView({ block: "start" });
  };
  const sizes = new ResizeObserver(again);
  document.querySelectorAll(".jp-Cell").forEach((cell) => sizes.observe(cell));
  for (const name of stopOn) window.addEventListener(name, stop, true);
  still = setTimeout(stop, 3000);
}

// A link to a heading of this very page scrolls there and puts the keyboard on it, leaving
// the address (and the widgets' state in it) as it is.
function onSamePage(link, done) {
  link.addEventListener("click", (event) => {
    const url = new URL(link.href, window.location.href);
    if (url.pathname !== window.location.pathname || !url.hash) return;
    const id = url.hash.slice(1);
    const target = document.getElementById(id) || document.getElementById(decodeURIComponent(id));
    if (!target) return;
    event.preventDefault();
    if (done) done();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
    keepInView(target);
  });
}

function link(className, text, href, done) {
  const node = make("a", className, text);
  node.href = href;
  onSamePage(node, done);
  return node;
}

function render({ model, el }) {
  const words = model.get("words") || {};
  const box = make("div", "pg");
  el.append(box);
  let open = false; // whether the bar's full map is open, kept across redraws

  function resetButtons() {
    const wrap = make("div", "pg-forget");
    const reset = make("button", "pg-reset", words.reset);
    reset.type = "button";
    const sure = make("span", "pg-sure");
    sure.hidden = true;
    const yes = make("button", "pg-reset pg-yes", words.yes);
    yes.type = "button";
    const no = make("button", "pg-reset", words.keep);
    no.type = "button";
    sure.append(
      make("span", "", `${words.forget} `),
      yes,
      no,
    );
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
    yes.addEventListener("click", forgetAll);
    wrap.append(reset, sure);
    return wrap;
  }

  function fullMap(held, best, done) {
    const here = model.get("here");
    const list = make("ol", "pg-map");
    list.setAttribute("aria-label", words.map);
    let all = 0;
    let most = 0;
    for (const chapter of model.get("chapters")) {
      const item = make("li", "pg-chapter");
      item.dataset.chapter = chapter.id;
      const head = make("p", "pg-chapter-line");
      const name = link("pg-name", chapter.title, chapter.href, done);
      head.append(name);
      if (chapter.id === here) {
        name.setAttribute("aria-current", "page");
        head.append(make("span", "pg-here-mark", ` ${words.here}`));
      }
      const stages = make("ul", "pg-stages");
      let earned = 0;
      let slots = 0;
      for (const stage of chapter.stages) {
        const stars = starsOf(held, stage);
        earned += sum(stars);
        slots += stage.slots;
        const row = make("li", "pg-stage");
        row.dataset.stage = stage.id;
        row.append(link("pg-stage-name", stage.heading, stage.href, done), " ", perExercise(stars, words));
        stages.append(row);
      }
      for (const level of chapter.levels) {
        const row = make("li", "pg-level", say(words.level_named, { title: level.title, best: quizBest(best, level.level, words) }));
        row.dataset.level = String(level.level);
        stages.append(row);
      }
      if (slots) head.append(" ", count(earned, 3 * slots, words));
      all += earned;
      most += 3 * slots;
      item.append(head, stages);
      list.append(item);
    }
    const total = make("p", "pg-line", say(words.so_far, { all, most }));
    const stages = model.get("chapters").flatMap((c) => c.stages);
    const next = stages.find((stage) => starsOf(held, stage).includes(0));
    if (next) total.append(` ${words.next_to_try} `, link("pg-stage-name", next.heading, next.href, done));
    const note = make("p", "pg-note", words.kept_here);
    return [total, list, resetButtons(), note];
  }

  function mapView(held, best) {
    box.replaceChildren(...fullMap(held, best));
  }

  function barView(held, best) {
    const here = model.get("here");
    const chapters = model.get("chapters");
    const at = chapters.findIndex((c) => c.id === here);
    const chapter = chapters[at] || { stages: [], levels: [] };
    const nav = make("nav", "pg-compact");
    nav.setAttribute("aria-label", words.yours);
    const row = make("div", "pg-row");
    const where = make("span", "pg-where", say(words.chapter_of, { n: at + 1, of: chapters.length }));
    row.append(where);
    const items = make("ul", "pg-inline");
    let earned = 0;
    let slots = 0;
    for (const stage of chapter.stages) {
      const stars = sum(starsOf(held, stage));
      earned += stars;
      slots += stage.slots;
      const item = make("li", "pg-item");
      item.dataset.stage = stage.id;
      item.append(
        // In the bar a practice stage goes by its title alone; screen readers still hear its kind.
        make("span", stage.practice ? "pg-kind pg-kind-practice" : "pg-kind", `${stage.kind}: `),
        link("pg-stage-name", stage.title, stage.href),
        " ",
        count(stars, 3 * stage.slots, words),
      );
      items.append(item);
    }
    for (const level of chapter.levels) {
      const item = make("li", "pg-item pg-short", say(words.level, { level: level.level, best: quizBest(best, level.level, words) }));
      item.dataset.level = String(level.level);
      items.append(item);
    }
    if (slots) where.append(", ", count(earned, 3 * slots, words));
    const more = make("details", "pg-more");
    more.open = open;
    const summary = make("summary", "", words.all_chapters);
    const inside = make("div", "pg-more-map");
    const close = () => {
      open = false;
      more.open = false;
    };
    inside.append(...fullMap(held, best, close));
    more.append(summary, inside);
    more.addEventListener("toggle", () => {
      open = more.open;
    });
    row.append(items, more);
    nav.append(row);
    box.replaceChildren(nav);
  }

  function stageView(held) {
    const id = model.get("stage");
    const stage = model
      .get("chapters")
      .flatMap((c) => c.stages)
      .find((s) => s.id === id) || { id, slots: 5 };
    const earned = sum(starsOf(held, stage));
    const most = stage.slots * 3;
    const line = make("p", "pg-line pg-tally");
    const shown = make("span", "pg-bar");
    shown.setAttribute("aria-hidden", "true");
    const fill = make("span", "pg-fill");
    fill.style.width = `${Math.round((100 * earned) / most)}%`;
    shown.append(fill);
    line.append(make("span", "pg-label", words.in_stage), shown, make("strong", "pg-total", `★ ${say(words.of, { earned, most })}`));
    box.replaceChildren(line);
  }

  function quizView(best) {
    const chapter = model.get("chapters").find((c) => c.id === model.get("here")) || { levels: [] };
    const line = make("p", "pg-line pg-quiz");
    line.append(make("span", "pg-label", `${words.best_here} `));
    chapter.levels.forEach((level, i) => {
      if (i) line.append(" · ");
      const got = best[String(level.level)];
      const said = got && Number(got.count) > 0
        ? say(words.of, { earned: Number(got.right) || 0, most: got.count })
        : words.not_tried;
      const part = make("span", "pg-level pg-short", say(words.level_short, { level: level.level, best: said }));
      part.dataset.level = String(level.level);
      line.append(part);
    });
    box.replaceChildren(line);
  }

  function draw() {
    const held = load();
    const best = load(QUIZ_KEY);
    const view = model.get("view");
    if (view === "stage") stageView(held);
    else if (view === "bar") barView(held, best);
    else if (view === "quiz") quizView(best);
    else mapView(held, best);
  }

  // Python hears of the stars only when they differ from what it was last told.
  let told = "";
  function report() {
    const held = load();
    if (JSON.stringify(held) === told) return;
    told = JSON.stringify(held);
    model.set("best", held);
    model.save_changes();
  }

  function reportKept() {
    const stage = model.get("stage");
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

  // Another tab wrote: only the stars and the quiz bests are drawn (or a clear, key null).
  function onStorage(event) {
    if (event.key === null || event.key === KEY || event.key === QUIZ_KEY) onChange();
  }

  function remember(message) {
    const stage = model.get("stage");
    if (!stage || !message.state || typeof message.state !== "object") return;
    const kept = load(STAGES_KEY);
    kept[stage] = message.state;
    store(STAGES_KEY, kept);
  }

  function record(message) {
    const slot = Number(message.slot);
    const stars = Number(message.stars);
    if (!message.stage || !Number.isInteger(slot) || slot < 0 || !Number.isInteger(stars)) return;
    const held = load();
    const list = Array.isArray(held[message.stage]) ? held[message.stage] : [];
    while (list.length <= slot) list.push(0);
    list[slot] = Math.max(Number(list[slot]) || 0, Math.min(3, Math.max(0, stars)));
    held[message.stage] = list;
    store(KEY, held);
    changed();
  }

  function quiz(message) {
    const right = Number(message.right);
    const total = Number(message.count);
    if (!Number.isInteger(right) || !Number.isInteger(total) || total < 1 || right < 0) return;
    const best = load(QUIZ_KEY);
    const level = String(message.level);
    const had = best[level];
    if (!had || right / total > (Number(had.right) || 0) / (Number(had.count) || 1)) {
      best[level] = { right, count: total };
      store(QUIZ_KEY, best);
      changed();
    }
  }

  function onMessage(message) {
    if (!message) return;
    if (message.type === "remember") remember(message);
    else if (message.type === "record") record(message);
    else if (message.type === "quiz") quiz(message);
  }

  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  model.on("msg:custom", onMessage);
  model.on("change:chapters", draw);
  carryOver(model.get("chapters"));
  draw();
  report();
  reportKept();
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
    model.off("msg:custom", onMessage);
    model.off("change:chapters", draw);
  };
}

export default { render };
