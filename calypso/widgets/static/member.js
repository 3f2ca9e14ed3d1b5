// Which class this browser answers for (see calypso/widgets/member.py). Under the classroom
// server the quiz writes the class code and name to localStorage as the first answer reaches the
// teacher's board; on any chapter the exercises read them back, so a student's stars reach the
// same board. A class's link that carries a house rule has its code and rule kept here on any
// site, so that every chapter plays under it. Nothing else is kept.

const KEY = "calypso-class";
const RULE = /^[rw][01]$/;

function load() {
  try {
    const held = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {};
    const found = {};
    if (typeof held.code === "string") found.code = held.code;
    if (typeof held.name === "string") found.name = held.name;
    if (typeof held.rule === "string" && RULE.test(held.rule)) found.rule = held.rule;
    return found;
  } catch {
    return {};
  }
}

// What the browser keeps once the page said the student joined a class, or opened a class's
// link: a value of the class kept before stays only when the class is the same.
function joined(held, message) {
  const same = held.code === message.code;
  if (message.type === "join") {
    const kept = { code: message.code, name: message.name };
    if (same && held.rule) kept.rule = held.rule;
    return kept;
  }
  const kept = { code: message.code };
  if (same && held.name) kept.name = held.name;
  if (RULE.test(message.rule) && message.rule !== "r0") kept.rule = message.rule;
  return kept;
}

function render({ model, el }) {
  const note = document.createElement("p");
  note.className = "cm-note";
  el.append(note);

  function draw() {
    note.textContent = model.get("note");
    note.hidden = !model.get("note");
  }

  function report() {
    model.set("member", load());
    model.save_changes();
  }

  function onMessage(message) {
    if (!message || (message.type !== "join" && message.type !== "rule")) return;
    try {
      window.localStorage.setItem(KEY, JSON.stringify(joined(load(), message)));
    } catch {
      // storage switched off: this visit's stars and rule simply stay on this page
    }
    report();
  }

  model.on("change:note", draw);
  model.on("msg:custom", onMessage);
  window.addEventListener("storage", report);
  draw();
  report();
  return () => {
    model.off("change:note", draw);
    model.off("msg:custom", onMessage);
    window.removeEventListener("storage", report);
  };
}

export default { render };
