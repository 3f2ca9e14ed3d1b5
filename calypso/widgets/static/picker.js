// The card picker's view (anywidget; see calypso/widgets/picker.py). It draws the grid Python
// sends (suits in rows, ranks across) and the trick's positions, and reports a picked card, a
// chosen position, Undo, Clear, and the panel keys N, P and R. Every word comes from Python.

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const TYPING =
  "input:not([type='checkbox']):not([type='radio']):not([type='button']), textarea, select, " +
  "[contenteditable='true']";
const PANEL_KEYS = { n: "next", p: "previous", r: "reveal" };

// A sentence of Python's words with its {fields} filled.
function say(text, values) {
  return (text || "").replace(/\{(\w+)\}/g, (field, name) => (name in values ? values[name] : field));
}

function render({ model, el }) {
  const words = model.get("words") || {};
  const root = make("div", "cp");
  const bar = make("div", "cp-bar");
  const positions = make("div", "cp-positions");
  positions.setAttribute("role", "group");
  positions.setAttribute("aria-label", words.positions);
  const undo = make("button", "cp-action", words.undo);
  undo.type = "button";
  undo.title = words.undo_title;
  const clear = make("button", "cp-action", words.clear);
  clear.type = "button";
  clear.title = words.clear_title;
  bar.append(positions, undo, clear);
  const prompt = make("p", "cp-prompt");
  prompt.setAttribute("aria-live", "polite");
  const grid = make("div", "cp-grid");
  grid.setAttribute("role", "group");
  const note = make("p", "cp-note");
  note.setAttribute("aria-live", "polite");
  const keys = make("p", "cp-keys");
  root.append(bar, prompt, grid, note, keys);
  el.append(root);

  let active = 0; // the grid button that takes the keyboard focus

  function buttons() {
    return [...grid.querySelectorAll("button")];
  }

  function drawGrid() {
    const focused = grid.contains(document.activeElement);
    grid.replaceChildren();
    grid.setAttribute("aria-label", model.get("label"));
    let i = 0;
    for (const row of model.get("rows")) {
      const line = make("div", "cp-row");
      const head = make("span", "cp-suit", row.symbol);
      head.style.color = row.colour;
      head.title = row.name;
      head.setAttribute("aria-hidden", "true");
      const cards = make("div", "cp-cards");
      line.append(head, cards);
      for (const card of row.cards) {
        const index = i++;
        const button = make("button", card.playable ? "cp-card" : "cp-card cp-off");
        button.type = "button";
        button.dataset.card = card.text;
        button.style.setProperty("--cp-suit", card.colour);
        button.append(make("span", "cp-rank", card.rank));
        button.setAttribute("aria-label", card.label);
        button.tabIndex = index === active ? 0 : -1;
        if (!card.playable) {
          button.setAttribute("aria-disabled", "true");
          button.title = card.why;
        }
        button.addEventListener("click", () => pick(index));
        button.addEventListener("focus", () => {
          active = index;
        });
        cards.append(button);
      }
      grid.append(line);
    }
    note.textContent = "";
    if (focused && buttons()[active]) buttons()[active].focus();
  }

  function cardAt(index) {
    const cards = model.get("rows").flatMap((row) => row.cards);
    return cards[index];
  }

  function pick(index) {
    const card = cardAt(index);
    if (!card) return;
    active = index;
    if (!card.playable) {
      note.textContent = say(words.cannot_pick, { card: card.rank + card.symbol, why: card.why });
      return;
    }
    note.textContent = "";
    model.send({ type: "pick", card: card.text });
  }

  function move(event) {
    const all = buttons();
    if (!all.length) return;
    const width = 13;
    const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: width, ArrowUp: -width };
    let next;
    if (event.key in steps) next = active + steps[event.key];
    else if (event.key === "Home") next = active - (active % width);
    else if (event.key === "End") next = active - (active % width) + width - 1;
    else if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      model.send({ type: "undo" });
      return;
    } else return;
    event.preventDefault();
    next = Math.max(0, Math.min(all.length - 1, next));
    all[active].tabIndex = -1;
    active = next;
    all[active].tabIndex = 0;
    all[active].focus();
  }

  function drawPositions() {
    const focused = positions.contains(document.activeElement);
    let focusAt = -1;
    positions.replaceChildren();
    const list = model.get("positions");
    list.forEach((position, index) => {
      const chip = make("button", "cp-position");
      chip.type = "button";
      chip.setAttribute("aria-pressed", String(position.current));
      chip.append(make("span", "cp-where", position.label));
      if (position.card) {
        const card = make("span", "cp-chosen", position.card.rank + position.card.symbol);
        card.style.color = position.card.colour;
        chip.append(card);
        chip.title = say(words.position_card, { position: position.label, card: position.card.label });
      } else {
        chip.append(make("span", "cp-chosen cp-empty", "—"));
        chip.title = say(words.position_empty, { position: position.label });
      }
      if (position.current) focusAt = index;
      chip.addEventListener("click", () => model.send({ type: "position", index }));
      positions.append(chip);
    });
    const filled = list.filter((position) => position.card).length;
    undo.disabled = filled === 0;
    clear.disabled = filled === 0;
    if (focused && positions.children.length) {
      positions.children[Math.max(focusAt, 0)].focus();
    }
  }

  function drawText() {
    prompt.textContent = model.get("prompt");
    keys.textContent = model.get("shortcuts");
    keys.hidden = !model.get("shortcuts");
  }

  // The panel's keys: N and P step through the examples, R reveals. Typing in a field, or a key
  // already handled (the card table's own R), is left alone.
  // Listened for on the document, as the panel round the picker is known only once drawn.
  function onPanelKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const panel = el.closest(".calypso-widget") || el;
    if (!(event.target instanceof Node) || !panel.contains(event.target)) return;
    if (event.target instanceof Element && event.target.closest(TYPING)) return;
    const name = PANEL_KEYS[event.key.toLowerCase()];
    if (!name) return;
    event.preventDefault();
    model.send({ type: "key", key: name });
  }

  grid.addEventListener("keydown", move);
  document.addEventListener("keydown", onPanelKey);
  undo.addEventListener("click", () => model.send({ type: "undo" }));
  clear.addEventListener("click", () => model.send({ type: "clear" }));

  const listeners = [
    ["rows", drawGrid],
    ["label", drawGrid],
    ["positions", drawPositions],
    ["prompt", drawText],
    ["shortcuts", drawText],
  ].map(([name, handler]) => [`change:${name}`, handler]);
  for (const [event, handler] of listeners) model.on(event, handler);
  drawGrid();
  drawPositions();
  drawText();
  return () => {
    for (const [event, handler] of listeners) model.off(event, handler);
    document.removeEventListener("keydown", onPanelKey);
  };
}

export default { render };
