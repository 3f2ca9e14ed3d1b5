"""The teacher's desk in Hungarian, in Chromium under Voila: what a Hungarian teacher sees (no
English word), the students' link to the Hungarian class quiz, a printed sheet in Hungarian, and
lesson-plan links that land on the Hungarian chapters' headings and tricks.

Expected answers come from the rulings (docs/rulings.md): the lesson plan's C4.2 trick is E's
lead of J♦ (E's own trump, C1) ruffed by S's Q♠ (B♦ and D♠ on Hungarian faces).
"""

from __future__ import annotations

import base64
import re

from conftest import Visit
from live_site import Site
from playwright.sync_api import expect
from test_hungarian import ENGLISH, open_hungarian, shown_text

DESK = "teachers-desk.ipynb"


def test_a_hungarian_teacher_sees_the_desk_in_hungarian(visit: Visit, site: Site) -> None:
    page = visit.page
    open_hungarian(page, site, DESK)
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.get_by_role("heading", name="A tanári asztal")).to_be_visible()
    found = sorted({m.group(0) for m in ENGLISH.finditer(shown_text(page))})
    assert found == [], f"English on the Hungarian desk: {found}"
    setup = page.locator(".calypso-desk")
    expect(setup).to_contain_text("Az osztály házi szabálya")
    students = setup.locator("[data-students-link] a")
    expect(students).to_have_attribute(
        "href", re.compile(r"/voila/render/hu/08-class-quiz\.ipynb#quiz=CLASS-1\.1\.1\.A\.c$")
    )
    # The worksheet, as the teacher saves and prints it: a Hungarian page.
    sheet = setup.get_by_role("link", name=re.compile("Feladatlap"))
    data = (sheet.get_attribute("href") or "").split("base64,", 1)[1]
    printed = base64.b64decode(data).decode()
    assert '<html lang="hu">' in printed and "Ki viszi ezt az ütést?" in printed
    words = re.sub(r"<style>.*?</style>|<[^>]*>", " ", printed, flags=re.S)
    assert not ENGLISH.search(words), ENGLISH.findall(words)
    assert visit.console_errors == [] and visit.foreign_requests == []
    visit.screenshot("hu-teachers-desk")


def test_the_lesson_plan_lands_on_hungarian_headings_and_tricks(visit: Visit, site: Site) -> None:
    page = visit.page
    open_hungarian(page, site, DESK)
    page.get_by_role("link", name="Az asztal", exact=True).click()
    page.wait_for_url(re.compile(r"/hu/01-the-table\.ipynb#Hogyan-zajlik-egy-"))
    expect(page.get_by_role("heading", name="Hogyan zajlik egy ütés")).to_be_in_viewport()
    open_hungarian(page, site, DESK)
    page.get_by_role("link", name="B♦ a hívás, D♠ az adu, rejtve").click()
    page.wait_for_url("**/hu/02-who-wins-the-trick.ipynb#trick=E.JD-QS-5D-9D.HDSC.ranked.r.p")
    builder = page.locator(".calypso-widget").filter(has_text="Ütésépítő").first
    cards = builder.locator(".ct-trick .ct-card")
    for i, card in enumerate(("JD", "QS", "5D", "9D")):  # drawn after the first example: wait
        expect(cards.nth(i)).to_have_attribute("data-card", card)
    expect(builder.locator(".ct-winning")).to_have_count(0)  # hidden until Felfedés
    expect(builder.locator(".ct-trick")).to_be_in_viewport()
    assert visit.console_errors == [] and visit.foreign_requests == []
