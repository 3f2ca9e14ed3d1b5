"""The class deal on students' pages through a real classroom server (issue 33, item 1): two
students open the class link and type their names; when the teacher starts a deal, it appears
on both pages by itself; one answers with the keyboard and the page says only what was sent;
once the teacher shows the answer, each page says what that student earned.

The teacher's side is the board itself here (the desk's own panel has its tests): the deal is
started and shown with the key the board keeps. The best card comes from the brute force
(tests/solver_brute.py) and the reason true of it from :func:`calypso.why.facts`, never from
the page."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_site import ROOT, Site, start_site, stop_site
from playwright.sync_api import Browser, Locator, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solver_brute import card_values

from calypso.board import Board
from calypso.classdeal import Position
from calypso.i18n import card_label, card_text
from calypso.why import facts, question

QUIZ = "08-class-quiz.ipynb"
CODE = "ROOM7"
DRAWN = 60_000
"""How long a page may take to draw its widgets on a busy machine (ms)."""


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Site, Board]]:
    folder = tmp_path_factory.mktemp("class-deal")
    shutil.copy(ROOT / "notebooks" / QUIZ, folder / QUIZ)
    path = folder / "class-data" / "class-board.sqlite"
    site = start_site(
        folder,
        "voila-class-deal.log",
        "--class-size=2",
        "--chapter=08-class-quiz",
        f"--board={path}",
    )
    yield site, Board(path)
    stop_site(site)


def join(browser: Browser, site: Site, name: str) -> tuple[Page, Locator]:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_navigation_timeout(120_000)
    page.goto(site.chapter(QUIZ) + f"#quiz={CODE}.1.1.A.c")
    deal = page.locator(".calypso-class-deal")
    expect(deal).to_be_visible(timeout=DRAWN)
    expect(deal).to_contain_text("Type your name")
    box = page.get_by_label("Your name or initials")
    box.fill(name)
    box.press("Tab")
    expect(deal).to_contain_text("When your teacher starts a class deal, it appears here")
    return page, deal


def test_a_class_deal_reaches_each_student_and_each_reads_their_own_result(
    classroom: tuple[Site, Board], browser: Browser
) -> None:
    site, board = classroom
    position = Position.from_ending(3)
    values = card_values(position.game())
    best = min(card for card, value in values.items() if value == max(values.values()))
    true = facts(position.game())[best]
    reason = next(r for r in question(position.game()).reasons if r in true)
    (ann_page, ann), (_bob_page, bob) = join(browser, site, "Ann"), join(browser, site, "Bob")

    board.start_deal(CODE, board.teacher_key, position)
    for deal in (ann, bob):
        expect(deal).to_contain_text("Class deal 1: your teacher plays this position")
    hand = ann.get_by_role("toolbar", name="Your hand")
    hand.locator("button").first.focus()
    for button in hand.locator("button").all():
        if button.get_attribute("aria-label") == card_label(best):
            break
        ann_page.keyboard.press("ArrowRight")
    ann_page.keyboard.press("Enter")
    expect(ann).to_contain_text(f"Your card: {card_text(best)}")
    ann.get_by_role("radio", name=reason.words).check()
    ann.get_by_role("button", name="Send my answer").click()
    expect(ann).to_contain_text(
        f"Sent: {card_text(best)}. Your teacher shows the answer to the whole class."
    )
    text = ann.inner_text()
    assert not re.search(r"\bcosts?\b|\bpoints\b|best card|Right|✓|✗", text), text

    board.reveal_deal(CODE, board.teacher_key)
    right = f"Right: {card_text(best)} is one of the best cards, and your reason"
    expect(ann).to_contain_text(right)
    expect(bob).to_contain_text("You did not answer this deal.")
    expect(bob).to_contain_text(re.compile(rf"The best cards?: [^.]*{re.escape(card_text(best))}"))
