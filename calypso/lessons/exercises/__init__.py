"""Exercises: short stages of small questions, each answered and explained by the engine.

A stage belongs to a chapter and holds a few :class:`Exercise` values drawn from a seed, so a
learner always has fresh ones and a teacher can name a stage by its seed. Every exercise knows
its right answer, the ruling behind it (docs/rulings.md) and a sentence or two saying why, all
computed here from the engine; a widget only asks and shows.

>>> stage = make_stage("who-wins", seed=7)
>>> len(stage), stage[0].chapter, stage[0].rule.startswith("C4")
(5, 'who-wins', True)
>>> exercise = stage[0]
>>> exercise.answer in [choice.key for choice in exercise.choices]
True
>>> wrong = next(c.key for c in exercise.choices if c.key != exercise.answer)
>>> exercise.reason(wrong).startswith(wrong)
True
>>> stars(1), stars(2), stars(5)
(3, 2, 1)
"""

from __future__ import annotations

from calypso.lessons.exercises.auction import (
    auction_question,
    bid_question,
    contract_question,
    misere_question,
)
from calypso.lessons.exercises.base import STAGE_SIZE, Choice, Exercise, stars
from calypso.lessons.exercises.calypsos import WHERE_CHOICES, WHERE_KEYS, where_question
from calypso.lessons.exercises.cousins import cousins_question
from calypso.lessons.exercises.play import play_question
from calypso.lessons.exercises.scoring import score_question
from calypso.lessons.exercises.stages import (
    FORMER_IDS,
    PRACTICE_SIZE,
    QUESTIONS,
    STAGES,
    Stage,
    as_written,
    make_stage,
    stages_of,
)
from calypso.lessons.exercises.table import table_question
from calypso.lessons.exercises.who_wins import winner_question

__all__ = [
    "FORMER_IDS",
    "PRACTICE_SIZE",
    "QUESTIONS",
    "STAGES",
    "STAGE_SIZE",
    "WHERE_CHOICES",
    "WHERE_KEYS",
    "Choice",
    "Exercise",
    "Stage",
    "as_written",
    "auction_question",
    "bid_question",
    "contract_question",
    "cousins_question",
    "make_stage",
    "misere_question",
    "play_question",
    "score_question",
    "stages_of",
    "stars",
    "table_question",
    "where_question",
    "winner_question",
]
