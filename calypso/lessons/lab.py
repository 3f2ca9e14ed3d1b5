"""The strategy lab's experiments: questions about good play answered by playing seeded games.

An :class:`Experiment` turns one game seed into one number: for a duel, a duplicate pair's score
difference (each game played twice with the sides swapped, so both players hold the same cards
in turn and the luck of the deal cancels, :mod:`calypso.partnership.duel`); otherwise a figure of
one game (whether the C5 option changes who wins, how many calypsos are completed). A :class:`Run`
is an experiment's figures so far, from a first seed on: :meth:`Run.more` plays a few more, so a
page can show the mean and its standard error growing chunk by chunk and stop when asked. The same
seed always gives the same figures.

>>> run = Run("calypsos", seed=3).more(4)
>>> run.count, run.values == Run("calypsos", seed=3).more(2).more(2).values
(4, True)
>>> round(run.mean, 2) == round(sum(run.values) / 4, 2)
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, replace

from calypso.engine.cards import Card
from calypso.i18n import N_
from calypso.partnership.bots import GreedyBot, make_players
from calypso.partnership.duel import play_pair
from calypso.partnership.game import SEATS, SIDES, Game, Player

LAB_EXPERT = "expert:8"
"""The expert as the lab plays it: eight layouts a choice, so that a pair of games takes seconds,
not minutes (the full expert is the command line's ``calypso duel``)."""


class ShyBot(GreedyBot):
    """The greedy player, but it leads its own suit only when it holds nothing else: the lab's
    way to ask whether leading your own suit pays."""

    name = "shy"

    def choose(self, game: Game) -> Card:
        if not game.trick and game.turn is not None:
            own = game.options.trumps[game.index(game.turn)]
            others = [card for card in game.legal_plays() if card.suit != own]
            if others:
                low = min(card.rank for card in others)
                return self.rng.choice([card for card in others if card.rank == low])
        return super().choose(game)


def _greedy_against_shy(seed: int) -> float:
    """A pair: the greedy side (leads its own suit) minus the shy side, both seatings."""

    def game(greedy_ns: bool) -> int:
        rngs = [random.Random(f"calypso-lab/{seed}/{seat}") for seat in SEATS]
        players: list[Player] = [
            GreedyBot(rng) if (i % 2 == 0) == greedy_ns else ShyBot(rng)
            for i, rng in enumerate(rngs)
        ]
        totals = Game(seed=seed).play_out(players).totals
        return totals[SIDES[0]] - totals[SIDES[1]]

    return (game(True) - game(False)) / 2


def _winner_changes(seed: int) -> float:
    """100 when the greedy players' game of ``seed`` has another result under C5's ruff-wins
    than under the ranked trump lead (another winner, or a draw in one of them), else 0: the
    mean is then the share of games changed, in per cent."""
    results = []
    for trump_lead in ("ranked", "ruff-wins"):
        game = Game(seed=seed, trump_lead=trump_lead)
        results.append(game.play_out(make_players("greedy", seed)).winner)
    return 100.0 if results[0] != results[1] else 0.0


def _calypsos(seed: int) -> float:
    """How many calypsos the four greedy players complete in the game of ``seed``."""
    game = Game(seed=seed)
    game.play_out(make_players("greedy", seed))
    return float(sum(game.calypso(seat).completed for seat in SEATS))


@dataclass(frozen=True)
class Experiment:
    """A question, and how one game seed answers it: ``figure(seed)``. ``unit`` names what
    one figure is (an English message id); ``pairs`` says whether each is a duplicate pair of
    games rather than one game."""

    key: str
    title: str
    question: str
    unit: str
    figure: Callable[[int], float]
    pairs: bool = True


EXPERIMENTS: dict[str, Experiment] = {
    experiment.key: experiment
    for experiment in (
        Experiment(
            "expert",
            N_("Expert against greedy"),
            N_("How many points a game does the expert player win over the greedy one?"),
            N_("points a game, the expert's side minus the greedy side"),
            lambda seed: play_pair(LAB_EXPERT, "greedy", seed),
        ),
        Experiment(
            "own-suit",
            N_("Does leading your own suit pay?"),
            N_(
                "Two greedy sides, one of which leads its own suit only when it has nothing "
                "else: how many points a game does leading it bring?"
            ),
            N_("points a game, the side that leads its own suit minus the other"),
            _greedy_against_shy,
        ),
        Experiment(
            "ruff-wins",
            N_("Ranked or ruff-wins"),
            N_(
                "The same games played by the same greedy players under both trump-lead "
                "rules (C5): how often does the rule change the result?"
            ),
            N_("per cent of games change their result"),
            _winner_changes,
            pairs=False,
        ),
        Experiment(
            "calypsos",
            N_("How many calypsos a game completes"),
            N_("Four greedy players: how many calypsos do they complete in a game, all together?"),
            N_("calypsos completed in a game"),
            _calypsos,
            pairs=False,
        ),
    )
}
"""Every experiment by key, in the order the lab offers them."""


@dataclass(frozen=True)
class Run:
    """An experiment's figures so far: one per game seed, from ``seed`` on.

    >>> Run("nothing")
    Traceback (most recent call last):
    ...
    ValueError: bad experiment 'nothing': expected one of expert, own-suit, ruff-wins, calypsos
    """

    key: str
    seed: int = 1
    values: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if self.key not in EXPERIMENTS:
            raise ValueError(
                f"bad experiment {self.key!r}: expected one of {', '.join(EXPERIMENTS)}"
            )

    @property
    def experiment(self) -> Experiment:
        return EXPERIMENTS[self.key]

    @property
    def count(self) -> int:
        return len(self.values)

    def more(self, count: int) -> Run:
        """The run after ``count`` more game seeds."""
        first = self.seed + self.count
        found = [self.experiment.figure(seed) for seed in range(first, first + count)]
        return replace(self, values=(*self.values, *found))

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values) if self.values else math.nan

    @property
    def se(self) -> float:
        """The standard error of the mean: the figures' spread over the square root of their
        number (``nan`` below two figures)."""
        if self.count < 2:
            return math.nan
        return statistics.stdev(self.values) / math.sqrt(self.count)
