"""The registry of games: every game the engine plays, registered once under its name.

A :class:`GameSpec` says what a game is to the rest of the engine: its seats, its declared
options (:mod:`calypso.options`), its bots, how to start one, how bots play one through to a
record, and how a record of it is replayed. Each family registers its games at the end of its
record module (:mod:`calypso.match`, :mod:`calypso.auction.record`,
:mod:`calypso.whist.record`); ``simulate``, the command line, records and the widgets find games
here and nowhere else.

>>> import calypso
>>> names()
('calypso', 'auction-calypso', 'call-bridge', 'collett-whist')
>>> spec = find_game("collett-whist")
>>> spec.title, spec.seats(spec.options.parse(players=5))
('Collett Whist', ('A', 'B', 'C', 'D', 'E'))
>>> find_game("bridge")
Traceback (most recent call last):
...
ValueError: bad game 'bridge': expected one of calypso, auction-calypso, call-bridge, collett-whist
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from calypso.options import Options

if TYPE_CHECKING:
    from calypso.record import Record, Replay


@dataclass(frozen=True)
class GameSpec:
    """One registered game.

    ``layouts`` are every seat list a record of the game may carry (in play order); ``bots``
    the names of its computer players, the default first; ``start(options, seed)`` a new game;
    ``play(options, seed, bots)`` a whole game played by bots (one name per seat) as a record;
    ``replay(record)`` re-plays and re-scores a record of it.
    """

    name: str
    title: str
    options: type[Options]
    layouts: tuple[tuple[str, ...], ...]
    seats: Callable[[Any], tuple[str, ...]]
    bots: tuple[str, ...]
    start: Callable[[Any, int], Any]
    play: Callable[[Any, int, tuple[str, ...]], Record]
    replay: Callable[[Record], Replay]

    def bots_for(self, seats: Sequence[str], bots: str | Sequence[str] | None) -> tuple[str, ...]:
        """One bot name per seat from one name for all, a name per seat, or the default.

        >>> find_game("call-bridge").bots_for("NWSE", "random")
        Traceback (most recent call last):
        ...
        ValueError: bad bots 'random': call-bridge is played by greedy bots only
        """
        names = [bots or self.bots[0]] * len(seats) if isinstance(bots, str | None) else bots
        allowed = (
            f"expected one of {', '.join(self.bots)}"
            if len(self.bots) > 1
            else f"{self.name} is played by {self.bots[0]} bots only"
        )
        for name in names:
            if name not in self.bots:
                shown = bots if isinstance(bots, str) else name
                raise ValueError(f"bad bots {shown!r}: {allowed}")
        if len(names) != len(seats):
            raise ValueError(
                f"bad bots {list(names)!r}: expected one name, or {len(seats)}, one per seat "
                f"{', '.join(seats)}"
            )
        return tuple(names)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (once per name)."""
    if spec.name in _GAMES:
        raise ValueError(f"bad game {spec.name!r}: already registered")
    _GAMES[spec.name] = spec
    return spec


def find_game(name: str) -> GameSpec:
    """The registered game called ``name``; an unknown name is a ``ValueError``."""
    spec = _GAMES.get(name)
    if spec is None:
        raise ValueError(f"bad game {name!r}: expected one of {', '.join(_GAMES)}")
    return spec


def names() -> tuple[str, ...]:
    """The registered games' names, in the order they were registered."""
    return tuple(_GAMES)
