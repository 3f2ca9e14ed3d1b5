"""A class of three browsers through one class deal (issue 33), on a real classroom server:
the teacher's desk on a projector's screen (853 x 480, a 1280 x 720 projector at 150 %), Ann
on a phone (390 px) and Bob on a laptop, both by the class link.

The teacher previews chapter 6's first ending and starts it; it reaches both students' pages
by itself. Ann answers by keyboard with the best card and a reason true of it, Bob with the
worst card by mouse; each page says only what was sent. The desk shows the split as answers
arrive, each card's cost and who chose it; *Show the answer to the class* lets each page show
its student's own mark; *Show the best line* steps with big cards, table and buttons on one
screen. The best and worst cards and their costs come from the brute force
(tests/solver_brute.py), the true reasons from :func:`calypso.lessons.why.facts`, never from a
page."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from live_site import ARTIFACTS, ROOT, Site, new_context, start_site, stop_site
from playwright.sync_api import Browser, Locator, Page, expect
from test_projector import HEIGHT, WIDTH, fits

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solver_brute import card_values

from calypso.classroom.classdeal import Position
from calypso.i18n import card_label, card_text
from calypso.lessons.why import facts, question

QUIZ = "08-class-quiz.ipynb"
DESK = "teachers-desk.ipynb"
CODE = "ROOM9"
DRAWN = 90_000
"""How long a page may take to draw its widgets on a busy machine (ms)."""
WORTH = re.compile(r"\bcosts?\b|\bpoints?\b|best card|\bRight\b|✓|✗")
"""Words that would tell a student something about the answer before the reveal."""


def join(browser: Browser, site: Site, name: str, width: int, height: int) -> tuple[Page, Locator]:
    """A student opens the class link, types a name: the class deal waits for the teacher."""
    page = new_context(browser, viewport={"width": width, "height": height}).new_page()
    page.goto(site.chapter(QUIZ) + f"#quiz={CODE}.1.1.A.c")
    deal = page.locator(".calypso-class-deal")
    expect(deal).to_contain_text("Type your name", timeout=DRAWN)
    box = page.get_by_label("Your name or initials")
    box.fill(name)
    box.press("Tab")
    expect(deal).to_contain_text("When your teacher starts a class deal, it appears here")
    return page, deal


def test_a_class_of_three_browsers_plays_one_deal(browser: Browser, tmp_path: Path) -> None:
    for name in (QUIZ, DESK):
        shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    board_file = tmp_path / "class-data" / "class-board.sqlite"
    site = start_site(
        tmp_path, "voila-class-deal.log", "--class-size=2", "--chapter=08-class-quiz",
        f"--board={board_file}",
    )  # fmt: skip
    position = Position.from_ending(5)  # the desk's ending 1: chapter 6's first problem
    values = card_values(position.game())
    top = max(values.values())
    best = min(card for card, value in values.items() if value == top)
    worst = min(values, key=lambda card: (values[card], str(card)))
    reason = next(r for r in question(position.game()).reasons if r in facts(position.game())[best])
    try:
        found = re.search(r"Teacher key: (\S+)", site.log.read_text())
        assert found, "the server printed no teacher key"
        desk = new_context(browser, viewport={"width": WIDTH, "height": HEIGHT}).new_page()
        desk.goto(site.chapter(DESK))
        setup = desk.get_by_label("Class code").first
        setup.fill(CODE)
        setup.press("Enter")
        live = desk.locator(".calypso-widget").filter(has_text="Live class board").first
        live.get_by_label("Teacher key").fill(found.group(1))
        live.get_by_role("button", name="Show the class").click()
        (ann_page, ann), (_bob_page, bob) = (
            join(browser, site, "Ann", 390, 844),
            join(browser, site, "Bob", 1280, 900),
        )

        panel = desk.locator(".calypso-desk-deal")
        expect(panel).to_contain_text("3 tricks left in this deal")
        panel.get_by_role("button", name="Start it for the class").click()
        for deal in (ann, bob):
            expect(deal).to_contain_text("Class deal 1: your teacher plays this position")

        # Ann, on her phone, by keyboard: the best card, a reason true of it.
        hand = ann.get_by_role("toolbar", name="Your hand")
        hand.locator("button").first.focus()
        for button in hand.locator("button").all():
            if button.get_attribute("aria-label") == card_label(best):
                break
            ann_page.keyboard.press("ArrowRight")
        ann_page.keyboard.press("Enter")
        expect(ann).to_contain_text(f"Your card: {card_text(best)}")
        expect(hand.locator(".ct-marked-chosen")).to_have_count(1)
        ann.get_by_role("radio", name=reason.words).check()
        ann.get_by_role("button", name="Send my answer").click()
        # Bob, by mouse: the worst card (and the first reason offered).
        bob.get_by_role("toolbar", name="Your hand").get_by_role(
            "button", name=card_label(worst)
        ).click()
        bob.get_by_role("radio").first.check()
        bob.get_by_role("button", name="Send my answer").click()
        for deal, card in ((ann, best), (bob, worst)):
            expect(deal).to_contain_text(f"Sent: {card_text(card)}. Your teacher shows the answer")
            assert not WORTH.search(deal.inner_text()), deal.inner_text()
        ann.screenshot(path=str(ARTIFACTS / "class-deal-student-sent-390.png"))

        # The desk: the split as it arrives, each card's cost from the brute force.
        expect(panel.locator("[data-deal-head]")).to_contain_text(
            "Class deal 1: 2 answers so far", timeout=20_000
        )
        worst_row = panel.locator(f"tr[data-card='{worst}']")
        expect(worst_row).to_contain_text(f"{top - values[worst]} points")
        expect(worst_row).to_contain_text("Bob")
        expect(panel.locator(f"tr[data-card='{best}']")).to_contain_text("Ann")
        panel.scroll_into_view_if_needed()
        panel.screenshot(path=str(ARTIFACTS / "class-deal-desk-split.png"))

        panel.get_by_role("button", name="Show the answer to the class").click()
        expect(ann).to_contain_text(
            f"Right: {card_text(best)} is one of the best cards, and your reason is true of it."
        )
        expect(bob).to_contain_text(f"{card_text(worst)} costs {top - values[worst]} points")
        expect(bob).to_contain_text(re.compile(rf"The best cards?: [^.]*{card_text(best)}"))
        ann.screenshot(path=str(ARTIFACTS / "class-deal-student-shown-390.png"))

        panel.get_by_role("button", name="Show the best line").click()
        panel.get_by_text("Big cards for a projector").click()
        felt = panel.locator(".ct").first
        expect(felt).to_have_class(re.compile(r"ct-presenter"))
        next_card = panel.get_by_role("button", name="Next card")
        next_card.click()
        next_card.click()
        expect(felt).to_contain_text("The best line, card 2 of 12")
        expect(felt.locator(".ct-trick .ct-card")).to_have_count(2)
        fits(desk, felt, "class-deal", next_card, panel.get_by_role("button", name="Previous card"))

        desk.set_viewport_size({"width": 390, "height": 844})
        panel.get_by_text("Big cards for a projector").click()
        panel.scroll_into_view_if_needed()
        assert panel.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        assert live.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    finally:
        stop_site(site)
