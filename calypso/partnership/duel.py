"""Duplicate duels between two Calypso bots: how much better one plays, with its error.

Each game seed is played twice: once with the first bot in the N and S seats and the second in
E and W, then with the sides swapped, so both bots hold the same cards in turn and the luck of
the deal cancels. A game's **difference** is the first bot's side's C7 total minus the other's
(docs/rulings.md, C7); a **pair** scores the mean of its two games' differences. The duel
reports the mean over pairs and its standard error (the pairs' standard deviation over the
square root of their number): a mean more than two standard errors above zero says the first
bot plays better.

A bot is named as everywhere bots are chosen (:data:`calypso.partnership.bots.BOT_NAMES`), or as
``expert:N``, the expert with N layouts a choice (:mod:`calypso.partnership.expert`).

>>> result = duel("greedy", "random", deals=2, seed=5)
>>> result.pairs == len(result.differences) == 2, result.first, result.second
(True, 'greedy', 'random')
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calypso.engine.limits import SEEDS
from calypso.partnership.bots import BOT_NAMES, make_bot
from calypso.partnership.game import SEATS, SIDES, Game, Player


def check_bot(spec: str) -> str:
    """``spec`` when it names a bot, else ``ValueError`` saying what is expected.

    >>> check_bot("expert:8")
    'expert:8'
    >>> check_bot("clever")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad bot 'clever': expected one of random, greedy, expert, or expert:N (...)
    """
    name, _, count = spec.partition(":")
    if name in BOT_NAMES and not count:
        return spec
    if name == "expert" and count.isdigit() and 1 <= int(count) <= 500:
        return spec
    raise ValueError(
        f"bad bot {spec!r}: expected one of {', '.join(BOT_NAMES)}, or expert:N "
        "(N layouts a choice, 1 to 500)"
    )


def duel_bot(spec: str, rng: random.Random) -> Player:
    """The bot ``spec`` names (see :func:`check_bot`), playing with ``rng``."""
    name, _, count = check_bot(spec).partition(":")
    if count:
        from calypso.partnership.expert import ExpertBot

        return ExpertBot(rng, samples=int(count))
    return make_bot(name, rng)


def play_game(north_south: str, east_west: str, seed: int) -> int:
    """One game of ``seed``: NS's total minus EW's, each seat's bot seeded by game and seat."""
    game = Game(seed=seed)
    players = [
        duel_bot(spec, random.Random(f"calypso-duel/{seed}/{seat}/{spec}"))
        for seat, spec in zip(SEATS, (north_south, east_west) * 2, strict=True)
    ]
    totals = game.play_out(players).totals
    return totals[SIDES[0]] - totals[SIDES[1]]


def play_pair(first: str, second: str, seed: int) -> float:
    """A duplicate pair: ``first``'s side minus ``second``'s, the mean of both seatings."""
    return (play_game(first, second, seed) - play_game(second, first, seed)) / 2


@dataclass(frozen=True)
class Duel:
    """The outcome of a duel: both bots, the first game seed, and each pair's difference.

    >>> d = Duel("expert", "greedy", 0, (100.0, 300.0, 200.0))
    >>> d.mean, d.se
    (200.0, 57.73502691896258)
    >>> print(d.text())  # doctest: +NORMALIZE_WHITESPACE
    expert vs greedy: +200.0 ± 57.7 points a game
    (expert minus greedy; 3 duplicate pairs, seeds 0-2)
    """

    first: str
    second: str
    seed: int
    differences: tuple[float, ...]

    @property
    def pairs(self) -> int:
        return len(self.differences)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.differences)

    @property
    def se(self) -> float:
        """The standard error of the mean (``nan`` with a single pair)."""
        if self.pairs < 2:
            return math.nan
        return statistics.stdev(self.differences) / math.sqrt(self.pairs)

    def text(self) -> str:
        last = self.seed + self.pairs - 1
        seeds = f"seed {self.seed}" if last == self.seed else f"seeds {self.seed}-{last}"
        return (
            f"{self.first} vs {self.second}: {self.mean:+.1f} ± {self.se:.1f} points a game "
            f"({self.first} minus {self.second}; {self.pairs} duplicate pairs, {seeds})"
        )

    def to_dict(self) -> dict[str, Any]:
        se = None if math.isnan(self.se) else round(self.se, 2)
        return {
            "first": self.first,
            "second": self.second,
            "seed": self.seed,
            "pairs": self.pairs,
            "mean": round(self.mean, 2),
            "se": se,
            "differences": list(self.differences),
        }


def duel(
    first: str,
    second: str,
    deals: int,
    seed: int = 0,
    on_pair: Callable[[int, float], None] | None = None,
) -> Duel:
    """Play ``deals`` duplicate pairs from game seeds ``seed``, ``seed + 1``, ...;
    ``on_pair(seed, difference)`` hears each pair as it ends."""
    check_bot(first)
    check_bot(second)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ValueError(f"bad deals {deals!r}: expected a whole number from 1 up")
    if not SEEDS[0] <= seed <= SEEDS[1] - deals + 1:
        top = SEEDS[1] - deals + 1
        raise ValueError(f"bad seed {seed!r}: expected a whole number from {SEEDS[0]} to {top}")
    differences = []
    for number in range(seed, seed + deals):
        difference = play_pair(first, second, number)
        differences.append(difference)
        if on_pair is not None:
            on_pair(number, difference)
    return Duel(first, second, seed, tuple(differences))
