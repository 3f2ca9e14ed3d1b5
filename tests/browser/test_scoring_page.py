"""Chapter 04 in Chromium under Voila: a link opens the score calculator and the game report as
they were shared, and on a 390 px phone the score sheet shows every column and total, the
chart's text is at least 12 px and every control is at least 24 by 24 px (WCAG 2.5.8).

Expected scores come from the rulings (docs/rulings.md, C7) and the engine's game of that seed.
"""

from __future__ import annotations

from conftest import Visit
from live_site import Site
from playwright.sync_api import Locator, Page, expect

SCORING = "04-scoring.ipynb"

TOO_WIDE = """widget => {
  const style = getComputedStyle(widget);
  const inner = widget.getBoundingClientRect().right - parseFloat(style.paddingRight);
  return [...widget.querySelectorAll('table')].filter(t =>
    t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > inner + 1
  ).length;
}"""
"""How many tables in a widget stick out of it or hide columns to scroll to."""

SMALL_TARGETS = """widget => [...widget.querySelectorAll(
    'button, input, select, a[href], [role=button], [role=slider]')]
  .map(e => e.getBoundingClientRect())
  .filter(r => r.width > 0 && Math.min(Math.round(r.width), Math.round(r.height)) < 24).length"""
"""How many visible controls of a widget are smaller than 24 by 24 px."""


def widget(page: Page, title: str) -> Locator:
    """The widget titled ``title``, not a stage of exercises whose heading shares the words."""
    found = page.locator(".calypso-widget:not(.calypso-exercises)").filter(has_text=title)
    expect(found).to_be_visible()
    return found


def test_04_links_open_both_widgets_and_a_phone_sees_every_total(visit: Visit, site: Site) -> None:
    from calypso.partnership.bots import make_players
    from calypso.partnership.game import Game

    page = visit.page
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(site.chapter(SCORING) + "#score=2.5.1.3.40&report=11")
    calculator = widget(page, "Score calculator")
    report = widget(page, "A whole game, scored")
    # C7: 500 + 750 for N's two calypsos, 500 for S's one, 20 a card in progress, 10 a pile card.
    total = 500 + 750 + 500 + 20 * (5 + 3) + 10 * 40
    expect(calculator.locator("[data-total]")).to_have_text(str(total))
    boxes = calculator.locator("input:not(.cl-url)")
    assert boxes.evaluate_all("boxes => boxes.map(b => b.value)") == ["2", "5", "1", "3", "40"]

    game = Game(11)
    game.play_out(make_players("greedy", 11))
    totals = game.score().totals
    expect(report.locator("input").first).to_have_value("11")
    for side, points in totals.items():
        expect(report.locator(f'tbody[data-side="{side}"] [data-total]')).to_have_attribute(
            "data-total", str(points)
        )
    winner = max(totals, key=lambda side: totals[side])
    loser = min(totals, key=lambda side: totals[side])
    expect(report.locator(".calypso-result")).to_contain_text(
        f"{winner} win, {totals[winner]:,} points to {totals[loser]:,}: their "
    )

    # A phone: every table whole, every total in view without scrolling sideways.
    for box in (calculator, report):
        assert box.evaluate(TOO_WIDE) == 0
        assert box.evaluate(SMALL_TARGETS) == 0
    for total_cell in report.locator("[data-total]").all():
        total_cell.scroll_into_view_if_needed()
        expect(total_cell).to_be_in_viewport(ratio=1)
    sizes = report.locator("svg.calypso-chart text").evaluate_all(
        "texts => texts.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"
    )
    assert sizes and min(sizes) >= 12
    visit.screenshot("04-scoring-390", width=390)
    visit.screenshot("04-scoring")
    assert visit.console_errors == [] and visit.foreign_requests == []
