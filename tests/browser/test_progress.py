"""Exercises with stars and the progress kept in the browser, in Chromium under Voila.

A small notebook holds the scoring chapter's practice stage, a class quiz of two puzzles and
the map of every chapter's stages, as the welcome page shows it. The right answer is worked
out here from the facts on the page and the scoring ruling (docs/rulings.md, C7: calypsos
500, 750, 1,000 and 1,000; 20 a card in progress; 10 a pile card), never read off the widget;
the quiz's winners come from the engine's puzzles (C4), as in tests/test_chapters.py. Stars a
browser kept while chapters were numbered are carried over to the chapters' slugs.
"""

from __future__ import annotations

import re

import pytest
from conftest import Visit
from interactions import c7_score
from live_site import Site
from playwright.sync_api import Locator, expect
from scratch import code, markdown, scratch

from calypso.lessons.quiz import make_quiz

CELL = """\
from calypso.widgets.exercise import ExerciseSet
from calypso.widgets.progress import Progress
from calypso.widgets.quiz import Quiz
import ipywidgets as w

stage = ExerciseSet("scoring-worth", seed=3)
w.VBox([stage, Quiz(code="ROOM12", count=2, name="Ann"), Progress.map()])
"""
NAME = "progress.ipynb"
STARS = ".pg-stage[data-stage='scoring-worth'] .pg-stars"


scratch(NAME, "Progress", markdown("# Progress"), code(CELL))


@pytest.fixture
def progress_site(scratch_site: Site) -> Site:
    return scratch_site


def answer(stage: Locator, label: str) -> None:
    """Click the answer ``label`` (its accessible name starts with it), wherever it is drawn."""
    stage.get_by_role("button", name=re.compile(rf"^{re.escape(label)}(\D|$)")).click()


def test_stars_are_earned_kept_across_a_reload_and_reset(visit: Visit, progress_site: Site) -> None:
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
    row = page.locator(".pg-map .pg-stage[data-stage='scoring-worth']")
    expect(row.get_by_role("link", name="Practice: Add up a side's score")).to_be_visible()
    stars = row.get_by_role("img")
    expect(stars).to_have_text("★★☆ ☆☆☆ ☆☆☆")
    said = re.compile("exercise 1: 2 stars, exercise 2: none yet")
    expect(stars).to_have_attribute("aria-label", said)
    chapter = page.locator(".pg-chapter[data-chapter='scoring'] .pg-chapter-line")
    expect(chapter).to_contain_text("★ 2/24")
    visit.screenshot("progress")
    visit.screenshot("progress-390", width=390)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.reload()
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("2 of 9")
    expect(page.locator(STARS)).to_have_text("★★☆ ☆☆☆ ☆☆☆")
    stored = page.evaluate("JSON.parse(localStorage.getItem('calypso-progress'))")
    assert stored == {"scoring-worth": [2]}
    page.evaluate("localStorage.setItem('calypso-stages', '{\"scoring-worth\": {\"at\": 1}}')")
    page.evaluate('localStorage.setItem(\'calypso-quiz\', \'{"1": {"right": 1, "count": 2}}\')')

    page.get_by_role("button", name="Reset my progress").click()
    page.get_by_role("button", name="Keep it").click()
    expect(page.locator(STARS)).to_have_text("★★☆ ☆☆☆ ☆☆☆")
    page.get_by_role("button", name="Reset my progress").click()
    page.get_by_role("button", name="Yes, forget my progress").click()
    expect(page.locator(STARS)).to_have_text("☆☆☆ ☆☆☆ ☆☆☆")
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("0 of 9")
    expect(page.locator(".pg-map .pg-level[data-level='1']")).to_contain_text("not tried yet")
    for key in ("calypso-progress", "calypso-stages", "calypso-quiz"):
        assert page.evaluate(f"localStorage.getItem('{key}')") is None, key
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_the_quiz_keeps_its_best_score_per_level_and_the_map_shows_it(
    visit: Visit, progress_site: Site
) -> None:
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


OLD_STARS = {"04-worth": [3, 1], "scoring-worth": [0, 2], "02-own": [2, 0, 3], "05": [1] * 5}
"""Stars as a browser kept them while chapters were numbered (and one stage's since)."""
OLD_PLACES = {
    "04-worth": {"seed": 3, "index": 1, "stars": [3, 1, 0], "tried": []},
    "07-bids": {"seed": 9, "index": 2, "stars": [0, 0, 0], "tried": []},
}


def test_stars_kept_under_the_numbered_ids_of_old_are_carried_over(
    visit: Visit, progress_site: Site
) -> None:
    page = visit.page
    page.goto(progress_site.chapter(NAME))
    expect(page.locator(".pg-map")).to_be_visible(timeout=60_000)
    page.evaluate(
        """([stars, places]) => {
            localStorage.setItem('calypso-progress', JSON.stringify(stars));
            localStorage.setItem('calypso-stages', JSON.stringify(places));
        }""",
        [OLD_STARS, OLD_PLACES],
    )
    page.reload()
    # "04-worth" is now "scoring-worth": each exercise keeps the best of what either id held
    row = page.locator(".pg-map .pg-stage[data-stage='scoring-worth'] .pg-stars")
    expect(row).to_have_text("★★★ ★★☆ ☆☆☆")
    expect(page.locator(".calypso-exercises .pg-line")).to_contain_text("5 of 9")
    own = page.locator(".pg-map .pg-stage[data-stage='who-wins-own'] .pg-stars")
    expect(own).to_have_text("★★☆ ☆☆☆ ★★★")
    play = page.locator(".pg-chapter[data-chapter='play'] .pg-chapter-line")
    expect(play).to_contain_text("★ 5/15")
    assert page.locator("[data-stage='04-worth'], [data-stage='02-own']").count() == 0
    stored = page.evaluate("JSON.parse(localStorage.getItem('calypso-progress'))")
    assert stored == {"scoring-worth": [3, 2], "who-wins-own": [2, 0, 3], "play": [1, 1, 1, 1, 1]}
    places = page.evaluate("JSON.parse(localStorage.getItem('calypso-stages'))")
    assert places == {
        "scoring-worth": OLD_PLACES["04-worth"],
        "auction-bids": OLD_PLACES["07-bids"],
    }
    page.reload()  # carried over once: a second visit finds the same
    expect(row).to_have_text("★★★ ★★☆ ☆☆☆")
    assert page.evaluate("JSON.parse(localStorage.getItem('calypso-progress'))") == stored
    assert visit.console_errors == [] and visit.foreign_requests == []
