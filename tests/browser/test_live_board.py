"""The live class board through a real classroom server: a student answers the quiz and an
exercise in Chromium, and the teacher's desk, opened with the key the server printed, shows
them as they come, without a click; a wrong key shows nothing; *Clear this class* empties it.

Expected answers come from the rulings: the quiz's winner is C4's (``c4_winner``), and a right
first answer to an exercise earns three stars."""

from __future__ import annotations

import re
import shutil
import sqlite3
import sys
from pathlib import Path

from live_site import ARTIFACTS, ROOT, Site, start_site, stop_site
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_chapters import c4_winner

from calypso.exercises import make_stage
from calypso.quiz import make_quiz

CHAPTERS = ("06-class-quiz.ipynb", "04-scoring.ipynb", "teachers-desk.ipynb")


def printed(site: Site, label: str) -> str:
    """What the classroom server printed after ``label`` (the board's file, the teacher key)."""
    found = re.search(rf"{label}: (\S+)", site.log.read_text())
    assert found, f"the server printed no {label}"
    return found.group(1)


def answer_puzzle(page: Page, code: str, number: int, *, right: bool = True) -> None:
    trick = make_quiz(code, 1)[number - 1].trick
    winner = c4_winner(trick.leader, list(trick.cards))
    seat = winner if right else next(s for s in "NESW" if s != winner)
    table = page.locator(".calypso-quiz").get_by_role("group", name="Quiz table")
    expect(table.locator(".ct-trick .ct-card")).to_have_count(4)
    table.get_by_role("button", name=f"Choose {seat}").click()
    expect(table.locator(".ct-verdict")).to_contain_text("Right!" if right else "Not quite")


def test_a_class_answers_and_the_desk_shows_it_live(browser: Browser, tmp_path: Path) -> None:
    for name in CHAPTERS:
        shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    board_file = tmp_path / "class-data" / "class-board.sqlite"
    site = start_site(
        tmp_path,
        "voila-board.log",
        "--class-size=1",
        "--chapter=06-class-quiz",
        f"--board={board_file}",
    )
    code = "ROOM7"
    try:
        key = printed(site, "Teacher key")
        student = browser.new_context(viewport={"width": 1280, "height": 900})
        quiz_page = student.new_page()
        quiz_page.set_default_timeout(30_000)
        quiz_page.goto(site.chapter(f"06-class-quiz.ipynb#quiz={code}.1.1"))
        quiz_page.locator(".calypso-quiz").get_by_label("Your name or initials").fill("Ann K")
        answer_puzzle(quiz_page, code, 1)

        # The same browser's exercises now send their stars to the board too, and say so.
        stage_page = student.new_page()
        stage_page.set_default_timeout(30_000)
        stage_page.goto(site.chapter("04-scoring.ipynb"))
        stage = stage_page.locator(".calypso-exercises:has(.ct[data-stage='scoring'])")
        expect(stage).to_contain_text(f"live board, for class {code} as Ann K.")
        first = make_stage("scoring", 1)[0]
        right = next(c.label for c in first.choices if c.key == first.answer)
        stage.get_by_role("button", name=right, exact=True).click()
        expect(stage.get_by_role("status").first).to_contain_text("★★★")

        teacher = browser.new_context(viewport={"width": 1280, "height": 900})
        desk = teacher.new_page()
        desk.set_default_timeout(30_000)
        desk.goto(site.chapter("teachers-desk.ipynb"))
        board = desk.locator(".calypso-widget").filter(has_text="Live class board")
        board.get_by_label("Class shown").fill(code)
        board.get_by_label("Class shown").press("Enter")
        board.get_by_label("Teacher key").fill("not the key")
        board.get_by_role("button", name="Show the class").click()
        expect(board.get_by_role("alert")).to_contain_text("not the teacher's key")
        expect(board.locator("td", has_text="Ann K")).to_have_count(0)
        board.get_by_label("Teacher key").fill(key)
        board.get_by_role("button", name="Show the class").click()
        row = board.locator("tr", has_text="Ann K")
        # student, right of answered, missed (level and version: puzzles), exercise stars
        expect(row.locator("td")).to_have_text(["Ann K", "1 of 1", "", "3"])

        # A second answer reaches the open desk by itself.
        quiz_page.locator(".calypso-quiz").get_by_role("button", name="Next puzzle").click()
        answer_puzzle(quiz_page, code, 2, right=False)
        expect(row.locator("td")).to_have_text(["Ann K", "1 of 2", "1A: 2", "3"], timeout=20_000)
        most = board.locator("[data-most-missed]").get_by_role("link")
        expect(most).to_have_text("puzzle 2 of level 1, version A")
        assert most.get_attribute("href") == f"06-class-quiz.ipynb#quiz={code}.1.2.A.p"
        assert most.evaluate("e => getComputedStyle(e).textDecorationLine") == "underline"
        for width, height in ((1280, 900), (390, 844), (853, 480)):
            desk.set_viewport_size({"width": width, "height": height})
            board.scroll_into_view_if_needed()
            board.screenshot(path=str(ARTIFACTS / f"live-board-{width}.png"))
        stage.screenshot(path=str(ARTIFACTS / "live-board-exercise-note.png"))
        assert printed(site, "Live class board") == str(board_file)
        with sqlite3.connect(board_file) as db:
            rows = db.execute("SELECT COUNT(*) FROM answers WHERE class_code = ?", (code,))
            assert rows.fetchone() == (2,)

        board.get_by_role("button", name="Clear this class").click()
        board.get_by_role("button", name="Yes, clear it").click()
        expect(board).to_contain_text(f"Cleared: 3 answers and stars of {code}")
        expect(board.locator("td", has_text="Ann K")).to_have_count(0)
        student.close()
        teacher.close()
    finally:
        stop_site(site)
