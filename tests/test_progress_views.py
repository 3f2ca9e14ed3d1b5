"""The progress views in Python: what they tell the page, and the map's chapters and stages.

The browser keeps the stars (tests/browser/test_progress.py and test_map.py drive that); here
each view's messages are caught on their way to the page. The quiz's expected answers come
from C4 through the engine's puzzles, as in tests/test_chapters.py.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from test_chapter_list import NUMBERED_THEN

from calypso.lessons.chapters import CHAPTERS
from calypso.lessons.exercises import FORMER_IDS, STAGES, make_stage, stages_of
from calypso.lessons.quiz import LEVELS
from calypso.widgets.exercise import ExerciseSet
from calypso.widgets.progress import Progress, chapters, next_step
from calypso.widgets.quiz import Quiz


def caught(widget: Progress) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    widget.send = sent.append
    return sent


def test_the_map_lists_every_stage_once_under_its_chapter_in_page_order() -> None:
    shown = chapters()
    assert [c["id"] for c in shown] == [c.slug for c in CHAPTERS if c.on_path]
    assert [c["href"] for c in shown] == [c.file for c in CHAPTERS if c.on_path]
    listed = [s["id"] for c in shown for s in c["stages"]]
    assert sorted(listed) == sorted(STAGES)
    for chapter in shown:
        assert [s["id"] for s in chapter["stages"]] == [s.id for s in stages_of(chapter["id"])]
        for stage in chapter["stages"]:
            assert stage["slots"] == STAGES[stage["id"]].size
            assert stage["was"] == STAGES[stage["id"]].was
            assert stage["href"].startswith(chapter["href"] + "#")


def test_the_quiz_chapter_lists_its_levels_and_no_stages() -> None:
    quiz = next(c for c in chapters() if c["id"] == "quiz")
    assert quiz["stages"] == []
    assert [level["title"] for level in quiz["levels"]] == [
        f"{n}. {name}" for n, (name, _) in LEVELS.items()
    ]


def test_a_stage_records_its_stars_under_its_own_id() -> None:
    progress = Progress(stage="calypsos-where")
    sent = caught(progress)
    progress.record(2, 3)
    assert sent == [{"type": "record", "stage": "calypsos-where", "slot": 2, "stars": 3}]


def test_the_former_name_chapter_still_names_the_stage() -> None:
    assert Progress(chapter="who-wins-own").stage == "who-wins-own"
    assert ExerciseSet("who-wins-own").progress.stage == "who-wins-own"


@pytest.mark.parametrize("bad", ["09", "02-own", "who-wins-nothing"])
def test_an_unknown_stage_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="bad stage"):
        Progress(stage=bad)


def test_a_bar_is_for_a_chapter_of_the_site() -> None:
    assert Progress.bar("auction").here == "auction"
    for bad in ("welcome", "07"):
        with pytest.raises(ValueError, match="bad chapter"):
            Progress.bar(bad)


def test_the_quiz_keeps_a_levels_score_once_it_is_final_and_not_for_a_second_try() -> None:
    quiz = Quiz(code="ROOM12", level=2, count=3, name="Ann")
    sent = caught(quiz.bests)
    quiz.pick("N" if quiz.puzzle.answer != "N" else "E")  # wrong
    for _ in range(2):
        quiz.advance()
        quiz.pick(quiz.puzzle.answer)
    assert sent == [{"type": "quiz", "level": 2, "right": 2, "count": 3}]
    quiz.retry()
    quiz.pick(quiz.puzzle.answer)
    assert len(sent) == 1, "a second try at the misses is practice, not a result"


def test_after_each_stage_comes_the_next_on_the_page_then_the_next_chapter() -> None:
    shown = chapters()
    for chapter, after in zip(shown, [*shown[1:], None], strict=True):
        stages = chapter["stages"]
        for stage, following in itertools.pairwise(stages):
            expected = {"title": following["heading"], "href": following["href"]}
            assert next_step(stage["id"]) == expected
        if stages:
            last = after and {"title": after["title"], "href": after["href"]}
            assert next_step(stages[-1]["id"]) == last
    assert next_step("play") == {"title": "6. Endings", "href": "06-endings.ipynb"}
    with pytest.raises(ValueError, match="bad stage"):
        next_step("quiz")


# -- stars kept under the numbered ids of old (issue 19) -------------------------------------

NUMBERED = {
    "01-partners": "table-partners", "01-trumps": "table-trumps", "01": "table",
    "02-plain": "who-wins-plain", "02-own": "who-wins-own", "02": "who-wins",
    "03-where": "calypsos-where", "03-complete": "calypsos-complete", "03": "calypsos",
    "04-worth": "scoring-worth", "04": "scoring",
    "05": "play",
    "07-bids": "auction-bids", "07-contracts": "auction-contracts", "07": "auction",
    "08-bridge": "cousins-bridge", "08-collett": "cousins-collett", "08": "cousins",
}  # fmt: skip
"""Every stage id browsers kept stars under while chapters were numbered, written out by hand
from the chapters as they were numbered then, and the stage it names now."""


def test_every_numbered_id_of_old_is_carried_over_to_the_same_stage() -> None:
    assert FORMER_IDS == NUMBERED
    for was, now in NUMBERED.items():
        assert NUMBERED_THEN[int(was[:2])] == STAGES[now].chapter, "a stage stays in its chapter"
        assert STAGES[now].link_key == "ex" + was[2:], "the page address keeps its key"


def test_a_stage_draws_the_exercises_it_drew_under_its_numbered_id() -> None:
    stage = STAGES["who-wins-own"]
    rng = random.Random("exercises/02-own/7")
    assert stage.draw is not None
    expected = [stage.draw(rng) for _ in range(stage.size)]
    assert [e.question for e in make_stage("who-wins-own", 7)] == [e.question for e in expected]
