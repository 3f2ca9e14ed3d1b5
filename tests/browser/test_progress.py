"""Exercises with stars and the progress kept in the browser, in Chromium under Voila.

A small notebook holds chapter 04's practice stage, a class quiz of two puzzles and the map of
every chapter's stages, as the welcome page shows it. The right answer is worked out here from
the facts on the page and the scoring ruling (docs/rulings.md, C7: calypsos 500, 750, 1,000
and 1,000; 20 a card in progress; 10 a pile card), never read off the widget; the quiz's
winners come from the engine's puzzles (C4), as in tests/test_chapters.py.
"""

from __future__ import annotations

import re

import pytest
from conftest import Visit
from interactions import c7_score
from live_site import Site
from playwright.sync_api import Locator, expect
from scratch import code, markdown, scratch

from calypso.quiz import make_quiz

CELL = """\
from calypso.widgets.exercise import ExerciseSet
from calypso.widgets.progress import Progress
from calypso.widgets.quiz import Quiz
import ipywidgets as w

w.VBox([ExerciseSet("04-worth", seed=3), Quiz(code="ROOM12", count=2, name="Ann"), Progress.map()])
"""
NAME = "progress.ipynb"


scratch(NAME, "Progress", markdown("# Progress"), code(CELL))


@pytest.fixture
def progress_site(scratch_site: Site) -> Site:
    return scratch_site


def answer(stage: Locator, label: str) -> None:
    """Click the answer ``label`` (its accessible name starts with it), wherever it is drawn."""
    stage.get_by_role("button", name=re.compile(rf"^{re.escape(label)}(\D|$)")).click()


def test_stars_are_earned_kept_across_a_reload_and_reset(visit: Visit, progress_site: Site):
    page = visit.page
    page.goto(progress_site.chapter(NAME))
    stage = page.locator(".calypso-exercises")
    tally = stage.locator(".pg-line")
    expect(tally).to_contain_text("0 of 9")
    right = f"{c7_score(stage):,}"
    offered = stage.get_by_role("button", name=re.compile(r"^[\d,]+(\D|$)"))
    expect(offered).to_have_count(4)
    wrong = next(a for a in offered.all_inner_texts() if a.split()[-1] != right).split()[-1]
    answer(stage, wrong)
    expect(tally).to_contain_text("0 of 9")
    answer(stage, right)
    expect(tally).to_contain_text("2 of 9")
    row = page.locator(".pg-map .pg-stage[data-stage='04-worth']")
    expect(row.get_by_role("link", name="Practice: Add up a side's score")).to_be_visible()
    stars = row.get_by_role("img")
    expect(stars).to_have_text("★★☆ ☆☆☆ ☆☆☆")
    said = re.compile("exercise 1: 2 stars, exercise 2: none yet")
    expect(stars).to_have_attribute("aria-label", said)
    chapter = page.locator(".pg-chapter[data-chapter='04'] .pg-chapter-line")
    expect(chapter).to_contain_text("★ 2/24")
    visit.screenshot("progress")
    visit.screenshot("progress-390", width=390)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.reload()
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("2 of 9")
    expect(page.locator(".pg-stage[data-stage='04-worth'] .pg-stars")).to_have_text("★★☆ ☆☆☆ ☆☆☆")
    stored = page.evaluate("JSON.parse(localStorage.getItem('calypso-progress'))")
    assert stored == {"04-worth": [2]}
    page.evaluate("localStorage.setItem('calypso-stages', '{\"04-worth\": {\"at\": 1}}')")
    page.evaluate('localStorage.setItem(\'calypso-quiz\', \'{"1": {"right": 1, "count": 2}}\')')

    page.get_by_role("button", name="Reset my progress").click()
    page.get_by_role("button", name="Keep it").click()
    expect(page.locator(".pg-stage[data-stage='04-worth'] .pg-stars")).to_have_text("★★☆ ☆☆☆ ☆☆☆")
    page.get_by_role("button", name="Reset my progress").click()
    page.get_by_role("button", name="Yes, forget my progress").click()
    expect(page.locator(".pg-stage[data-stage='04-worth'] .pg-stars")).to_have_text("☆☆☆ ☆☆☆ ☆☆☆")
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("0 of 9")
    expect(page.locator(".pg-map .pg-level[data-level='1']")).to_contain_text("not tried yet")
    for key in ("calypso-progress", "calypso-stages", "calypso-quiz"):
        assert page.evaluate(f"localStorage.getItem('{key}')") is None, key
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_the_quiz_keeps_its_best_score_per_level_and_the_map_shows_it(
    visit: Visit, progress_site: Site
):
    page = visit.page
    page.goto(progress_site.chapter(NAME))
    quiz = page.locator(".calypso-quiz")
    expect(quiz.locator(".pg-level[data-level='1']")).to_contain_text("not tried yet")
    first, second = (p.answer for p in make_quiz("ROOM12", 1, 2))
    wrong = next(seat for seat in "NESW" if seat != second)
    quiz.get_by_role("button", name=first, exact=True).click()
    quiz.get_by_role("button", name="Next puzzle").click()
    quiz.get_by_role("button", name=wrong, exact=True).click()
    expect(quiz.locator(".pg-level[data-level='1']")).to_have_text("level 1: 1 of 2")
    expect(page.locator(".pg-map .pg-level[data-level='1']")).to_have_text(
        "Level 1. Plain leads: best 1 of 2"
    )
    expect(page.locator(".pg-map .pg-level[data-level='2']")).to_contain_text("not tried yet")
    quiz.get_by_role("button", name="Try these again").click()  # a second try is not a result
    quiz.get_by_role("button", name=second, exact=True).click()
    page.reload()
    expect(page.locator(".pg-map .pg-level[data-level='1']")).to_contain_text("best 1 of 2")
    stored = page.evaluate("JSON.parse(localStorage.getItem('calypso-quiz'))")
    assert stored == {"1": {"right": 1, "count": 2}}
    assert visit.console_errors == [] and visit.foreign_requests == []
