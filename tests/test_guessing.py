"""No stage and no quiz level can be passed by a rule of thumb (issue 29; docs/rulings.md C4,
B4, W5): a strategy that ignores the rule being practised names the right answer in at most
two fifths of the exercises.

The harness (:func:`hit_rates`, :func:`worst`) takes any list of exercises with an ``answer``
and a dict of named strategies, each a plain function from an exercise to an answer. The
strategies for tricks are written here from the rulings' words, over cards, seats and trumps
alone, independently of the engine (and of ``calypso.exercises.thumbs``, which the exercises
use to choose their tricks). Each stage and quiz level names the strategies it is held to; a
strategy is left out only where it is one whole case of the rule practised, and the reason is
given beside it.

``python tests/test_guessing.py`` (or ``pytest -s tests/test_guessing.py``) prints the worst
strategy of every stage and level.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import pytest

from calypso.cards import Card, Suit
from calypso.exercises import Exercise, make_stage
from calypso.quiz import LEVELS, VERSIONS, Puzzle, make_quiz

MOST = 0.40
"""No strategy may be right in more than this share of a stage's or a level's exercises."""

SEEDS = range(1, 301)
CODES = tuple(f"CLASS-{n}" for n in range(1, 101))
"""The class codes the quiz is measured on, each in both versions."""


class Answered(Protocol):
    @property
    def answer(self) -> str: ...


E = TypeVar("E", bound=Answered)


def hit_rates(
    exercises: Sequence[E], strategies: Mapping[str, Callable[[E], str]]
) -> dict[str, float]:
    """For each strategy, the share of ``exercises`` whose answer it names.

    >>> @dataclass
    ... class Q:
    ...     answer: str
    >>> hit_rates([Q("N"), Q("E"), Q("N"), Q("S")], {"always N": lambda q: "N"})
    {'always N': 0.5}
    """
    return {
        name: sum(guess(e) == e.answer for e in exercises) / len(exercises)
        for name, guess in strategies.items()
    }


def worst(rates: Mapping[str, float]) -> tuple[str, float]:
    """The strategy that is right most often, and how often (the first named, on a tie)."""
    name = max(rates, key=lambda n: rates[n])
    return name, rates[name]


# -- a trick as the learner sees it -------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """A trick question as shown: the cards in play order, who played each, each player's own
    suit (Calypso) or the one trump for everyone (the whist games), and the key."""

    cards: tuple[Card, ...]
    seats: tuple[str, ...]
    owns: tuple[Suit | None, ...]
    """The own suit of whoever played each card; all None in a game without own suits."""
    trump: Suit | None
    """The trump for everyone in a whist game (None: no trump, or a Calypso trick)."""
    answer: str

    @property
    def led(self) -> Suit:
        return self.cards[0].suit


COMPASS = ("N", "E", "S", "W")


def shown_exercise(exercise: Exercise) -> Shown:
    trick = exercise.trick
    assert trick is not None
    seats = exercise.played_by
    owns = tuple(exercise.trumps[COMPASS.index(s)] if exercise.personal else None for s in seats)
    return Shown(trick.cards, seats, owns, exercise.shared_trump, exercise.answer)


def shown_puzzle(puzzle: Puzzle) -> Shown:
    trick = puzzle.trick
    start = COMPASS.index(trick.leader)
    seats = tuple(COMPASS[(start + i) % 4] for i in range(len(trick.cards)))
    owns = tuple(trick.trumps[COMPASS.index(s)] for s in seats)
    return Shown(trick.cards, seats, owns, None, puzzle.answer)


# -- strategies: each names a seat from what is shown --------------------------------------------


def top(t: Shown, indices: Sequence[int], low: bool = False) -> int | None:
    """Of ``indices``, the card of highest (or lowest) rank, the earliest of equals."""
    if not indices:
        return None
    best = (
        min(int(t.cards[i].rank) for i in indices)
        if low
        else max(int(t.cards[i].rank) for i in indices)
    )
    return next(i for i in indices if int(t.cards[i].rank) == best)


def ruffs(t: Shown) -> list[int]:
    """The cards that trump: in Calypso a player's own suit played to another suit's lead (C4);
    in a whist game every card of the trump suit, the led one included (B4, W5)."""
    if t.trump is not None:
        return [i for i, c in enumerate(t.cards) if c.suit == t.trump]
    return [i for i, c in enumerate(t.cards) if c.suit == t.owns[i] and c.suit != t.led]


def of_led(t: Shown) -> list[int]:
    return [i for i, c in enumerate(t.cards) if c.suit == t.led]


def seat_of(t: Shown, index: int | None) -> str:
    """The seat that played ``index``, the leader when there is none."""
    return t.seats[0 if index is None else index]


def last_ruff(t: Shown) -> str:
    found = ruffs(t)
    return seat_of(t, found[-1] if found else None)


def first_ruff(t: Shown) -> str:
    found = ruffs(t)
    return seat_of(t, found[0] if found else None)


def highest_ruff(t: Shown) -> str:
    return seat_of(t, top(t, ruffs(t)))


def highest_card(t: Shown) -> str:
    return seat_of(t, top(t, range(len(t.cards))))


def lowest_card(t: Shown) -> str:
    return seat_of(t, top(t, range(len(t.cards)), low=True))


def highest_of_led(t: Shown) -> str:
    return seat_of(t, top(t, of_led(t)))


def ordinary_trumps(t: Shown) -> str:
    """As in whist: the highest ruff, else the highest card of the led suit."""
    return seat_of(t, top(t, ruffs(t)) if ruffs(t) else top(t, of_led(t)))


def as_own_lead(t: Shown) -> str:
    """Every lead as if the leader's own (C4.1, C4.2): the led card and the ruffs compete."""
    return seat_of(t, top(t, [0, *(i for i in ruffs(t) if i)]))


def owner_of_led(t: Shown) -> str:
    """The player whose own suit was led; the leader in a game without own suits."""
    return next((s for s, own in zip(t.seats, t.owns, strict=True) if own == t.led), t.seats[0])


def highest_own_suit(t: Shown) -> str:
    """The highest card played in its player's own suit (ruff or not), else the leader; in a
    whist game, the highest trump."""
    if t.trump is not None:
        return highest_ruff(t)
    return seat_of(t, top(t, [i for i, c in enumerate(t.cards) if c.suit == t.owns[i]]))


Strategy = Callable[[Shown], str]


def fixed(seat: str) -> Strategy:
    return lambda t: seat


def position(k: int) -> Strategy:
    return lambda t: t.seats[k]


STRATEGIES: dict[str, Strategy] = {
    **{f"always {seat}": fixed(seat) for seat in COMPASS},
    "the leader": position(0),
    "2nd to play": position(1),
    "3rd to play": position(2),
    "4th to play (the last card)": position(3),
    "the highest card on the table": highest_card,
    "the lowest card": lowest_card,
    "the last ruff, else the leader": last_ruff,
    "the first ruff, else the leader": first_ruff,
    "the highest ruff, else the leader": highest_ruff,
    "the highest card of the led suit": highest_of_led,
    "the player whose own suit was led": owner_of_led,
    "the highest card in its player's own suit, else the leader": highest_own_suit,
    "every lead as the leader's own (the led card and the ruffs)": as_own_lead,
    "ordinary trumps (the highest ruff, else the highest of the led suit)": ordinary_trumps,
}
"""Every strategy, by name. In the whist games a "ruff" is any trump."""

WHIST = "ordinary trumps (the highest ruff, else the highest of the led suit)"
OF_LED = "the highest card of the led suit"
AS_OWN = "every lead as the leader's own (the led card and the ruffs)"
OWN_SUIT = "the highest card in its player's own suit, else the leader"

PLAIN_RULE = {
    WHIST: "it is C4.3 and C4.4 together: the rule practised",
    OF_LED: "it is C4.3 itself, a case of the rule practised; with 'the highest ruff, else the "
    "leader' it is right on every plain lead (a ruff wins, C4.4, else the highest card of the "
    "led suit, C4.3), so one of the two is right at least half the time, and the other is held",
}
"""Leads of a suit that is not the leader's own, ruffed or not (C4.3, C4.4)."""

C4_RULE = {
    WHIST: "it is C4.3 and C4.4, cases of the rule practised; with 'the leader' it is right on "
    "every trick (the leader wins, or a ruff does, or the highest card of the led suit), so no "
    "mix of tricks can hold both",
    AS_OWN: "on a lead of the leader's own suit it is C4.1 and C4.2 themselves, right on every "
    "one of them; the leads of another suit that a stage mixes in to hold 'the leader', 'the "
    "highest ruff, else the leader' and 'the highest card of the led suit' under two fifths "
    "cannot also hold it there",
    OWN_SUIT: "the same as the strategy above on every lead of the leader's own suit (the led "
    "card and the ruffs are the cards played in their player's own suit)",
}
"""Every case of C4, or leads of the leader's own suit among others."""

WHIST_RULE = {
    WHIST: "with one trump for everyone it is B4 or W5 itself: the rule practised",
    OF_LED: "it is B4.2 or W5.2 itself, a case of the rule practised; with 'the highest ruff, "
    "else the leader' (the highest trump) it is right on every trick with one trump for "
    "everyone, so one of the two is right at least half the time, and the other is held",
}
"""One trump for everyone (Call Bridge, Collett Whist)."""

EXCLUDED: dict[str, dict[str, str]] = {
    "who-wins-plain": PLAIN_RULE,
    "who-wins-own": C4_RULE,
    "who-wins": C4_RULE,
    "cousins-bridge": WHIST_RULE,
    "cousins-collett": WHIST_RULE,
    "cousins": {
        WHIST: "in Call Bridge and Collett Whist it is B4 or W5 itself, the rule practised; in "
        "Calypso, with 'the leader', it is right on every trick",
        OF_LED: "in Call Bridge and Collett Whist, two of the three games, it is B4.2 or W5.2 "
        "itself, and with 'the highest ruff, else the leader' it is right on every trick of "
        "theirs: holding both under two fifths would need the Calypso tricks to be won mostly "
        "by the leader",
    },
    "quiz level 1": PLAIN_RULE,
    "quiz level 2": C4_RULE,
    "quiz level 3": C4_RULE,
}
"""For each stage and quiz level, the strategies it is not held to, and why; it is held to
every other strategy of :data:`STRATEGIES`. A strategy is left out only where it is one whole
case of the rule practised, and holding it too is impossible or would leave out a case."""


def held(name: str) -> dict[str, Strategy]:
    """The strategies the stage or level ``name`` is held to: all but those it leaves out."""
    return {k: f for k, f in STRATEGIES.items() if k not in EXCLUDED[name]}


@functools.cache
def stage_tricks(stage: str) -> tuple[Shown, ...]:
    """Every exercise of ``stage`` for seeds 1-300, as shown."""
    return tuple(shown_exercise(e) for seed in SEEDS for e in make_stage(stage, seed))


@functools.cache
def level_tricks(level: int) -> tuple[Shown, ...]:
    """Every puzzle of quiz level ``level`` for the 100 class codes in both versions."""
    return tuple(
        shown_puzzle(p)
        for code in CODES
        for version in VERSIONS
        for p in make_quiz(code, level, version=version)
    )


Check = tuple[Callable[[], Sequence[Any]], Mapping[str, Callable[[Any], str]]]
"""How to draw a stage's exercises (cached), and the strategies it is held to."""

CHECKS: dict[str, Check] = {
    **{
        stage: (functools.partial(stage_tricks, stage), held(stage))
        for stage in (
            "who-wins-plain",
            "who-wins-own",
            "who-wins",
            "cousins-bridge",
            "cousins-collett",
            "cousins",
        )
    },
    **{
        f"quiz level {n}": (functools.partial(level_tricks, n), held(f"quiz level {n}"))
        for n in LEVELS
    },
}
"""Every stage and quiz level checked here, by name: add an entry to check another."""


def table() -> str:
    """The worst strategy of every stage and level checked, one line each."""
    lines = []
    for name, (exercises, strategies) in CHECKS.items():
        strategy, rate = worst(hit_rates(exercises(), strategies))
        lines.append(f"{name:16} {rate:6.1%}  {strategy}")
    return "\n".join(lines)


def test_every_strategy_left_out_is_one_of_them() -> None:
    for name, left_out in EXCLUDED.items():
        assert set(left_out) <= set(STRATEGIES), name


@pytest.mark.parametrize("name", list(CHECKS))
def test_no_strategy_that_ignores_the_rule_is_right_in_more_than_two_fifths(name: str) -> None:
    exercises, strategies = CHECKS[name]
    rates = hit_rates(exercises(), strategies)
    over = {k: round(v, 3) for k, v in rates.items() if v > MOST}
    assert not over, f"{name}: {over}"


def test_print_the_worst_strategy_of_each_stage_and_level() -> None:
    print("\n" + table())


if __name__ == "__main__":
    print(table())
