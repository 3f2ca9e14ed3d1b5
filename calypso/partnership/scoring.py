"""Calypso scoring after the fourth deal (docs/rulings.md, C7).

Each player's 1st, 2nd, 3rd and 4th completed calypso score 500, 750, 1000 and 1000; each card
in a calypso in progress 20; each card in the side's pile 10.

>>> calypso_points(2)
1250
>>> side = score_side("NS", [("N", "H", 1, 4), ("S", "S", 0, 9)], pile=30)
>>> side.total
1060
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.cards import Suit
from calypso.engine.limits import whole

CALYPSO_VALUES = (500, 750, 1000, 1000)
"""Points for a player's 1st, 2nd, 3rd and 4th completed calypso."""
IN_PROGRESS_POINTS = 20
PILE_POINTS = 10
_CALYPSO_TOTALS = tuple(sum(CALYPSO_VALUES[:n]) for n in range(len(CALYPSO_VALUES) + 1))
"""Points for 0, 1, 2, 3 and 4 completed calypsos."""


def calypso_points(completed: int) -> int:
    """Points for ``completed`` calypsos made by one player (0 to 4)."""
    if not isinstance(completed, int) or not 0 <= completed <= len(CALYPSO_VALUES):
        raise ValueError(f"bad number of calypsos {completed!r}: expected 0 to 4 for one player")
    return _CALYPSO_TOTALS[completed]


def player_points(completed: int, in_progress: int) -> int:
    """One player's C7 points: completed calypsos, and 20 a card in the one in progress.

    The figures are taken as possible; :func:`score_side` checks them.

    >>> player_points(1, 4)
    580
    """
    return _CALYPSO_TOTALS[completed] + IN_PROGRESS_POINTS * in_progress


@dataclass(frozen=True)
class PlayerScore:
    seat: str
    trump: Suit
    completed: int
    in_progress: int

    @property
    def calypso_points(self) -> int:
        return calypso_points(self.completed)

    @property
    def in_progress_points(self) -> int:
        return IN_PROGRESS_POINTS * self.in_progress

    @property
    def total(self) -> int:
        return player_points(self.completed, self.in_progress)


@dataclass(frozen=True)
class SideScore:
    name: str
    players: tuple[PlayerScore, ...]
    pile: int

    @property
    def pile_points(self) -> int:
        return PILE_POINTS * self.pile

    @property
    def total(self) -> int:
        return sum(p.total for p in self.players) + self.pile_points


def score_side(
    name: str, players: Sequence[tuple[str, str | Suit, int, int]], pile: int
) -> SideScore:
    """Score one side from ``(seat, trump, completed, in_progress)`` per player and its pile.

    Checks the figures are possible in a 208-card game and says which one is not.
    """
    scored = []
    for seat, trump, completed, in_progress in players:
        whole("completed calypsos", completed, 0, len(CALYPSO_VALUES), who=seat)
        whole("cards in progress", in_progress, 0, 12, who=seat)
        scored.append(PlayerScore(seat, Suit.parse(trump), completed, in_progress))
    whole("pile cards", pile, 0, 208, who=name)
    return SideScore(name, tuple(scored), pile)


@dataclass(frozen=True)
class ScoreSheet:
    """Both sides' scores; ``winner`` is a side name, or ``None`` for a draw."""

    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> dict[str, int]:
        return {side.name: side.total for side in self.sides}

    @property
    def winner(self) -> str | None:
        best = max(side.total for side in self.sides)
        leaders = [side.name for side in self.sides if side.total == best]
        return leaders[0] if len(leaders) == 1 else None

    def _repr_html_(self) -> str:
        from calypso.drawing import partnership

        return partnership.score_sheet(self)
