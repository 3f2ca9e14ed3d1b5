"""The table every game shares (calypso/engine/table.py): seats, play order and the deal
(docs/rulings.md, C1-C3, A3, B1, W1), where mutation testing (issue 22) found cases no test
reached."""

import pytest

from calypso.engine.cards import parse_cards
from calypso.engine.table import TrickTable, deal_out, parse_seat, play_order, rotation, seat_order

SEATS = ("N", "E", "S", "W")


@pytest.mark.parametrize(("seat", "index"), [("N", 0), ("w", 3), (" s ", 2), (1, 1), (3, 3)])
def test_a_seat_is_read_from_its_name_in_any_case_or_its_index(seat: str | int, index: int) -> None:
    assert parse_seat(seat, SEATS) == index


@pytest.mark.parametrize("seat", ["X", "", 4, -1, True, None, 1.0])
def test_a_seat_that_is_not_at_the_table_is_refused_and_the_seats_are_named(
    seat: str | int | float | None,
) -> None:
    with pytest.raises(ValueError, match=rf"^bad seat {seat!r}: expected N, E, S or W$"):
        parse_seat(seat, SEATS)  # type: ignore[arg-type]


def test_three_seats_are_listed_with_a_final_or() -> None:
    with pytest.raises(ValueError, match=r"^bad seat 'S': expected N, E or W$"):
        parse_seat("S", ("N", "E", "W"))


def test_c3_play_goes_round_the_table_from_the_leader() -> None:
    assert rotation(4, 0) == (0, 1, 2, 3)
    assert rotation(3, 2) == (2, 0, 1)
    assert seat_order(SEATS, 3) == ("W", "N", "E", "S")
    assert play_order("E", SEATS) == ("E", "S", "W", "N")
    assert play_order(2, SEATS, 3) == ("S", "W", "N")
    assert play_order("N", SEATS, 0) == ()


def test_c2_the_deal_starts_at_the_dealers_left_one_card_at_a_time() -> None:
    cards = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C")
    hands = deal_out(cards, 4, dealer=3)
    assert hands == (
        tuple(parse_cards("2C 6C")),
        tuple(parse_cards("3C 7C")),
        tuple(parse_cards("4C 8C")),
        tuple(parse_cards("5C 9C")),
    )
    assert deal_out(parse_cards("9C 2C 5C"), 1, dealer=0) == (tuple(parse_cards("2C 5C 9C")),)


class Pair(TrickTable):
    seats = ("A", "B", "C", "D")

    def __init__(self, partnerships: bool) -> None:
        self.partnerships = partnerships
        self._hands = [list(parse_cards("2H 3C")), [], [], []]
        self._trick = []
        self._leader = self._turn = 0

    @property
    def turn(self) -> str | None:
        return self.seats[self._turn]


def test_a_side_is_the_player_and_in_partnerships_the_player_across() -> None:
    assert Pair(partnerships=True).side_of(1) == (1, 3)
    assert Pair(partnerships=True).side_of(3) == (3, 1)
    assert Pair(partnerships=False).side_of(1) == (1,)


def test_the_table_reads_hands_seats_and_turns() -> None:
    table = Pair(partnerships=False)
    assert table.hand("a") == parse_cards("2H 3C")
    assert table.index("D") == 3
    assert table.after(3) == 0 and table.order_from(2) == (2, 3, 0, 1)
    assert table.trick == [] and table.trick_leader == "A" and not table.is_over


def test_a_table_without_a_game_has_no_turn() -> None:
    with pytest.raises(NotImplementedError):
        TrickTable().turn  # noqa: B018
