"""Whole games played by bots, returned as records; any registered game, by name.

>>> record = simulate("calypso", seed=1, bots="greedy")
>>> len(record.deals), sorted(record.final_scores)
(4, ['EW', 'NS'])
>>> match = simulate("calypso", seed=1, target=5000)
>>> max(match.final_scores.values()) >= 5000
True
>>> auction = simulate("auction-calypso", seed=1, players=4, hands=2)
>>> sorted(auction.final_scores), len(auction.deals)
(['EW', 'NS'], 2)
>>> simulate("calypso", players=7)
Traceback (most recent call last):
...
ValueError: bad option 'players' for calypso: expected trumps, trump_lead, all_fours, target
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calypso.engine.games import find_game
from calypso.engine.record import Record


def simulate(
    game: str,
    seed: int = 0,
    *,
    bots: str | Sequence[str] | None = None,
    **options: Any,
) -> Record:
    """Play a whole game (or match) of ``game`` with bots and return its record.

    ``options`` are the game's declared options (:mod:`calypso.engine.games`); an option the game
    does not have is refused. ``bots`` names one bot for every seat or one per seat (default:
    the game's first). The same seed always gives the same record.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"bad seed {seed!r}: expected a whole number")
    spec = find_game(game)
    chosen = spec.options.parse(**options)
    return spec.play(chosen, seed, spec.bots_for(spec.seats(chosen), bots))
