// The class quiz's hold on the page (see QuizPage in calypso/widgets/quiz.py). The quiz's run
// so far (name, class code, level, version, answers, place) is kept in this browser's
// localStorage, so a reload after a server restart carries on where it stopped: it is read
// once as the page opens and handed to the page's own kernel, and written as the quiz goes.
// It goes nowhere else. On a new puzzle, the puzzle line above the table comes back into view
// (a phone scrolled down to the Next button would otherwise leave it out of sight).

function load(key) {
  try {
    const held = JSON.parse(window.localStorage.getItem(key) || "{}");
    return held && typeof held === "object" && !Array.isArray(held) ? held : {};
  } catch {
    return {};
  }
}

function showLine(el) {
  const quiz = el.closest(".calypso-quiz");
  const line = quiz && quiz.querySelector(".calypso-quiz-line");
  if (!line) return;
  const box = line.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) line.scrollIntoView({ block: "start" });
}

function render({ model, el }) {
  const key = model.get("key");

  function onMessage(message) {
    if (!message) return;
    if (message.type === "line") {
      requestAnimationFrame(() => showLine(el));
      return;
    }
    try {
      if (message.type === "keep") window.localStorage.setItem(key, JSON.stringify(message.run));
      if (message.type === "forget") window.localStorage.removeItem(key);
    } catch {
      // storage switched off: a reload starts the quiz afresh, as before
    }
  }

  model.on("msg:custom", onMessage);
  model.set("held", load(key));
  model.save_changes();
  return () => model.off("msg:custom", onMessage);
}

export default { render };
