"""The live class board through a real classroom server: a student starts the quiz, answers and
does an exercise in Chromium, and the teacher's desk, opened with the key the server printed,
shows her from the moment she starts, then her answers and her stars per chapter as they come,
without a click; each missed rule with its words; a puzzle as missed most only once it stands
out; a wrong key shows nothing; *Clear this class* empties it.

Expected answers come from the rulings: the quiz's winner is C4's (``c4_winner``), a rule's
words are the glossary's, and a right first answer to an exercise earns three stars."""

from __future__ import annotations

import re
import shutil
import sqlite3
import sys
from pathlib import Path

from live_site import ARTIFACTS, ROOT, Site, new_context, start_site, stop_site
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_chapters import c4_winner

from calypso.classroom.board import Board
from calypso.lessons.chapters import find_chapter
from calypso.lessons.exercises import make_stage
from calypso.lessons.glossary import rule_words
from calypso.lessons.quiz import make_quiz

CHAPTERS = ("08-class-quiz.ipynb", "04-scoring.ipynb", "teachers-desk.ipynb")


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
        "--chapter=08-class-quiz",
        f"--board={board_file}",
    )
    code = "ROOM7"
    try:
        key = printed(site, "Teacher key")
        # A student types her name and starts the quiz: she is on the board before any answer.
        student = new_context(browser, viewport={"width": 1280, "height": 900})
        quiz_page = student.new_page()
        quiz_page.goto(site.chapter(f"08-class-quiz.ipynb#quiz={code}.1.1"))
        quiz = quiz_page.locator(".calypso-quiz")
        quiz.get_by_label("Your name or initials").fill("Ann K")
        quiz.get_by_role("button", name="Start the quiz").click()

        teacher = new_context(browser, viewport={"width": 1280, "height": 900})
        desk = teacher.new_page()
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
        # student, quiz progress, missed (level and version: puzzles), stars per chapter
        expect(row.locator("td")).to_have_text(["Ann K", "joined, no answer yet", "—", "—"])
        board.scroll_into_view_if_needed()
        board.screenshot(path=str(ARTIFACTS / "live-board-joined.png"))

        # Her first answer, and then her stars in chapter 04, reach the open desk by themselves.
        answer_puzzle(quiz_page, code, 1)
        expect(row.locator("td")).to_have_text(
            ["Ann K", "answered 1 of 10, 1 right so far", "—", "—"], timeout=20_000
        )
        stage_page = student.new_page()
        stage_page.goto(site.chapter("04-scoring.ipynb"))
        stage = stage_page.locator(".calypso-exercises:has(.ct[data-stage='scoring'])")
        expect(stage).to_contain_text(f"live board, for class {code} as Ann K.")
        first = make_stage("scoring", 1)[0]
        right = next(c.label for c in first.choices if c.key == first.answer)
        stage.get_by_role("button", name=right, exact=True).click()
        expect(stage.get_by_role("status").first).to_contain_text("★★★")
        chapter = find_chapter("scoring")  # the stage's chapter: 04
        expect(row.locator("td").nth(3)).to_have_text(f"{chapter.number:02d} ★3", timeout=20_000)
        legend = board.locator("[data-star-chapters]")
        expect(legend).to_contain_text(f"{chapter.number:02d} {chapter.title}")

        # One miss is nobody's pattern: no puzzle stands out yet.
        quiz.get_by_role("button", name="Next puzzle").click()
        answer_puzzle(quiz_page, code, 2, right=False)
        expect(row.locator("td")).to_have_text(
            ["Ann K", "answered 2 of 10, 1 right so far", "1A: 2", f"{chapter.number:02d} ★3"],
            timeout=20_000,
        )
        expect(board.locator("[data-most-missed]")).to_contain_text("No puzzle stands out yet")
        expect(board.locator("[data-most-missed]").get_by_role("link")).to_have_count(0)
        # Each rule missed is named with its words (docs/rulings.md, through the glossary).
        rule = make_quiz(code, 1)[1].result.rule.value
        missed = board.locator(f"li[data-rule-misses='{rule}']")
        expect(missed).to_have_text(f"{rule} ({rule_words(rule)}): missed 1 time")

        # Two more students miss puzzle 2 (their kernels write to the same board): three of
        # the three who answered it missed it, so it stands out.
        others = Board(board_file)
        trick = make_quiz(code, 1)[1].trick
        wrong = next(s for s in "NESW" if s != c4_winner(trick.leader, list(trick.cards)))
        for name in ("Bea", "Cy"):
            others.arrive(code, name, 1, "A")
            others.record(code, name, 1, "A", 2, wrong)
        most = board.locator("[data-most-missed]").get_by_role("link")
        expect(most).to_have_text("puzzle 2 of level 1, version A", timeout=20_000)
        expect(board.locator("[data-most-missed] li")).to_have_text(
            "puzzle 2 of level 1, version A: missed by 3 of the 3 who answered it"
        )
        expect(missed).to_have_text(f"{rule} ({rule_words(rule)}): missed 3 times")
        assert most.get_attribute("href") == f"08-class-quiz.ipynb#quiz={code}.1.2.A.p"
        assert most.evaluate("e => getComputedStyle(e).textDecorationLine") == "underline"
        # A class list's order.
        expect(board.locator("tbody tr td:first-child")).to_have_text(["Ann K", "Bea", "Cy"])
        for width, height in ((1280, 900), (390, 844), (853, 480)):
            desk.set_viewport_size({"width": width, "height": height})
            board.scroll_into_view_if_needed()
            board.screenshot(path=str(ARTIFACTS / f"live-board-{width}.png"))
            # Nothing of the board runs off a phone's screen: a wide table scrolls inside.
            assert board.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        stage.screenshot(path=str(ARTIFACTS / "live-board-exercise-note.png"))
        assert printed(site, "Live class board") == str(board_file)
        with sqlite3.connect(board_file) as db:
            rows = db.execute("SELECT COUNT(*) FROM answers WHERE class_code = ?", (code,))
            assert rows.fetchone() == (4,)

        desk.set_viewport_size({"width": 1280, "height": 900})
        board.get_by_role("button", name="Clear this class").click()
        board.get_by_role("button", name="Yes, clear it").click()
        expect(board).to_contain_text(f"Cleared: 5 answers and stars of {code}")
        expect(board.locator("td", has_text="Ann K")).to_have_count(0)
        student.close()
        teacher.close()
    finally:
        stop_site(site)
