// The card table's view (anywidget). It draws the display data Python sends (seats, trick,
// hand, verdict, hint, status; an exercise's question, choices, marks, reply and ending) and
// reports back a played card, a reveal, a seat picked (when the seats are buttons), a choice
// and a press of the button under the verdict.
// It knows no suit, rank or rule: every text, colour and "why not" comes from Python, the
// table's own words too (model "words", in the page's language, with {name}-style fields).


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

// -- The view: its parts, built once by render; each draw below reads the traits it needs. --

// An exercise's question: a polite live region that is on the page before its text comes.
function askParts(id) {
  const askBox = make("div", "ct-askbox");
  askBox.setAttribute("aria-live", "polite");
  const question = make("p", "ct-question calypso-question");
  question.tabIndex = -1;
  question.id = `${id}-question`;
  const facts = make("ul", "ct-facts");
  askBox.append(question, facts);
  return { askBox, question, facts };
}

// The answer area: who is thinking, the exercise's choices and the verdict (or the reply to
// an answer), with Reveal and the button under the verdict.
function answerParts(id, words) {
  const verdictBox = make("div", "ct-verdict-box");
  verdictBox.tabIndex = -1;
  const choiceBox = make("div", "ct-choices");
  choiceBox.setAttribute("role", "group");
  choiceBox.setAttribute("aria-label", words.answers);
  const verdict = make("div", "ct-verdict calypso-verdict");
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  verdict.setAttribute("aria-atomic", "true");
  const reveal = make("button", "ct-reveal", words.reveal);
  reveal.type = "button";
  reveal.setAttribute("aria-keyshortcuts", "R");
  const onward = make("button", "ct-reveal ct-next");
  onward.type = "button";
  // A ruling's words, opened by its id's button in the verdict: outside the live verdict, so
  // opening them does not read the whole verdict out again.
  const ruleBox = make("div", "ct-rule-box");
  ruleBox.id = `${id}-rule`;
  verdictBox.append(verdict, ruleBox, reveal, onward);
  // Who is thinking (model "thinking"), from a card played or Next pressed until Python has
  // answered: a polite live region on the page from the start, empty (and flat) until then.
  const thinking = make("p", "ct-thinking");
  thinking.setAttribute("aria-live", "polite");
  const answer = make("div", "ct-answer");
  answer.append(thinking, choiceBox, verdictBox);
  return { answer, verdictBox, choiceBox, verdict, reveal, onward, ruleBox, thinking };
}

// Your seat and hand along the bottom; when your seat sits elsewhere (the compass keeps N
// top, E right, S bottom, W left), the hand says whose it is.
function handParts(id, words) {
  const you = make("div", "ct-you");
  const handLabel = make("p", "ct-hand-label");
  handLabel.id = `${id}-hand`;
  const hand = make("div", "ct-hand");
  hand.setAttribute("role", "toolbar");
  hand.setAttribute("aria-label", words.your_hand);
  const note = make("p", "ct-note");
  note.setAttribute("aria-live", "polite");
  const hint = make("p", "ct-hint");
  hint.id = `${id}-hint`;
  // With a hint that values every card: why each card that costs points does, one per line.
  const hintNotes = make("ul", "ct-hint-notes");
  hintNotes.setAttribute("aria-label", words.hint_notes);
  return { you, handLabel, hand, note, hint, hintNotes };
}

// The view of one table: its model, its words, its parts and what it remembers between draws.
function build(model) {
  // A prefix for ids, counted for the whole page (the static site loads this module once per
  // table), so that several tables on one page never share one.
  const id = `ct${++PAGE.views}`;
  const words = model.get("words") || {};
  const v = { model, words, id, ...askParts(id), ...answerParts(id, words), ...handParts(id, words) };
  v.root = make("div", "ct");
  v.root.setAttribute("role", "group");
  v.felt = make("div", "ct-felt");
  v.areas = {};
  for (const place of ["top", "left", "right", "bottom"]) {
    v.areas[place] = make("div", `ct-area ct-${place}`);
  }
  v.trick = make("ol", "ct-trick");
  v.trick.setAttribute("aria-label", words.trick);
  v.empty = make("p", "ct-empty");
  const centre = make("div", "ct-centre");
  centre.append(v.trick, v.empty, v.answer);
  v.areas.bottom.append(v.you, v.handLabel, v.hand, v.note, v.hint, v.hintNotes);
  v.felt.append(v.areas.top, v.areas.left, centre, v.areas.right, v.areas.bottom);
  v.status = make("p", "ct-status");
  v.status.setAttribute("role", "status");
  v.ending = make("div", "ct-ending");
  v.root.append(v.askBox, v.felt, v.status, v.ending);
  v.shown = { cards: [], done: false, winner: undefined }; // the trick as last drawn
  v.active = 0; // the hand card that takes the keyboard focus
  v.asked = false; // a seat was just picked or Next pressed: keep the keyboard in the table
  v.advancing = false; // Next was pressed: the new question takes the focus when it comes
  v.settling = false; // a settle() is queued after the current round of changes
  v.ruleOpen = ""; // the ruling whose words are open, kept while the verdict is redrawn
  v.ruleLines = []; // the words of the rulings named in the verdict being drawn
  v.pending = ""; // the token of the card or Next sent with the thinking mark on
  v.asks = 0; // tokens given so far
  return v;
}

// -- What the traits say. --

function hidden(v) {
  return v.model.get("reveal_mode") && !v.model.get("revealed");
}

// A finished trick is on the table: its verdict is shown, or waits for Reveal (Python sends
// no verdict while it is hidden, only that one is waiting).
function finished(v) {
  const data = v.model.get("verdict");
  return Boolean(data && data.headline) || (hidden(v) && v.model.get("waiting"));
}

// The button under the verdict is on offer: a verdict on view and a name for the button.
function offered(v) {
  const data = v.model.get("verdict");
  const reply = v.model.get("reply") || {};
  const shown = Boolean(data && data.headline) || reply.tone === "right";
  return shown && !hidden(v) && Boolean(v.model.get("next_label"));
}

function moving(v) {
  return v.model.get("animate") && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// -- The keyboard's place. --

// After a pick, a card played or Next, the keyboard stays where the next action is: the
// Next button once the verdict offers it, the first seat when a new question asks for one,
// your hand when a card of it can be played.
// An exercise's focus: after Next, the new question; after a right answer, Next (or the
// stage's ending); after a wrong one, the answer just given, which stays on the table.
function settle(v) {
  v.settling = false;
  if (!v.asked) return;
  const { model, root } = v;
  const ended = v.ending.querySelector(".ct-ending-title");
  let target = null;
  if (v.advancing && model.get("question") && !offered(v)) {
    target = v.question;
  } else if (offered(v)) {
    drawVerdict(v);
    target = v.onward;
  } else if (ended && !v.advancing) {
    v.asked = false;
    ended.focus();
    return;
  } else if (model.get("seat_pick") && !root.querySelector(".ct-seat:focus")) {
    target = root.querySelector(".ct-pickable:not([aria-disabled='true'])") ||
      root.querySelector(".ct-pickable");
    if (!target) return;
  } else if (model.get("hand").some((card) => card.playable) && v.hand.children[v.active]) {
    target = v.hand.children[v.active];
  } else if (!root.contains(document.activeElement)) {
    return;
  }
  v.asked = v.advancing = false;
  if (target) target.focus();
}

// Python sends a new state as several changes at once: settle the focus after all of them.
function queueSettle(v) {
  if (v.settling) return;
  v.settling = true;
  queueMicrotask(() => settle(v));
}

// -- The seats. --

function pickSeat(v, seat) {
  if (!v.model.get("seat_pick")) return;
  v.asked = true;
  v.model.send({ type: "seat", seat });
}

function drawSeats(v) {
  const { model, root } = v;
  const seats = model.get("seats");
  const pick = model.get("seat_pick");
  const marks = model.get("seat_marks") || {};
  const whys = model.get("seat_why") || {};
  const focused = root.querySelector(".ct-seat:focus");
  for (const area of Object.values(v.areas)) {
    area.querySelectorAll(":scope > .ct-seat").forEach((n) => n.remove());
  }
  v.you.replaceChildren();
  for (const seat of seats) {
    const panel = seatPanel(seat, pick, marks[seat.seat], whys[seat.seat], v.id, v.words);
    if (pick) {
      panel.addEventListener("click", () => pickSeat(v, seat.seat));
      panel.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          pickSeat(v, seat.seat);
        }
      });
    }
    if (seat.place === "bottom") v.you.append(panel);
    else (v.areas[seat.place] || v.areas.top).append(panel);
  }
  v.felt.dataset.seats = String(seats.length);
  const again = focused && root.querySelector(`.ct-seat[data-ct-seat="${CSS.escape(focused.dataset.ctSeat)}"]`);
  if (again && (pick || marks[focused.dataset.ctSeat])) again.focus();
  queueSettle(v);
}

// -- The trick. --

// A finished trick leaving the felt slides, shrinking, onto its winner's seat: its pile.
function gather(v, slots, seat) {
  const pile = v.root.querySelector(`.ct-seat[data-ct-seat="${CSS.escape(seat)}"]`);
  if (!pile || !moving(v)) return;
  const to = pile.getBoundingClientRect();
  for (const slot of slots) {
    const from = slot.getBoundingClientRect();
    const ghost = slot.cloneNode(true);
    ghost.classList.add("ct-ghost");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px` });
    v.root.append(ghost);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    ghost
      .animate(
        [
          { transform: "none", opacity: 1 },
          { transform: `translate(${dx}px, ${dy}px) scale(0.3)`, opacity: 0 },
        ],
        { duration: 450, easing: "ease-in" },
      )
      .finished.then(() => ghost.remove(), () => ghost.remove());
  }
}

// Under a card of the trick: its order and player, and the player's own trump worded as such
// on a line of its own, so it is never read as the suit of the card above it.
function trickCaption(entry, words) {
  const caption = make("span", "ct-caption");
  caption.setAttribute("aria-hidden", "true");
  const line = make("span", "ct-caption-line");
  line.append(make("span", "ct-order", entry.order), make("span", "ct-dot", " · "), make("span", "ct-who", entry.name));
  caption.append(line);
  if (entry.trump) {
    caption.append(" ");
    const own = make("span", "ct-trump-of");
    const symbol = make("span", "ct-trump-symbol", entry.trump.symbol);
    symbol.style.color = entry.trump.colour;
    own.append(...fill(words.trump_caption, { symbol }));
    caption.append(own);
  }
  return caption;
}

// One card of the trick, sliding in when it is new (animate on).
function trickSlot(v, entry, arrives) {
  const slot = make("li", "ct-slot");
  const card = face(entry.card);
  const winning = entry.winning && !hidden(v);
  slot.classList.toggle("ct-winning", winning);
  if (arrives) slot.classList.add("ct-arrive");
  const values = { order: entry.order, name: entry.name, card: entry.card.label };
  const said = entry.trump
    ? say(v.words.played_by_trump, { ...values, trump: entry.trump.name })
    : say(v.words.played_by, values);
  card.append(srOnly(said));
  if (winning) card.append(make("span", "ct-wins", entry.mark));
  slot.append(card, trickCaption(entry, v.words));
  return slot;
}

// The trick in play order. A finished trick (trick_done) that another replaces goes onto its
// winner's pile first (piles on).
function drawTrick(v) {
  const { model } = v;
  const cards = model.get("trick");
  const before = v.shown;
  const texts = cards.map((entry) => entry.card.text);
  const replaced = texts.join(" ") !== before.cards.join(" ");
  if (model.get("piles") && before.done && before.winner !== undefined && replaced) {
    gather(v, [...v.trick.children], before.winner);
  }
  const animate = model.get("animate");
  v.trick.replaceChildren(...cards.map((entry, i) =>
    trickSlot(v, entry, animate && (before.cards[i] !== entry.card.text || i >= before.cards.length))));
  v.shown = {
    cards: texts,
    done: model.get("trick_done"),
    winner: (cards.find((entry) => entry.winning) || {}).seat,
  };
  v.trick.hidden = cards.length === 0;
  drawEmpty(v);
}

// The empty trick's words ("No card played yet.") only on a table that has seats and asks
// for no other answer.
function drawEmpty(v) {
  const { model } = v;
  const choices = model.get("choices") || [];
  v.empty.textContent = model.get("empty_text");
  v.empty.hidden = model.get("trick").length > 0 || choices.length > 0 ||
    !model.get("seats").length || Boolean(model.get("question")) || !model.get("empty_text");
}

// -- The verdict and the reply. --

// A ruling's id (data: Python's RuleData) as a button that opens, under the verdict, the
// ruling in plain words with links to where it is taught and to every rule id; a tooltip
// alone would not open on a phone.
function ruleButton(v, data) {
  const { words } = v;
  const button = make("button", "ct-rule", data.rule);
  button.type = "button";
  button.dataset.rule = data.rule;
  if (!data.rule_words) {
    button.disabled = true;
    return button;
  }
  const line = make("p", "ct-rule-words");
  const taught = make("a", "", words.rule_taught);
  taught.href = data.rule_taught;
  const all = make("a", "", words.rule_all);
  all.href = data.rule_href;
  line.append(make("strong", "", data.rule), ": ", data.rule_words, ". ", taught, " · ", all);
  v.ruleLines.push(line);
  const show = (open) => {
    line.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  show(v.ruleOpen === data.rule_id);
  button.setAttribute("aria-controls", v.ruleBox.id);
  button.title = say(words.rule_open, { rule: data.rule });
  button.addEventListener("click", () => {
    v.ruleOpen = line.hidden ? data.rule_id : "";
    show(Boolean(v.ruleOpen));
  });
  return button;
}

// The verdict's parts on the page (unless they say what it already says), and the words of
// the rulings they name under them.
function showVerdict(v, parts) {
  const text = parts.map((part) => part.textContent).join(" ");
  if (v.verdict.dataset.text === text) return;
  v.verdict.dataset.text = text;
  v.verdict.replaceChildren(...parts);
  v.ruleBox.replaceChildren(...v.ruleLines);
}

// The reply to an answer: what was wrong and why, or that it was right (and, with no trick
// verdict to give it, the one explanation and its ruling).
function replyParts(v) {
  const data = v.model.get("reply") || {};
  if (!data.tone) return [];
  const right = data.tone === "right";
  const title = make("p", `ct-feedback ct-tone-${right ? "right" : "wrong"}`, data.title);
  title.dataset.verdict = data.tone;
  const parts = [title];
  if (data.text) parts.push(make("p", right ? "ct-sentence" : "ct-reason", data.text));
  if (data.rule) {
    const line = make("p", "ct-summary");
    const rule = ruleButton(v, data);
    const named = fill(v.words.rule, { rule });
    line.append(...(data.summary ? fill(v.words.rule_summary, { rule, summary: data.summary }) : named));
    parts.push(line);
  }
  return parts;
}

// The words naming the seats' keys (model "seat_keys", worded by Python): none when no seat
// has a key.
function seatKeys(v) {
  const keys = v.model.get("seat_keys");
  return keys ? [keysHint(say(v.words.ask_seat_keys, { keys }))] : [];
}

// A question whose answer waits: who wins, by a seat or by Reveal (the words about keys are
// a span of their own, hidden on a touch screen).
function askWaiting(v, pick) {
  const { words } = v;
  const keys = pick ? seatKeys(v) : [keysHint(words.ask_reveal_keys)];
  const said = pick ? words.ask_seat_trick : words.ask_reveal;
  const text = `${said}${keys.map((part) => part.textContent).join("")}.`;
  if (v.verdict.dataset.text === text) return;
  v.verdict.dataset.text = text;
  const ask = make("p", "ct-ask", said);
  ask.append(...keys, ".");
  v.verdict.replaceChildren(ask);
  v.ruleBox.replaceChildren();
}

// A finished trick's verdict: the feedback on the learner's answer, the headline naming the
// winner, the card and the ruling, the engine's sentence and the ruling's summary.
function verdictParts(v, data) {
  const head = make("p", "ct-headline");
  // data-winner and data-rule name the verdict's parts for the site's tests and readers.
  const who = make("strong", "", data.who);
  who.dataset.winner = data.seat;
  const card = make("span", "ct-verdict-card", data.card.rank + data.card.symbol);
  card.style.color = data.card.colour;
  if (data.rule) {
    head.append(...fill(v.words.headline_rule, { who, card, rule: ruleButton(v, data) }));
  } else {
    head.append(...fill(v.words.headline, { who, card }));
  }
  const parts = [head, make("p", "ct-sentence", data.sentence)];
  if (data.feedback) {
    const said = make("p", `ct-feedback ct-tone-${data.tone === "right" ? "right" : "wrong"}`, data.feedback);
    said.dataset.verdict = data.tone;
    parts.unshift(said);
  }
  if (data.summary) parts.push(make("p", "ct-summary", data.summary));
  return parts;
}

function drawVerdict(v) {
  const { model, words } = v;
  const has = finished(v);
  const wait = has && hidden(v);
  const pick = model.get("seat_pick");
  // A trick in progress has no verdict, only a line on the card winning so far.
  const standing = has || hidden(v) ? "" : model.get("standing");
  v.ruleLines = [];
  let replied = replyParts(v);
  if (!has && !hidden(v) && !replied.length && pick && !standing) {
    // A question answered by a seat: say how (the words about keys hidden on a touch screen).
    const ask = make("p", "ct-ask", words.ask_seat);
    ask.append(...seatKeys(v), ".");
    replied = [ask];
  }
  v.verdictBox.classList.toggle("ct-quiet", !has && !standing && !replied.length);
  v.reveal.hidden = !wait || pick;
  v.onward.textContent = model.get("next_label");
  v.onward.hidden = !offered(v);
  const data = model.get("verdict");
  if (!has) showVerdict(v, [...replied, ...(standing ? [make("p", "ct-standing", standing)] : [])]);
  else if (wait) askWaiting(v, pick);
  else if (data && data.headline) showVerdict(v, [...replied, ...verdictParts(v, data)]);
}

function onReveal(v) {
  const had = v.reveal.contains(document.activeElement);
  drawTrick(v);
  drawVerdict(v);
  if (had && v.reveal.hidden) v.verdictBox.focus();
  queueSettle(v);
}

function onVerdict(v) {
  const had = v.onward.contains(document.activeElement);
  drawVerdict(v);
  if (had && v.onward.hidden) v.verdictBox.focus();
  queueSettle(v);
}

function askReveal(v) {
  if (hidden(v)) v.model.send({ type: "reveal" });
}

function goOn(v) {
  if (v.pending) return;
  v.asked = true;
  v.advancing = Boolean(v.model.get("question"));
  v.model.send({ type: "next", ...think(v) });
}

// -- The exercise's question, choices and ending. --

function choose(v, choice) {
  if (!choice || choice.mark) return;
  v.asked = true;
  v.model.send({ type: "choice", key: choice.key });
}

// One answer as a big button: its number key, its label, and once tried its mark and why.
function choiceButton(v, choice, i) {
  const button = make("button", "ct-choice");
  button.type = "button";
  button.dataset.key = choice.key;
  if (i < 9) {
    const key = make("span", "ct-choice-key", String(i + 1));
    key.setAttribute("aria-hidden", "true");
    button.append(key);
    button.setAttribute("aria-keyshortcuts", String(i + 1));
  }
  button.append(make("span", "ct-choice-label", choice.label));
  if (choice.mark) {
    button.setAttribute("aria-disabled", "true");
    button.classList.add(`ct-marked-${choice.mark}`);
    if (choice.mark !== "done") button.append(answerMark(choice.mark, v.words));
    if (choice.why) {
      const said = srOnly(choice.why);
      said.id = `${v.id}-choice-${i}`;
      button.append(said);
      button.title = choice.why;
      button.setAttribute("aria-describedby", said.id);
    }
  }
  button.addEventListener("click", () => choose(v, choice));
  return button;
}

function drawChoices(v) {
  const { choiceBox } = v;
  const list = v.model.get("choices") || [];
  const focused = choiceBox.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  choiceBox.replaceChildren(...list.map((choice, i) => choiceButton(v, choice, i)));
  choiceBox.hidden = list.length === 0;
  choiceBox.classList.toggle("ct-choices-long", list.some((choice) => choice.label.length > 9));
  const again = focused && choiceBox.querySelector(`[data-key="${CSS.escape(focused)}"]`);
  if (again) again.focus();
  drawEmpty(v);
  queueSettle(v);
}

function drawAsk(v) {
  const text = v.model.get("question");
  const said = v.model.get("facts") || [];
  v.askBox.hidden = !text;
  if (v.question.textContent !== text) {
    v.question.replaceChildren(...(text ? [make("strong", "", text)] : []));
  }
  v.facts.replaceChildren(...said.map((fact) => make("li", "", fact)));
  v.facts.hidden = said.length === 0;
  queueSettle(v);
}

// The way on from a stage's end: to the next stage on this page (scrolled to, its question
// focused), or to another page.
function endingLink(v, data) {
  const go = make("a", "ct-go", data.go_label);
  go.href = data.go_href || "#";
  if (!data.go_stage) return go;
  go.addEventListener("click", (event) => {
    const there = document.querySelector(`.ct[data-stage="${CSS.escape(data.go_stage)}"]`);
    if (!there) return;
    event.preventDefault();
    const block = there.closest(".calypso-exercises") || there;
    block.scrollIntoView({ block: "start", behavior: moving(v) ? "smooth" : "auto" });
    const ask = there.querySelector(".ct-question");
    (ask || there).focus({ preventScroll: true });
  });
  return go;
}

// A stage's end: its stars, what more can be earned, a small burst of stars (not for a
// reader who asks for less motion) and the way on, to the next stage or chapter.
function drawEnding(v) {
  const { ending } = v;
  const data = v.model.get("ending") || {};
  ending.replaceChildren();
  ending.hidden = !data.title;
  if (!data.title) return;
  if (data.celebrate) {
    const burst = make("div", "ct-burst");
    burst.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 7; i++) burst.append(make("span", "", "★"));
    ending.append(burst);
  }
  const title = make("p", "ct-ending-title", data.title);
  title.tabIndex = -1;
  const stars = make("p", "ct-ending-stars", data.stars);
  stars.setAttribute("aria-hidden", "true");
  ending.append(title, stars, make("p", "ct-ending-text", data.text));
  if (data.go_label) ending.append(endingLink(v, data));
  queueSettle(v);
}

// -- The hand. --

// A card of the hand as a button: why it cannot be played, its answer mark, the hint badge
// and its cost, each read with it.
function handCard(v, card, i) {
  const { words } = v;
  const button = face(card, "button");
  button.type = "button";
  button.classList.add(card.playable ? "ct-playable" : "ct-unplayable");
  button.tabIndex = i === v.active ? 0 : -1;
  button.setAttribute("aria-label", card.label);
  const described = [];
  if (!card.playable) {
    button.setAttribute("aria-disabled", "true");
    button.title = card.why;
    const why = make("span", "ct-sr", card.why);
    why.id = `${v.id}-why-${i}`;
    button.append(why);
    described.push(why.id);
  }
  if (card.mark) {
    button.classList.add(`ct-marked-${card.mark}`);
    button.append(answerMark(card.mark, words));
  }
  if (card.hint) {
    button.classList.add("ct-hinted");
    button.append(make("span", "ct-hint-badge", words.hint_badge));
    described.push(v.hint.id);
  }
  if (card.cost) {
    button.append(make("span", "ct-cost-badge", card.cost));
    const cost = make("span", "ct-sr", card.cost_why);
    cost.id = `${v.id}-cost-${i}`;
    button.append(cost);
    described.push(cost.id);
  }
  if (described.length) button.setAttribute("aria-describedby", described.join(" "));
  button.addEventListener("click", () => play(v, i));
  button.addEventListener("focus", () => {
    v.active = i;
  });
  return button;
}

function drawHand(v) {
  const { model, words, hand } = v;
  const cards = model.get("hand");
  const focused = hand.contains(document.activeElement);
  const mine = model.get("seats").find((seat) => seat.role === "you");
  const away = Boolean(mine && mine.place !== "bottom");
  const yours = away ? say(words.your_hand_of, { name: mine.name }) : words.your_hand;
  v.handLabel.textContent = away ? yours : "";
  v.handLabel.hidden = !away || cards.length === 0;
  hand.setAttribute("aria-label", yours);
  hand.hidden = cards.length === 0;
  hand.style.setProperty("--ct-hand-n", String(Math.max(cards.length, 7)));
  v.active = Math.min(v.active, Math.max(cards.length - 1, 0));
  hand.replaceChildren(...cards.map((card, i) => handCard(v, card, i)));
  v.note.textContent = "";
  if (focused && cards.length) hand.children[v.active].focus();
  queueSettle(v);
}

function drawHint(v) {
  const text = v.model.get("hint");
  v.hint.hidden = !text;
  v.hint.replaceChildren();
  if (text) v.hint.append(make("strong", "", v.words.hint), " ", text);
  const notes = v.model.get("hint_notes") || [];
  v.hintNotes.hidden = notes.length === 0;
  v.hintNotes.replaceChildren(...notes.map((line) => make("li", "", line)));
}

function play(v, i) {
  const card = v.model.get("hand")[i];
  if (!card || v.pending) return;
  v.active = i;
  if (!card.playable) {
    v.note.textContent = say(v.words.cannot_play, { card: card.rank + card.symbol, why: card.why });
    return;
  }
  v.note.textContent = "";
  v.asked = true;
  v.model.send({ type: "card", card: card.text, ...think(v) });
}

// The arrow keys, Home and End move along the hand.
function move(v, event) {
  const buttons = [...v.hand.children];
  if (!buttons.length) return;
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  let next;
  if (event.key in steps) next = (v.active + steps[event.key] + buttons.length) % buttons.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  else return;
  event.preventDefault();
  buttons[v.active].tabIndex = -1;
  v.active = next;
  buttons[v.active].tabIndex = 0;
  buttons[v.active].focus();
}

// -- Thinking, the look, the keys. --

// A card played or Next pressed that a slow bot will answer: mark the table as thinking at
// once (Python is busy until it answers) and return the token Python sends back when done.
function think(v) {
  const text = v.model.get("thinking");
  if (!text) return {};
  // Unique beyond this page's life: a page reloaded on the same kernel (JupyterLab) counts
  // its tables from 1 again, and a token Python already answered would never change.
  v.pending = `${v.id}-${Date.now().toString(36)}-${++v.asks}`;
  v.thinking.textContent = text;
  v.root.classList.add("ct-busy");
  return { ask: v.pending };
}

function onAnswered(v) {
  if (!v.pending || v.model.get("answered") !== v.pending) return;
  v.pending = "";
  v.thinking.textContent = "";
  v.root.classList.remove("ct-busy");
}

function drawLook(v) {
  const { model, root } = v;
  root.setAttribute("aria-label", model.get("label"));
  if (model.get("stage")) root.dataset.stage = model.get("stage");
  root.classList.toggle("ct-presenter", model.get("presenter"));
  root.classList.toggle("ct-compact", model.get("compact"));
  root.classList.toggle("ct-still", !model.get("animate"));
  v.status.textContent = model.get("status");
  v.status.hidden = !model.get("status");
}

// The table's shortcut keys: a seat's letter (seat_pick), R (reveal), a choice's number, and
// the keys Python names (key_names). True when the key was one of them.
function onKey(v, event) {
  const { model } = v;
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  if (!plain || event.key.length !== 1) return false;
  const named = model.get("seat_pick")
    ? model.get("seats").find((seat) => seat.key && seat.key === event.key.toUpperCase())
    : undefined;
  const choices = model.get("choices") || [];
  const name = (model.get("key_names") || {})[event.key.toLowerCase()];
  if (named) pickSeat(v, named.seat);
  else if ((event.key === "r" || event.key === "R") && hidden(v)) askReveal(v);
  else if (/^[1-9]$/.test(event.key) && choices.length >= Number(event.key)) choose(v, choices[Number(event.key) - 1]);
  else if (name) model.send({ type: "key", key: name });
  else return false;
  event.preventDefault();
  return true;
}

// Python asks for the focus on the question (a stage begun again).
function onMessage(v, message) {
  if (message && message.type === "focus" && v.model.get("question")) {
    queueMicrotask(() => v.question.focus());
  }
}

// Each trait and what is drawn again when it changes.
const LISTENERS = [
  ["seats", drawSeats],
  ["seats", drawHand],
  ["trick", drawTrick],
  ["verdict", onVerdict],
  ["standing", onVerdict],
  ["hand", drawHand],
  ["hint", drawHint],
  ["hint_notes", drawHint],
  ["reveal_mode", onReveal],
  ["revealed", onReveal],
  ["waiting", onVerdict],
  ["seat_pick", drawSeats],
  ["seat_pick", onVerdict],
  ["seat_keys", onVerdict],
  ["next_label", onVerdict],
  ["label", drawLook],
  ["presenter", drawLook],
  ["compact", drawLook],
  ["animate", drawLook],
  ["status", drawLook],
  ["stage", drawLook],
  ["seat_marks", drawSeats],
  ["seat_why", drawSeats],
  ["choices", drawChoices],
  ["reply", onVerdict],
  ["question", drawAsk],
  ["question", drawEmpty],
  ["empty_text", drawEmpty],
  ["facts", drawAsk],
  ["ending", drawEnding],
  ["answered", onAnswered],
];

// What is drawn first, in this order.
const FIRST = [drawLook, drawSeats, drawTrick, drawVerdict, drawHand, drawHint, drawChoices, drawAsk, drawEnding];

function render({ model, el }) {
  const v = build(model);
  el.append(v.root);
  const handlers = LISTENERS.map(([name, draw]) => [`change:${name}`, () => draw(v)]);
  const heard = (message) => onMessage(v, message);
  // This table on the page's list of tables taking keys from anywhere (page_keys on).
  const onPage = { root: v.root, wanted: () => model.get("page_keys"), take: (event) => onKey(v, event) };
  v.hand.addEventListener("keydown", (event) => move(v, event));
  v.root.addEventListener("keydown", (event) => {
    if (!event.defaultPrevented) onKey(v, event);
  });
  v.reveal.addEventListener("click", () => askReveal(v));
  v.onward.addEventListener("click", () => goOn(v));
  joinPage(onPage);
  model.on("msg:custom", heard);
  for (const [event, handler] of handlers) model.on(event, handler);
  for (const draw of FIRST) draw(v);
  return () => {
    for (const [event, handler] of handlers) model.off(event, handler);
    model.off("msg:custom", heard);
    leavePage(onPage);
  };
}

export default { render };
