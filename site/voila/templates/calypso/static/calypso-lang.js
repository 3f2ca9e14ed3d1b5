// The language switch (English ↔ Magyar): every page exists in both languages. The language is
// in the address: a Hungarian page lives under hu/ beside the English one, with the same file
// name (notebooks/hu/). The choice is kept in the browser too (localStorage
// "calypso-language"): a Hungarian page opened, or the switch pressed, keeps it, and an
// English page opens its Hungarian twin for a reader who chose it.
// The page's language comes from the template's meta tag.
// It runs in the page's head, before any cell: a page that is to open its twin does so at once,
// and the switch is drawn as soon as the page's column exists.
(function () {
  const KEY = "calypso-language";
  const read = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content || "";
  const lang = read("calypso-language") || "en";
  document.documentElement.lang = lang;
  const found = window.location.pathname.match(/^(.*?\/)(hu\/)?([^/]+?)(\.ipynb|\.html)$/);
  if (!found) return;
  const [, base, , name, ext] = found;
  let stored = null;
  try {
    stored = window.localStorage.getItem(KEY);
    if (lang === "hu") window.localStorage.setItem(KEY, "hu");
  } catch (error) {
    stored = null; // storage refused (a private window): the address alone decides
  }
  // At the top of the page's column (Voila's and Voici's #rendered_cells), which scrolls.
  const draw = (node) => {
    const column = document.getElementById("rendered_cells");
    if (column) column.prepend(node);
    else requestAnimationFrame(() => draw(node));
  };
  const other = lang === "hu" ? "en" : "hu";
  const there = () =>
    `${base}${other === "hu" ? "hu/" : ""}${name}${ext}${window.location.search}${window.location.hash}`;
  if (lang === "en" && stored === "hu") {
    window.location.replace(there());
    return;
  }
  const nav = document.createElement("nav");
  nav.className = "calypso-language";
  nav.setAttribute("aria-label", lang === "hu" ? "Nyelv" : "Language");
  const link = document.createElement("a");
  link.lang = other;
  link.hreflang = other;
  link.textContent = other === "hu" ? "Magyar" : "English";
  link.href = there();
  // The link carries the widgets' state (the fragment) as it is when pressed.
  link.addEventListener("click", () => {
    link.href = there();
    try {
      window.localStorage.setItem(KEY, other);
    } catch (error) {
      // storage refused: the address still says which language
    }
  });
  nav.append(link);
  draw(nav);
})();
