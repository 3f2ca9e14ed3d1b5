"""What the live class board holds for one class, as values: the quiz's puzzles, answers and
stars as stored (:class:`Sheet`), the class deals, and the class as the teacher reads it
(:class:`ClassView`): progress, misses by ruling across the quiz, the exercises and the class
deals (:mod:`calypso.classroom.misconceptions`), the puzzles that stand out and the students who
need help first. :class:`calypso.classroom.board.Board` reads them from its SQLite file.

>>> view = ClassView("ROOM7", answers={"Ann": {PuzzleId(1, "A", 2): False}}, misses=Counter(C4=1))
>>> view.students, view.rulings.ranked(), [s.name for s in view.help_first]
(['Ann'], [('C4', 1)], ['Ann'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from calypso.classroom.classdeal import Marked, Position, Prices
from calypso.classroom.misconceptions import (
    FULL_STARS,
    RuleMisses,
    Standing,
    exercise_misses,
    help_first,
)
from calypso.classroom.results import name_key
from calypso.engine.cards import Card
from calypso.lessons.chapters import CHAPTERS
from calypso.lessons.exercises import STAGES
from calypso.lessons.why import Grade, Reason

QUIZ_SIZE = 10
"""How many puzzles a class quiz has."""


class PuzzleId(NamedTuple):
    """Which puzzle: puzzle ``number`` of the quiz at ``level``, ``version``."""

    level: int
    version: str
    number: int


class MissedPuzzle(NamedTuple):
    """A puzzle the class missed: how many students ``missed`` it of how many ``answered``
    it."""

    puzzle: PuzzleId
    missed: int
    answered: int


class Progress(NamedTuple):
    """How far one student is in the class quiz: puzzles ``answered`` and answered ``right``
    so far, of the ``asked`` puzzles of the quizzes they started (ten a quiz; a student who
    started level 1 and then level 2 has twenty)."""

    answered: int
    right: int
    asked: int


class AnswerRow(NamedTuple):
    """One stored quiz answer: who, which puzzle, the seat they chose, whether it was right,
    and the ruling that decided the trick."""

    name: str
    puzzle: PuzzleId
    answer: str
    correct: bool
    rule: str


class StarRow(NamedTuple):
    """One stored exercise result: who, which stage (its id), which exercise, best stars."""

    name: str
    stage: str
    exercise: int
    stars: int


class DealRow(NamedTuple):
    """One stored class-deal answer: who, the class deal's number (1 for the class's first),
    the answer as the board marked it, and the ruling it counts against when it is a miss
    ("" for a right answer or a miss that names none, see
    :func:`calypso.classroom.misconceptions.deal_rule`)."""

    name: str
    number: int
    marked: Marked
    rule: str


@dataclass(frozen=True)
class Sheet:
    """Every row the board holds for one class (:meth:`calypso.classroom.board.Board.sheet`),
    students in class-list order; class-deal answers by student, then deal."""

    class_code: str
    answers: tuple[AnswerRow, ...]
    stars: tuple[StarRow, ...]
    deals: tuple[DealRow, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether the class has no row at all yet."""
        return not (self.answers or self.stars or self.deals)


@dataclass(frozen=True)
class ClassDeal:
    """The position a class plays: ``number`` 1 for the class's first, the position, and
    whether the teacher has shown the answer."""

    number: int
    position: Position
    revealed: bool

    @property
    def key(self) -> str:
        return self.position.key


@dataclass(frozen=True)
class DealAnswer:
    """One student's answer to a class deal, as the board marked it."""

    name: str
    marked: Marked


@dataclass(frozen=True)
class DealView:
    """What the teacher sees of a class deal: the deal, each card's price, the reasons the
    position offers (none when it asks for the card alone), and every answer in class-list
    order."""

    deal: ClassDeal
    prices: Prices
    reasons: tuple[Reason, ...]
    answers: tuple[DealAnswer, ...]

    def split(self) -> dict[Card, list[str]]:
        """Who chose each legal card, every card listed, cheapest first."""
        chosen: dict[Card, list[str]] = {price.card: [] for price in self.prices.cards}
        for answer in self.answers:
            chosen[answer.marked.card].append(answer.name)
        return chosen

    def count(self, grade: Grade) -> int:
        """How many answers have ``grade``."""
        return sum(answer.marked.grade is grade for answer in self.answers)


STAND_OUT_MISSES = 2
"""The fewest students who must miss a puzzle for it to stand out (see :func:`stands_out`)."""
STAND_OUT_SHARE = 3
"""A puzzle stands out when at least one in this many of those who answered it missed it."""


def stands_out(missed: int, answered: int) -> bool:
    """Whether a puzzle the class missed stands out, worth going over with everyone: missed by
    at least two students, and by at least a third of those who answered it. One student's
    slip is not the class's problem, nor two misses among twenty answers.

    >>> stands_out(2, 6), stands_out(2, 7), stands_out(1, 1), stands_out(3, 9)
    (True, False, False, True)
    """
    return missed >= STAND_OUT_MISSES and STAND_OUT_SHARE * missed >= answered


@dataclass(frozen=True)
class ClassView:
    """What the teacher sees of one class.

    ``joined``: each student who started the quiz, name → the quizzes started, as (level,
    version); ``answers``: each student's answers, name → puzzle → right (True) or wrong
    (False); ``scores``: right answers per student; ``misses``: wrong answers per ruling id
    (``C4.3``); ``most_missed``: the puzzles that stand out (:func:`stands_out`), the most
    missed first (then the larger share, then the puzzle's order), none when no puzzle stands
    out; ``stars``: name → (stage, exercise) → best stars; ``deals``: every class-deal
    answer, in class-list order and then by deal.

    >>> mark = PuzzleId(1, "A", 4)
    >>> view = class_view(
    ...     "ROOM7",
    ...     [("Ann", 1, "A", 4, 0, "C4.4"), ("Bob", 1, "A", 4, 0, "C4.4"),
    ...      ("Cy", 1, "A", 4, 1, "C4.4"), ("Cy", 1, "A", 5, 0, "C4.3")],
    ...     [("Ann", "who-wins-own", 1, 3), ("Ann", "table", 2, 2), ("Ann", "who-wins", 1, 1)],
    ...     [("Dóra", 1, "A"), ("Ann", 1, "A")],
    ... )
    >>> view.students
    ['Ann', 'Bob', 'Cy', 'Dóra']
    >>> view.most_missed
    (MissedPuzzle(puzzle=PuzzleId(level=1, version='A', number=4), missed=2, answered=3),)
    >>> view.progress("Cy"), view.progress("Dóra")
    (Progress(answered=2, right=1, asked=10), Progress(answered=0, right=0, asked=10))
    >>> view.chapter_stars("Ann")
    {'table': 2, 'who-wins': 4}
    >>> view.rulings.ranked()  # the quiz's misses, then Ann's exercises under three stars
    [('C4.4', 2), ('C1', 1), ('C4', 1), ('C4.3', 1)]
    >>> [(s.name, s.misses, s.right) for s in view.help_first]
    [('Ann', 3, 1), ('Bob', 1, 0), ('Cy', 1, 1)]
    """

    class_code: str
    answers: dict[str, dict[PuzzleId, bool]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    misses: Counter[str] = field(default_factory=Counter)
    most_missed: tuple[MissedPuzzle, ...] = ()
    stars: dict[str, dict[tuple[str, int], int]] = field(default_factory=dict)
    joined: dict[str, frozenset[tuple[int, str]]] = field(default_factory=dict)
    deals: tuple[DealRow, ...] = ()

    @property
    def students(self) -> list[str]:
        """Everyone who joined, answered, earned a star or played a class deal, sorted as a
        class list reads (:func:`calypso.classroom.results.name_key`)."""
        names = set(self.joined) | set(self.answers) | set(self.stars)
        return sorted(names | {row.name for row in self.deals}, key=name_key)

    def deals_of(self, name: str) -> tuple[DealRow, ...]:
        """One student's class-deal answers, by deal."""
        return tuple(row for row in self.deals if row.name == name)

    @property
    def rulings(self) -> RuleMisses:
        """The class's misses per ruling across the quiz, the exercises and the class deals
        (see :mod:`calypso.classroom.misconceptions`)."""
        exercises: Counter[str] = Counter()
        for marks in self.stars.values():
            exercises.update(exercise_misses(marks))
        missed = [row for row in self.deals if row.marked.grade is not Grade.RIGHT]
        deals = Counter(row.rule for row in missed if row.rule)
        return RuleMisses(self.misses.copy(), exercises, deals, len(missed) - deals.total())

    def standing(self, name: str) -> Standing:
        """``name`` across everything the class did
        (:class:`calypso.classroom.misconceptions.Standing`)."""
        marks = self.answers.get(name, {})
        stars = self.stars.get(name, {})
        return Standing(
            name,
            quiz_missed=sum(not right for right in marks.values()),
            quiz_answered=len(marks),
            exercises_missed=sum(count < FULL_STARS for count in stars.values()),
            exercises_done=len(stars),
            deals=tuple((row.number, row.marked.grade) for row in self.deals_of(name)),
        )

    @property
    def help_first(self) -> tuple[Standing, ...]:
        """The students who need help first
        (:func:`calypso.classroom.misconceptions.help_first`)."""
        return help_first(self.standing(name) for name in self.students)

    def progress(self, name: str) -> Progress:
        """How far ``name`` is in the quizzes they started or answered."""
        marks = self.answers.get(name, {})
        quizzes = set(self.joined.get(name, ())) | {(p.level, p.version) for p in marks}
        return Progress(len(marks), sum(marks.values()), QUIZ_SIZE * len(quizzes))

    def star_total(self, name: str) -> int:
        """All of one student's best stars added up (0 for someone without any)."""
        return sum(self.stars.get(name, {}).values())

    def chapter_stars(self, name: str) -> dict[str, int]:
        """One student's best stars added up per chapter (its slug, see
        :mod:`calypso.lessons.chapters`), in the chapters' order; chapters without stars left
        out."""
        totals: Counter[str] = Counter()
        for (stage, _exercise), count in self.stars.get(name, {}).items():
            if stage in STAGES:
                totals[STAGES[stage].chapter] += count
        return {c.slug: totals[c.slug] for c in CHAPTERS if totals[c.slug]}

    @property
    def star_chapters(self) -> list[str]:
        """The chapters (slugs) in which anyone in the class has stars, in the chapters'
        order."""
        found = {slug for name in self.stars for slug in self.chapter_stars(name)}
        return [c.slug for c in CHAPTERS if c.slug in found]


def class_view(
    code: str,
    rows: list[tuple[str, int, str, int, int, str]],
    star_rows: list[tuple[str, str, int, int]],
    arrivals: list[tuple[str, int, str]],
    deals: Sequence[DealRow] = (),
) -> ClassView:
    """Sum up one class's rows for the teacher."""
    answers: dict[str, dict[PuzzleId, bool]] = {}
    misses: Counter[str] = Counter()
    missed: Counter[PuzzleId] = Counter()
    answered: Counter[PuzzleId] = Counter()
    for name, level, version, number, correct, rule in rows:
        puzzle = PuzzleId(level, version, number)
        answers.setdefault(name, {})[puzzle] = bool(correct)
        answered[puzzle] += 1
        if not correct:
            misses[rule] += 1
            missed[puzzle] += 1
    standing = [
        MissedPuzzle(puzzle, n, answered[puzzle])
        for puzzle, n in missed.items()
        if stands_out(n, answered[puzzle])
    ]
    standing.sort(key=lambda m: (-m.missed, -m.missed / m.answered, m.puzzle))
    stars: dict[str, dict[tuple[str, int], int]] = {}
    for name, chapter, exercise, count in star_rows:
        stars.setdefault(name, {})[(chapter, exercise)] = count
    joined: dict[str, set[tuple[int, str]]] = {}
    for name, level, version in arrivals:
        joined.setdefault(name, set()).add((level, version))
    return ClassView(
        class_code=code,
        answers=answers,
        scores={name: sum(marks.values()) for name, marks in answers.items()},
        misses=misses,
        most_missed=tuple(standing),
        stars=stars,
        joined={name: frozenset(quizzes) for name, quizzes in joined.items()},
        deals=tuple(sorted(deals, key=lambda row: (name_key(row.name), row.number))),
    )
