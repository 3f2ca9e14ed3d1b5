"""Duplicate duels (calypso/partnership/duel.py) and ``calypso duel``: each seed played with the
sides swapped, the first bot's side's C7 total minus the other's (docs/rulings.md, C7), the mean
over pairs ± its standard error.

Expected answers: a bot against itself holds the same cards both ways round, so every pair is
0; swapping the bots negates every pair; the mean and standard error are worked here by hand.
"""

from __future__ import annotations

import json
import math

import pytest

from calypso.cli import main
from calypso.partnership.duel import Duel, check_bot, duel, play_game


def test_a_bot_against_itself_scores_nothing() -> None:
    assert duel("greedy", "greedy", 3, seed=11).differences == (0.0, 0.0, 0.0)


def test_swapping_the_bots_negates_every_pair() -> None:
    one = duel("greedy", "random", 3, seed=4)
    two = duel("random", "greedy", 3, seed=4)
    assert one.differences == tuple(-d for d in two.differences)
    for number, difference in enumerate(one.differences, 4):
        assert (
            difference
            == (play_game("greedy", "random", number) - play_game("random", "greedy", number)) / 2
        )


def test_mean_and_standard_error_by_hand() -> None:
    result = Duel("a", "b", 7, (10.0, -20.0, 40.0, 30.0))
    mean = (10 - 20 + 40 + 30) / 4
    spread = math.sqrt(sum((d - mean) ** 2 for d in result.differences) / 3)
    assert result.mean == mean
    assert result.se == pytest.approx(spread / 2)
    assert "seeds 7-10" in result.text()
    assert math.isnan(Duel("a", "b", 0, (5.0,)).se)
    assert Duel("a", "b", 0, (5.0,)).to_dict()["se"] is None


def test_bot_names() -> None:
    assert check_bot("expert:3") == "expert:3"
    for bad in ("expert:0", "greedy:3", "expert:x", "", "Greedy"):
        with pytest.raises(ValueError, match="bad bot"):
            check_bot(bad)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "greedy", "random", "--deals", "2", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("greedy vs random: ") and "2 duplicate pairs, seeds 3-4" in text
    assert main(["duel", "greedy", "random", "--deals", "2", "--seed", "3", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["pairs"] == 2 and data["differences"] == list(
        duel("greedy", "random", 2, 3).differences
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["duel", "greedy", "clever", "--deals", "2"],
        ["duel", "greedy", "random", "--deals", "0"],
        ["duel", "greedy", "random", "--deals", "2", "--seed", "-1"],
        ["duel", "greedy", "random", "--deals", "2", "--seed", str(2**31 - 1)],
        ["duel", "greedy", "random"],
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert status(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "error" in err


def status(argv: list[str]) -> int | str | None:
    """The exit status of ``calypso ARGV``, whether it returns it or argparse exits."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code
