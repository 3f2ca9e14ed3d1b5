"""What every exercise is made of: the :class:`Exercise` value, its choices, the stars it
earns, and the helpers the chapters' question makers share."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from calypso.cards import Card, Suit
from calypso.examples import ExampleTrick
from calypso.game import DEFAULT_TRUMPS, SEATS
from calypso.i18n import seat_name
from calypso.reasons import why_not
from calypso.tricks import TrickResult

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
    trumps: tuple[Suit, ...] = DEFAULT_TRUMPS
    """Everyone's personal trump, in the order of ``calypso.game.SEATS``."""
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
    """The slug of the chapter whose stage asked it (:mod:`calypso.chapters`)."""
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


def any_trumps(rng: random.Random) -> tuple[Suit, ...]:
    """Any assignment of the four suits to the seats (C1); the default half of the time."""
    if rng.random() < 0.5:
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


# -- chapter "who-wins": who wins the trick --------------------------------------------------------


def distinct_slips(
    right: int, slips: Sequence[tuple[int, str]], keep: Callable[[int], bool] = lambda v: True
) -> list[tuple[int, str]]:
    """The slips whose figure is wrong and not already among the earlier ones."""
    seen = {right}
    found = []
    for value, why in slips:
        if value not in seen and keep(value):
            seen.add(value)
            found.append((value, why))
    return found
