"""Chapters 00 to 07 in Hungarian, in Chromium under Voila: the language switch (in the
address and kept in the browser), Hungarian words and no English ones on the pages, and the
widgets answering in Hungarian.

Expected answers come from the rulings (docs/rulings.md): C1 default trumps N♥ E♦ S♠ W♣; E
leads J♦ (E's own trump) and S ruffs with Q♠: S wins by C4.2 (Dél, D♠ in Hungarian).
"""

from __future__ import annotations

import pathlib
import re

import pytest
from conftest import Visit
from live_site import Site, code_cells
from page_audit import passes_axe
from playwright.sync_api import Page, expect

from calypso import i18n

PAGES = sorted(p.name for p in (pathlib.Path(__file__).parents[2] / "notebooks/hu").glob("*.ipynb"))
WIDGETS = ".calypso-widget, .pg:not(.calypso-widget .pg)"
#: English words a Hungarian page must not show (proper names and card letters are allowed).
ENGLISH = re.compile(
    r"\b(the|and|of|with|to|are|wins?|winning|trick|tricks|partner|opponent|hearts|spades|"
    r"clubs|diamonds|queen|jack|king|ace|seat|card|cards|hand|Next|Previous|Reveal|Copy|link|"
    r"Exercises?|Practice|stars?|Chapter|your|you|Rules|Leader|seed|Undo|Clear|Welcome|"
    r"Contents|not|yet|played|follow|ruff\w*|lead|leads|led)\b"
)


def widgets(name: str) -> int:
    """The widgets a Hungarian page draws: one per code cell but the one choosing the language."""
    return code_cells(name) - 1


def open_hungarian(page: Page, site: Site, name: str) -> None:
    page.goto(site.chapter(f"hu/{name}"))
    expect(page.locator(WIDGETS)).to_have_count(widgets(f"hu/{name}"), timeout=60_000)
    page.wait_for_load_state("networkidle")


def shown_text(page: Page) -> str:
    """The page's text, without the rulings' ids (C4.1, C5.ruff-wins): ids, not words, the
    same in every language as in docs/rulings.md."""
    return re.sub(r"C\d\.(?:\d+|ruff-wins)", " ", page.locator("body").inner_text())


@pytest.mark.parametrize("name", PAGES)
def test_a_hungarian_chapter_speaks_hungarian_only(visit: Visit, site: Site, name: str) -> None:
    page = visit.page
    open_hungarian(page, site, name)
    # axe-core on the page as first drawn (tests/browser/test_axe.py's audit), here rather
    # than on a page of its own
    passes_axe(page, f"hu/{name}", f"hu/{name}")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    text = shown_text(page)
    for word in ("Calypso", "ütés" if name != "00-welcome.ipynb" else "Tartalom"):
        assert word.lower() in text.lower()
    found = sorted({m.group(0) for m in ENGLISH.finditer(text)})
    assert found == [], f"English on hu/{name}: {found}"
    switch = page.locator("nav.calypso-language a")
    expect(switch).to_have_text("English")
    expect(switch).to_have_attribute("lang", "en")
    assert visit.console_errors == [] and visit.foreign_requests == []
    visit.screenshot(f"hu-{name.removesuffix('.ipynb')}")


def test_the_switch_keeps_the_language_in_the_address_and_in_the_browser(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    page.goto(site.chapter("01-the-table.ipynb"))
    switch = page.locator("nav.calypso-language a")
    expect(switch).to_have_text("Magyar")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch.click()
    page.wait_for_url(re.compile(r"/voila/render/hu/01-the-table\.ipynb"))
    expect(page.get_by_role("heading", name="1. Az asztal")).to_be_visible()
    assert page.evaluate("localStorage.getItem('calypso-language')") == "hu"
    # The next English chapter opened in this browser opens in Hungarian.
    page.goto(site.chapter("02-who-wins-the-trick.ipynb"))
    page.wait_for_url(re.compile(r"/voila/render/hu/02-who-wins-the-trick\.ipynb"))
    expect(page.get_by_role("heading", name="2. Ki viszi az ütést?")).to_be_visible()
    # So does the teacher's desk, a page that is no chapter.
    page.goto(site.chapter("teachers-desk.ipynb"))
    page.wait_for_url(re.compile(r"/voila/render/hu/teachers-desk\.ipynb"))
    expect(page.get_by_role("heading", name="A tanári asztal")).to_be_visible()
    # Back to English: the choice is kept, and the English page stays English.
    page.goto(site.chapter("hu/00-welcome.ipynb"))
    page.locator("nav.calypso-language a").click()
    page.wait_for_url(re.compile(r"/voila/render/00-welcome\.ipynb"))
    assert page.evaluate("localStorage.getItem('calypso-language')") == "en"
    page.goto(site.chapter("01-the-table.ipynb"))
    expect(page.get_by_role("heading", name="1. The table")).to_be_visible()
    assert page.url.endswith("/voila/render/01-the-table.ipynb")
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_the_trick_builder_answers_in_hungarian_and_the_switch_keeps_its_trick(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    open_hungarian(page, site, "02-who-wins-the-trick.ipynb")
    builder = page.locator(".calypso-widget").filter(has_text="Ütésépítő").first
    with i18n.language("hu"):
        from calypso.lessons.examples import WORKED_EXAMPLES

        title = next(e for e in WORKED_EXAMPLES if e.key == "jack-diamonds-queen-spades").words()
    builder.get_by_role("button", name=title[0]).click()
    expect(builder.locator(".ct-winning .ct-card")).to_have_attribute("data-card", "QS")
    verdict = builder.locator(".ct-verdict")
    expect(verdict).to_contain_text("Dél viszi az ütést: D♠")  # Dél in full: D is the queen too
    expect(verdict.locator("[data-rule]")).to_have_text("C4.2")
    expect(builder.locator(".cp-action").first).to_have_text("Vissza")
    # The switch carries the trick in the address to the English page.
    page.locator("nav.calypso-language a").click()
    page.wait_for_url(re.compile(r"/voila/render/02-who-wins-the-trick\.ipynb#.*trick="))
    english = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    expect(english.locator(".ct-verdict")).to_contain_text("S wins with Q♠")
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_an_exercise_says_why_a_wrong_seat_is_wrong_in_hungarian(visit: Visit, site: Site) -> None:
    page = visit.page
    open_hungarian(page, site, "01-the-table.ipynb")
    stage = page.locator(".calypso-exercises").first
    expect(stage.locator(".ct-question")).to_contain_text("Ki ")
    seats = stage.locator(".ct-seat.ct-pickable")
    expect(seats).to_have_count(4)
    names = seats.locator(".ct-name").all_inner_texts()
    assert sorted(names) == sorted(["É", "K", "D", "Ny"])
    for seat in range(4):  # try seats until the right one: every wrong one is told in Hungarian
        stage.locator(".ct-seat.ct-pickable").nth(seat).click()
        page.wait_for_timeout(300)
        if stage.locator(".ct-feedback[data-verdict='right']").count():
            break
        expect(stage.locator(".ct-feedback")).to_have_text("Nem ez.")
    expect(stage.locator(".ct-feedback")).to_contain_text("Helyes:")
    assert not ENGLISH.search(stage.inner_text())
