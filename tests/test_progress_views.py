"""The progress views in Python: what they tell the page, and the map's chapters and stages.

The browser keeps the stars (tests/browser/test_progress.py and test_map.py drive that); here
each view's messages are caught on their way to the page. The quiz's expected answers come
from C4 through the engine's puzzles, as in tests/test_chapters.py.
"""

from __future__ import annotations

import itertools

import pytest

from calypso.exercises import STAGES, stages_of
from calypso.quiz import LEVELS
from calypso.widgets.exercise import ExerciseSet
from calypso.widgets.progress import CHAPTERS, Progress, chapters, next_step
from calypso.widgets.quiz import Quiz


def caught(widget: Progress) -> list[dict]:
    sent: list[dict] = []
    widget.send = sent.append  # type: ignore[method-assign]
    return sent


def test_the_map_lists_every_stage_once_under_its_chapter_in_page_order():
    shown = chapters()
    assert [c["id"] for c in shown] == [c for c, _, _ in CHAPTERS]
    listed = [s["id"] for c in shown for s in c["stages"]]
    assert sorted(listed) == sorted(STAGES)
    for chapter in shown:
        assert [s["id"] for s in chapter["stages"]] == [s.id for s in stages_of(chapter["id"])]
        for stage in chapter["stages"]:
            assert stage["slots"] == STAGES[stage["id"]].size
            assert stage["href"].startswith(chapter["href"] + "#")


def test_the_quiz_chapter_lists_its_levels_and_no_stages():
    quiz = next(c for c in chapters() if c["id"] == "06")
    assert quiz["stages"] == []
    assert [level["title"] for level in quiz["levels"]] == [
        f"{n}. {name}" for n, (name, _) in LEVELS.items()
    ]


def test_a_stage_records_its_stars_under_its_own_id():
    progress = Progress(stage="03-where")
    sent = caught(progress)
    progress.record(2, 3)
    assert sent == [{"type": "record", "stage": "03-where", "slot": 2, "stars": 3}]


def test_the_former_name_chapter_still_names_the_stage():
    assert Progress(chapter="02-own").stage == "02-own"
    assert ExerciseSet("02-own").progress.stage == "02-own"


@pytest.mark.parametrize("bad", ["09", "02-nothing"])
def test_an_unknown_stage_is_refused(bad):
    with pytest.raises(ValueError, match="bad stage"):
        Progress(stage=bad)


def test_a_bar_is_for_a_chapter_of_the_site():
    assert Progress.bar("07").here == "07"
    with pytest.raises(ValueError, match="bad chapter"):
        Progress.bar("00")


def test_the_quiz_keeps_a_levels_score_once_it_is_final_and_not_for_a_second_try():
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


def test_after_each_stage_comes_the_next_on_the_page_then_the_next_chapter():
    shown = chapters()
    for chapter, after in zip(shown, [*shown[1:], None], strict=True):
        stages = chapter["stages"]
        for stage, following in itertools.pairwise(stages):
            expected = {"title": following["heading"], "href": following["href"]}
            assert next_step(stage["id"]) == expected
        if stages:
            expected = after and {"title": after["title"], "href": after["href"]}
            assert next_step(stages[-1]["id"]) == expected
    assert next_step("05") == {"title": "6. Class quiz", "href": "06-class-quiz.ipynb"}
    with pytest.raises(ValueError, match="bad stage"):
        next_step("06")
