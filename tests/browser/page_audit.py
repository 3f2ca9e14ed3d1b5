"""axe-core on a whole drawn page at a laptop's and a phone's width, in the light and the dark
colour scheme: the audit of every page (tests/browser/test_axe.py), run by the test that opens
the page anyway where there is one (a chapter's load is most of its audit's time).

The page is checked at 1280 px, then narrowed to 390 px and checked again (the site's phone
layout is CSS media queries and widgets that follow their box's size, so it is the same page a
phone opens); at each width in the light scheme, then the dark one (Playwright's emulated
media, prefers-color-scheme).

>>> [(width, scheme) for width in WIDTHS for scheme in SCHEMES][1]
(1280, 'dark')
"""

from __future__ import annotations

from typing import Any, Literal

from accessibility import audit, report
from live_site import PICTURE, code_cells
from playwright.sync_api import Page, expect

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


def settle(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


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


def passes_axe(page: Page, name: str, said: str, timeout: float = 30_000) -> None:
    """Once every widget of the page ``name`` is drawn, axe-core finds nothing on it at either
    width in either scheme (``said``: the page, in a failure's message); the page is left as
    it was opened, 1280 by 900 px in the light scheme."""
    wait_for_widgets(page, name, timeout)
    nothing_found(said, audit_widths(page))
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
