// The card table's view (anywidget). It draws the display data Python sends (seats, trick,
// hand, verdict, hint, status; an exercise's question, choices, marks, reply and ending) and
// reports back a played card, a reveal, a seat picked (when the seats are buttons), a choice
// and a press of the button under the verdict.
// It knows no suit, rank or rule: every text, colour and "why not" comes from Python, the
// table's own words too (model "words", in the page's language, with {name}-style fields).
// Python joins this view from the files cardtable-*.js beside it, in the order that
// calypso/widgets/assets.py names (CARD_TABLE): the page loads them as one module.


// Focus in a field that takes typing: the page's shortcut keys leave it alone.
const TYPING =
  "input:not([type='checkbox']):not([type='radio']):not([type='button']):not([type='submit'])" +
  ":not([type='reset']):not([type='range']), textarea, select, [contenteditable='true']";

// What every copy of this module on the page shares: the tables that take their keys from the
// whole page (page_keys), the one listener on the document that hands each key to one table,
// and how many tables have been drawn (each table's ids start from its number).
const PAGE = (globalThis.calypsoCardTables ??= { tables: new Set(), listener: null, views: 0 });

function typing(node) {
  return node instanceof Element && Boolean(node.closest(TYPING));
}

function inView(node) {
  const box = node.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  const width = window.innerWidth || document.documentElement.clientWidth;
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 &&
    box.top < height && box.left < width;
}

// A key pressed anywhere on the page: the opted-in table holding the focus takes it, else the
// first such table in view (in page order). Keys already handled, typing, or a key with
// Ctrl, Alt or Meta are left alone.
function onPageKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (typing(event.target) || typing(document.activeElement)) return;
  const tables = [...PAGE.tables].filter((table) => table.root.isConnected && table.wanted());
  const holding = tables.find((table) => table.root.contains(document.activeElement));
  const first = holding || tables
    .filter((table) => inView(table.root))
    .sort((a, b) => (a.root.compareDocumentPosition(b.root) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (first) first.take(event);
}

function joinPage(table) {
  PAGE.tables.add(table);
  if (!PAGE.listener) {
    PAGE.listener = onPageKey;
    document.addEventListener("keydown", PAGE.listener);
  }
}

function leavePage(table) {
  PAGE.tables.delete(table);
  if (!PAGE.tables.size && PAGE.listener) {
    document.removeEventListener("keydown", PAGE.listener);
    PAGE.listener = null;
  }
}

// A sentence about keys: hidden on a touch screen (see .ct-keys-hint in cardtable.css).
function keysHint(text) {
  return make("span", "ct-keys-hint", text);
}

// A sentence of the table's words with its {fields} filled: each value a string or a node
// (a node keeps its own look, e.g. the winning card in its suit's colour). A list of parts.
function fill(text, values = {}) {
  const parts = [];
  let last = 0;
  for (const match of (text || "").matchAll(/\{(\w+)\}/g)) {
    parts.push(text.slice(last, match.index));
    const value = values[match[1]];
    parts.push(value === undefined ? match[0] : value);
    last = match.index + match[0].length;
  }
  parts.push((text || "").slice(last));
  return parts.filter((part) => part !== "");
}

// The same as text.
function say(text, values = {}) {
  return fill(text, values).map((part) => (typeof part === "string" ? part : part.textContent)).join("");
}

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A card face: big rank and suit symbol in the suit's colour, read out by its label.
function face(card, tag = "div") {
  const node = make(tag, "ct-card");
  node.style.setProperty("--ct-suit", card.colour);
  node.dataset.card = card.text;
  const shown = make("span", "ct-face");
  shown.setAttribute("aria-hidden", "true");
  shown.append(make("span", "ct-rank", card.rank), make("span", "ct-symbol", card.symbol));
  node.append(shown);
  return node;
}

function srOnly(text) {
  return make("span", "ct-sr", text);
}

function trumpChip(trump, withName, words) {
  const chip = make("span", "ct-trump");
  const symbol = make("span", "ct-trump-symbol", trump.symbol);
  symbol.style.color = trump.colour;
  chip.append(symbol, document.createTextNode(withName ? ` ${trump.name}` : ""));
  chip.title = say(words.personal_trump, { name: trump.name });
  return chip;
}

// A mark on an answer already given: a cross for a wrong one, a tick for the right one, in
// words as well as in colour.
function answerMark(mark, words) {
  const text = { right: words.right_mark, wrong: words.wrong_mark, chosen: words.chosen_mark };
  return make("span", `ct-answer-mark ct-mark-${mark}`, text[mark]);
}

// A seat's name, role and tags: its trump, its side, leads, to play.
function seatHead(seat, words) {
  const head = make("div", "ct-seat-head");
  head.append(make("span", "ct-name", seat.name));
  if (seat.role_name) head.append(make("span", "ct-role", seat.role_name));
  const tags = make("div", "ct-tags");
  if (seat.trump) tags.append(trumpChip(seat.trump, true, words));
  if (seat.side) tags.append(make("span", "ct-tag", say(words.side, { side: seat.side })));
  if (seat.leader) tags.append(make("span", "ct-tag ct-tag-leader", words.leads));
  if (seat.turn) tags.append(make("span", "ct-tag ct-tag-turn", words.to_play));
  return [head, tags];
}

// Every hand shown: the seat's cards face up, small, read out as one list.
function seatShown(seat, words) {
  const cards = make("ul", "ct-shown");
  cards.setAttribute("aria-label", say(words.cards_of, { name: seat.name }));
  for (const card of seat.shown) {
    const item = face(card, "li");
    item.setAttribute("aria-label", card.label);
    cards.append(item);
  }
  return cards;
}

// The cards a seat holds face down: a few backs and the count in words.
function seatBacks(seat, words) {
  const backs = make("div", "ct-backs");
  for (let i = 0; i < Math.min(seat.count, 3); i++) {
    const back = make("span", "ct-back");
    back.setAttribute("aria-hidden", "true");
    backs.append(back);
  }
  const count = make("span", "ct-count", seat.held);
  count.append(srOnly(` ${words.face_down}`));
  backs.append(count);
  return backs;
}

// A seat to choose: a button named by the seat, its key (Python's, in the page's language) as
// a shortcut.
function seatButton(panel, seat, words) {
  panel.classList.add("ct-pickable");
  panel.setAttribute("role", "button");
  panel.tabIndex = 0;
  panel.setAttribute("aria-label", say(words.choose_seat, { name: seat.name }));
  if (seat.key) panel.setAttribute("aria-keyshortcuts", seat.key);
}

function seatPanel(seat, pick, mark, why, prefix, words) {
  const panel = make("section", "ct-seat");
  panel.dataset.ctSeat = seat.seat;
  panel.dataset.place = seat.place;
  if (pick) seatButton(panel, seat, words);
  if (mark) {
    // A seat given as an answer: marked, and as a button named by its mark.
    panel.classList.add(`ct-marked-${mark}`);
    panel.dataset.mark = mark;
    if (pick) {
      panel.setAttribute("aria-label", say(mark === "right" ? words.seat_right : words.seat_tried, { name: seat.name }));
      panel.setAttribute("aria-disabled", "true");
    }
  }
  panel.classList.toggle("ct-turn", seat.turn);
  panel.append(...seatHead(seat, words));
  if (mark) panel.append(answerMark(mark, words));
  if (why) {
    // Why this seat is not the answer: its tooltip, and read with it.
    const said = srOnly(why);
    said.id = `${prefix}-seat-${seat.seat}`;
    panel.append(said);
    panel.title = why;
    panel.setAttribute("aria-describedby", said.id);
  }
  if (seat.shown?.length) panel.append(seatShown(seat, words));
  if (seat.count !== null && seat.count !== undefined) panel.append(seatBacks(seat, words));
  return panel;
}
