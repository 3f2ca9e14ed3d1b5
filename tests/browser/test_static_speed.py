"""The static site shows each chapter's text at once, a picture of each widget soon after, and
the live widgets once Python is up (issue 18).

The site is the one the ``static_site`` fixture builds (`make site`); here it is served by
site/serve_static.py, as `make serve-static` serves it (gzipped, with cache headers), so the
figures are those a static host such as GitHub Pages gives. Three chapters (one template draws
them all; test_static_site.py opens every one) are each opened in a fresh
browser profile: its first heading and a plain note in each widget's place before any live
widget (also over a slow connection, Chromium's network emulation), never the word "kernel",
then a picture of each widget (site/paint_static.py) that reads as the live widget will, then
every live widget in place of its note and picture. With Python kept from starting, the
pictures stay, are inert (no click or key reaches them), and pass axe-core; a link to a
widget's state shows no picture, and kept stars, a kept quiz run or the desk's kept class hide
the pictures that would show otherwise (the keys: site/paint_static.py KEPT). How
soon each shows is a figure of `make bench-static`, not an assertion here. The lock file lists
every wheel with its sha256, and the kernel never falls back to a package index.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
from collections.abc import Iterator

import pytest
from accessibility import audit, report
from live_site import (
    CHAPTERS,
    FIRST_WIDGET_MS,
    LIVE_WIDGET,
    PICTURE,
    ROOT,
    SLOW_4G,
    Site,
    StaticSite,
    code_cells,
    html_name,
    new_context,
    serve_built_site,
    static_folder,
    stop_site,
)
from playwright.sync_api import Browser, Page, expect

WAITING = ".calypso-waiting"
NOTE = ".calypso-waiting-note"
SHOWN = f"{PICTURE}:not([hidden])"


@pytest.fixture(scope="module")
def site_folder(static_site: StaticSite) -> pathlib.Path:
    """The folder the static_site fixture built."""
    return static_folder()


@pytest.fixture(scope="module")
def served(site_folder: pathlib.Path) -> Iterator[Site]:
    """The built site from site/serve_static.py on a free port of 127.0.0.1."""
    site = serve_built_site(site_folder)
    yield site
    stop_site(site)


def open_fresh(browser: Browser, url: str, slow: bool = False) -> Page:
    """url in a fresh profile, once its first heading is visible."""
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    if slow:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    page.goto(url, wait_until="commit")
    page.locator("h1").first.wait_for(state="visible", timeout=30_000)
    return page


def visible_text(page: Page) -> str:
    return page.inner_text("body")


def pictures_by_cell(page: Page) -> dict[str, str]:
    """Each shown picture's text, by the index of the cell it stands for."""
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(".calypso-waiting")]
             .filter((note) => note.querySelector(".calypso-painted:not([hidden])"))
             .map((note) => [note.nextElementSibling.getAttribute("cell-index"),
                             note.querySelector(".calypso-painted").innerText]))"""
    )
    return found


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("name", [CHAPTERS[0], CHAPTERS[2], CHAPTERS[7]])  # one template for all
def test_text_first_then_pictures_then_every_widget(
    browser: Browser, served: Site, name: str
) -> None:
    page = open_fresh(browser, f"{served.url}/voici/render/{html_name(name)}")
    try:
        notes = page.locator(NOTE)
        # before Python is up (seconds away): a note in each widget's place, no live widget
        assert page.locator(LIVE_WIDGET).count() == 0
        assert notes.count() == code_cells(name)
        expect(notes.first).to_have_text("Getting the cards ready…")
        expect(notes.first.locator("span")).to_be_visible()  # with a picture, a label on it
        assert "kernel" not in visible_text(page).lower()
        # then a picture of every widget (a fresh profile: no stars kept, no link followed)
        pictures = page.locator(PICTURE)
        assert pictures.count() > 0
        expect(page.locator(SHOWN)).to_have_count(pictures.count())
        drawn = pictures_by_cell(page)
        assert page.locator(LIVE_WIDGET).count() == 0, "Python came up before the pictures"
        # then every live widget in place of its note and picture, reading as its picture did
        widgets = page.locator(".calypso-widget, .pg:not(.calypso-widget .pg)")
        expect(page.locator(WAITING)).to_have_count(0, timeout=FIRST_WIDGET_MS)
        expect(widgets).to_have_count(code_cells(name))
        for cell, text in drawn.items():
            live = page.locator(f"[cell-index='{cell}'] > .jp-CodeCell").inner_text()
            assert words(live) == words(text), f"cell {cell} of {name}"
        assert "kernel" not in visible_text(page).lower()
    finally:
        page.context.close()


def open_without_python(
    browser: Browser, url: str, stored: str = "", key: str = "calypso-progress"
) -> Page:
    """url in a fresh profile whose browser never gets Pyodide's WebAssembly, so the page stays
    as it is before Python is up; stored is put in localStorage under key first."""
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    if stored:
        context.add_init_script(f"localStorage.setItem({key!r}, {stored!r})")
    page = context.new_page()
    page.goto(url)
    page.locator("h1").first.wait_for(state="visible", timeout=30_000)
    return page


def test_pictures_are_inert_and_pass_axe(browser: Browser, served: Site) -> None:
    name = CHAPTERS[2]
    page = open_without_python(browser, f"{served.url}/voici/render/{html_name(name)}")
    try:
        shown = page.locator(SHOWN)
        expect(shown).to_have_count(page.locator(PICTURE).count())
        assert shown.count() == code_cells(name)
        for i in range(shown.count()):
            assert shown.nth(i).get_attribute("inert") is not None
        # no id of a picture repeats one of the page (the live widget's, once drawn)
        assert page.locator(f"{PICTURE} [id], {PICTURE} [for]").count() == 0
        # the keyboard never lands in a picture
        for _ in range(40):
            page.keyboard.press("Tab")
            assert page.evaluate("!!document.activeElement.closest('.calypso-painted')") is False
        violations = audit(page)
        assert violations == [], report(violations)
        # a click on a picture's card reaches no card; it lights up the note above it
        waiting = page.locator(WAITING).filter(has=page.locator(f"{SHOWN} .ct-card")).first
        note = waiting.locator(NOTE)
        assert "calypso-nudge" not in (note.get_attribute("class") or "")
        waiting.locator(".ct-card").first.click(force=True)
        expect(note).to_have_class(re.compile("calypso-nudge"))
        expect(note).not_to_have_class(re.compile("calypso-nudge"), timeout=5_000)
    finally:
        page.context.close()


def test_a_link_or_kept_stars_hide_the_pictures_that_would_say_otherwise(
    browser: Browser, served: Site
) -> None:
    url = f"{served.url}/voici/render/{html_name(CHAPTERS[2])}"
    # a link to an exercise: its widgets will draw what the link holds, so no picture shows
    page = open_without_python(browser, url + "#ex=3.2")
    try:
        expect(page.locator(NOTE).first.locator("span")).to_be_visible()
        page.wait_for_timeout(1500)  # long after the widgets' stylesheet has come
        assert page.locator(PICTURE).count() > 0
        assert page.locator(SHOWN).count() == 0
    finally:
        page.context.close()
    # stars kept: pictures with a progress view wait for the live widgets; the others show
    page = open_without_python(browser, url, stored='{"who-wins": {"0": 3}}')
    try:
        kept = page.locator(f"{PICTURE}[data-kept]")
        plain = page.locator(f"{PICTURE}:not([data-kept])")
        assert kept.count() > 0 and plain.count() > 0
        expect(page.locator(f"{SHOWN}:not([data-kept])")).to_have_count(plain.count())
        assert page.locator(f"{SHOWN}[data-kept]").count() == 0
    finally:
        page.context.close()


DESK = "teachers-desk.ipynb"


def test_the_desks_picture_waits_for_the_class_the_browser_keeps(
    browser: Browser, served: Site
) -> None:
    """The desk draws CLASS-1 (calypso/widgets/desk.py) until the class its browser keeps comes
    back (desk.js, "calypso-desk"); a quiz's picture waits for a kept run (quiz.py RUN_KEY)."""
    url = f"{served.url}/voici/render/{html_name(DESK)}"
    setup = f"{PICTURE}:has(.calypso-desk)"
    page = open_without_python(browser, url)
    try:  # a fresh profile: the setup's picture shows, with the default class
        expect(page.locator(setup)).to_be_visible()
        expect(page.locator(setup).locator("input[value='CLASS-1']")).to_have_count(1)
        assert page.locator(setup).get_attribute("data-kept") == "calypso-desk"
    finally:
        page.context.close()
    page = open_without_python(browser, url, '{"class": "ROOM12.1.A"}', key="calypso-desk")
    try:  # the desk's class kept: its picture stays hidden, the others show
        others = page.locator(f"{PICTURE}:not(:has(.calypso-desk))")
        assert others.count() > 0
        expect(page.locator(f"{SHOWN}:not(:has(.calypso-desk))")).to_have_count(others.count())
        assert page.locator(f"{SHOWN}:has(.calypso-desk)").count() == 0
    finally:
        page.context.close()
    from calypso.widgets.quiz import RUN_KEY

    quiz = f"{served.url}/voici/render/{html_name('08-class-quiz.ipynb')}"
    page = open_without_python(browser, quiz, '{"name": "Ann"}', key=RUN_KEY)
    try:
        expect(page.locator(NOTE).first.locator("span")).to_be_visible()
        page.wait_for_timeout(1500)  # long after the widgets' stylesheet has come
        assert page.locator(f"{PICTURE}:has(.calypso-quiz)").count() > 0
        assert page.locator(f"{SHOWN}:has(.calypso-quiz)").count() == 0
    finally:
        page.context.close()


def test_pictures_hide_for_every_key_and_class_the_widgets_keep() -> None:
    """The build's one list of kept views (site/paint_static.py KEPT) names every storage key the
    widgets keep (progress.js, member.js, desk.js, and the quiz's run, quiz.py's RUN_KEY), each
    view by a class its widget draws; the page holds no list of its own but reads each
    picture's keys, so renaming a key or a class breaks this test rather than showing a stale
    picture."""
    import sys

    from calypso.widgets.quiz import RUN_KEY

    static = ROOT / "calypso" / "widgets" / "static"
    kept_by_widgets = {RUN_KEY} | {
        key
        for name in ("progress.js", "member.js", "desk.js")
        for key in re.findall(r'const \w*KEY = "([^"]+)"', (static / name).read_text())
    }
    sys.path.insert(0, str(ROOT / "site"))
    import paint_static

    assert {key for keys in paint_static.KEPT.values() for key in keys} == kept_by_widgets
    template = (ROOT / "site/static-site/voila/templates/calypso-static/index.html.j2").read_text()
    assert not any(key in template for key in kept_by_widgets), "the page keeps no list"
    assert "picture.dataset.kept" in template
    drawn = "".join(
        path.read_text() for path in [*static.glob("*.js"), *static.parent.glob("*.py")]
    )
    for selector in paint_static.KEPT:
        assert f'"{selector.removeprefix(".")}"' in drawn, selector


def test_text_first_over_a_slow_connection(browser: Browser, served: Site) -> None:
    name = CHAPTERS[2]
    page = open_fresh(browser, f"{served.url}/voici/render/{html_name(name)}", slow=True)
    try:
        assert page.locator(LIVE_WIDGET).count() == 0
        expect(page.locator(NOTE).first.locator("span")).to_be_visible()
    finally:
        page.context.close()


def test_every_wheel_has_its_sha256_and_no_index_fallback(site_folder: pathlib.Path) -> None:
    pyodide = site_folder / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    wheels = {p.name for p in pyodide.glob("*.whl")}
    listed = {entry["file_name"]: entry["sha256"] for entry in lock["packages"].values()}
    assert wheels == set(listed)
    for name, sha256 in listed.items():
        assert hashlib.sha256((pyodide / name).read_bytes()).hexdigest() == sha256, name
    settings = json.loads((site_folder / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert set(kernel["loadPyodideOptions"]["packages"]) <= set(lock["packages"])


def test_python_starts_without_what_only_a_terminal_imports(site_folder: pathlib.Path) -> None:
    """Pyodide installs IPython without prompt_toolkit while it starts (only IPython's terminal
    imports it), yet the lock file keeps it, so a cell that imports it still gets it."""
    lock = json.loads((site_folder / "static" / "pyodide" / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    assert "prompt-toolkit" not in packages["ipython"]["depends"]
    assert "prompt_toolkit" in packages["prompt-toolkit"]["imports"]
    preloaded = set(
        json.loads((site_folder / "jupyter-lite.json").read_text())["jupyter-config-data"][
            "litePluginSettings"
        ]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    )
    todo, installed = list(preloaded), set[str]()
    while todo:
        name = todo.pop()
        if name not in installed:
            installed.add(name)
            todo.extend(packages[name]["depends"])
    assert {"prompt-toolkit", "wcwidth"}.isdisjoint(installed)
    assert {"ipython", "pygments", "calypso-tutorial"} <= installed
