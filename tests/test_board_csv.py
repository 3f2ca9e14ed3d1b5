"""The class's answers as a spreadsheet: every stored answer and star, one row each, behind the
teacher's key (calypso/classroom/board.py's Board.sheet; the desk's answers_csv and its
download)."""

from __future__ import annotations

import base64
import csv
import io
from pathlib import Path

import pytest

from calypso.classroom.board import Board, BoardError
from calypso.lessons.quiz import make_quiz
from calypso.widgets.boardview import answers_csv, csv_download

SEATS = "NESW"


def _fill(board: Board) -> dict[tuple[str, int], tuple[str, bool]]:
    """Answers by three students, one of them twice (only the first counts), and stars;
    returns what was answered: (name, puzzle) -> (seat, right by C4's verdict)."""
    given: dict[tuple[str, int], tuple[str, bool]] = {}
    puzzles = make_quiz("ROOM7")
    for name, wrong in (("Éva K", {1}), ("Bob", set()), ("Ann", {2, 3})):
        for p in puzzles[:4]:
            seat = p.answer if p.number not in wrong else next(s for s in SEATS if s != p.answer)
            board.record("ROOM7", name, 1, "A", p.number, seat)
            given[(name, p.number)] = (seat, p.number not in wrong)
    board.record("ROOM7", "Ann", 1, "A", 2, puzzles[1].answer)  # a second try: not stored
    board.record_stars("ROOM7", "Bob", "table", 1, 3)
    board.record_stars("ROOM7", "Bob", "table", 2, 2)
    board.record("OTHER", "Zed", 1, "A", 1, "N")
    return given


def test_the_sheet_holds_each_stored_answer_and_star_once_in_class_list_order(
    tmp_path: Path,
) -> None:
    board = Board(tmp_path / "b.db")
    given = _fill(board)
    sheet = board.sheet("room7", board.teacher_key)
    assert sheet.class_code == "ROOM7"
    assert [a.name for a in sheet.answers] == ["Ann"] * 4 + ["Bob"] * 4 + ["Éva K"] * 4
    puzzles = make_quiz("ROOM7")
    for row in sheet.answers:
        assert (row.answer, row.correct) == given[(row.name, row.puzzle.number)]
        assert row.rule == puzzles[row.puzzle.number - 1].result.rule.value
        assert (row.puzzle.level, row.puzzle.version) == (1, "A")
    assert [(s.name, s.stage, s.exercise, s.stars) for s in sheet.stars] == [
        ("Bob", "table", 1, 3),
        ("Bob", "table", 2, 2),
    ]


def test_the_sheet_needs_the_teacher_key(tmp_path: Path) -> None:
    board = Board(tmp_path / "b.db")
    _fill(board)
    with pytest.raises(BoardError, match="not the teacher's key"):
        board.sheet("ROOM7", "guess")


def test_the_csv_has_a_row_per_answer_and_star_under_plain_headings(tmp_path: Path) -> None:
    board = Board(tmp_path / "b.db")
    given = _fill(board)
    sheet = board.sheet("ROOM7", board.teacher_key)
    table = list(csv.reader(io.StringIO(answers_csv(sheet))))
    assert table[0] == [
        "student",
        "activity",
        "item",
        "answer",
        "right",
        "ruling",
        "stars",
        "cost",
        "reason",
    ]
    body = table[1:]
    assert len(body) == len(given) + 2
    for name, activity, item, answer, right, rule, stars, cost, reason in body[: len(given)]:
        assert activity == "Class quiz, level 1, version A" and stars == cost == reason == ""
        seat, correct = given[(name, int(item))]
        assert (answer, right) == (seat, "yes" if correct else "no") and rule.startswith("C4.")
    assert body[-2:] == [
        ["Bob", "Partners and trumps", "1", "", "", "", "3", "", ""],
        ["Bob", "Partners and trumps", "2", "", "", "", "2", "", ""],
    ]


def test_the_download_is_utf8_marked_so_accented_names_survive(tmp_path: Path) -> None:
    board = Board(tmp_path / "b.db")
    _fill(board)
    link = csv_download(board.sheet("ROOM7", board.teacher_key))
    assert 'download="ROOM7-answers.csv"' in link
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    text = base64.b64decode(data).decode("utf-8")
    assert text.startswith("\ufeffstudent,") and "Éva K" in text
