"""The end of a class quiz teaches: the misses with the right answer and its ruling, a tally
by ruling, a second try, the next level, and a result code that reads back. Winners come from
C4 as the rulings word it (the oracle of tests/test_exercises.py), not from the widget."""

from __future__ import annotations

import re

from test_exercises import c4_winner

from calypso.classroom.results import decode_result
from calypso.lessons.quiz import make_quiz
from calypso.widgets import Quiz


def winner(quiz: Quiz) -> str:
    trick = quiz.puzzle.trick
    return trick.seats[c4_winner(list(trick.cards), trick.trumps_in_order())]


def play_through(quiz: Quiz, wrong: set[int]) -> dict[int, str]:
    """Answer every puzzle, wrongly for the numbers in ``wrong``; the right winners by number."""
    winners = {}
    for number in range(1, len(quiz.puzzles) + 1):
        winners[number] = winner(quiz)
        other = next(s for s in "NESW" if s != winners[number])
        quiz.answer(other if number in wrong else winners[number])
        if number < len(quiz.puzzles):
            quiz.advance()
    return winners


def test_the_ending_lists_each_miss_with_the_winner_and_the_ruling_and_gives_a_code() -> None:
    quiz = Quiz(code="ROOM12", level=2)
    winners = play_through(quiz, {2, 5, 9})
    ending = quiz.ending.value
    assert "You got 7 of 10 right." in ending
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\w)</td><td><b>(\w)</b></td>", ending)
    assert [(int(n), w) for n, _, w in rows] == [(n, winners[n]) for n in (2, 5, 9)]
    assert all(said != right for _, said, right in rows)
    assert ending.count("data-rule=") == 3 and "Your misses, by rule" in ending
    shown = re.search(r"data-result-code>([^<]+)<", ending)
    assert shown is not None, ending
    code = shown[1]
    result = decode_result(code)
    assert (result.code, result.level, result.version, result.score) == ("ROOM12", 2, "A", 7)
    assert result.missed == {2, 5, 9}


def test_a_second_try_asks_only_the_misses_and_gives_no_code() -> None:
    quiz = Quiz(code="ROOM12", level=1)
    play_through(quiz, {1, 4})
    quiz.again.click()
    assert [p.number for p in quiz.puzzles] == [1, 4]
    play_through(quiz, set())
    assert "You got 2 of 2 right." in quiz.ending.value
    assert "data-result-code" not in quiz.ending.value


def test_next_level_and_version_b_change_the_puzzles_at_once() -> None:
    quiz = Quiz(code="ROOM12", level=1)
    play_through(quiz, set())
    assert "Every answer right" in quiz.ending.value
    quiz.harder.click()
    assert quiz.level.value == 2 and quiz.asked == 0
    assert quiz.puzzles == make_quiz("ROOM12", 2)
    first = [p.trick for p in quiz.puzzles]
    quiz.version.value = "B"
    assert [p.trick for p in quiz.puzzles] != first
    assert quiz.link.value == "ROOM12.2.1.B"
    quiz.link.opened = "ROOM12.3.4.B"
    assert (quiz.level.value, quiz.version.value, quiz.index) == (3, "B", 3)
