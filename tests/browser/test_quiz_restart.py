"""A class quiz through a classroom server restart: three students (one on a 390 px phone)
answer part of the quiz; the server stops and starts again on the same port with the same board;
every page says that its connection is lost, then that the server is back, with a Reload
button; after the reload each student's name, answers, score and place are back, and they
finish; each result code agrees with the board's view of that student. On the phone, *Next
puzzle* keeps the puzzle line and the trick in view.

Every expected winner comes from the engine (``make_quiz``), never from what a page shows."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from live_site import ARTIFACTS, ROOT, Site, answering, free_port, new_context, stop_site
from playwright.sync_api import Browser, Locator, Page, expect

from calypso.classroom.board import Board
from calypso.classroom.results import decode_result
from calypso.lessons.quiz import make_quiz
from calypso.widgets.quiz import QuizLink

QUIZ = "08-class-quiz.ipynb"
CODE = "ROOM5"
PUZZLES = make_quiz(CODE, 1)
DRAWN = 90_000
"""How long a page may take to draw its widgets on a busy machine, or to come back (ms)."""


@dataclass
class Student:
    name: str
    width: int
    height: int
    before: int
    """How many puzzles the student answers before the restart."""

    def seat(self, number: int) -> str:
        """The seat this student chooses for puzzle ``number``: the engine's winner, except
        for every third puzzle, where another seat."""
        winner = PUZZLES[number - 1].answer
        return winner if number % 3 else next(s for s in "NESW" if s != winner)

    def right(self, upto: int) -> int:
        return sum(self.seat(n) == PUZZLES[n - 1].answer for n in range(1, upto + 1))


STUDENTS = (
    Student("Ann K", 1280, 900, before=4),
    Student("Bo", 390, 844, before=3),
    Student("Csilla", 1280, 900, before=5),
)


@dataclass
class Classroom:
    folder: Path
    board: Path
    port: int
    site: Site = field(init=False)

    def start(self) -> None:
        """The classroom server on its port, with its board (again, after a stop)."""
        log = ARTIFACTS / "voila-quiz-restart.log"
        process = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "site" / "serve.py"),
                f"--port={self.port}",
                f"--notebooks={self.folder}",
                "--class-size=1",
                "--chapter=08-class-quiz",
                f"--board={self.board}",
                "--refill-after=5",  # the pool of preheated kernels refills in seconds
            ],
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.site = answering(Site(f"http://127.0.0.1:{self.port}", process, log))


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    folder = tmp_path_factory.mktemp("quiz-restart")
    shutil.copy(ROOT / "notebooks" / QUIZ, folder / QUIZ)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "voila-quiz-restart.log").unlink(missing_ok=True)
    room = Classroom(folder, folder / "class-data" / "class-board.sqlite", free_port())
    room.start()
    yield room
    if room.site.process.poll() is None:
        stop_site(room.site)


def quiz_of(page: Page) -> Locator:
    return page.locator(".calypso-quiz")


def on_puzzle(page: Page, number: int) -> Locator:
    """The quiz table of ``page``, once it shows puzzle ``number``'s trick (the engine's)."""
    quiz = quiz_of(page)
    expect(quiz.locator(".calypso-quiz-line")).to_contain_text(f"Puzzle {number} of 10")
    cards = quiz.locator(".ct-trick .ct-card")
    for i, card in enumerate(PUZZLES[number - 1].trick.cards):
        expect(cards.nth(i)).to_have_attribute("data-card", str(card))
    return quiz.get_by_role("group", name="Quiz table")


def answer(page: Page, student: Student, number: int) -> None:
    table = on_puzzle(page, number)
    seat = student.seat(number)
    table.get_by_role("button", name=f"Choose {seat}").click()
    right = seat == PUZZLES[number - 1].answer
    expect(table.locator(".ct-verdict")).to_contain_text("Right!" if right else "Not quite")


def go_on(page: Page, student: Student, number: int) -> None:
    """Press *Next puzzle* after puzzle ``number``; on the phone, the puzzle line and the trick
    are then both in view."""
    quiz = quiz_of(page)
    quiz.get_by_role("button", name="Next puzzle").click()
    on_puzzle(page, number + 1)
    if student.width < 600:
        page.wait_for_timeout(300)  # the scroll settles
        for part in (quiz.locator(".calypso-quiz-line"), quiz.locator(".ct-trick")):
            box = part.bounding_box()
            assert box is not None
            assert box["y"] >= -1 and box["y"] + box["height"] <= student.height, (number, box)


def open_quiz(browser: Browser, room: Classroom, student: Student) -> Page:
    context = new_context(browser, viewport={"width": student.width, "height": student.height})
    page = context.new_page()
    link = QuizLink(CODE, 1, 1, fixed=True).to_link()
    page.goto(room.site.chapter(f"{QUIZ}#quiz={link}"))
    expect(quiz_of(page).get_by_label("Your name or initials")).to_be_visible(timeout=DRAWN)
    return page


def test_a_restart_strands_nobody(browser: Browser, classroom: Classroom) -> None:
    pages = [open_quiz(browser, classroom, student) for student in STUDENTS]
    board = Board(classroom.board)
    for page, student in zip(pages, STUDENTS, strict=True):
        quiz_of(page).get_by_label("Your name or initials").fill(student.name)
        quiz_of(page).get_by_role("button", name="Start the quiz").click()
    # On the board from the start, before any answer (its roster).
    for _ in range(100):
        view = board.view(CODE, board.teacher_key)
        if len(view.students) == len(STUDENTS):
            break
        pages[0].wait_for_timeout(200)
    assert set(view.students) == {s.name for s in STUDENTS} and not view.answers
    for page, student in zip(pages, STUDENTS, strict=True):
        for number in range(1, student.before + 1):
            answer(page, student, number)
            go_on(page, student, number)

    stop_site(classroom.site)
    for page in pages:
        notice = page.locator(".calypso-offline")
        expect(notice).to_have_attribute("role", "alert", timeout=20_000)
        expect(notice).to_contain_text("lost its connection to the server")
        expect(notice).to_contain_text("answers so far are kept")
        expect(notice.get_by_role("button", name="Reload")).to_have_count(0)
    page_down, student_down = pages[2], STUDENTS[2]
    page_down.screenshot(path=str(ARTIFACTS / "quiz-restart-lost.png"))
    # A seat tapped on the dead page answers nothing: it is answered again after the reload.
    table = on_puzzle(page_down, student_down.before + 1)
    table.get_by_role("button", name=f"Choose {student_down.seat(student_down.before + 1)}").click()

    classroom.start()
    for page, student in zip(pages, STUDENTS, strict=True):
        notice = page.locator(".calypso-offline")
        expect(notice).to_contain_text("The server answers again", timeout=DRAWN)
        if student.width < 600:
            page.screenshot(path=str(ARTIFACTS / "quiz-restart-back-390.png"))
        notice.get_by_role("button", name="Reload").click()

    for page, student in zip(pages, STUDENTS, strict=True):
        quiz = quiz_of(page)
        expect(quiz.get_by_label("Your name or initials")).to_have_value(
            student.name, timeout=DRAWN
        )
        place = student.before + 1
        on_puzzle(page, place)
        right = student.right(student.before)
        expect(quiz.locator("[data-score]")).to_have_attribute("data-score", str(right))
        expect(quiz.locator(".calypso-quiz-line")).to_contain_text(f"{right} / {student.before}")
        expect(quiz).to_contain_text(f"Your answers so far are back: {right} right of")
        expect(page.locator(".calypso-offline")).to_have_count(0)
        assert re.search(rf"quiz={CODE}\.1\.{place}\.A\.c", page.url)
    for page, student in zip(pages, STUDENTS, strict=True):
        for number in range(student.before + 1, 11):
            answer(page, student, number)
            if number < 10:
                go_on(page, student, number)

    for _ in range(100):  # the last answers reach the board just after the verdicts
        view = board.view(CODE, board.teacher_key)
        if all(len(view.answers.get(s.name, {})) == 10 for s in STUDENTS):
            break
        pages[0].wait_for_timeout(200)
    for page, student in zip(pages, STUDENTS, strict=True):
        code = quiz_of(page).locator("[data-result-code]")
        expect(code).to_be_visible()
        result = decode_result(code.inner_text())
        marks = view.answers[student.name]
        assert len(marks) == 10
        board_missed = {puzzle.number for puzzle, right in marks.items() if not right}
        engine_missed = {n for n in range(1, 11) if student.seat(n) != PUZZLES[n - 1].answer}
        assert result.name == student.name
        assert result.missed == board_missed == engine_missed
        assert view.scores[student.name] == result.score
    pages[1].screenshot(path=str(ARTIFACTS / "quiz-restart-finished-390.png"))
    for page in pages:
        page.context.close()


def test_the_notice_stays_away_when_a_page_is_left(browser: Browser, classroom: Classroom) -> None:
    page = open_quiz(browser, classroom, STUDENTS[0])
    shown: list[str] = []
    page.expose_function("calypsoNoticeShown", lambda text: shown.append(text))
    page.evaluate(
        """() => new MutationObserver(() => {
            const notice = document.querySelector(".calypso-offline");
            if (notice) window.calypsoNoticeShown(notice.textContent);
        }).observe(document.body, { childList: true })"""
    )
    page.goto(classroom.site.url + "/voila/tree")
    page.wait_for_timeout(2_500)  # longer than the notice waits for a connection to come back
    assert shown == []
    expect(page.locator(".calypso-offline")).to_have_count(0)
    page.context.close()
