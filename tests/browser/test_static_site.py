"""The static site (`make site`: Voici, Python in the browser) from a plain static file server.

The site is built once per session through the entry point `make site` runs (reusing its cache
under build/static/), then served from _site/ by `python -m http.server` on a free port of
127.0.0.1. Every chapter is opened in one shared browser context, as a student going through
the chapters would (Pyodide starts afresh on every page, about ten seconds): its widgets render,
no request leaves 127.0.0.1, the console shows no error, axe-core finds nothing on it as first
drawn (tests/browser/test_axe.py's audit: both widths, both colour schemes), and one interaction
works as it does under Voila (tests/browser/test_site.py). Time to first widget per chapter goes to
test-artifacts/static-timings.json, a screenshot of each chapter to static-<chapter>.png.
"""

from __future__ import annotations

import json
import pathlib
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from interactions import INTERACTIONS, c7_score
from live_site import (
    ARTIFACTS,
    CHAPTERS,
    FIRST_WIDGET_MS,
    LIVE_WIDGET,
    PICTURE,
    ROOT,
    StaticSite,
    code_cells,
    full_page_screenshot,
    html_name,
    new_context,
)
from page_audit import passes_axe
from playwright.sync_api import Browser, BrowserContext, Page, expect

ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
HUNGARIAN = sorted(f"hu/{p.name}" for p in (ROOT / "notebooks" / "hu").glob("*.ipynb"))
HUNGARIAN_RUN = ["hu/02-who-wins-the-trick.ipynb", "hu/09-auction-calypso.ipynb"]
"""Hungarian pages whose Python runs here too: the catalog's words under Pyodide, in the
trick builder and in the chapter with the most widgets. Their English twins, like every
chapter, run here whole."""
TIMINGS: dict[str, float] = {}


@pytest.fixture(scope="module", autouse=True)
def keep_timings() -> Iterator[None]:
    """Each chapter's first-widget time, written to test-artifacts/ after this file's tests
    by the worker that opened the chapters (the root conftest.py keeps them on one)."""
    yield
    if TIMINGS:
        ARTIFACTS.joinpath("static-timings.json").write_text(json.dumps(TIMINGS, indent=1))


@pytest.fixture(scope="module")
def static_context(browser: Browser, static_site: StaticSite) -> Iterator[BrowserContext]:
    """One context for every chapter, so the browser cache is shared as a student's would be.
    Every request of the context is recorded: pages, the kernel's worker, the service worker."""
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    context.on("request", lambda r: static_site.requests.append(r.url))
    yield context
    context.close()


@dataclass
class StaticVisit:
    page: Page
    site: StaticSite
    console_errors: list[str] = field(default_factory=list)

    def open(self, url: str) -> float:
        """Go to url; the seconds until the first live widget is visible. Returns once every
        cell has run (no picture of a widget is left to click by mistake)."""
        start = time.monotonic()
        self.page.goto(url)
        expect(self.page.locator(LIVE_WIDGET).first).to_be_visible(timeout=FIRST_WIDGET_MS)
        seconds = time.monotonic() - start
        expect(self.page.locator(PICTURE)).to_have_count(0, timeout=FIRST_WIDGET_MS)
        return seconds

    def foreign_requests(self) -> list[str]:
        return [
            url
            for url in self.site.requests
            if not url.startswith((self.site.url + "/", "data:", "blob:"))
        ]

    def screenshot(self, name: str) -> None:
        full_page_screenshot(self.page, ARTIFACTS / f"{name}.png")


@pytest.fixture
def static_visit(static_context: BrowserContext, static_site: StaticSite) -> Iterator[StaticVisit]:
    static_site.requests.clear()
    page = static_context.new_page()
    visit = StaticVisit(page, static_site)
    page.on("console", lambda m: visit.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: visit.console_errors.append(str(e)))
    yield visit
    page.close()


def test_every_chapter_has_an_interaction() -> None:
    assert sorted(INTERACTIONS) == CHAPTERS


@pytest.mark.parametrize("name", CHAPTERS)
def test_static_chapter_renders_works_and_stays_offline(
    static_visit: StaticVisit, static_site: StaticSite, name: str, tmp_path: pathlib.Path
) -> None:
    page = static_visit.page
    TIMINGS[name] = round(static_visit.open(static_site.chapter(name)), 2)
    # one widget per code cell: a framed panel, or a progress view of its own
    widgets = page.locator(".calypso-widget, .pg:not(.calypso-widget .pg)")
    expect(widgets).to_have_count(code_cells(name), timeout=60_000)
    # axe-core on the page as first drawn, here rather than on a page of its own: Pyodide's
    # start is most of a static page's load
    passes_axe(page, name, f"{name} (static site)")
    INTERACTIONS[name](page, tmp_path)
    static_visit.screenshot("static-" + name.removesuffix(".ipynb"))
    assert page.locator(ERROR_OUTPUT).count() == 0
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error" not in body.replace("error", "")
    assert "import" not in body, "code cells must not be shown"
    assert static_visit.console_errors == []
    assert static_visit.foreign_requests() == []


def test_static_front_page_opens_the_welcome_chapter_and_every_contents_link_works(
    static_visit: StaticVisit, static_site: StaticSite
) -> None:
    page = static_visit.page
    page.goto(static_site.url + "/")
    page.wait_for_url("**/voici/render/00-welcome.html")
    expect(page.locator(LIVE_WIDGET).first).to_be_visible(timeout=FIRST_WIDGET_MS)
    expect(page.get_by_role("heading", name="Calypso: a rules tutorial")).to_be_visible()
    links = page.locator("#Contents ~ ol a, h2:has-text('Contents') + ol a")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert hrefs == [html_name(c) for c in CHAPTERS[1:]]
    for href in hrefs:
        response = page.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
        assert response.ok, href
    assert static_visit.console_errors == []
    assert static_visit.foreign_requests() == []


def test_static_links_and_stars_work_without_a_server(
    static_visit: StaticVisit, static_site: StaticSite
) -> None:
    """A link names chapter 04's stage 5, exercise 3; a right answer (worked out from the facts
    shown and C7's figures) earns three stars, which a reload keeps."""
    page = static_visit.page
    static_visit.open(static_site.chapter("04-scoring.ipynb") + "#ex=5.2")
    stage = page.locator(".calypso-exercises:has(.ct[data-stage='scoring'])")  # the closing stage
    expect(stage.get_by_text("Exercise 3 of 5")).to_be_visible(timeout=60_000)
    total = c7_score(stage)
    stage.get_by_role("button", name=f"{total:,}", exact=True).click()
    expect(stage.get_by_text(f"Right: {total:,}.")).to_be_visible(timeout=30_000)
    expect(stage.locator(".pg-tally")).to_contain_text("3 of 15")
    page.reload()
    expect(stage.locator(".pg-tally")).to_contain_text("3 of 15", timeout=FIRST_WIDGET_MS)
    expect(page).to_have_url(re.compile(r"#ex=5\.2$"))
    assert static_visit.console_errors == []
    assert static_visit.foreign_requests() == []


def hungarian_notes(page: Page, name: str) -> None:
    """A Hungarian page (under hu/, beside its English twin) holds each widget's place with a
    Hungarian note, none for the cell that only sets the language."""
    notes = page.locator(".calypso-waiting-note")
    expect(notes.first).to_have_text("A lapok előkészítése folyik…")
    assert notes.count() == code_cells(name) - 1, name
    assert "Getting the cards ready" not in page.inner_text("body"), name


def test_every_static_hungarian_page_waits_in_hungarian(
    browser: Browser, static_site: StaticSite
) -> None:
    """Every Hungarian page as it arrives, before Python is up (Pyodide's WebAssembly is
    refused, so it never is). The build's pictures ran each page's Python whole already."""
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    for name in HUNGARIAN:
        page.goto(static_site.chapter(name))
        hungarian_notes(page, name)
    context.close()


@pytest.mark.parametrize("name", HUNGARIAN_RUN)
def test_static_hungarian_page_waits_in_hungarian_then_shows_its_widgets(
    static_visit: StaticVisit, static_site: StaticSite, name: str
) -> None:
    """A Hungarian page's notes give way to every widget, its Python speaking Hungarian."""
    page = static_visit.page
    page.goto(static_site.chapter(name))
    hungarian_notes(page, name)
    notes = page.locator(".calypso-waiting-note")
    widgets = page.locator(".calypso-widget, .pg:not(.calypso-widget .pg)")
    expect(widgets).to_have_count(code_cells(name) - 1, timeout=FIRST_WIDGET_MS)
    expect(notes).to_have_count(0, timeout=60_000)
    assert page.locator(ERROR_OUTPUT).count() == 0
    assert static_visit.console_errors == []
    assert static_visit.foreign_requests() == []


GETTING_READY = "Getting the table ready: it will answer in a few seconds."
"""What a tap on a picture says (the calypso template's words, getting_ready)."""


def phone_page(browser: Browser, python: bool) -> Page:
    """A fresh phone (390 px, touch) page; without python its browser never gets Pyodide's
    WebAssembly, so the page stays as it is before Python is up."""
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    if not python:
        context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    return page


def tap_a_picture(page: Page, across: float = 0.3) -> tuple[float, float]:
    """Tap the first picture with a card, ``across`` its width: where it was tapped."""
    picture = page.locator(f"{PICTURE}:not([hidden]):has(.ct-card)").first
    expect(picture).to_be_visible()
    picture.scroll_into_view_if_needed()
    box = picture.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] * across, box["y"] + min(box["height"] * 0.6, 300)
    page.touchscreen.tap(x, y)
    return x, y


def test_a_tap_on_a_picture_says_by_the_finger_that_the_table_is_getting_ready(
    browser: Browser, static_site: StaticSite
) -> None:
    page = phone_page(browser, python=False)
    try:
        page.goto(static_site.chapter("02-who-wins-the-trick.ipynb"))
        x, y = tap_a_picture(page)
        label = page.locator(".calypso-tap-note")
        expect(label).to_be_visible()
        expect(label).to_have_text(GETTING_READY)
        box = label.bounding_box()
        assert box is not None
        assert box["x"] <= x <= box["x"] + box["width"], "across the point tapped"
        assert 0 < y - (box["y"] + box["height"]) <= 40, "just above the finger"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, "on the screen"
        # said to screen readers, in a status line that was there before the tap
        expect(page.get_by_role("status").filter(has_text=GETTING_READY)).to_have_count(1)
        full_page_screenshot(page, ARTIFACTS / "static-tap-note.png", 390)
        # a second tap moves the one label there
        x, y = tap_a_picture(page, across=0.8)
        expect(label).to_have_count(1)
        moved = label.bounding_box()
        assert moved is not None and moved["x"] > box["x"]
        assert moved["x"] <= x <= moved["x"] + moved["width"]
    finally:
        page.context.close()


def test_the_tap_label_goes_when_the_live_widget_takes_the_pictures_place(
    browser: Browser, static_site: StaticSite
) -> None:
    page = phone_page(browser, python=True)
    try:
        page.goto(static_site.chapter("02-who-wins-the-trick.ipynb"))
        tap_a_picture(page)
        label = page.locator(".calypso-tap-note")
        expect(label).to_have_text(GETTING_READY)
        expect(page.locator(LIVE_WIDGET).first).to_be_visible(timeout=FIRST_WIDGET_MS)
        expect(page.locator(PICTURE)).to_have_count(0, timeout=FIRST_WIDGET_MS)
        expect(label).to_have_count(0)
    finally:
        page.context.close()
