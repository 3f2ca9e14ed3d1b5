"""A game's story trick by trick: where every card went, and the table after each trick.

Steppers and charts read this instead of re-deriving the rules: it replays the game's own moves
and compares the table before and after each trick.

>>> from calypso import Game, make_players
>>> game = Game(seed=3)
>>> _ = game.play_out(make_players("greedy", seed=3))
>>> steps = trick_steps(game)
>>> len(steps), steps[0].deal, steps[0].number
(52, 1, 1)
>>> steps[0].places[0]
Place(where=<Where.CALYPSO: 'calypso'>, owner='N')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from calypso.engine.cards import Card, Suit
from calypso.engine.table import Trick
from calypso.partnership.calypsos import Where
from calypso.partnership.game import SEATS, SIDES, Game


@dataclass(frozen=True)
class SeatState:
    """One seat's calypso after a trick: the run in progress and how many are completed."""

    cards: tuple[Card, ...]
    completed: int
    suit: Suit

    @property
    def progress(self) -> int:
        """Cards collected so far in all: 13 per completed calypso plus the run in progress."""
        return 13 * self.completed + len(self.cards)


@dataclass(frozen=True)
class Place:
    """Where one card of a trick went: a seat's calypso or a side's pile (C6)."""

    where: Where
    """:attr:`Where.CALYPSO` or :attr:`Where.PILE`."""
    owner: str
    """The seat whose calypso took the card (``"N"``), or the side whose pile (``"NS"``)."""


@dataclass(frozen=True)
class TrickStep:
    """One trick of a game and what it did to the table."""

    deal: int
    number: int
    trick: Trick
    places: tuple[Place, ...]
    completed: tuple[str, ...]
    seats: dict[str, SeatState]
    piles: dict[str, int]

    def _repr_html_(self) -> str:
        from calypso.drawing import partnership

        return partnership.trick_step(self)


def trick_steps(game: Game) -> list[TrickStep]:
    """Every completed trick of ``game`` in order, with where each of its cards went.

    A card goes to a seat's calypso (``Place(Where.CALYPSO, "N")``) or to the winning side's
    pile (``Place(Where.PILE, "NS")``). Of several copies of one card, the first ones played
    fill the calypso and the later ones are the spares.
    """
    replay = Game(game.seed, options=game.options, hands=game.dealt, first_dealer=game.first_dealer)
    steps = []
    for card in game.moves:
        deal = replay.deal_number
        before_piles = {side: Counter(replay.pile(side)) for side in SIDES}
        before_done = {seat: replay.calypso(seat).completed for seat in SEATS}
        trick = replay.play(card)
        if trick is None:
            continue
        side = replay.side(trick.winner)
        spares = Counter(replay.pile(side)) - before_piles[side]
        places = []
        for played in reversed(trick.cards):
            if spares[played]:
                spares[played] -= 1
                places.append(Place(Where.PILE, side))
            else:
                owner = next(s for s in SEATS if replay.trump(s) == played.suit)
                places.append(Place(Where.CALYPSO, owner))
        seats = {
            seat: SeatState(
                tuple(replay.calypso(seat).cards()),
                replay.calypso(seat).completed,
                replay.trump(seat),
            )
            for seat in SEATS
        }
        steps.append(
            TrickStep(
                deal=deal + 1,
                number=len(replay.tricks[deal]),
                trick=trick,
                places=tuple(reversed(places)),
                completed=tuple(s for s in SEATS if seats[s].completed > before_done[s]),
                seats=seats,
                piles={side: len(replay.pile(side)) for side in SIDES},
            )
        )
    return steps
