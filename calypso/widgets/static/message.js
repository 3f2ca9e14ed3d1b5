// A panel's message line (see Message in calypso/widgets/base.py). The live region is made
// once, before any words arrive, and only its words change: a screen reader announces each new
// line: an error at once (role alert), other news when the reader is free (role status).

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "calypso-message-line";
  line.setAttribute("aria-atomic", "true");
  el.append(line);

  function draw() {
    const error = model.get("tone") === "error";
    line.setAttribute("role", error ? "alert" : "status");
    line.setAttribute("aria-live", error ? "assertive" : "polite");
    line.innerHTML = model.get("value");
  }

  model.on("change:value", draw);
  model.on("change:tone", draw);
  draw();
  return () => {
    model.off("change:value", draw);
    model.off("change:tone", draw);
  };
}

export default { render };
