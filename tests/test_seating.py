"""The one seat controller (calypso.engine.seating) and the link values of the seat tables."""

from __future__ import annotations

import pytest

from calypso.engine.games import find_game
from calypso.engine.moves import TricksCall
from calypso.engine.seating import NEXT, Seating
from calypso.partnership.game import Game
from calypso.widgets.auction import AuctionLink
from calypso.widgets.cardflow import FlowLink
from calypso.widgets.contract import BidsLink, ContractLink
from calypso.widgets.cousins import WhistLink
from calypso.widgets.cousintricks import OvertrumpLink, ThreeLink
from calypso.widgets.play import PlayLink
from calypso.widgets.whistscores import ScoresLink

Link = (
    PlayLink
    | WhistLink
    | AuctionLink
    | ThreeLink
    | OvertrumpLink
    | ScoresLink
    | ContractLink
    | FlowLink
    | BidsLink
)
"""Every table's link value: each reads back from its own text."""


def calypso_seating(seed: int = 5, humans: tuple[str, ...] = ("S",)) -> Seating[Game]:
    spec = find_game("calypso")
    options = spec.options.parse()
    return Seating(
        lambda: spec.start(options, seed),
        lambda game: spec.seat_bots(game, seed),
        lambda game: humans,
    )


def play_until_a_trick_closes(seating: Seating[Game]) -> None:
    closed = seating.game.closed
    while seating.game.closed == closed:
        seating.move(seating.game.legal_moves()[0])


def test_the_bots_move_until_a_persons_turn() -> None:
    seating = calypso_seating()
    assert seating.game.turn == "S" and seating.yours()
    with pytest.raises(ValueError, match="not your turn"):
        Seating(seating._start, seating._bots, lambda game: ("S",), done=lambda game: True).move(
            seating.game.legal_moves()[0]
        )


def test_a_closed_trick_waits_for_next_trick_when_a_bot_leads_the_next() -> None:
    seating = calypso_seating(humans=("S",))
    for _ in range(13):
        play_until_a_trick_closes(seating)
        if seating.game.last_trick and seating.game.last_trick.winner != "S":
            break
    game = seating.game
    assert seating.waiting() and not game.trick and game.turn != "S"
    seating.next_trick()
    assert seating.moves[-1] == NEXT and not seating.waiting() and game.turn == "S"
    with pytest.raises(ValueError, match="no finished trick waiting"):
        seating.next_trick()


def test_a_journal_replays_to_the_same_position_and_undo_takes_back_the_last_move() -> None:
    seating = calypso_seating()
    for _ in range(3):
        if seating.waiting():
            seating.next_trick()
        seating.move(seating.game.legal_moves()[-1])
    journal, hands = list(seating.moves), [seating.game.hand(s) for s in "NESW"]
    again = calypso_seating()
    again.replay(journal)
    assert again.moves == journal and [again.game.hand(s) for s in "NESW"] == hands
    again.undo()
    last_card = max(i for i, text in enumerate(journal) if text != NEXT)
    assert again.moves == journal[:last_card]


def test_watching_lets_the_bots_move_only_when_asked() -> None:
    spec = find_game("call-bridge")
    options = spec.options.parse(rounds=1)
    seating = Seating(
        lambda: spec.start(options, 2), lambda game: spec.seat_bots(game, 2), lambda game: ()
    )
    assert seating.game.phase.value == "calls" and seating.watched == 0
    assert seating.advance(3) == 3 and seating.watched == 3
    assert len(seating.game.current.calls) == 3


def test_a_person_calls_through_the_same_controller_w3() -> None:
    spec = find_game("collett-whist")
    round_table = spec.round_table
    assert round_table is not None
    seating = Seating(
        lambda: round_table(4, 5, 4),
        lambda game: spec.seat_bots(game, 4),
        lambda game: game.seats[:1],
        done=lambda game: bool(game.history),
    )
    assert seating.game.turn == "A" and seating.game.phase.value == "calls"
    seating.move("c1")
    assert seating.moves == ["c1"] and seating.game.current.calls[0] == 1
    assert TricksCall(1).text == "c1"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (PlayLink(5, "S", ("QS", "n")), "5.S.QS.n"),
        (WhistLink("collett-whist", 5, 3, 7, ("c2",)), "collett-whist.5.3.7.c2"),
        (AuctionLink(7, 3, "N", "balanced", ("pass", "1_20S")), "7.3.N.balanced.pass.1_20S"),
        (ThreeLink("S", "2S AS", "none"), "S.2S-AS.none"),
        (ScoresLink((4, 5, 5, 2, 2)), "4.5.5.2.2"),
        (ContractLink((240, 0, 19, 5, 8, 0, 0)), "240.0.19.5.8.0.0"),
        (FlowLink(2, 3), "2.3"),
    ],
)
def test_every_link_value_reads_back_from_its_text(value: Link, text: str) -> None:
    assert value.to_link() == text and type(value).from_link(text) == value


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (PlayLink, "x.S"),
        (WhistLink, "bridge.4.1.5"),
        (AuctionLink, "4.5.N.balanced"),
        (ThreeLink, "Q.2S.D"),
        (OvertrumpLink, "x"),
        (ScoresLink, "1.2"),
        (ContractLink, "1.2.3.4.5.6.4"),
        (FlowLink, "2"),
        (BidsLink, "170S"),
    ],
)
def test_a_link_that_names_nothing_is_refused(kind: type[Link], text: str) -> None:
    with pytest.raises(ValueError):
        kind.from_link(text)


def test_a_contract_link_keeps_an_undoubled_contract_a7() -> None:
    from calypso.widgets.contract import ContractCalculator

    calculator = ContractCalculator()
    calculator.link.opened = "240.0.19.5.8.0.0"
    assert calculator.message.value == "" and calculator.doubled.value == 0
    calculator.link.opened = "240.0.19.5.8.0.2"
    assert calculator.doubled.value == 2
