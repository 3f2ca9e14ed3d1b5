// What the teacher's desk keeps in this browser (see calypso/widgets/desk.py, DeskMemory): the
// class set up last and the teacher key the board accepted, in localStorage under
// "calypso-desk" as {"class": "ROOM12.1.A", "key": "…"}. Python says what to keep or to forget;
// every view reports what is held when it is drawn and whenever the desk's storage changes, in
// this tab or another. Nothing here is sent anywhere but to the page's own kernel.

const KEY = "calypso-desk";
const CHANGED = "calypso-desk-changed";

function load() {
  try {
    const held = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    if (!held || typeof held !== "object" || Array.isArray(held)) return {};
    return Object.fromEntries(Object.entries(held).filter(([, value]) => typeof value === "string"));
  } catch {
    return {};
  }
}

function change(held) {
  try {
    if (Object.keys(held).length) window.localStorage.setItem(KEY, JSON.stringify(held));
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage switched off: the desk is simply not kept
  }
  window.dispatchEvent(new Event(CHANGED));
}

function render({ model, el }) {
  el.hidden = true;

  function report() {
    model.set("held", load());
    model.set("ready", true);
    model.save_changes();
  }

  function onMessage(message) {
    if (!message) return;
    if (message.type === "keep") change({ ...load(), [message.item]: message.value });
    if (message.type === "forget") change({});
  }

  const onStorage = (event) => {
    if (event.key === KEY || event.key === null) report();
  };
  model.on("msg:custom", onMessage);
  window.addEventListener(CHANGED, report);
  window.addEventListener("storage", onStorage);
  report();
  return () => {
    model.off("msg:custom", onMessage);
    window.removeEventListener(CHANGED, report);
    window.removeEventListener("storage", onStorage);
  };
}

export default { render };
