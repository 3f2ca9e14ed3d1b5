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
