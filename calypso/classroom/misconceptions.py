"""What a class got wrong, by ruling, across the quiz, the exercises and the class deal; and the
students who need help first (issue 33, item 4).

Every miss counts against a ruling of docs/rulings.md (C4.3, C6, A7 …):

- a quiz answer naming the wrong seat, against the ruling that decides its trick;
- an exercise answered right only after a wrong try (fewer than :data:`FULL_STARS` stars),
  once against each ruling its stage practises (:data:`STAGE_RULINGS`). The board keeps a
  stage's stars, not which question each exercise asked, so a stage that mixes the cases of
  one ruling counts against that ruling (C4 for the stages of *Who wins?*), and a closing
  stage that mixes rulings (the auction's, the cousins') counts against each of them;
- a wrong card in a class deal, against the ruling that decides where its line parts from the
  best line (:func:`parting_rule`, read as :mod:`calypso.partnership.advice` reads it for chapter
  05's review); a card priced by the expert, beyond the solver's reach, names no ruling;
- a right card for the wrong reason, against the reason's ruling (:attr:`Reason.rule`), when
  the reason rests on one.

:func:`help_first` ranks the students with misses: the most misses first, then the fewest right
answers, then the class list's order.

>>> Counter(exercise_misses({("who-wins-own", 1): 2, ("who-wins-own", 2): 3, ("table", 4): 1}))
Counter({'C4': 1, 'C1': 1})
>>> ann = Standing("Ann", quiz_missed=4, quiz_answered=6, deals=((1, Grade.WRONG_CARD),))
>>> bob = Standing("Bob", quiz_missed=4, quiz_answered=10, exercises_done=2)
>>> ann.misses, ann.right, bob.misses, bob.right
(5, 2, 4, 8)
>>> [s.name for s in help_first([bob, Standing("Cy", quiz_answered=3), ann])]
['Ann', 'Bob']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from calypso.classroom.classdeal import Marked, Position
from calypso.classroom.results import name_key
from calypso.engine.cards import Card
from calypso.lessons.glossary import RULINGS
from calypso.lessons.why import Grade
from calypso.partnership.advice import Parting, costs

FULL_STARS = 3
"""An exercise's stars when it was answered right at the first try."""
HELP_FIRST = 5
"""How many students the list of those who need help first names at most."""

STAGE_RULINGS: dict[str, tuple[str, ...]] = {
    "table-partners": ("C1",),
    "table-trumps": ("C1",),
    "table-follow": ("C3",),
    "table": ("C1",),
    "who-wins-plain": ("C4",),
    "who-wins-own": ("C4",),
    "who-wins": ("C4",),
    "calypsos-where": ("C6",),
    "calypsos-complete": ("C6",),
    "calypsos": ("C6",),
    "scoring-worth": ("C7",),
    "scoring": ("C7",),
    "play": ("C7",),
    "endings": ("C7",),
    "auction-bids": ("A4",),
    "auction-contracts": ("A7",),
    "auction": ("A4", "A7", "A8"),
    "cousins-bridge": ("B4",),
    "cousins-collett": ("W5",),
    "cousins": ("B4", "C4", "W5"),
}
"""The rulings each stage of exercises practises (by stage id, see
:data:`calypso.lessons.exercises.STAGES`), as finely as its stars can say: a ruling's group (C4)
where the stage mixes its cases; Endings, played for the most points, under scoring (C7) as chapter
05's stage is."""

_ORDER = {ruling.id: i for i, ruling in enumerate(RULINGS)}


def exercise_misses(stars: Mapping[tuple[str, int], int]) -> Counter[str]:
    """One student's exercise misses per ruling: each exercise (``(stage, exercise)`` → best
    stars) under :data:`FULL_STARS` counts once against each ruling of its stage."""
    found: Counter[str] = Counter()
    for (stage, _exercise), count in stars.items():
        if count < FULL_STARS:
            found.update(STAGE_RULINGS.get(stage, ()))
    return found


def parting_rule(parting: Parting) -> str:
    """The ruling that decides where a card's line parts from the best line: when another seat
    takes the parting trick, the ruling that gives it that trick (C4, C5); when the same seat
    takes it and its cards go elsewhere, C6."""
    if parting.line.trick.winner != parting.best.trick.winner:
        return parting.line.trick.rule.value
    return "C6"


@lru_cache(maxsize=64)
def _parting_rules(text: str) -> tuple[tuple[Card, str], ...]:
    return tuple(
        (cost.card, parting_rule(cost.partings[0]))
        for cost in costs(Position.from_text(text).game())
        if cost.cost and cost.partings
    )


def parting_rules(position: Position, exact: bool) -> dict[Card, str]:
    """The ruling each costly card of ``position`` counts against (:func:`parting_rule`),
    worked out once per position; none when its cards were not priced ``exact`` by the
    solver (the expert's average says what a card costs, not where its line parts)."""
    return dict(_parting_rules(position.to_text())) if exact else {}


def deal_rule(marked: Marked, rules: Mapping[Card, str]) -> str:
    """The ruling a class-deal answer counts against ("" for a right answer, or a miss that
    names no ruling); ``rules`` are the position's :func:`parting_rules`."""
    if marked.grade is Grade.RIGHT:
        return ""
    if marked.grade is Grade.WRONG_REASON:
        return "" if marked.reason is None else marked.reason.rule
    return rules.get(marked.card, "")


@dataclass(frozen=True)
class RuleMisses:
    """A class's misses per ruling id, from the quiz, the exercises and the class deals;
    ``unnamed`` counts the class-deal misses that name no ruling.

    >>> misses = RuleMisses(Counter({"C4.3": 2}), Counter({"C4": 1, "C4.3": 1}), Counter())
    >>> misses.ranked(), misses.sources("C4.3")
    ([('C4.3', 3), ('C4', 1)], (2, 1, 0))
    """

    quiz: Counter[str] = field(default_factory=Counter)
    exercises: Counter[str] = field(default_factory=Counter)
    deals: Counter[str] = field(default_factory=Counter)
    unnamed: int = 0

    @property
    def total(self) -> Counter[str]:
        return self.quiz + self.exercises + self.deals

    def ranked(self) -> list[tuple[str, int]]:
        """Every ruling missed and its misses, the most missed first, then in the rulings'
        order (docs/rulings.md)."""
        return sorted(
            self.total.items(), key=lambda item: (-item[1], _ORDER.get(item[0], len(_ORDER)))
        )

    def sources(self, rule: str) -> tuple[int, int, int]:
        """The misses of ``rule`` in the quiz, the exercises and the class deals."""
        return self.quiz[rule], self.exercises[rule], self.deals[rule]


@dataclass(frozen=True)
class Standing:
    """One student across everything the class did: quiz puzzles missed of those answered,
    exercises missed (under :data:`FULL_STARS`) of those done, and each class deal answered,
    by its number, with its grade."""

    name: str
    quiz_missed: int = 0
    quiz_answered: int = 0
    exercises_missed: int = 0
    exercises_done: int = 0
    deals: tuple[tuple[int, Grade], ...] = ()

    @property
    def deals_missed(self) -> int:
        return sum(grade is not Grade.RIGHT for _number, grade in self.deals)

    @property
    def misses(self) -> int:
        return self.quiz_missed + self.exercises_missed + self.deals_missed

    @property
    def right(self) -> int:
        return (
            self.quiz_answered
            - self.quiz_missed
            + self.exercises_done
            - self.exercises_missed
            + len(self.deals)
            - self.deals_missed
        )


def help_first(standings: Iterable[Standing], most: int = HELP_FIRST) -> tuple[Standing, ...]:
    """The students who need help first: those with a miss, the most misses first, then the
    fewest right, then by name as a class list reads; ``most`` of them at most."""
    needing = sorted(
        (s for s in standings if s.misses), key=lambda s: (-s.misses, s.right, name_key(s.name))
    )
    return tuple(needing[:most])
