"""What the Hungarian reader of issue 34 saw cut or spilling, seen again in Chromium: the quiz's
level and seat buttons show their whole Hungarian words (no "…") at 1280 and on the 853 px
projector; on a 390 px phone, chapter 09's contract calculator keeps its boxes inside the
panel and the cards-between-hands legend keeps each colour square on its label's line."""

from __future__ import annotations

import pytest
from conftest import Visit
from live_site import Site
from playwright.sync_api import Locator, expect

QUIZ = "hu/08-class-quiz.ipynb"
AUCTION = "hu/09-auction-calypso.ipynb"
CUT = "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"
"""The buttons whose words do not fit them (drawn cut, with an ellipsis)."""


def panel(visit: Visit, title: str) -> Locator:
    found = visit.page.locator(".calypso-widget").filter(
        has=visit.page.get_by_text(title, exact=True)
    )
    expect(found.last).to_be_visible()
    return found.last


@pytest.mark.parametrize("width", [1280, 853])
def test_the_quiz_level_and_seat_buttons_show_their_whole_words(
    visit: Visit, site: Site, width: int
) -> None:
    visit.page.set_viewport_size({"width": width, "height": 800})
    visit.page.goto(site.chapter(QUIZ))
    quiz = visit.page.locator(".calypso-quiz")
    levels = quiz.locator(".widget-toggle-buttons button")
    expect(levels.filter(has_text="Holtversenyek és minden más eset")).to_have_count(1)
    seats = quiz.locator(".widget-hbox button").filter(has_text="Nyugat")
    expect(seats).to_have_count(1)
    assert levels.evaluate_all(CUT) == []
    assert quiz.locator(".widget-hbox button").evaluate_all(CUT) == []


def test_on_a_phone_the_calculator_fits_and_each_legend_square_keeps_its_label(
    visit: Visit, site: Site
) -> None:
    visit.page.set_viewport_size({"width": 390, "height": 844})
    visit.page.goto(site.chapter(AUCTION))
    calculator = panel(visit, "Vállalásszámoló")
    inputs = calculator.locator("input[type=number]")
    expect(inputs).to_have_count(6)
    right = calculator.evaluate("e => e.getBoundingClientRect().right")
    edges = inputs.evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
    assert max(edges) <= right, (edges, right)
    legend = panel(visit, "A lapok az osztások között").locator("[data-place]")
    expect(legend).to_have_count(7)
    lines = legend.evaluate_all("els => els.map(e => e.getClientRects().length)")
    heights = legend.evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert lines == [1] * 7 and max(heights) < 2 * min(heights), (lines, heights)
