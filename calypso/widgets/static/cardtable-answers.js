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
