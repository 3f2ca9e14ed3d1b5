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
