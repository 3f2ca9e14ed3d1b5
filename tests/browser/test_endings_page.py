"""Chapter 06 in Chromium under Voila: an ending that leads short fails and says which card
first cost points; *Try again* with the best line (its lead played with the keyboard alone)
earns two stars; the best line steps card by card; a link reopens a position part-way; and
the table fits a phone and a projector. Which lead falls short comes from the solver, whose
values tests/test_solver_brute.py checks against a brute force, never from the page."""

from __future__ import annotations

from conftest import Visit
from interactions import play_an_ending
from live_site import Site, new_context
from playwright.sync_api import Browser, expect

from calypso.lessons.exercises.endings import make_problem
from calypso.partnership.solver import solve
from calypso.widgets.endings import problem_seed

ENDINGS = "06-endings.ipynb"


def test_06_a_short_lead_fails_the_best_line_earns_two_stars_a_link_reopens(
    visit: Visit, site: Site, browser: Browser
) -> None:
    page = visit.page
    problem = make_problem(problem_seed(1, 0))
    game = problem.game()
    short = next(str(cv.card) for cv in solve(game).cards if cv.value < problem.target)
    page.goto(site.chapter(ENDINGS))
    stage = page.locator(".calypso-exercises").filter(has_text="Find the line")
    expect(stage.locator(".ct-hand button")).to_have_count(len(game.hand(str(game.turn))))
    # Every other hand lies face up in its seat's panel.
    expect(stage.locator(".ct-shown .ct-card")).to_have_count(3 * len(problem.line) // 4)
    visit.screenshot("06-endings-390", width=390)

    reply = play_an_ending(page, lead=short)
    assert "points short" in reply and "The first card that cost points" in reply
    visit.screenshot("06-endings-short")
    stage.get_by_role("button", name="Try again").click()
    assert "★★☆" in play_an_ending(page, keys=True)
    expect(stage.get_by_role("button", name="Next ending")).to_be_visible()

    stage.get_by_role("button", name="Show the best line").click()
    step = stage.get_by_role("button", name="Next card")
    for card in problem.line:
        step.click()
        expect(stage.locator(f".ct-trick .ct-card[data-card='{card}']").first).to_be_visible()
    expect(step).to_be_hidden()
    expect(stage.locator(".ct-verdict-box")).to_contain_text("The best line")
    page.set_viewport_size({"width": 853, "height": 480})
    visit.screenshot("06-endings-projector", width=853)

    # A link to the short lead opens it part-way, in a fresh page.
    fresh = new_context(browser).new_page()
    fresh.goto(site.chapter(ENDINGS) + f"#ex=1.0.{short}")
    again = fresh.locator(".calypso-exercises").filter(has_text="Find the line")
    expect(again.locator(f".ct-trick .ct-card[data-card='{short}']")).to_be_visible()
    fresh.context.close()
    assert visit.console_errors == [] and visit.foreign_requests == []
