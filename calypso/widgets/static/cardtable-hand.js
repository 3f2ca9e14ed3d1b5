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
