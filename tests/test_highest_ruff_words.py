""" "The highest ruff" has two jobs, each worded for its place (pgettext, issue 34): the
solver's line says why a trick is won ("…, because it is the highest ruff"), the printed game
sheet's case table names the card that wins under C4.4. The position is the hand-built ending
of tests/test_advice.py (E's Q♦ ruff takes trick 12 by C4.4 when S plays A♦)."""

from __future__ import annotations

import pytest
from test_solver import ending

from calypso.drawing.printed import game_sheet
from calypso.i18n import language
from calypso.partnership.advice import costs


@pytest.mark.parametrize(
    ("lang", "line", "case"),
    [
        ("en", "trick 12 goes to E's Q♦, the highest ruff (C4.4)", "<b>C4.4</b> the highest ruff"),
        ("hu", "mert ez a legmagasabb adu (C4.4)", "<b>C4.4</b> a legmagasabb adu"),
    ],
)
def test_the_solvers_line_and_the_game_sheet_each_word_the_highest_ruff(
    lang: str, line: str, case: str
) -> None:
    game = ending({"N": "7C AS", "E": "QD 4S", "S": "AD KS", "W": "4C 8S"}, played="7C QD")
    with language(lang):
        words = costs(game)[1].words
        sheet = game_sheet()
    assert line in words, words
    assert case in sheet
