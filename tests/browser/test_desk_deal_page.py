"""The class deal on the teacher's desk, through a real classroom server and on a projector's
screen (853 x 480, a 1280 x 720 projector at 150 %): the teacher previews chapter 6's first
ending, starts it for the class with the key the server printed, sees two students' answers
arrive card by card with each card's cost (the brute force's, tests/solver_brute.py), shows the
answer, and steps the best line with big cards, the table and its buttons on the one screen;
then the same panel at a phone's 390 px runs off nothing."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from live_site import ARTIFACTS, ROOT, start_site, stop_site
from playwright.sync_api import Browser, expect
from test_projector import HEIGHT, WIDTH, fits

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solver_brute import card_values

from calypso.board import Board
from calypso.classdeal import Position
from calypso.why import question

CODE = "ROOM9"


def test_the_teacher_runs_a_class_deal_and_steps_its_best_line_on_the_projector(
    browser: Browser, tmp_path: Path
) -> None:
    shutil.copy(ROOT / "notebooks" / "teachers-desk.ipynb", tmp_path / "teachers-desk.ipynb")
    board_file = tmp_path / "class-data" / "class-board.sqlite"
    site = start_site(
        tmp_path, "voila-desk-deal.log", "--class-size=1", "--chapter=teachers-desk",
        f"--board={board_file}",
    )  # fmt: skip
    try:
        found = re.search(r"Teacher key: (\S+)", site.log.read_text())
        assert found, "the server printed no teacher key"
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
        desk = context.new_page()
        desk.set_default_timeout(30_000)
        desk.goto(site.chapter("teachers-desk.ipynb"))
        live = desk.locator(".calypso-widget").filter(has_text="Live class board").first
        live.get_by_label("Class shown").fill(CODE)
        live.get_by_label("Class shown").press("Enter")
        live.get_by_label("Teacher key").fill(found.group(1))
        live.get_by_role("button", name="Show the class").click()

        panel = desk.locator(".calypso-desk-deal")
        expect(panel.locator("[data-deal-title]")).to_contain_text("Preview")
        felt = panel.locator(".ct").first
        expect(felt.locator(".ct-hand .ct-card")).to_have_count(3)
        expect(panel).to_contain_text("3 tricks left in this deal")
        panel.get_by_role("button", name="Start it for the class").click()
        expect(panel).to_contain_text("Class deal 1 started")

        # Two students answer (their kernels write to the same board): the split arrives.
        position = Position.from_ending(5)
        values = card_values(position.game())
        best = max(values, key=lambda c: values[c])
        worst = min(values, key=lambda c: values[c])
        asked = question(position.game())
        reason = asked.reasons[0].value if asked.reasons else ""
        students = Board(board_file)
        key = students.current_deal(CODE)
        assert key is not None
        students.answer_deal(CODE, "Ann", key.key, str(best), reason)
        students.answer_deal(CODE, "Bob", key.key, str(worst), reason)
        expect(panel.locator("[data-deal-head]")).to_contain_text(
            "Class deal 1: 2 answers so far", timeout=20_000
        )
        cost = values[best] - values[worst]
        worst_row = panel.locator(f"tr[data-card='{worst}']")
        expect(worst_row).to_contain_text(f"{cost} points")
        expect(worst_row).to_contain_text("Bob")
        expect(panel.locator(f"tr[data-card='{best}']")).to_contain_text("best")
        panel.scroll_into_view_if_needed()
        panel.screenshot(path=str(ARTIFACTS / "desk-deal-split.png"))

        panel.get_by_role("button", name="Show the answer to the class").click()
        expect(panel.locator("[data-deal-head]")).to_contain_text("answer shown")
        panel.get_by_role("button", name="Show the best line").click()
        panel.get_by_text("Big cards for a projector").click()
        expect(felt).to_have_class(re.compile(r"ct-presenter"))
        expect(panel.get_by_role("button", name="Start it for the class")).to_be_hidden()
        next_card = panel.get_by_role("button", name="Next card")
        next_card.click()
        next_card.click()
        expect(felt).to_contain_text("The best line, card 2 of 12")
        expect(felt.locator(".ct-trick .ct-card")).to_have_count(2)
        back = panel.get_by_role("button", name="Previous card")
        fits(desk, felt, "desk-deal", next_card, back)
        back.click()
        expect(felt).to_contain_text("The best line, card 1 of 12")

        desk.set_viewport_size({"width": 390, "height": 844})
        panel.get_by_text("Big cards for a projector").click()
        panel.scroll_into_view_if_needed()
        panel.screenshot(path=str(ARTIFACTS / "desk-deal-390.png"))
        assert panel.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        context.close()
    finally:
        stop_site(site)
