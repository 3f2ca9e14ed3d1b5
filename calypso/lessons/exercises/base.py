"""What every exercise is made of: the :class:`Exercise` value, its choices, the stars it
earns, and the helpers the chapters' question makers share."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from calypso.engine.cards import Card, Suit
from calypso.engine.tricks import TrickResult
from calypso.i18n import seat_name
from calypso.lessons.examples import ExampleTrick
from calypso.lessons.reasons import why_not
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS

STAGE_SIZE = 5
"""Exercises in a stage."""


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


@dataclass(frozen=True)
class Exercise:
    """One question: what to ask, the choices, the right one, and why."""

    question: str
    choices: tuple[Choice, ...]
    answer: str
    explanation: str
    rule: str
    trick: ExampleTrick | None = None
    """A trick to draw with the question (complete, or the cards played so far)."""
    hand: tuple[Card, ...] = ()
    """The learner's hand, when the question is which card to play from it."""
    shown: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    """The other seats' hands, face up on the table (every hand shown), seat by seat."""
    trumps: tuple[Suit, ...] = DEFAULT_TRUMPS
    """Everyone's personal trump, in the order of ``calypso.partnership.game.SEATS``."""
    facts: tuple[str, ...] = field(default=())
    """What the learner needs to know besides the trick (calypsos in progress, a score)."""
    seats: tuple[str, ...] = ()
    """Who played the trick's cards, in order, when not the Calypso's clockwise order."""
    shared_trump: Suit | None = None
    """The one trump for everyone, in the whist games."""
    personal: bool = True
    """Whether the players hold personal trumps (Calypso), drawn on the table."""
    why: tuple[tuple[str, str], ...] = ()
    """For every wrong choice, its key and the reason it is wrong, in one sentence."""
    chapter: str = ""
    """The slug of the chapter whose stage asked it (:mod:`calypso.lessons.chapters`)."""
    result: TrickResult | None = None
    """The engine's verdict on the trick once every seat has played to it (for a hand, with
    the right answer played last), under the rules the exercise names; None without one."""

    @property
    def played_by(self) -> tuple[str, ...]:
        """The seat that played each card of the trick."""
        if self.seats:
            return self.seats[: len(self.trick.cards)] if self.trick else ()
        return self.trick.seats if self.trick else ()

    def is_right(self, key: str) -> bool:
        return key == self.answer

    def reason(self, key: str) -> str:
        """Why the choice ``key`` is wrong, in one sentence from the engine's facts."""
        found = dict(self.why)
        if key not in found:
            raise ValueError(f"bad key {key!r}: not a wrong choice of this exercise")
        return found[key]

    @property
    def answer_label(self) -> str:
        return next(c.label for c in self.choices if c.key == self.answer)


def stars(attempts: int) -> int:
    """Stars for an exercise answered right at the ``attempts``-th try: 3, 2, then 1."""
    if attempts < 1:
        raise ValueError(f"bad attempts {attempts!r}: expected 1 or more")
    return max(1, 4 - attempts)


def seat_choices() -> tuple[Choice, ...]:
    return tuple(Choice(seat, seat_name(seat)) for seat in SEATS)


def any_trumps(rng: random.Random, default: float = 0.5) -> tuple[Suit, ...]:
    """Any assignment of the four suits to the seats (C1); the default (N ♥, E ♦, S ♠, W ♣)
    that share of the time, a shuffle otherwise."""
    if rng.random() < default:
        return DEFAULT_TRUMPS
    suits = list(Suit)
    rng.shuffle(suits)
    return tuple(suits)


# -- chapter "table": the table --------------------------------------------------------------------


def seat_reasons(
    cards: Sequence[Card],
    seats: Sequence[str],
    trumps: Sequence[Suit | None],
    winner: str,
    shared: bool = False,
    ruff_wins: bool = False,
) -> tuple[tuple[str, str], ...]:
    """Why each seat but ``winner`` does not take the trick (C4, C5, W5, B4: ``why_not``)."""
    return tuple(
        (seat, why_not(cards, trumps, i, shared=shared, ruff_wins=ruff_wins).sentence(seats))
        for i, seat in enumerate(seats[: len(cards)])
        if seat != winner
    )


# -- figures: spreading the wrong ones around the right one ---------------------------------------

NEAR_STEPS = (10, 20, 30, 40, 60, 70, 80, 90, 110, 120, 130, 140, 160, 180, 230, 270)
"""How far a near miss lies from the right figure: a step that no round slip (a calypso's 250
or 500) takes, so the options do not all fall into the right figure's remainders."""
NAMED_SHARE = 0.7
"""The chance that a wrong figure is a named slip rather than a near miss, if one is left."""
ROUND_STEPS = (100, 200, 250, 500)
"""Further steps a near miss may take from a wrong figure: wrong figures also have partners a
round step away, as the right one has its round slips."""


def spread(
    rng: random.Random,
    right: int,
    slips: Sequence[tuple[int, str]],
    below: int,
    near: Callable[[int], str],
    allowed: Callable[[int], bool] = lambda value: True,
    first: Sequence[int] = (),
) -> list[tuple[int, str]] | None:
    """Three wrong figures with their reasons, ``below`` of them smaller than ``right`` and
    the rest larger, so that a caller drawing ``below`` uniformly puts the right figure at any
    rank among the sorted options as often; ``None`` if ``allowed`` leaves too few figures on
    a side.

    Each side takes named ``slips`` first (a figure and the mistake that gives it): those whose
    figure is in ``first``, then others at random, each place going to one with the chance
    :data:`NAMED_SHARE`, so that their round differences from the right figure (a calypso's
    250 or 500) do not give it away. Near misses, worded by ``near``, fill the other places:
    each a step of :data:`NEAR_STEPS` from the right figure, or of :data:`NEAR_STEPS` or
    :data:`ROUND_STEPS` from a wrong one already on that side, so that the right figure is not
    the one the others are all a round step from.

    >>> rng = random.Random(1)
    >>> wrong = spread(rng, 500, [(250, "half"), (1000, "double")], 2, lambda v: "near")
    >>> sorted(v for v, _ in wrong)[:2] < [500, 500] < sorted(v for v, _ in wrong)[2:]
    True
    """
    seen = {right}
    found: list[tuple[int, str]] = []
    for side, wanted in ((-1, below), (1, 3 - below)):
        named = [(v, why) for v, why in slips if (v - right) * side > 0 and allowed(v)]
        picked: list[tuple[int, str]] = []
        room = sum(rng.random() < NAMED_SHARE for _ in range(wanted))
        shuffled = rng.sample(named, len(named))
        for value, why in sorted(shuffled, key=lambda slip: slip[0] not in first):
            if len(picked) < (wanted if value in first else room) and value not in seen:
                seen.add(value)
                picked.append((value, why))
        for _try in range(100):
            if len(picked) == wanted:
                break
            anchor = rng.choice([right, *(v for v, _ in picked)])
            if anchor == right:
                value = right + side * rng.choice(NEAR_STEPS)
            else:
                value = anchor + rng.choice((-1, 1)) * rng.choice(NEAR_STEPS + ROUND_STEPS)
            if (value - right) * side > 0 and allowed(value) and value not in seen:
                seen.add(value)
                picked.append((value, near(value)))
        if len(picked) < wanted:
            return None
        found += picked
    return found


def figure_choices(
    rng: random.Random, right: int, wrong: Sequence[tuple[int, str]], label: Callable[[int], str]
) -> tuple[Choice, ...]:
    """The right figure and the wrong ones as choices in a random order, keyed by value."""
    options = [right, *(v for v, _ in wrong)]
    rng.shuffle(options)
    return tuple(Choice(str(v), label(v)) for v in options)
