"""Declared game options (calypso/engine/options.py), built inside the tests.

The games declare their options when their modules are imported, so the parsers made by
:func:`option`, :func:`whole_number` and :func:`one_of` are built before any test runs; these
tests build their own, so that a broken factory shows (issue 22, mutation testing).
"""

import dataclasses
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.options import Options, boolean, one_of, option, whole_number


def test_whole_number_accepts_its_range_and_names_it_when_refusing() -> None:
    seats = whole_number(3, 7)
    assert [seats("players", n) for n in (3, 5, 7)] == [3, 5, 7]
    for wrong in (2, 8, 4.0, "4", True, None):
        with pytest.raises(
            ValueError, match=r"^bad players .*: expected a whole number from 3 to 7$"
        ):
            seats("players", wrong)


def test_whole_number_without_a_top_has_none() -> None:
    rounds = whole_number(1)
    assert rounds("rounds", 10**6) == 10**6
    with pytest.raises(ValueError, match=r"^bad rounds 0: expected a whole number from 1 up$"):
        rounds("rounds", 0)


def test_an_optional_whole_number_takes_none_and_a_required_one_does_not() -> None:
    assert whole_number(1, optional=True)("target", None) is None
    assert whole_number(1, optional=True)("target", 5) == 5
    with pytest.raises(ValueError, match="bad target None"):
        whole_number(1)("target", None)


@given(low=st.integers(-5, 5), span=st.integers(0, 5), value=st.integers(-12, 12))
def test_whole_number_accepts_exactly_low_to_high(low: int, span: int, value: int) -> None:
    parse = whole_number(low, low + span)
    if low <= value <= low + span:
        assert parse("n", value) == value
    else:
        with pytest.raises(ValueError):
            parse("n", value)


def test_one_of_accepts_only_its_values_and_lists_them() -> None:
    setup = one_of("none", "balanced", "standard")
    assert setup("setup", "balanced") == "balanced"
    with pytest.raises(
        ValueError, match=r"^bad setup 'Balanced': expected none, balanced or standard$"
    ):
        setup("setup", "Balanced")
    players = one_of(3, 4)
    assert players("players", 4) == 4
    for wrong in (True, 5, "3"):
        with pytest.raises(ValueError, match=r"^bad players .*: expected 3 or 4$"):
            players("players", wrong)


def test_boolean_takes_only_true_or_false() -> None:
    assert boolean("all_fours", True) is True
    assert boolean("all_fours", False) is False
    with pytest.raises(ValueError, match=r"^bad all_fours 1: expected True or False$"):
        boolean("all_fours", 1)


def test_an_option_field_carries_its_default_parser_help_and_record_rules() -> None:
    parse = whole_number(1)
    field = option(4, parse, "how many rounds", record=False, cli_type=int, choices=("a", "b"))
    assert field.default == 4
    assert dict(field.metadata) == {
        "parse": parse,
        "help": "how many rounds",
        "record": False,
        "cli_type": int,
        "choices": ("a", "b"),
    }
    plain = option(None, parse, "help")
    assert plain.metadata["record"] is True
    assert plain.metadata["cli_type"] is None
    assert plain.metadata["choices"] == ()


@dataclass(frozen=True)
class Table(Options):
    game = "table"

    players: int = option(4, whole_number(3, 7), "how many play")
    target: int | None = option(None, whole_number(1, optional=True), "score to reach")
    style: str = option("plain", one_of("plain", "fancy"), "the look", record=False)


def test_options_made_in_a_test_check_and_record_their_values() -> None:
    assert Table().to_record() == {"players": 4}
    assert Table(players=5, target=30).to_record() == {"players": 5, "target": 30}
    assert Table.from_record({"players": 6}, style="fancy") == Table(players=6, style="fancy")
    assert [f.name for f in Table.declared()] == ["players", "target", "style"]
    with pytest.raises(ValueError, match=r"^bad players 9: expected a whole number from 3 to 7$"):
        Table.parse(players=9)
    with pytest.raises(ValueError, match=r"^bad option 'seats' for table: expected players, "):
        Table.parse(seats=4)
    with pytest.raises(
        ValueError, match=r"^bad option 'style' for table: expected players, target$"
    ):
        Table.from_record({"style": "fancy"})


def test_a_game_without_options_says_so() -> None:
    @dataclass(frozen=True)
    class Bare(Options):
        game = "bare"

    assert Bare().to_record() == {}
    assert dataclasses.fields(Bare) == ()
    with pytest.raises(ValueError, match=r"^bad option 'x' for bare: expected no options$"):
        Bare.parse(x=1)
