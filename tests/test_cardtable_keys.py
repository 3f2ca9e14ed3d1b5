"""The keys that pick a seat on the card table, in the page's language (issue 34).

The badges of a Hungarian table read É, K, D and Ny (../shared/HUNGARIAN-TERMS.md: Észak,
Kelet, Dél, Nyugat), so a Hungarian learner presses É, K, D or N; an English one N, E, S or W.
The expected letters below are written out from the terms, not read from the code.
"""

from __future__ import annotations

import pytest

from calypso.i18n import language, lettered
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.widgets.cardtable import CardTable
from calypso.widgets.tabledata import table_words
from calypso.widgets.tableseats import seat_data

KEYS = {
    "en": {"N": "N", "E": "E", "S": "S", "W": "W"},
    "hu": {"N": "É", "E": "K", "S": "D", "W": "N"},
}
"""The key of each compass seat, as its badge (and, for Nyugat, its first letter) shows it."""
SAID = {"en": "N, E, S or W", "hu": "É, K, D vagy N"}
"""How the question names the keys, in compass order."""


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_each_seat_has_its_own_key_in_the_page_s_language(lang: str) -> None:
    with language(lang):
        table = CardTable()
        table.set_table(SEATS, DEFAULT_TRUMPS, you="S", partners=True, hidden=13)
        table.seat_pick = True
        keys = {seat["seat"]: seat["key"] for seat in table.seats}
        assert keys == KEYS[lang]
        assert len(set(keys.values())) == 4  # no key picks two seats
        assert table.seat_keys == SAID[lang]
        hint = table_words()["ask_seat_keys"].format(keys=table.seat_keys)
    assert SAID[lang] in hint
    assert ("betűjét" in hint) == (lang == "hu")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_turned_table_keeps_each_seat_s_key(lang: str) -> None:
    with language(lang):
        table = CardTable()
        table.set_table(SEATS, DEFAULT_TRUMPS, you="E", partners=True, rotate=True)
        assert {seat["seat"]: seat["key"] for seat in table.seats} == KEYS[lang]
        assert table.seat_keys == SAID[lang]  # compass order, however the felt is turned


def test_players_named_by_letters_are_picked_by_their_letters() -> None:
    with language("hu"), lettered():
        seats = seat_data(list("ABCDEFG"), you="A")
    assert [s["key"] for s in seats] == list("ABCDEFG")  # E is a player here, not Kelet


def test_a_letter_two_seats_share_picks_neither() -> None:
    seats = seat_data(["Ann", "Al", "Bo"], you="Bo")
    assert {s["seat"]: s["key"] for s in seats} == {"Ann": "", "Al": "", "Bo": "B"}
    table = CardTable()
    table.seats = [dict(s) for s in seats]
    assert table.seat_keys == "B"


def test_a_table_without_seats_names_no_keys() -> None:
    table = CardTable()
    assert table.seat_keys == ""
    table.set_table(SEATS, DEFAULT_TRUMPS)
    table.seats = []
    assert table.seat_keys == ""
