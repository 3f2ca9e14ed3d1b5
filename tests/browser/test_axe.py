"""axe-core, a checker nobody here wrote, on every page at a laptop's and a phone's width, in the
light and the dark colour scheme, under Voila and on the static site: the WCAG 2.0, 2.1 and 2.2
A and AA rules find nothing (issues 17 and 30).

axe-core comes from the axe-playwright-python package and is put into the page by Playwright:
nothing is fetched off the site. It checks the whole rendered page, with nothing left out.
Each page is opened once, at 1280 px, checked, then narrowed to 390 px and checked again (the
site's phone layout is CSS media queries and widgets that follow their box's size, so it is the
same page a phone opens). The dark scheme is CSS media queries too (prefers-color-scheme), so
at each width the page is checked in the light scheme, then switched to the dark one
(Playwright's emulated media) and checked again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import pytest
from accessibility import audit, report
from conftest import Visit
from live_site import FIRST_WIDGET_MS, PICTURE, ROOT, Site, StaticSite, code_cells
from playwright.sync_api import Browser, BrowserContext, Page, expect

PAGES = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: The Hungarian pages (notebooks/hu/), under Voila.
HUNGARIAN = sorted(f"hu/{p.name}" for p in (ROOT / "notebooks" / "hu").glob("*.ipynb"))
WIDTHS = (1280, 390)
Scheme = Literal["light", "dark"]
SCHEMES: tuple[Scheme, ...] = ("light", "dark")
#: One widget per code cell: a framed panel, or a progress view of its own.
WIDGETS = ".calypso-widget, .pg:not(.calypso-widget .pg)"


def wait_for_widgets(page: Page, name: str, timeout: float = 30_000) -> None:
    """Every code cell of the page has drawn its widget (but a Hungarian page's first, which
    chooses the language), and the page has settled: nothing more to load, and two frames drawn
    since (the page's script names controls on the next frame)."""
    count = code_cells(name) - (1 if name.startswith("hu/") else 0)
    expect(page.locator(PICTURE)).to_have_count(0, timeout=timeout)  # the static site's
    expect(page.locator(WIDGETS)).to_have_count(count, timeout=timeout)
    settle(page)


def audit_schemes(page: Page) -> dict[Scheme, list[dict[str, Any]]]:
    """axe-core's violations on the page as it is now, in each colour scheme (it is left in the
    light one)."""
    found = {}
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        settle(page)
        found[scheme] = audit(page)
    page.emulate_media(color_scheme="light")
    return found


def settle(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def audit_widths(page: Page) -> dict[tuple[int, Scheme], list[dict[str, Any]]]:
    """axe-core's violations on the drawn page at each width, in each colour scheme."""
    found = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        settle(page)
        for scheme, violations in audit_schemes(page).items():
            found[width, scheme] = violations
    return found


def nothing_found(name: str, found: dict[tuple[int, Scheme], list[dict[str, Any]]]) -> None:
    assert found == {(w, s): [] for w in WIDTHS for s in SCHEMES}, "\n".join(
        f"{name} at {w} px, {s} scheme:\n{report(v)}" for (w, s), v in found.items() if v
    )


@pytest.mark.parametrize("name", PAGES + HUNGARIAN)
def test_voila_page_has_no_wcag_violations(visit: Visit, site: Site, name: str) -> None:
    page = visit.page
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(site.chapter(name))
    wait_for_widgets(page, name)
    nothing_found(name, audit_widths(page))
    assert visit.foreign_requests == []


@pytest.fixture(scope="module")
def static_context(browser: Browser, static_site: StaticSite) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900})
    yield context
    context.close()


@pytest.mark.parametrize("name", PAGES)
def test_static_page_has_no_wcag_violations(
    static_context: BrowserContext, static_site: StaticSite, name: str
) -> None:
    page = static_context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(static_site.chapter(name))
        wait_for_widgets(page, name, timeout=FIRST_WIDGET_MS)
        found = audit_widths(page)
    finally:
        page.close()
    nothing_found(f"{name} (static site)", found)
    own = (static_site.url + "/", "data:", "blob:")
    assert [url for url in requests if not url.startswith(own)] == []
