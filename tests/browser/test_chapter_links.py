"""Links to chapters 00-03's widgets land on them (issue 17 item 5), under Voila and on the
static site: a page opened with a widget's key in its address shows that widget's state, with
the widget's top in view, not the top of the chapter a thousand pixels above.

Expected states come from the engine: the hand a seed deals (``Game.hand``), the seat across
(``partner_of``, C1), the C4 case a trick is decided by (``resolve_trick``), a trick's place in
the game (four deals of 13 tricks, C2).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from conftest import Visit
from live_site import FIRST_WIDGET_MS, Site, StaticSite, new_context
from playwright.sync_api import Browser, Locator, Page, expect

from calypso.partnership.game import Game, partner_of


@dataclass(frozen=True)
class Landing:
    chapter: str
    fragment: str
    title: str  # the widget's title, to find it
    restored: Callable[[Locator], None]  # checks the widget shows the linked state


def dealt_hand_of_seed_5(widget: Locator) -> None:
    expect(widget.locator(".widget-text input")).to_have_value("5")
    cards = [str(card) for card in Game(5).hand("N")]
    expect(widget.locator(".calypso-felt .calypso-card")).to_have_count(13)
    shown = widget.locator(".calypso-felt .calypso-card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert shown == cards


def table_from_east(widget: Locator) -> None:
    seat = widget.locator(".ct-seat[data-ct-seat='E'] .ct-role")
    expect(seat).to_have_text("you")
    partner = widget.locator(f".ct-seat[data-ct-seat='{partner_of('E')}'] .ct-role")
    expect(partner).to_have_text("partner")
    expect(widget.get_by_role("button", name="East", exact=True)).to_have_class(
        re.compile(r"\bmod-active\b")
    )


def case_c4_5(widget: Locator) -> None:
    case = widget.locator(".widget-toggle-button").filter(has_text="C4.5")  # not the verdict's id
    expect(case).to_have_class(re.compile(r"\bmod-active\b"))
    expect(widget.locator(".ct-verdict [data-rule]")).to_have_text("C4.5")


def deal_3_trick_2(widget: Locator) -> None:
    # Trick 28 of the game is the second trick of the third deal (13 tricks a deal, C2).
    expect(widget.locator(".ct-status")).to_have_text("Deal 3, trick 2")


LANDINGS = [
    Landing("00-welcome", "hand=5", "A hand from the 208-card pack", dealt_hand_of_seed_5),
    Landing("01-the-table", "table=E.HDSC", "View from", table_from_east),
    Landing("02-who-wins-the-trick", "case=C4.5-1", "Every case, with an example", case_c4_5),
    Landing("03-building-calypsos", "build=3.28", "Step through a game", deal_3_trick_2),
]


def lands(page: Page, landing: Landing, timeout: float = 30_000) -> None:
    widget = page.locator(".calypso-widget").filter(has_text=landing.title).first
    expect(widget).to_be_visible(timeout=timeout)
    landing.restored(widget)
    page.wait_for_timeout(1500)  # the cells above may still be drawing: it must stay in view
    box = widget.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 900
    assert box is not None and -2 <= box["y"] < height / 3, (landing.chapter, box)


@pytest.mark.parametrize("landing", LANDINGS, ids=lambda landing: landing.chapter)
def test_a_link_opens_its_chapter_at_the_widget_under_voila(
    visit: Visit, site: Site, landing: Landing
) -> None:
    visit.page.goto(site.chapter(landing.chapter + ".ipynb") + "#" + landing.fragment)
    lands(visit.page, landing)
    assert visit.console_errors == [] and visit.foreign_requests == []


@pytest.mark.parametrize(
    # the same link code on both sites: two chapters here, every one under Voila above
    "landing",
    [LANDINGS[1], LANDINGS[3]],
    ids=lambda landing: landing.chapter,
)
def test_a_link_opens_its_chapter_at_the_widget_on_the_static_site(
    browser: Browser, static_site: StaticSite, landing: Landing
) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(static_site.chapter(landing.chapter + ".ipynb") + "#" + landing.fragment)
    lands(page, landing, FIRST_WIDGET_MS)
    context.close()
