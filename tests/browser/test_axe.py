"""axe-core, a checker nobody here wrote, on every page at a laptop's and a phone's width, in the
light and the dark colour scheme, under Voila and on the static site: the WCAG 2.0, 2.1 and 2.2
A and AA rules find nothing (issues 17 and 30).

axe-core comes from the axe-playwright-python package and is put into the page by Playwright:
nothing is fetched off the site. It checks the whole rendered page, with nothing left out, as
tests/browser/page_audit.py says: each page opened once, at both widths, in both schemes.

A page that another test opens anyway is audited there, on the page that test opened, since a
page's load is most of its audit's time: every chapter under Voila by test_site.py, on the
static site by test_static_site.py, and the Hungarian chapters by test_hungarian.py. The pages
left (the teacher's desk, and any page none of them opens) are audited here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Visit
from live_site import CHAPTERS, FIRST_WIDGET_MS, ROOT, Site, StaticSite, new_context
from page_audit import WIDTHS, audit_widths, nothing_found
from page_audit import wait_for_widgets as wait_for_widgets  # test_dark_mode.py's, from here
from playwright.sync_api import Browser, BrowserContext
from test_hungarian import PAGES as HUNGARIAN_CHAPTERS

PAGES = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: The Hungarian pages (notebooks/hu/), under Voila.
HUNGARIAN = sorted(f"hu/{p.name}" for p in (ROOT / "notebooks" / "hu").glob("*.ipynb"))
#: The pages no other test opens on the static site (test_static_site.py: every chapter).
STATIC_LEFT = [name for name in PAGES if name not in CHAPTERS]
#: The pages no other test opens under Voila (test_site.py, test_hungarian.py).
VOILA_LEFT = STATIC_LEFT + [h for h in HUNGARIAN if h.removeprefix("hu/") not in HUNGARIAN_CHAPTERS]


def test_every_page_is_audited_once_on_each_site() -> None:
    assert sorted(CHAPTERS + STATIC_LEFT) == PAGES
    assert sorted(CHAPTERS + VOILA_LEFT + [f"hu/{p}" for p in HUNGARIAN_CHAPTERS]) == sorted(
        PAGES + HUNGARIAN
    )


@pytest.mark.parametrize("name", VOILA_LEFT)
def test_voila_page_has_no_wcag_violations(visit: Visit, site: Site, name: str) -> None:
    page = visit.page
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(site.chapter(name))
    wait_for_widgets(page, name)
    nothing_found(name, audit_widths(page))
    assert visit.foreign_requests == []


@pytest.fixture(scope="module")
def static_context(browser: Browser, static_site: StaticSite) -> Iterator[BrowserContext]:
    context = new_context(browser, viewport={"width": WIDTHS[0], "height": 900})
    yield context
    context.close()


@pytest.mark.parametrize("name", STATIC_LEFT)
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
