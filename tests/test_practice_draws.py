"""No stage asks a question twice (issue 30): within one draw of ``make_stage`` no two exercises
ask the same question about the same thing (the same words, trick, hand, facts and answer),
for seeds 1-300 of every stage (stage play: 1-10); in chapter 01, whose partner questions are
few, no stage asks what an earlier stage of the chapter asks for the same seed; and *Try this
stage again* draws the next seed, whose exercises are new.
"""

from __future__ import annotations

from collections import Counter

import pytest

from calypso.lessons.exercises import QUESTIONS, Exercise, make_stage, stages_of
from calypso.widgets.exercise import ExerciseSet

SEEDS = range(1, 301)
PLAY_SEEDS = range(1, 11)
"""The seeds of stage ``play``, whose questions each take the solver's searches (positions
from seeded games, which do not repeat)."""


def asked(exercise: Exercise) -> tuple[object, ...]:
    """The question as a learner meets it: words, trick, hand, facts and answer (the trumps on
    the table are left out, as a partner question does not need them)."""
    return (exercise.question, exercise.trick, exercise.hand, exercise.facts, exercise.answer)


@pytest.mark.parametrize("stage", list(QUESTIONS))
def test_no_stage_asks_the_same_question_twice(stage: str) -> None:
    for seed in PLAY_SEEDS if stage == "play" else SEEDS:
        repeated = [key for key, n in Counter(map(asked, make_stage(stage, seed))).items() if n > 1]
        assert not repeated, (stage, seed, [key[0] for key in repeated])


def test_chapter_01_asks_each_question_once_across_its_stages() -> None:
    for seed in SEEDS:
        questions = [asked(e) for stage in stages_of("table") for e in make_stage(stage.id, seed)]
        assert len(set(questions)) == len(questions), seed


def test_a_partner_question_names_each_seat_at_most_once_in_chapter_01() -> None:
    for seed in SEEDS:
        partners = [
            e.question
            for stage in stages_of("table")
            for e in make_stage(stage.id, seed)
            if e.question.startswith("Who is ")
        ]
        assert len(set(partners)) == len(partners) <= 4, (seed, partners)


def test_try_this_stage_again_asks_new_exercises_and_its_link_names_them() -> None:
    stage = ExerciseSet("table-partners", seed=5)
    for exercise in stage.stage:
        stage.choose(exercise.answer)
        if stage.index < len(stage.stage) - 1:
            stage.go(stage.index + 1)
    assert stage.finished
    before = [asked(e) for e in stage.stage]
    stage.again.click()
    assert stage.seed == 6 and stage.link.value == "6.0" and not stage.earned
    assert [asked(e) for e in stage.stage] == [asked(e) for e in make_stage("table-partners", 6)]
    assert [asked(e) for e in stage.stage] != before
    stage.link.opened = "5.1"  # an old link still opens the stage it names
    assert stage.seed == 5 and stage.index == 1
