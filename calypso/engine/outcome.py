"""How a game ends, as one value every game gives (``game.outcome``): whether it is over, each
scorer's total, who won and how; and what ended (:class:`Span`): the game, or one hand or round
of it, which a family gives from its record of that hand or round.

A scorer is a seat, or a side in a partnership game. Every game on the trick table ends the same
way: the highest total wins, and scorers level on the highest total share the win (A10, P5, B6,
W7); a game whose level totals are a draw says so (``draws``: Calypso's two level sides, C7).

>>> ending = Outcome.highest({"NS": 2410, "EW": 1980}, over=True, sides=True)
>>> ending.kind, ending.winners, ending.score("EW")
(<Ending.WON: 'won'>, ('NS',), 1980)
>>> Outcome.highest({"A": 7, "B": 9, "C": 9}, over=True).kind.value
'shared'
>>> Outcome.highest({"NS": 500, "EW": 500}, over=True, sides=True, draws=True).kind.value
'drawn'
>>> Outcome.highest({"NS": 500, "EW": 500}, over=True, sides=True).kind.value
'shared'
>>> Outcome.highest({"N": 3, "E": 0, "W": 1}, over=False).winners
()
>>> Outcome.highest({"N": 40, "E": -20, "W": 0}, over=True, span=Span.HAND).span.value
'hand'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Ending(enum.Enum):
    """How a game stands: its value is a stable id a page words (never shown as it is)."""

    PLAYING = "playing"
    """Not over yet: no one has won."""
    WON = "won"
    """One scorer alone has the highest total."""
    SHARED = "shared"
    """Several scorers share the highest total, perhaps every one (A10, P5, B6, W7)."""
    DRAWN = "drawn"
    """Every scorer has the same total in a game whose level totals draw: two level sides of
    Calypso (C7)."""


class Span(enum.Enum):
    """What an outcome is the end of: its value is a stable id a page words."""

    GAME = "game"
    """The whole game: its totals decide who won."""
    HAND = "hand"
    """One hand of a game played in hands: its scores, which decide no winner."""
    ROUND = "round"
    """One round of a game played in rounds: its scores, which decide no winner."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game as a value: ``over``; ``scores``, each scorer's total in seat (or side)
    order; ``winners``, the scorers on the highest total once the game is over (``()`` before);
    ``kind``, how it ended; ``sides``, True when the scorers are partnerships, not seats;
    ``span``, what ended: the game, or one hand or round of it (whose top scorers are its
    ``winners``, though a hand or a round wins no game)."""

    over: bool
    scores: Mapping[str, int]
    winners: tuple[str, ...]
    kind: Ending
    sides: bool = False
    span: Span = Span.GAME

    @classmethod
    def highest(
        cls,
        scores: Mapping[str, int],
        *,
        over: bool,
        sides: bool = False,
        span: Span = Span.GAME,
        draws: bool = False,
    ) -> Outcome:
        """The outcome of ``scores`` when the highest total wins and equal highest totals share
        the win; with ``draws``, totals all level are a draw instead."""
        totals = dict(scores)
        if not over:
            return cls(False, totals, (), Ending.PLAYING, sides, span)
        best = max(totals.values())
        winners = tuple(who for who, total in totals.items() if total == best)
        if len(winners) == 1:
            kind = Ending.WON
        else:
            level = draws and len(winners) == len(totals)
            kind = Ending.DRAWN if level else Ending.SHARED
        return cls(True, totals, winners, kind, sides, span)

    def score(self, who: str) -> int:
        """The total of ``who``, a seat or a side."""
        return self.scores[who]
