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
