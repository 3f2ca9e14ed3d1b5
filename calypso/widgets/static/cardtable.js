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

function seatPanel(seat, pick, mark, why, prefix, words) {
  const panel = make("section", "ct-seat");
  panel.dataset.ctSeat = seat.seat;
  panel.dataset.place = seat.place;
  if (pick) {
    // A seat to choose: a button named by the seat, its letter key as a shortcut.
    panel.classList.add("ct-pickable");
    panel.setAttribute("role", "button");
    panel.tabIndex = 0;
    panel.setAttribute("aria-label", say(words.choose_seat, { name: seat.name }));
    if (seat.seat.length === 1) panel.setAttribute("aria-keyshortcuts", seat.seat);
  }
  if (mark) {
    panel.classList.add(`ct-marked-${mark}`);
    panel.dataset.mark = mark;
    if (pick) {
      panel.setAttribute("aria-label", say(mark === "right" ? words.seat_right : words.seat_tried, { name: seat.name }));
      panel.setAttribute("aria-disabled", "true");
    }
  }
  panel.classList.toggle("ct-turn", seat.turn);
  const head = make("div", "ct-seat-head");
  head.append(make("span", "ct-name", seat.name));
  if (seat.role_name) head.append(make("span", "ct-role", seat.role_name));
  const tags = make("div", "ct-tags");
  if (seat.trump) tags.append(trumpChip(seat.trump, true, words));
  if (seat.side) tags.append(make("span", "ct-tag", say(words.side, { side: seat.side })));
  if (seat.leader) tags.append(make("span", "ct-tag ct-tag-leader", words.leads));
  if (seat.turn) tags.append(make("span", "ct-tag ct-tag-turn", words.to_play));
  panel.append(head, tags);
  if (mark) panel.append(answerMark(mark, words));
  if (why) {
    // Why this seat is not the answer: its tooltip, and read with it.
    const said = srOnly(why);
    said.id = `${prefix}-seat-${seat.seat}`;
    panel.append(said);
    panel.title = why;
    panel.setAttribute("aria-describedby", said.id);
  }
  if (seat.shown?.length) {
    // Every hand shown: the seat's cards face up, small, read out as one list.
    const cards = make("ul", "ct-shown");
    cards.setAttribute("aria-label", say(words.cards_of, { name: seat.name }));
    for (const card of seat.shown) {
      const item = face(card, "li");
      item.setAttribute("aria-label", card.label);
      cards.append(item);
    }
    panel.append(cards);
  }
  if (seat.count !== null && seat.count !== undefined) {
    const backs = make("div", "ct-backs");
    for (let i = 0; i < Math.min(seat.count, 3); i++) {
      const back = make("span", "ct-back");
      back.setAttribute("aria-hidden", "true");
      backs.append(back);
    }
    const count = make("span", "ct-count", seat.held);
    count.append(srOnly(` ${words.face_down}`));
    backs.append(count);
    panel.append(backs);
  }
  return panel;
}

function render({ model, el }) {
  // A prefix for ids, counted for the whole page (the static site loads this module once per
  // table), so that several tables on one page never share one.
  const id = `ct${++PAGE.views}`;
  const words = model.get("words") || {};
  const root = make("div", "ct");
  root.setAttribute("role", "group");
  // An exercise's question: a polite live region that is on the page before its text comes.
  const askBox = make("div", "ct-askbox");
  askBox.setAttribute("aria-live", "polite");
  const question = make("p", "ct-question calypso-question");
  question.tabIndex = -1;
  question.id = `${id}-question`;
  const facts = make("ul", "ct-facts");
  askBox.append(question, facts);
  const felt = make("div", "ct-felt");
  const areas = {};
  for (const place of ["top", "left", "right", "bottom"]) {
    areas[place] = make("div", `ct-area ct-${place}`);
  }
  const centre = make("div", "ct-centre");
  const trick = make("ol", "ct-trick");
  trick.setAttribute("aria-label", words.trick);
  const empty = make("p", "ct-empty");
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
  // The answer area: the exercise's choices and the verdict (or the reply to an answer).
  const answer = make("div", "ct-answer");
  answer.append(thinking, choiceBox, verdictBox);
  centre.append(trick, empty, answer);
  const you = make("div", "ct-you");
  // Your hand is drawn along the bottom; when your seat sits elsewhere (the compass keeps N
  // top, E right, S bottom, W left), it says whose it is.
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
  areas.bottom.append(you, handLabel, hand, note, hint, hintNotes);
  felt.append(areas.top, areas.left, centre, areas.right, areas.bottom);
  const status = make("p", "ct-status");
  status.setAttribute("role", "status");
  const ending = make("div", "ct-ending");
  root.append(askBox, felt, status, ending);
  el.append(root);

  let shownTrick = [];
  let wonBy; // the seat whose card wins the trick shown
  let active = 0; // the hand card that takes the keyboard focus
  let asked = false; // a seat was just picked or Next pressed: keep the keyboard in the table
  let advancing = false; // Next was pressed: the new question takes the focus when it comes
  let settling = false; // a settle() is queued after the current round of changes
  let ruleOpen = ""; // the ruling whose words are open, kept while the verdict is redrawn
  let ruleLines = []; // the words of the rulings named in the verdict being drawn
  let pending = ""; // the token of the card or Next sent with the thinking mark on
  let asks = 0; // tokens given so far

  function pickSeat(seat) {
    if (!model.get("seat_pick")) return;
    asked = true;
    model.send({ type: "seat", seat });
  }

  function drawSeats() {
    const seats = model.get("seats");
    const pick = model.get("seat_pick");
    const marks = model.get("seat_marks") || {};
    const whys = model.get("seat_why") || {};
    const focused = root.querySelector(".ct-seat:focus");
    for (const area of Object.values(areas)) {
      area.querySelectorAll(":scope > .ct-seat").forEach((n) => n.remove());
    }
    you.replaceChildren();
    for (const seat of seats) {
      const panel = seatPanel(seat, pick, marks[seat.seat], whys[seat.seat], id, words);
      if (pick) {
        panel.addEventListener("click", () => pickSeat(seat.seat));
        panel.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            pickSeat(seat.seat);
          }
        });
      }
      if (seat.place === "bottom") you.append(panel);
      else (areas[seat.place] || areas.top).append(panel);
    }
    felt.dataset.seats = String(seats.length);
    const again = focused && root.querySelector(`.ct-seat[data-ct-seat="${CSS.escape(focused.dataset.ctSeat)}"]`);
    if (again && (pick || marks[focused.dataset.ctSeat])) again.focus();
    queueSettle();
  }

  // After a pick, a card played or Next, the keyboard stays where the next action is: the
  // Next button once the verdict offers it, the first seat when a new question asks for one,
  // your hand when a card of it can be played.
  // An exercise's focus: after Next, the new question; after a right answer, Next (or the
  // stage's ending); after a wrong one, the answer just given, which stays on the table.
  function settle() {
    settling = false;
    if (!asked) return;
    const ended = ending.querySelector(".ct-ending-title");
    if (advancing && model.get("question") && !offered()) {
      asked = advancing = false;
      question.focus();
    } else if (offered()) {
      drawVerdict();
      asked = advancing = false;
      onward.focus();
    } else if (ended && !advancing) {
      asked = false;
      ended.focus();
    } else if (model.get("seat_pick") && !root.querySelector(".ct-seat:focus")) {
      const first = root.querySelector(".ct-pickable:not([aria-disabled='true'])") ||
        root.querySelector(".ct-pickable");
      if (first) {
        asked = advancing = false;
        first.focus();
      }
    } else if (model.get("hand").some((card) => card.playable) && hand.children[active]) {
      asked = advancing = false;
      hand.children[active].focus();
    } else if (root.contains(document.activeElement)) {
      asked = advancing = false;
    }
  }

  // Python sends a new state as several changes at once: settle the focus after all of them.
  function queueSettle() {
    if (settling) return;
    settling = true;
    queueMicrotask(settle);
  }

  function hidden() {
    return model.get("reveal_mode") && !model.get("revealed");
  }

  // A finished trick is on the table: its verdict is shown, or waits for Reveal (Python sends
  // no verdict while it is hidden, only that one is waiting).
  function finished() {
    const data = model.get("verdict");
    return Boolean(data && data.headline) || (hidden() && model.get("waiting"));
  }

  // The button under the verdict is on offer: a verdict on view and a name for the button.
  function offered() {
    const data = model.get("verdict");
    const reply = model.get("reply") || {};
    const shown = Boolean(data && data.headline) || reply.tone === "right";
    return shown && !hidden() && Boolean(model.get("next_label"));
  }

  function moving() {
    return model.get("animate") && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // A finished trick leaving the felt slides, shrinking, onto its winner's seat: its pile.
  function gather(slots, seat) {
    const pile = root.querySelector(`.ct-seat[data-ct-seat="${CSS.escape(seat)}"]`);
    if (!pile || !moving()) return;
    const to = pile.getBoundingClientRect();
    for (const slot of slots) {
      const from = slot.getBoundingClientRect();
      const ghost = slot.cloneNode(true);
      ghost.classList.add("ct-ghost");
      ghost.setAttribute("aria-hidden", "true");
      Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px` });
      root.append(ghost);
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

  function drawTrick() {
    const cards = model.get("trick");
    const animate = model.get("animate");
    const before = shownTrick;
    const finished = before.length === model.get("seats").length && wonBy !== undefined;
    const next = cards.length < before.length || (cards[0] && cards[0].card.text !== before[0]);
    if (model.get("piles") && finished && next) gather([...trick.children], wonBy);
    trick.replaceChildren();
    cards.forEach((entry, i) => {
      const slot = make("li", "ct-slot");
      const card = face(entry.card);
      const winning = entry.winning && !hidden();
      slot.classList.toggle("ct-winning", winning);
      if (animate && (before[i] !== entry.card.text || i >= before.length)) {
        slot.classList.add("ct-arrive");
      }
      const values = { order: entry.order, name: entry.name, card: entry.card.label };
      const said = entry.trump
        ? say(words.played_by_trump, { ...values, trump: entry.trump.name })
        : say(words.played_by, values);
      card.append(srOnly(said));
      if (winning) card.append(make("span", "ct-wins", entry.mark));
      const caption = make("span", "ct-caption");
      caption.setAttribute("aria-hidden", "true");
      // The player's own trump is worded as such on a line of its own, so it is never read as
      // the suit of the card above it.
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
      slot.append(card, caption);
      trick.append(slot);
    });
    shownTrick = cards.map((entry) => entry.card.text);
    wonBy = (cards.find((entry) => entry.winning) || {}).seat;
    trick.hidden = cards.length === 0;
    drawEmpty();
  }

  // The empty trick's words ("No card played yet.") only on a table that has seats and asks
  // for no other answer.
  function drawEmpty() {
    const choices = model.get("choices") || [];
    empty.textContent = model.get("empty_text");
    empty.hidden = model.get("trick").length > 0 || choices.length > 0 ||
      !model.get("seats").length || Boolean(model.get("question")) || !model.get("empty_text");
  }

  // A ruling's id (data: Python's RuleData) as a button that opens, under the verdict, the
  // ruling in plain words with links to where it is taught and to every rule id; a tooltip
  // alone would not open on a phone.
  function ruleButton(data) {
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
    ruleLines.push(line);
    const show = (open) => {
      line.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
    };
    show(ruleOpen === data.rule_id);
    button.setAttribute("aria-controls", ruleBox.id);
    button.title = say(words.rule_open, { rule: data.rule });
    button.addEventListener("click", () => {
      ruleOpen = line.hidden ? data.rule_id : "";
      show(Boolean(ruleOpen));
    });
    return button;
  }

  // The verdict's parts on the page (unless they say what it already says), and the words of
  // the rulings they name under them.
  function showVerdict(parts) {
    const text = parts.map((part) => part.textContent).join(" ");
    if (verdict.dataset.text === text) return;
    verdict.dataset.text = text;
    verdict.replaceChildren(...parts);
    ruleBox.replaceChildren(...ruleLines);
  }

  // The reply to an answer: what was wrong and why, or that it was right (and, with no trick
  // verdict to give it, the one explanation and its ruling).
  function replyParts() {
    const data = model.get("reply") || {};
    if (!data.tone) return [];
    const right = data.tone === "right";
    const title = make("p", `ct-feedback ct-tone-${right ? "right" : "wrong"}`, data.title);
    title.dataset.verdict = data.tone;
    const parts = [title];
    if (data.text) parts.push(make("p", right ? "ct-sentence" : "ct-reason", data.text));
    if (data.rule) {
      const line = make("p", "ct-summary");
      const rule = ruleButton(data);
      const named = fill(words.rule, { rule });
      line.append(...(data.summary ? fill(words.rule_summary, { rule, summary: data.summary }) : named));
      parts.push(line);
    }
    return parts;
  }

  function choose(choice) {
    if (!choice || choice.mark) return;
    asked = true;
    model.send({ type: "choice", key: choice.key });
  }

  function drawChoices() {
    const list = model.get("choices") || [];
    const focused = choiceBox.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    choiceBox.replaceChildren();
    choiceBox.hidden = list.length === 0;
    choiceBox.classList.toggle("ct-choices-long", list.some((choice) => choice.label.length > 9));
    list.forEach((choice, i) => {
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
        if (choice.mark !== "done") button.append(answerMark(choice.mark, words));
        if (choice.why) {
          const said = srOnly(choice.why);
          said.id = `${id}-choice-${i}`;
          button.append(said);
          button.title = choice.why;
          button.setAttribute("aria-describedby", said.id);
        }
      }
      button.addEventListener("click", () => choose(choice));
      choiceBox.append(button);
    });
    const again = focused && choiceBox.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
    drawEmpty();
    queueSettle();
  }

  function drawAsk() {
    const text = model.get("question");
    const said = model.get("facts") || [];
    askBox.hidden = !text;
    if (question.textContent !== text) {
      question.replaceChildren(...(text ? [make("strong", "", text)] : []));
    }
    facts.replaceChildren(...said.map((fact) => make("li", "", fact)));
    facts.hidden = said.length === 0;
    queueSettle();
  }

  // A stage's end: its stars, what more can be earned, a small burst of stars (not for a
  // reader who asks for less motion) and the way on, to the next stage or chapter.
  function drawEnding() {
    const data = model.get("ending") || {};
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
    if (data.go_label) {
      const go = make("a", "ct-go", data.go_label);
      go.href = data.go_href || "#";
      if (data.go_stage) {
        go.addEventListener("click", (event) => {
          const there = document.querySelector(`.ct[data-stage="${CSS.escape(data.go_stage)}"]`);
          if (!there) return;
          event.preventDefault();
          const block = there.closest(".calypso-exercises") || there;
          block.scrollIntoView({ block: "start", behavior: moving() ? "smooth" : "auto" });
          const ask = there.querySelector(".ct-question");
          (ask || there).focus({ preventScroll: true });
        });
      }
      ending.append(go);
    }
    queueSettle();
  }

  function drawVerdict() {
    const data = model.get("verdict");
    const has = finished();
    const wait = has && hidden();
    // A trick in progress has no verdict, only a line on the card winning so far.
    const standing = has || hidden() ? "" : model.get("standing");
    ruleLines = [];
    let replied = replyParts();
    if (!has && !hidden() && !replied.length && model.get("seat_pick") && !standing) {
      // A question answered by a seat: say how (the words about keys hidden on a touch screen).
      const ask = make("p", "ct-ask", words.ask_seat);
      ask.append(keysHint(words.ask_seat_keys), ".");
      replied = [ask];
    }
    verdictBox.classList.toggle("ct-quiet", !has && !standing && !replied.length);
    const pick = model.get("seat_pick");
    reveal.hidden = !wait || pick;
    onward.textContent = model.get("next_label");
    onward.hidden = !offered();
    if (!has) {
      showVerdict([...replied, ...(standing ? [make("p", "ct-standing", standing)] : [])]);
      return;
    }
    if (wait) {
      // The words about keys are a span of their own, hidden on a touch screen.
      const [said, keys] = pick
        ? [words.ask_seat_trick, words.ask_seat_keys]
        : [words.ask_reveal, words.ask_reveal_keys];
      const text = `${said}${keys}.`;
      if (verdict.dataset.text !== text) {
        verdict.dataset.text = text;
        const ask = make("p", "ct-ask", said);
        ask.append(keysHint(keys), ".");
        verdict.replaceChildren(ask);
        ruleBox.replaceChildren();
      }
      return;
    }
    if (!data || !data.headline) return;
    // data-winner and data-rule name the verdict's parts for the site's tests and readers.
    const head = make("p", "ct-headline");
    const who = make("strong", "", data.who);
    who.dataset.winner = data.seat;
    const card = make("span", "ct-verdict-card", data.card.rank + data.card.symbol);
    card.style.color = data.card.colour;
    if (data.rule) {
      head.append(...fill(words.headline_rule, { who, card, rule: ruleButton(data) }));
    } else {
      head.append(...fill(words.headline, { who, card }));
    }
    const parts = [head, make("p", "ct-sentence", data.sentence)];
    if (data.feedback) {
      const said = make("p", `ct-feedback ct-tone-${data.tone === "right" ? "right" : "wrong"}`, data.feedback);
      said.dataset.verdict = data.tone;
      parts.unshift(said);
    }
    if (data.summary) parts.push(make("p", "ct-summary", data.summary));
    parts.unshift(...replied);
    showVerdict(parts);
  }

  function drawHand() {
    const cards = model.get("hand");
    const focused = hand.contains(document.activeElement);
    const mine = model.get("seats").find((seat) => seat.role === "you");
    const away = Boolean(mine && mine.place !== "bottom");
    const yours = away ? say(words.your_hand_of, { name: mine.name }) : words.your_hand;
    handLabel.textContent = away ? yours : "";
    handLabel.hidden = !away || cards.length === 0;
    hand.setAttribute("aria-label", yours);
    hand.replaceChildren();
    hand.hidden = cards.length === 0;
    hand.style.setProperty("--ct-hand-n", String(Math.max(cards.length, 7)));
    active = Math.min(active, Math.max(cards.length - 1, 0));
    cards.forEach((card, i) => {
      const button = face(card, "button");
      button.type = "button";
      button.classList.add(card.playable ? "ct-playable" : "ct-unplayable");
      button.tabIndex = i === active ? 0 : -1;
      button.setAttribute("aria-label", card.label);
      const described = [];
      if (!card.playable) {
        button.setAttribute("aria-disabled", "true");
        button.title = card.why;
        const why = make("span", "ct-sr", card.why);
        why.id = `${id}-why-${i}`;
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
        described.push(hint.id);
      }
      if (card.cost) {
        button.append(make("span", "ct-cost-badge", card.cost));
        const cost = make("span", "ct-sr", card.cost_why);
        cost.id = `${id}-cost-${i}`;
        button.append(cost);
        described.push(cost.id);
      }
      if (described.length) button.setAttribute("aria-describedby", described.join(" "));
      button.addEventListener("click", () => play(i));
      button.addEventListener("focus", () => {
        active = i;
      });
      hand.append(button);
    });
    note.textContent = "";
    if (focused && cards.length) hand.children[active].focus();
    queueSettle();
  }

  function play(i) {
    const card = model.get("hand")[i];
    if (!card || pending) return;
    active = i;
    if (!card.playable) {
      note.textContent = say(words.cannot_play, { card: card.rank + card.symbol, why: card.why });
      return;
    }
    note.textContent = "";
    asked = true;
    model.send({ type: "card", card: card.text, ...think() });
  }

  // A card played or Next pressed that a slow bot will answer: mark the table as thinking at
  // once (Python is busy until it answers) and return the token Python sends back when done.
  function think() {
    const text = model.get("thinking");
    if (!text) return {};
    // Unique beyond this page's life: a page reloaded on the same kernel (JupyterLab) counts
    // its tables from 1 again, and a token Python already answered would never change.
    pending = `${id}-${Date.now().toString(36)}-${++asks}`;
    thinking.textContent = text;
    root.classList.add("ct-busy");
    return { ask: pending };
  }

  function onAnswered() {
    if (!pending || model.get("answered") !== pending) return;
    pending = "";
    thinking.textContent = "";
    root.classList.remove("ct-busy");
  }

  function move(event) {
    const buttons = [...hand.children];
    if (!buttons.length) return;
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next;
    if (event.key in steps) next = (active + steps[event.key] + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else return;
    event.preventDefault();
    buttons[active].tabIndex = -1;
    active = next;
    buttons[active].tabIndex = 0;
    buttons[active].focus();
  }

  function askReveal() {
    if (hidden()) model.send({ type: "reveal" });
  }

  // The table's shortcut keys: a seat's letter (seat_pick), R (reveal), and the keys Python
  // names (key_names). True when the key was one of them.
  function onKey(event) {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!plain || event.key.length !== 1) return false;
    const named = model.get("seat_pick")
      ? model.get("seats").find((seat) => seat.seat.toUpperCase() === event.key.toUpperCase())
      : undefined;
    if (named) {
      event.preventDefault();
      pickSeat(named.seat);
      return true;
    }
    if ((event.key === "r" || event.key === "R") && hidden()) {
      event.preventDefault();
      askReveal();
      return true;
    }
    const choices = model.get("choices") || [];
    if (/^[1-9]$/.test(event.key) && choices.length >= Number(event.key)) {
      event.preventDefault();
      choose(choices[Number(event.key) - 1]);
      return true;
    }
    const name = (model.get("key_names") || {})[event.key.toLowerCase()];
    if (name) {
      event.preventDefault();
      model.send({ type: "key", key: name });
      return true;
    }
    return false;
  }

  // This table on the page's list of tables taking keys from anywhere (page_keys on).
  const onPage = { root, wanted: () => model.get("page_keys"), take: onKey };

  function drawHint() {
    const text = model.get("hint");
    hint.hidden = !text;
    hint.replaceChildren();
    if (text) hint.append(make("strong", "", words.hint), " ", text);
    const notes = model.get("hint_notes") || [];
    hintNotes.hidden = notes.length === 0;
    hintNotes.replaceChildren(...notes.map((line) => make("li", "", line)));
  }

  function drawLook() {
    root.setAttribute("aria-label", model.get("label"));
    if (model.get("stage")) root.dataset.stage = model.get("stage");
    root.classList.toggle("ct-presenter", model.get("presenter"));
    root.classList.toggle("ct-compact", model.get("compact"));
    root.classList.toggle("ct-still", !model.get("animate"));
    status.textContent = model.get("status");
    status.hidden = !model.get("status");
  }

  function onReveal() {
    const had = reveal.contains(document.activeElement);
    drawTrick();
    drawVerdict();
    if (had && reveal.hidden) verdictBox.focus();
    queueSettle();
  }

  function onVerdict() {
    const had = onward.contains(document.activeElement);
    drawVerdict();
    if (had && onward.hidden) verdictBox.focus();
    queueSettle();
  }

  function goOn() {
    if (pending) return;
    asked = true;
    advancing = Boolean(model.get("question"));
    model.send({ type: "next", ...think() });
  }

  hand.addEventListener("keydown", move);
  root.addEventListener("keydown", (event) => {
    if (!event.defaultPrevented) onKey(event);
  });
  joinPage(onPage);
  reveal.addEventListener("click", askReveal);
  onward.addEventListener("click", goOn);

  // Python asks for the focus on the question (a stage begun again).
  function onMessage(message) {
    if (message && message.type === "focus" && model.get("question")) {
      queueMicrotask(() => question.focus());
    }
  }
  model.on("msg:custom", onMessage);

  const listeners = [
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
  ].map(([name, handler]) => [`change:${name}`, handler]);
  for (const [event, handler] of listeners) model.on(event, handler);
  drawLook();
  drawSeats();
  drawTrick();
  drawVerdict();
  drawHand();
  drawHint();
  drawChoices();
  drawAsk();
  drawEnding();
  return () => {
    for (const [event, handler] of listeners) model.off(event, handler);
    model.off("msg:custom", onMessage);
    leavePage(onPage);
  };
}

export default { render };
