"""The stages: every chapter's practice and closing stages, by id, and the exercises a seed
draws for each."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import cast

from calypso.engine.tricks import Rule
from calypso.i18n import N_, _, current
from calypso.lessons.chapters import find_chapter
from calypso.lessons.exercises.auction import auction_question, bid_question, contract_question
from calypso.lessons.exercises.base import (
    STAGE_SIZE,
    Exercise,
)
from calypso.lessons.exercises.calypsos import where_question
from calypso.lessons.exercises.cousins import cousins_question
from calypso.lessons.exercises.follow import follow_question
from calypso.lessons.exercises.play import play_question
from calypso.lessons.exercises.scoring import score_question
from calypso.lessons.exercises.table import table_question
from calypso.lessons.exercises.who_wins import winner_question
from calypso.lessons.house import STANDARD, HouseRule


@dataclass(frozen=True)
class Stage:
    """A stage of exercises: its id, chapter, title, size and how one exercise is drawn.

    A chapter's closing stage is named by the chapter's slug ("who-wins", see
    :mod:`calypso.lessons.chapters`); the short practice stages that follow a section by the slug
    and a word ("who-wins-own").

    >>> stage = STAGES["who-wins-own"]
    >>> stage.chapter, stage.link_key, stage.was
    ('who-wins', 'ex-own', '02-own')
    """

    id: str
    chapter: str
    title: str
    """The stage's title as an English message id: :attr:`name` words it."""
    draw: Callable[[random.Random], Exercise] | None
    """How one exercise is drawn; None for a stage of problems played out on a table
    (chapter Endings, :mod:`calypso.lessons.exercises.endings`), which are not questions."""
    size: int = STAGE_SIZE
    practice: bool = False
    """A short stage right after the section that teaches its rule."""
    was: str = ""
    """The id the stage had while chapters were known by their numbers ("02-own"), empty for
    a stage that came later. Browsers and class boards kept its stars under that id then, and
    its exercises are still drawn by it, so a seed gives the exercises it gave then, but for a
    question asked twice, which :func:`make_stage` now draws again."""
    house: bool = False
    """Whether :attr:`draw` takes a class's house rule (keyword ``house``, a
    :class:`~calypso.lessons.house.HouseRule`): its questions are then asked and answered under
    it."""

    @property
    def name(self) -> str:
        """The stage's title in the page's language."""
        return _(self.title)

    @property
    def link_key(self) -> str:
        """The stage's key in its page's address: ``ex`` for a chapter's closing stage, ``ex``
        and the stage's word for a practice stage (``ex-own``)."""
        return "ex" + self.id.removeprefix(self.chapter)


def _closing(
    chapter: str, title: str, draw: Callable[[random.Random], Exercise] | None, was: str
) -> Stage:
    return Stage(chapter, chapter, title, draw, was=was)


def _practice(
    chapter: str,
    word: str,
    title: str,
    draw: Callable[[random.Random], Exercise],
    was: str,
    house: bool = False,
) -> Stage:
    return Stage(f"{chapter}-{word}", chapter, title, draw, PRACTICE_SIZE, True, was, house)


PRACTICE_SIZE = 3
"""Exercises in a practice stage."""

_STAGE_LIST = (
    _practice(
        "table",
        "partners",
        N_("Who is whose partner?"),
        partial(table_question, kinds=(0,)),
        "01-partners",
    ),
    _practice(
        "table",
        "trumps",
        N_("Whose trump is which?"),
        partial(table_question, kinds=(1, 2)),
        "01-trumps",
    ),
    _practice("table", "follow", N_("Following suit"), follow_question, ""),
    _closing("table", N_("Partners and trumps"), table_question, "01"),
    _practice(
        "who-wins",
        "plain",
        N_("A lead in another suit"),
        partial(winner_question, rules=(Rule.PLAIN_LEAD_UNRUFFED, Rule.PLAIN_LEAD_RUFFED)),
        "02-plain",
        house=True,
    ),
    _practice(
        "who-wins",
        "own",
        N_("A lead in the leader's own suit"),
        partial(winner_question, rules=(Rule.LEADER_TRUMP_UNRUFFED, Rule.LEADER_TRUMP_RUFFED)),
        "02-own",
        house=True,
    ),
    replace(_closing("who-wins", N_("Who wins?"), winner_question, "02"), house=True),
    _practice(
        "calypsos",
        "where",
        N_("Calypso or pile?"),
        partial(where_question, targets=("winner", "partner", "pile")),
        "03-where",
    ),
    _practice(
        "calypsos",
        "complete",
        N_("After a calypso is completed"),
        partial(where_question, completing=True),
        "03-complete",
    ),
    _closing("calypsos", N_("Where does this card go?"), where_question, "03"),
    _practice("scoring", "worth", N_("Add up a side's score"), score_question, "04-worth"),
    _closing("scoring", N_("What does this side score?"), score_question, "04"),
    replace(
        _closing("play", N_("The card that scores most, every hand shown"), play_question, "05"),
        house=True,
    ),
    _closing("endings", N_("Find the line"), None, ""),
    _practice("auction", "bids", N_("Which bid is highest?"), bid_question, "07-bids"),
    _practice("auction", "contracts", N_("Made or failed?"), contract_question, "07-contracts"),
    _closing("auction", N_("Bids, contracts and misère"), auction_question, "07"),
    _practice(
        "cousins",
        "bridge",
        N_("Call Bridge tricks"),
        partial(cousins_question, games=("call-bridge",)),
        "08-bridge",
    ),
    _practice(
        "cousins",
        "collett",
        N_("Collett Whist tricks"),
        partial(cousins_question, games=("collett-whist",)),
        "08-collett",
    ),
    _closing("cousins", N_("One trick, three games"), cousins_question, "08"),
)

STAGES: dict[str, Stage] = {stage.id: stage for stage in _STAGE_LIST}
"""Every stage by id, chapter by chapter, each chapter's practice stages before its closing
stage."""

QUESTIONS: dict[str, Stage] = {id: stage for id, stage in STAGES.items() if stage.draw}
"""The stages of questions, which :func:`make_stage` draws: all but Endings' problems."""

FORMER_IDS: dict[str, str] = {stage.was: stage.id for stage in _STAGE_LIST if stage.was}
"""A stage's id while chapters were known by their numbers, to its id now: ``"02-own"`` to
``"who-wins-own"``. Stars kept under a former id are carried over to the stage's id."""


AS_WRITTEN = {
    "table-follow": (
        "all_fours",
        N_(
            "These questions follow suit as the rules are written (C3): your class's house rule "
            "of all fours does not apply to them."
        ),
    ),
    "cousins": (
        "trump_lead",
        N_(
            "This stage sets the three games side by side as their rules are written: its "
            "Calypso tricks follow C4, not your class's house rule."
        ),
    ),
}
"""The stages whose questions a part of a class's house rule would change but which keep the
rules as written, each with that part (a :class:`~calypso.lessons.house.HouseRule` option) and what
the page says about it: following suit is asked card by card under C3, and the closing stage of
the cousins compares the games as written."""


def as_written(stage: str, rule: HouseRule) -> str:
    """What the page of ``stage`` says when the class plays under ``rule`` but the stage keeps
    the rules as written (:data:`AS_WRITTEN`), in the page's language; "" otherwise.

    >>> as_written("table-follow", HouseRule.from_text("r1")).startswith("These questions")
    True
    >>> as_written("table-follow", HouseRule.from_text("w0")), as_written("scoring", STANDARD)
    ('', '')
    """
    part, words = AS_WRITTEN.get(stage, ("", ""))
    return _(words) if part and rule.options()[part] != STANDARD.options()[part] else ""


def stages_of(chapter: str) -> list[Stage]:
    """``chapter``'s stages (a slug of :data:`calypso.lessons.chapters.CHAPTERS`) in the order they
    come on its page.

    >>> [stage.id for stage in stages_of("auction")]
    ['auction-bids', 'auction-contracts', 'auction']
    >>> stages_of("quiz")
    []
    """
    find_chapter(chapter)
    return [stage for stage in STAGES.values() if stage.chapter == chapter]


def make_stage(
    stage: str, seed: int, count: int | None = None, rule: HouseRule = STANDARD
) -> list[Exercise]:
    """The exercises of the stage ``stage`` (an id of ``STAGES``) for ``seed``: the same seed,
    the same exercises; ``count`` of them, the stage's size unless told. A stage whose
    questions a class's house ``rule`` changes (:attr:`Stage.house`) asks them under it; the
    others ask what they always ask.

    No two of them ask the same question (:func:`same_question`): a repeat is drawn again.
    Nor, as far as :data:`REDRAWS` draws allow, does one ask a question that a stage before it
    in its chapter asks for the same seed.

    >>> [e.question for e in make_stage("table-partners", 1)]
    ["Who is N's partner?", "Who is E's partner?", "Who is W's partner?"]
    """
    if stage not in QUESTIONS:
        raise ValueError(f"bad stage {stage!r}: expected one of {', '.join(QUESTIONS)}")
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"bad seed {seed!r}: expected a whole number 0 or more")
    found = STAGES[stage]
    house = rule if found.house else HouseRule()
    return list(_drawn(found.id, seed, found.size if count is None else count, current(), house))


REDRAWS = 50
"""How many times an exercise is drawn again while it asks what an earlier stage of its chapter
asks for the same seed, before it is kept all the same."""
REPEATS = 1000
"""How many repeats of the stage's own exercises a draw may meet before it gives up: far more
than any stage meets, whose questions are many more than its exercises."""


def same_question(exercise: Exercise) -> Hashable:
    """What two exercises share when they ask the same question: its words, its trick, the
    hands, the facts and the answer (not the trumps on a table that the question does not
    need, so that "Who is N's partner?" is asked once whatever the trumps)."""
    return (
        exercise.question,
        exercise.trick,
        exercise.hand,
        exercise.shown,
        exercise.facts,
        exercise.answer,
    )


@lru_cache(maxsize=1024)
def _drawn(
    stage: str, seed: int, count: int, lang: str, rule: HouseRule = STANDARD
) -> tuple[Exercise, ...]:
    """:func:`make_stage`'s exercises in the language ``lang`` (the page's), under the house
    ``rule`` (the standard one for a stage it does not change), kept for the stages after it
    in its chapter."""
    found = STAGES[stage]
    chapter = stages_of(found.chapter)
    before = chapter[: chapter.index(found)]
    elsewhere = {
        same_question(e)
        for s in before
        if s.draw
        for e in _drawn(s.id, seed, s.size, lang, rule if s.house else HouseRule())
    }
    rng = random.Random(f"exercises/{found.was or found.id}/{seed}")
    drawn: list[Exercise] = []
    asked: set[Hashable] = set()
    redrawn = repeats = 0
    draw = QUESTIONS[stage].draw
    assert draw is not None
    if found.house and not rule.standard:
        draw = partial(cast(Callable[..., Exercise], draw), house=rule)
    while len(drawn) < count:
        exercise = draw(rng)
        key = same_question(exercise)
        if key in asked:
            repeats += 1
            if repeats > REPEATS:
                raise ValueError(f"bad count {count!r}: stage {stage!r} has no more questions")
            continue
        if key in elsewhere and redrawn < REDRAWS:
            redrawn += 1
            continue
        asked.add(key)
        redrawn = 0
        drawn.append(replace(exercise, chapter=found.chapter))
    return tuple(drawn)
