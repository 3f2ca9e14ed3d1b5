"""Chapter 07's ideas of good play in Chromium under Voila: on the first idea's position a
costly card, played with the keyboard alone, gets its cost in words, the best card gets
*Right*, *Show the answer* draws every card's cost, the idea's table fits a phone's 390 px
with nothing cut off, and *Try another position* moves on (the page address says so). Which
card is best and what the other costs come from the solver, whose values at every stored
position tests/test_ideas.py checks against the brute force of tests/solver_brute.py; never
from the page."""

from __future__ import annotations

import re

from conftest import Visit
from interactions import play_by_keys
from live_site import ARTIFACTS, Site
from playwright.sync_api import expect
from test_cardtable_page import OUTSIDE

from calypso.i18n import number
from calypso.lessons.ideas import IDEAS
from calypso.partnership.solver import solve

PLAYING_WELL = "07-playing-well.ipynb"


def test_07_an_idea_says_what_a_wrong_and_the_right_card_are_worth_by_keyboard(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    game = IDEAS["own-suit"].position(0).game()
    values = {value.card: value.value for value in solve(game).cards}
    best = max(values.values())
    right = next(card for card, value in values.items() if value == best)
    wrong = min(values, key=lambda card: values[card])
    page.goto(site.chapter(PLAYING_WELL))
    idea = page.locator(".calypso-idea").filter(has_text="Lead your own suit")
    hand = idea.locator(".ct-hand button")
    expect(hand).to_have_count(len(game.hand(str(game.turn))))
    expect(idea.locator(".calypso-question")).to_contain_text("to lead: which card?")

    reply = idea.locator(".ct-verdict-box")
    play_by_keys(page, hand, str(wrong))
    expect(reply).to_contain_text(f"costs {number(best - values[wrong])} points")
    play_by_keys(page, hand, str(right))
    expect(reply).to_contain_text(f"Right: {right.symbol}")

    idea.get_by_role("button", name="Show the answer").click()
    expect(reply).to_contain_text(f"The answer: {right.symbol}")
    expect(idea.locator(".ct-hand .ct-cost-badge").first).to_be_visible()

    page.set_viewport_size({"width": 390, "height": 900})
    page.wait_for_timeout(300)
    visit.screenshot("07-idea-390", width=390)
    idea.screenshot(path=ARTIFACTS / "07-idea-390-table.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert idea.evaluate(OUTSIDE) == [], "cut off or overflowing at 390 px"

    idea.get_by_role("button", name="Try another position").click()
    expect(idea).to_contain_text("Position 2 of")
    page.wait_for_url(re.compile(r"[#&]idea-own-suit=1($|&)"))
    expect(reply).not_to_contain_text("The answer")
    assert visit.console_errors == [] and visit.foreign_requests == []
