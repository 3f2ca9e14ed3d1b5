"""Chapter 09's auction table at the end of a hand (issue 30): the trickpiles the hand ended
with, not the emptied ones of the next; the hand's score beside the felt with its last trick;
and every setup of A2 explained next to its field.

The expected trickpiles are the game record's (``HandRecord.trickpiles``, the cards in each
player's trickpile when the hand ended, A6), checked against the tricks each player won and
the card points the contract scored (A7: 10 a trickpile card), never read back from the
widget."""

from __future__ import annotations

import re

import pytest

from calypso.auction.game import SETUPS
from calypso.widgets import AuctionTable

ROW = re.compile(r"<tr><td><b>(\w)</b></td><td>.*?</td><td>(\d+)</td></tr>")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [2, 4, 7])
def test_the_table_lists_the_trickpiles_the_hand_ended_with(seed: int, players: int) -> None:
    table = AuctionTable(seed=seed, players=players)
    table.advance(10_000)
    hand = table.game.history[0]
    expected = dict(zip(table.game.seats, hand.trickpiles, strict=True))
    if hand.contract is not None and hand.contract_score is not None and players == 3:
        declarer = table.game.seats[hand.contract.declarer]
        assert 10 * expected[declarer] == hand.contract_score.card_points
    assert sum(expected.values()) > 0
    for seat, trump in zip(table.game.seats, hand.trumps, strict=True):
        won = [card for trick in hand.tricks if trick.winner == seat for card in trick.cards]
        # A6: a won card of the winner's own trump may go to their calypso, any other to
        # their trickpile (P3: a partner's trump to the partner's calypso, with four)
        assert expected[seat] <= len(won)
        if players == 3:
            assert expected[seat] >= sum(card.suit != trump for card in won)
    assert {seat: int(count) for seat, count in ROW.findall(table.calypsos.value)} == expected


def test_the_score_sits_beside_the_felt_once_the_hand_is_over() -> None:
    table = AuctionTable(seed=7)
    assert table.heading.children == (table.status,) and table.beside.children == ()
    table.advance(10_000)
    assert "Hand over" in table.status.value
    assert table.beside.children == (table.status,) and table.heading.children == ()
    table.new_hand()
    assert table.heading.children == (table.status,) and table.beside.children == ()


def test_every_setup_is_explained_in_a_line_of_its_own() -> None:
    table = AuctionTable(seed=7)
    notes = {}
    for setup in SETUPS:
        table.setup.value = setup
        notes[setup] = re.sub("<[^>]+>", "", table.setup_note.value)
    assert notes["none"] == "Every calypso starts empty."
    assert "30" in notes["balanced"] and "six in each suit" in notes["standard"]
    assert len(set(notes.values())) == len(SETUPS) and all(notes.values())
