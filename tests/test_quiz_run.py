"""The class quiz's run survives a reload: the page keeps it in the browser, and a fresh page's
quiz goes on with it (name, answers, score, place) once its quiz is the one shown; the student
is on the teacher's board from the start; and a projector's view is the question and the trick
alone.

Expected winners come from the engine's quiz (``make_quiz``), never from what the widget says."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from calypso.classroom.board import Answer, BoardError
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.quiz import make_quiz
from calypso.widgets import quiz as quiz_module
from calypso.widgets.quiz import PROJECTOR_NAME, Quiz
from calypso.widgets.quizpage import KeptRun, QuizPage

CODE = "ROOM12"


def wrong(seat: str) -> str:
    return next(s for s in "NESW" if s != seat)


def sent_by(page: QuizPage, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What ``page`` sends the browser from now on, in order."""
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(page, "send", sent.append)
    return sent


@dataclass
class FakeBoard:
    """The calls a quiz makes to the classroom server's board."""

    arrived: list[tuple[str, str, int, str]] = field(default_factory=list)
    recorded: list[tuple[str, int]] = field(default_factory=list)
    refuse: bool = False

    def arrive(self, code: str, name: str, level: int, version: str) -> None:
        if self.refuse:
            raise BoardError("name")
        self.arrived.append((code, name, level, version))

    def record(
        self,
        code: str,
        name: str,
        level: int,
        version: str,
        puzzle: int,
        seat: str,
        rule: HouseRule = STANDARD,
    ) -> Answer:
        self.recorded.append((name, puzzle))
        winner = make_quiz(code, level, version=version, rule=rule)[puzzle - 1].answer
        return Answer(code, name, level, version, puzzle, seat, winner, seat == winner, "C1")


@pytest.fixture
def fake_board(monkeypatch: pytest.MonkeyPatch) -> FakeBoard:
    board = FakeBoard()
    monkeypatch.setattr(quiz_module, "class_board", lambda: board)
    return board


def played(monkeypatch: pytest.MonkeyPatch, answers: int = 4) -> tuple[Quiz, dict[str, Any]]:
    """A quiz of class ROOM12 that Ann answered ``answers`` puzzles of (every second one
    wrongly), on the puzzle after them; and the run its page last kept."""
    puzzles = make_quiz(CODE, 1)
    quiz = Quiz(code=CODE, name="Ann")
    sent = sent_by(quiz.page, monkeypatch)
    for i in range(answers):
        seat = puzzles[i].answer if i % 2 == 0 else wrong(puzzles[i].answer)
        quiz.pick(seat)
        quiz.advance()
    assert sent[-1]["type"] == "line"
    kept = [m["run"] for m in sent if m["type"] == "keep"]
    return quiz, kept[-1]


def test_a_reloaded_page_goes_on_with_the_run_its_browser_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before, held = played(monkeypatch)
    puzzles = make_quiz(CODE, 1)
    assert held["name"] == "Ann" and held["place"] == 5 and not held["kept"]
    assert held["answers"] == {
        str(n): puzzles[n - 1].answer if n % 2 else wrong(puzzles[n - 1].answer)
        for n in range(1, 5)
    }
    # The reload: the address's link opens the quiz, then the page says what it kept.
    after = Quiz()
    after.link.opened = f"{CODE}.1.5"
    after.page.held = held
    assert after.name.value == "Ann" and (after.index, after.right, after.asked) == (4, 2, 4)
    assert after.missed == before.missed and 'data-score="2"' in after.score.value
    assert "answers so far are back" in after.message.value
    assert not after.answered and after.table.seat_pick
    for i in range(4, 10):
        after.pick(puzzles[i].answer)
        after.advance()
    assert after.kept is not None and after.kept.missed == frozenset({2, 4})
    assert after.kept == after.result and after.result.score == 8


def test_the_run_waits_for_its_quiz_and_a_shown_answer_comes_back_revealed() -> None:
    quiz = Quiz(code=CODE, name="Ann")
    quiz.pick(quiz.puzzle.answer)  # answered, Next not pressed: the place is the answered one
    held = quiz.run
    assert held == KeptRun("Ann", CODE, 1, "A", {1: make_quiz(CODE, 1)[0].answer})
    fresh = Quiz()  # CLASS-1 shown: the run waits
    fresh.page.held = held.to_page()
    assert fresh.asked == 0 and fresh.name.value == ""
    fresh.link.opened = f"{CODE}.1.1.A.c"  # the class's link again
    assert fresh.answered and fresh.table.revealed and fresh.right == 1
    assert fresh.table.verdict["tone"] == "right" and fresh.table.next_label == "Next puzzle"


def test_another_name_or_quiz_starts_afresh_and_start_again_forgets_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, held = played(monkeypatch, answers=2)
    other = Quiz(code=CODE, name="Bo")
    other.page.held = held
    assert other.asked == 0 and other.name.value == "Bo"
    level_two = Quiz(code=CODE, level=2)
    level_two.page.held = held
    assert level_two.asked == 0
    again = Quiz(code=CODE)
    sent = sent_by(again.page, monkeypatch)
    again.page.held = held
    assert again.asked == 2
    again.start.click()  # Start the quiz on a kept run goes on with it
    assert again.asked == 2 and again.index == 2
    again.ask_to_restart()
    again.yes.click()
    assert again.asked == 0 and again.run is not None and again.run.answers == {}
    assert [m["type"] for m in sent] == ["keep", "forget", "keep"]


@pytest.mark.parametrize(
    "held",
    [
        {},
        {"name": 3, "answers": []},
        {**KeptRun("Ann", CODE, 1, "A", {1: "N"}).to_page(), "level": 9},
        {**KeptRun("Ann", CODE, 1, "A", {1: "N"}).to_page(), "answers": {"11": "N"}},
        {**KeptRun("Ann", CODE, 1, "A", {1: "N"}).to_page(), "answers": {"1": "X"}},
        {**KeptRun("Ann", CODE, 1, "A", {1: "N"}).to_page(), "name": "  Ann"},
        {**KeptRun("Ann", CODE, 1, "A", {1: "N"}).to_page(), "place": True},
    ],
)
def test_what_is_not_a_run_is_ignored(held: Any) -> None:
    quiz = Quiz(code=CODE)
    quiz.page.held = held
    assert quiz.run is None and quiz.asked == 0 and quiz.name.value == ""


def test_the_student_is_on_the_board_from_the_start_and_old_answers_are_not_sent_again(
    monkeypatch: pytest.MonkeyPatch, fake_board: FakeBoard
) -> None:
    quiz = Quiz(code=CODE, name="Ann")
    assert fake_board.arrived == []  # not before Start (or an answer)
    quiz.start.click()
    quiz.start.click()
    assert fake_board.arrived == [(CODE, "Ann", 1, "A")]
    quiz.pick(quiz.puzzle.answer)
    assert fake_board.recorded == [("Ann", 1)]
    assert quiz.member.member == {"code": CODE, "name": "Ann"}
    held = quiz.run
    assert held is not None
    fresh = Quiz()
    fresh.link.opened = f"{CODE}.1.1"
    fresh.page.held = held.to_page()
    assert fresh.asked == 1 and fake_board.recorded == [("Ann", 1)]
    assert fake_board.arrived == [(CODE, "Ann", 1, "A")] * 2  # the restored page, once more
    projector = Quiz()
    projector.link.opened = f"{CODE}.1.1.A.p"
    projector.start.click()
    projector.pick(projector.puzzle.answer)
    assert len(fake_board.arrived) == 2 and len(fake_board.recorded) == 1


def test_a_board_that_refuses_the_arrival_is_said_and_the_quiz_goes_on(
    fake_board: FakeBoard,
) -> None:
    fake_board.refuse = True
    quiz = Quiz(code=CODE, name="Ann")
    quiz.start.click()
    assert "did not hear that you started" in quiz.message.value
    quiz.pick(quiz.puzzle.answer)
    assert quiz.right == 1


def test_a_projector_shows_the_question_and_the_trick_only(monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = Quiz(code=CODE)
    sent = sent_by(quiz.page, monkeypatch)
    student = [quiz.heading, quiz.name_field, quiz.code_row, quiz.answer_row, quiz.bests]
    quiz.big.value = True
    assert quiz.name.value == PROJECTOR_NAME and quiz.table.presenter
    assert all(part.layout.display == "none" for part in student)
    assert quiz.level.layout.display == quiz.version.layout.display == "none"
    leader = make_quiz(CODE, 1)[0].trick.leader
    assert "Who wins this trick?" in quiz.score.value and "score" not in quiz.score.value
    assert f"{leader} leads" in quiz.score.value
    quiz.pick(quiz.puzzle.answer)
    assert quiz.table.revealed and quiz.handin.layout.display == "none"
    assert not [m for m in sent if m["type"] == "keep"]  # the class's answers stay off
    quiz.big.value = False
    assert all(part.layout.display is None for part in student)
    assert "score" in quiz.score.value


def test_the_reveal_key_before_a_choice_keeps_the_winner_hidden() -> None:
    quiz = Quiz(code=CODE, name="Ann")
    quiz.table.receive({"type": "reveal"})
    assert not quiz.table.revealed and not quiz.answered
    assert "Choose a winner" in quiz.message.value
    quiz.big.value = True
    quiz.table.receive({"type": "reveal"})
    assert not quiz.table.revealed and "press its letter" in quiz.message.value
