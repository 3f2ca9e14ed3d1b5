"""Auction Calypso (docs/rulings.md, A1-A10, P1-P5) where mutation testing (issue 22) found
gaps: the places A9 names for the cards, given hands of the wrong shape (A3), the suits the
declarer hands out (A5)."""

from collections import Counter

import pytest

from calypso.auction.game import AuctionGame
from calypso.cards import SUITS, Suit

A9_PLACES = [
    "green room",
    "hands",
    "trick",
    "calypsos in progress",
    "completed calypsos",
    "trickpiles",
    "sin-bin",
]


def test_a9_the_208_cards_lie_in_the_places_the_rulings_name():
    game = AuctionGame(players=3, seed=1, setup="standard")
    places = game.places()
    assert list(places) == A9_PLACES
    assert sum(sum(c.values()) for c in places.values()) == 208
    assert sum(places["hands"].values()) == 51  # A3: 17 cards to each of three players
    assert sum(places["calypsos in progress"].values()) == 3 * 24  # A2: the standard cards
    assert places["trick"] == Counter() and places["sin-bin"] == Counter()
    assert sum(places["green room"].values()) == 208 - 51 - 72


def dealt_hands(game: AuctionGame) -> dict[str, list[str]]:
    return {seat: [str(c) for c in game.hand(seat)] for seat in game.seats}


def test_a3_given_hands_must_deal_to_every_player():
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    del hands["W"]
    with pytest.raises(ValueError, match=r"^bad hands: hand 1 must give cards to N, E, W$"):
        AuctionGame(players=3, seed=1, setup="standard", deals=[hands])


def test_a3_given_hands_must_be_17_cards_each():
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    hands["E"] = hands["E"][:16]
    with pytest.raises(
        ValueError,
        match=r"^bad hands: hand 1 gives N 17, E 16, W 17 cards, expected 17 each "
        r"\(fewer, but equal, only when the pack runs out\)$",
    ):
        AuctionGame(players=3, seed=1, setup="standard", deals=[hands])


def test_a3_given_hands_are_the_hands_dealt():
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    game = AuctionGame(players=3, seed=9, setup="standard", deals=[hands])
    assert dealt_hands(game) == hands


@pytest.mark.parametrize("suit", SUITS)
def test_a5_the_declarer_hands_out_the_three_suits_other_than_the_contract(suit):
    game = AuctionGame(players=3, seed=1, setup="standard")
    assert game.suits_to_give() == []
    game.call(f"1+0{suit.letter}")
    game.call("pass")
    game.call("pass")
    assert game.suits_to_give() == [s for s in Suit if s is not suit]
