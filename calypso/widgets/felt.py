"""A game's trick and a player's hand on the card table, drawn once for every seat table
(Calypso's in chapter 05, Auction Calypso's, the whist round's).

The game is any table on the trick core (:class:`SeatGame`): the trick in
progress with the card winning so far, or between tricks the trick just closed with its
verdict under the game's own rule ids; each card with its player's personal trump where
players have their own (not where one trump is everyone's). The hand along the bottom has the
cards its player may play outlined and each other card saying why not.

>>> from calypso.partnership.game import Game
>>> from calypso.widgets.cardtable import CardTable
>>> game, felt = Game(seed=5), CardTable()
>>> felt.set_table(game.seats, dict(zip(game.seats, game.options.trumps)))
>>> game.play(game.legal_plays()[0])
>>> draw_trick(felt, game, game.turn)
>>> [seat["seat"] for seat in felt.seats if seat["leader"]] == [game.trick_leader]
True
>>> draw_hand(felt, game, game.turn, before_play="")
>>> sum(card["playable"] for card in felt.hand) == len(game.legal_plays())
True
"""

from __future__ import annotations

import enum
from typing import Protocol

from calypso.engine.cards import Card, Suit
from calypso.engine.moves import Phase
from calypso.engine.table import Trick, play_order
from calypso.engine.tricks import Refusal, TrickResult, TrickRules
from calypso.i18n import _, seat_name
from calypso.widgets.cardtable import CardTable
from calypso.words.tricks import refusal_reason


class SeatGame(Protocol):
    """What the felt reads of a game: every seat table's game (Calypso's, Auction Calypso's,
    the whist rounds') is a :class:`~calypso.engine.table.TrickTable` with legal cards for the
    player on turn."""

    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> TrickRules: ...
    @property
    def phase(self) -> enum.Enum: ...
    @property
    def turn(self) -> str | None: ...
    @property
    def trick(self) -> list[Card]: ...
    @property
    def trick_leader(self) -> str: ...
    @property
    def last_trick(self) -> Trick | None: ...
    def trick_so_far(self) -> TrickResult | None: ...
    def last_verdict(self) -> TrickResult | None: ...
    def rule_id(self, result: TrickResult) -> str: ...
    def hand(self, seat: str | int) -> list[Card]: ...
    def refusals(self) -> dict[Card, Refusal]: ...
    def legal_plays(self) -> list[Card]: ...


def _trumps(game: SeatGame, result: TrickResult) -> list[Suit | None] | None:
    """Each card's personal trump, where the game gives its players their own."""
    return None if game.rules.shared else list(result.trumps)


def draw_trick(
    felt: CardTable,
    game: SeatGame,
    turn: str | None,
    *,
    last: bool = True,
    over: bool = False,
    lead_marked: bool = True,
) -> None:
    """Draw ``game``'s trick in progress on ``felt`` with the card winning so far; between
    tricks, the trick just closed with its verdict (with ``last``; else an empty trick, its
    leader the seat on turn if ``lead_marked``). ``turn`` is marked as the seat to play after
    a closed trick; ``over``: the table's play is over, and no trick is in progress."""
    so_far = None if over else game.trick_so_far()
    if so_far is not None:
        seats = list(play_order(game.trick_leader, game.seats))
        rule = game.rule_id(so_far)
        felt.show_trick(game.trick, seats, _trumps(game, so_far), so_far, turn=game.turn, rule=rule)
        return
    done, verdict = game.last_trick, game.last_verdict()
    if done is None or verdict is None or not last:
        felt.show_trick([], list(game.seats), turn=game.turn)
        felt.mark(leader=game.turn if lead_marked else None, turn=game.turn)
        return
    rule = game.rule_id(verdict)
    felt.show_trick(list(done.cards), list(done.seats), _trumps(game, verdict), verdict, rule=rule)
    felt.mark(leader=done.seats[0], turn=turn)


def draw_hand(
    felt: CardTable, game: SeatGame, seat: str | None, *, before_play: str, over: bool = False
) -> None:
    """Draw ``seat``'s hand along the bottom of ``felt``: on its turn in play, the cards it may
    play outlined and each other card with why not; before the play (``before_play`` says
    what comes first) or on another's turn, none playable. No seat, or ``over``: no hand."""
    if seat is None or over:
        felt.show_hand([])
        return
    hand = game.hand(seat)
    if game.phase.value != Phase.PLAY.value:
        felt.show_hand(hand, playable=[], why=before_play)
    elif game.turn != seat:
        wait = _("wait: it is {seat}'s turn").format(seat=seat_name(str(game.turn)))
        felt.show_hand(hand, playable=[], why=wait)
    else:
        why = {card: refusal_reason(refused) for card, refused in game.refusals().items()}
        felt.show_hand(hand, playable=game.legal_plays(), why=why)
