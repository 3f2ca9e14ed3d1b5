"""Put in each page of a built static site a picture of every widget as it first draws itself.

    python site/paint_static.py SITE_FOLDER     (site/build_static.py runs it, in its build tools)

A static page's Python starts in the learner's browser, seconds after the page's text shows
(issue 18). Its widgets' first drawing does not depend on the learner: it is the widget's initial
state, drawn by the widget's own JavaScript. So this script opens every page of the built site
in Chromium, lets Python run every cell, and copies each code cell's drawing into the page, in
the note that holds the cell's place (the calypso-static template's `.calypso-waiting`): a
`<div class="calypso-painted" hidden inert>`. The page shows it as soon as the widgets'
stylesheet has arrived and drops it when the live widget takes its place, so a learner sees the
chapter's tables at once and can use them a few seconds later. A picture cannot be clicked or
focused (`inert`).

What a copy leaves out, so it is only a picture: element ids and the attributes that point at
them (`for`, `aria-labelledby`, ...), form names, scripts. What it keeps: every class and inline
style, and what a form control holds (a text box's text, a ticked box, a chosen option), written
into its attributes. The anywidget widgets' stylesheets, which anywidget adds to a page only when
the widget draws, are written once to voila/static/painted-<sha256>.css and linked from every
painted page.

A picture that shows what a browser keeps (a learner's stars or class in a progress view or a
class member's note, a quiz's run in progress, the class the teacher's desk set up last) is
marked data-kept with the storage keys its live widget reads (KEPT): the page hides it when the
browser holds any of them, since the live widget will draw what they hold instead. A page
opened at a link to a widget's state hides every picture.

Without Chromium (or Playwright) the pages keep their plain notes, and the build says so.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypedDict

#: Chromium's names: Debian's (the tests' browser), Ubuntu's older one, Google's (GitHub's runners).
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
#: How long one page may take to run every cell (Pyodide starts on each).
PAGE_MS = 180_000
#: Pages run at once: Python's start in each is one core's work.
AT_ONCE = 2
#: What marks a picture as drawing what the browser keeps: a view's selector, and the keys of
#: localStorage its live widget reads (progress.js, member.js, desk.js; quiz.py's RUN_KEY). The
#: one list: the page (the calypso-static template) hides a picture when any key it names is held.
KEPT = {
    ".pg": ("calypso-progress", "calypso-stages", "calypso-quiz"),
    ".cm-note": ("calypso-class",),
    ".calypso-desk": ("calypso-desk",),
    ".calypso-quiz": ("calypso-quiz-run",),
}

#: Run in the page once every cell has run: each code cell's drawing as a picture (see the
#: module's doc), and the anywidget stylesheets (their ids name the widget's class).
COPY = """() => {
  const POINTERS = ["id", "for", "name", "form", "list", "aria-labelledby", "aria-describedby",
                    "aria-controls", "aria-owns", "aria-activedescendant"];
  const cells = {};
  for (const cell of document.querySelectorAll("[cell-index]")) {
    const drawn = cell.querySelector(":scope > .jp-CodeCell:not(.jp-mod-noOutputs)");
    if (!drawn) continue;
    const copy = drawn.cloneNode(true);
    const from = drawn.querySelectorAll("input, textarea, select");
    copy.querySelectorAll("input, textarea, select").forEach((control, i) => {
      const live = from[i];
      if (control.type === "checkbox" || control.type === "radio") {
        control.toggleAttribute("checked", live.checked);
      } else if (control.tagName === "TEXTAREA") {
        control.textContent = live.value;
      } else if (control.tagName === "SELECT") {
        [...control.options].forEach((option, j) => {
          option.toggleAttribute("selected", live.options[j].selected);
        });
      } else {
        control.setAttribute("value", live.value);
      }
    });
    copy.querySelectorAll("script").forEach((script) => script.remove());
    for (const node of [copy, ...copy.querySelectorAll("*")]) {
      POINTERS.forEach((name) => node.removeAttribute(name));
    }
    cells[cell.getAttribute("cell-index")] = {
      html: copy.outerHTML,
      kept: [...new Set(Object.entries(KEPT)
        .filter(([view]) => drawn.querySelector(view) !== null)
        .flatMap(([, keys]) => keys))],
    };
  }
  const styles = [...document.head.querySelectorAll("style[id]")]
    .filter((style) => style.id.includes("."))
    .map((style) => [style.id, style.textContent]);
  return { cells, styles };
}""".replace("KEPT", json.dumps(KEPT))


class Cell(TypedDict):
    """A code cell's picture, as COPY gives it: its HTML, and the storage keys whose contents
    its live widget would draw instead (none for a picture that shows nothing kept)."""

    html: str
    kept: list[str]


class Drawing(TypedDict):
    """A page's pictures by cell index, and the anywidget stylesheets it drew with (id, CSS)."""

    cells: dict[str, Cell]
    styles: list[tuple[str, str]]


NOTE = re.compile(
    r'(<div class="calypso-waiting">(<p class="calypso-waiting-note">.*?</p>))</div>'
    r'(\s*<div cell-index="(\d+)">)'
)


def log(message: str) -> None:
    print(f"paint: {message}", flush=True)


def chromium() -> str | None:
    """The path of a Chromium (or Chrome) on this machine, or None."""
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


class Files(http.server.SimpleHTTPRequestHandler):
    """The built site as plain files, quietly, with WebAssembly's own media type. (Not
    site/serve_static.py's SiteHandler: this runs in the build's own tools, which have no
    calypso package for serve.py to import, and a build needs neither gzip nor cache headers.)"""

    extensions_map = {  # noqa: RUF012 (the base class's own mapping, overridden as it says)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """folder served on a free port of 127.0.0.1, for as long as the block runs: its address."""
    handler = functools.partial(Files, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()


def drawings(folder: Path, pages: Sequence[Path], browser_path: str) -> dict[Path, Drawing]:
    """Every page's drawing, each page opened in a fresh profile (no stars, no class, no
    language chosen), AT_ONCE pages at a time."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    found: dict[Path, Drawing] = {}
    with served(folder) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path, args=FLAGS)
        for start in range(0, len(pages), AT_ONCE):
            batch = pages[start : start + AT_ONCE]
            opened = []
            for page_file in batch:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.goto(f"{url}/{page_file.relative_to(folder).as_posix()}")
                opened.append((page_file, page))
            for page_file, page in opened:
                try:
                    page.wait_for_function(
                        "performance.getEntriesByName('calypso-all').length > 0", timeout=PAGE_MS
                    )
                except PlaywrightError as error:
                    name = page_file.relative_to(folder)
                    raise SystemExit(f"paint: {name} did not run all its cells: {error}") from error
                page.wait_for_load_state("networkidle")
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))")
                found[page_file] = page.evaluate(COPY)
                page.context.close()
                log(f"{page_file.relative_to(folder)}: {len(found[page_file]['cells'])} widgets")
        browser.close()
    return found


def painted(text: str, cells: dict[str, Cell]) -> str:
    """A page's text with each cell's picture in the note before it.

    >>> page = '<div class="calypso-waiting"><p class="calypso-waiting-note">…</p></div>'
    >>> page += '<div cell-index="2">'
    >>> painted(page, {"2": {"html": "<b>table</b>", "kept": []}}).split("</p>")[1]
    '<div class="calypso-painted" hidden inert><b>table</b></div></div><div cell-index="2">'
    >>> kept = {"2": {"html": "<b>desk</b>", "kept": ["calypso-desk", "calypso-class"]}}
    >>> 'inert data-kept="calypso-desk calypso-class">' in painted(page, kept)
    True
    >>> painted(page, {}) == page  # a cell that drew nothing
    True
    """

    def paint(match: re.Match[str]) -> str:
        cell = cells.get(match.group(4))
        if cell is None:
            return match.group(0)
        kept = f' data-kept="{" ".join(cell["kept"])}"' if cell["kept"] else ""
        picture = f'<div class="calypso-painted" hidden inert{kept}>{cell["html"]}</div>'
        return f"{match.group(1)}{picture}</div>{match.group(3)}"

    return NOTE.sub(paint, text)


def stylesheet(found: dict[Path, Drawing], static: Path) -> Path:
    """The anywidget stylesheets every page drew with, once each, as static/painted-<sha>.css."""
    styles: dict[str, str] = {}
    for drawn in found.values():
        styles.update(dict(drawn["styles"]))
    css = "".join(f"/* {name} */\n{styles[name]}\n" for name in sorted(styles))
    path = static / f"painted-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
    path.write_text(css)
    return path


def paint(folder: Path) -> None:
    """Put the pictures into every chapter page of the site in folder (see the module's doc)."""
    browser_path = chromium()
    try:
        import playwright  # noqa: F401 (only whether it is there)
    except ImportError:
        browser_path = None
    if browser_path is None:
        log("no Chromium (or no Playwright): each widget's place keeps its plain note")
        return
    pages = sorted(folder.glob("voici/render/**/*.html"))
    found = drawings(folder, pages, browser_path)
    css = stylesheet(found, folder / "voila" / "static")
    for page_file, drawn in found.items():
        text = painted(page_file.read_text(), drawn["cells"])
        link = f'<link rel="stylesheet" href="{os.path.relpath(css, page_file.parent)}">'
        page_file.write_text(text.replace("</head>", f"{link}</head>", 1))


def main(argv: Sequence[str]) -> None:
    if len(argv) != 1:
        raise SystemExit(__doc__)
    paint(Path(argv[0]).resolve())


if __name__ == "__main__":
    main(sys.argv[1:])
