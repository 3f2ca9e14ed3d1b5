// What the stock widgets leave out for keyboard and screen-reader users, on every page of both
// sites (WCAG 4.1.2 and 2.1.1):
// - an ipywidgets slider's handle (role "slider") gets its name from the slider's own visible
//   label ("Trick", "Hand", "tricks"), which ipywidgets does not connect to it;
// - a box that scrolls sideways with nothing in it to focus (a wide table on a phone) becomes a
//   tab stop named after its panel, so it can be scrolled with the arrow keys; when it no
//   longer scrolls (a wider window) it stops being one.
// The page keeps changing as widgets draw and redraw, so this is done again, at most once a
// frame, whenever its content or the window's size changes.
(function () {
  const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])";
  let labels = 0;
  let queued = false;

  const nameSliders = () => {
    for (const slider of document.querySelectorAll(".widget-slider")) {
      const label = slider.querySelector(":scope > .widget-label");
      if (!label || !label.textContent.trim()) continue;
      if (!label.id) label.id = `calypso-slider-label-${++labels}`;
      for (const handle of slider.querySelectorAll(".noUi-handle")) {
        handle.setAttribute("aria-labelledby", label.id);
      }
    }
  };

  const scrollsSideways = (box) =>
    box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX);

  const panelName = (box) => {
    const title = box.closest(".calypso-widget")?.querySelector(":scope > .widget-html b");
    return title ? title.textContent.trim() : "";
  };

  // data-calypso-scroll lists the attributes added here, to take away when the box no
  // longer scrolls.
  const reachScrollingBoxes = () => {
    for (const box of document.querySelectorAll("[data-calypso-scroll]")) {
      if (scrollsSideways(box)) continue;
      for (const added of box.dataset.calypsoScroll.split(" ")) box.removeAttribute(added);
      box.removeAttribute("data-calypso-scroll");
    }
    for (const box of document.querySelectorAll(".jp-OutputArea-output *")) {
      if (box.hasAttribute("data-calypso-scroll") || !scrollsSideways(box)) continue;
      if (box.matches(FOCUSABLE) || box.querySelector(FOCUSABLE)) continue;
      const added = ["tabindex"];
      box.setAttribute("tabindex", "0");
      if (!box.hasAttribute("aria-label") && !box.hasAttribute("aria-labelledby")) {
        const panel = panelName(box);
        const words = window.calypsoWords;
        const name = panel ? words.scroll_named.replace("{panel}", panel) : words.scroll;
        box.setAttribute("aria-label", name);
        added.push("aria-label");
        // A box without a role may not carry a name: it becomes a region.
        if (box.tagName !== "TABLE" && !box.hasAttribute("role")) {
          box.setAttribute("role", "region");
          added.push("role");
        }
      }
      box.dataset.calypsoScroll = added.join(" ");
    }
  };

  const update = () => {
    queued = false;
    nameSliders();
    reachScrollingBoxes();
  };
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  };

  new MutationObserver(queue).observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  window.addEventListener("resize", queue);
  queue();
})();
