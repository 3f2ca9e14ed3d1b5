"""How tests/test_hungarian_chapters.py works the widgets of the Hungarian page of chapter 10
(Call Bridge and Collett Whist) through their states: one function per widget class, in
:data:`WORKERS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from calypso.engine.cards import Card
from calypso.whist import collett_whist
from calypso.whist.engine import Phase
from calypso.widgets.cousins import WhistTable
from calypso.widgets.cousintricks import OvertrumpTrainer, ThreeRules
from calypso.widgets.whistscores import RoundsChart, WhistScoring

TRICKS = (
    "2S AS KS QS",  # a trump led: Calypso's leader keeps it, the whist games' highest spade
    "9H 4C 6D 2H",  # ruffs of a plain lead
    "5D 9D 2C KD",  # nobody ruffs
    "7C 7C 7C 2H",  # identical cards: the first played wins (C4.5)
    "QH 3S",  # a trick not yet over, one card and a trump so far
    "8C",
    "4D JD 10S",
)
"""Tricks typed into *One trick, three games*: every ruling each game can reach, and tricks
of one to three cards."""


def _work_three_rules(three: ThreeRules) -> None:
    """Every trick of :data:`TRICKS` led from every seat under each whist trump (and none),
    typing that is no trick (a bad card, five cards, nothing), and a bad and a good link."""
    for cards in TRICKS:
        three.cards.value = cards
        for leader in ("N", "E", "S", "W"):
            three.leader.value = leader
            for _label, trump in three.trump.options:
                three.trump.value = trump
    for bad in ("9X", "2S 3S 4S 5S 6S", ""):
        three.cards.value = bad
        assert "calypso-bad" in three.cards._dom_classes
    three.link.opened = "nonsense"
    three.link.opened = "W.AH-2C-KH.none"
    assert three.cards.value == "AH 2C KH"


def _work_overtrump(trainer: OvertrumpTrainer) -> None:
    """The first 25 situations (some with a spade to beat, some where no spade beats and
    anything goes), every card of each hand tried, then links: one that tries a card, one
    whose card is not in the hand, one past the last situation and nonsense."""
    for _ in range(25):
        for card in list(trainer.situation[0]):
            trainer.try_card(card)
        trainer.again.click()
    trainer.link.opened = f"3.{trainer.situation[0][0]}"
    trainer.link.opened = "3.2X"
    trainer.link.opened = "4.AH" if "AH" not in map(str, trainer.situation[0]) else "4.2C"
    trainer.link.opened = f"{trainer.seed.max + 1}"
    trainer.link.opened = "nonsense"


def _work_scoring(scoring: WhistScoring) -> None:
    """Every Call Bridge call with tricks below, at and above it (a bonus call made, one more,
    two more), every Collett Whist round with its call made and missed, and links that hold
    values a slider cannot take."""
    for call in range(scoring.cb_call.min, scoring.cb_call.max + 1):
        scoring.cb_call.value = call
        for tricks in {0, call - 1, call, call + 1, call + 2, 13} & set(range(14)):
            scoring.cb_tricks.value = tricks
    for number in range(1, collett_whist.ROUNDS + 1):
        scoring.cw_round.value = number
        for call, tricks in ((0, 0), (1, 1), (1, 0), (0, 1)):
            scoring.cw_call.value, scoring.cw_tricks.value = call, tricks
    scoring.link.opened = "8.9.3.2.2"
    for bad in ("8.9", "1.2.3.4.5", "4.5.19.2.2", "4.5.1.3.3", "nonsense"):
        scoring.link.opened = bad


def _work_rounds_chart(chart: RoundsChart) -> None:
    """The chart of rounds has no states: it is drawn once, with the four special rounds."""
    assert "misère" in chart.children[1].value


def _play_round(table: WhistTable) -> None:
    """The round on the table played to its end: a call out of range, then the lowest call
    allowed; a card out of turn and a card that may not be played, then the last card allowed;
    Next trick pressed before a trick is over and after each."""
    while not table.seating.over:
        game = table.game
        if table.seating.waiting():
            table.felt.receive({"type": "next"})
        elif game.phase is Phase.CALLS:
            low, high = game.call_range()
            table.guard(table.human_card)(Card.parse("AS"))  # the calls come first
            table.guard(table.human_call)(high + 1)
            table.human_call(low)
        else:
            refused = list(game.refusals())
            if refused:
                table.guard(table.human_card)(refused[0])
            table.guard(table.next_trick)()  # no finished trick waiting
            table.guard(table.human_call)(1)  # no call in play
            table.human_card(game.legal_plays()[-1])


def _work_whist_table(table: WhistTable) -> None:
    """A round of Call Bridge, and Collett Whist's rounds 1, 8, 9, 10, 11 and 18 with three,
    four and seven players, each played out; then links: a round part-played, moves that do
    not fit, and nonsense."""
    _play_round(table)
    table.new.click()
    table.game_choice.value = "collett-whist"
    for players, number in ((4, 1), (3, 8), (7, 9), (4, 10), (5, 11), (3, 18), (4, 5)):
        table.players.value, table.round_number.value = players, number
        _play_round(table)
        if players >= 5:  # the fifth player is E, a letter (W1), never East
            assert "Kelet" not in table.felt.status
            assert "„E” " in table.felt.status and "E · " in str(table.felt.seats)
    table.new.click()
    table.human_call(0)
    table.link.opened = table.link_text()
    table.link.opened = "collett-whist.4.1.5.c9.QS"
    table.link.opened = "call-bridge.9.1.5"
    table.link.opened = "nonsense"
    table.game_choice.value = "call-bridge"


#: Each widget class of the page, and the function that works it through its states.
WORKERS: dict[type, Callable[[Any], None]] = {
    ThreeRules: _work_three_rules,
    OvertrumpTrainer: _work_overtrump,
    WhistScoring: _work_scoring,
    RoundsChart: _work_rounds_chart,
    WhistTable: _work_whist_table,
}
