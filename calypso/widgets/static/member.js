// Which class this browser answers for under the classroom server (see
// calypso/widgets/member.py). The quiz writes the class code and name to localStorage as the
// first answer reaches the teacher's board; on any chapter the exercises read them back, so a
// student's stars reach the same board. Nothing is kept unless the classroom server asked.

const KEY = "calypso-class";

function load() {
  try {
    const held = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    const valid = held && typeof held.code === "string" && typeof held.name === "string";
    return valid ? { code: held.code, name: held.name } : {};
  } catch {
    return {};
  }
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
    if (!message || message.type !== "join") return;
    try {
      window.localStorage.setItem(KEY, JSON.stringify({ code: message.code, name: message.name }));
    } catch {
      // storage switched off: this visit's stars simply stay off the board
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
