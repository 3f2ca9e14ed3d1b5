// The reasons a position offers (see ReasonChoice in calypso/widgets/reasons.py): one
// group of native radio buttons under its question, so arrow keys move between them and a
// screen reader names the group. Long reasons wrap under their button on a phone. The page
// sends back only the value chosen; Python decides what it means.

let groups = 0;

function render({ model, el }) {
  const name = `cd-why-${++groups}`;
  const group = document.createElement("fieldset");
  group.className = "cd-why";
  const legend = document.createElement("legend");
  group.append(legend);
  const list = document.createElement("div");
  list.className = "cd-why-list";
  group.append(list);
  el.append(group);

  function draw() {
    legend.textContent = model.get("legend");
    group.disabled = model.get("disabled");
    const chosen = model.get("value");
    list.replaceChildren();
    for (const option of model.get("options")) {
      const label = document.createElement("label");
      label.className = "cd-why-option";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = name;
      input.value = option.value;
      input.checked = option.value === chosen;
      input.addEventListener("change", () => {
        if (!input.checked) return;
        model.set("value", option.value);
        model.save_changes();
      });
      const words = document.createElement("span");
      words.textContent = option.label;
      label.append(input, words);
      list.append(label);
    }
    group.hidden = model.get("options").length === 0;
  }

  const names = ["change:options", "change:value", "change:legend", "change:disabled"];
  names.forEach((event) => model.on(event, draw));
  draw();
  return () => names.forEach((event) => model.off(event, draw));
}

export default { render };
