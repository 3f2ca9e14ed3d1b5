"""Links to chapters 04, 09 and 10's calculators and trainers land on them under Voila (issue 17
item 5): a page opened with one widget's key shows that widget's state with its top in view.

Expected states come from the rulings (docs/rulings.md): C7 for a side's score, A4 for which
bid is higher, A7 for a contract, B5 and W6 for the whist scores; a game or a situation from
its seed.
"""

from __future__ import annotations

import pytest
from conftest import Visit
from live_site import Site
from playwright.sync_api import Locator, expect
from test_chapter_links import Landing, lands


def side_of_two_calypsos(widget: Locator) -> None:
    # C7: 500 + 750 for N's two calypsos, 500 for S's one, 20 a card in progress, 10 a pile card.
    total = 500 + 750 + 500 + 20 * (5 + 3) + 10 * 40
    expect(widget.locator("[data-total]")).to_have_text(str(total))


def game_of_seed_11(widget: Locator) -> None:
    from calypso.partnership.bots import make_players
    from calypso.partnership.game import Game

    game = Game(11)
    game.play_out(make_players("greedy", 11))
    expect(widget.locator("input").first).to_have_value("11")
    for side, points in game.score().totals.items():
        total = widget.locator(f'tbody[data-side="{side}"] [data-total]')
        expect(total).to_have_attribute("data-total", str(points))


def one_calypso_outranks_990(widget: Locator) -> None:
    # A4: bids rank by calypsos first.
    expect(widget.locator(".calypso-verdict")).to_contain_text("1+0♣ outranks 990♠")


def a7_doubled(widget: Locator) -> None:
    # A7's own check: 240 bid, 19 trickpile cards, 3 sold, doubled: 190 + 60 + 480.
    expect(widget.locator("[data-total]")).to_have_text(str(190 + 60 + 480))


def hand_3_of_seed_5(widget: Locator) -> None:
    expect(widget.locator("input").first).to_have_value("5")
    expect(widget).to_contain_text("At the start of hand 3")


def situation_4(widget: Locator) -> None:
    import random

    from calypso.lessons.examples import overtrump_situation

    hand, _ = overtrump_situation(random.Random("overtrump/4"))
    expect(widget.locator("input").first).to_have_value("4")
    shown = widget.locator("button.calypso-card-button").evaluate_all(
        "bs => bs.map(b => b.textContent)"
    )
    assert shown == [card.symbol for card in hand]


def bonus_call_made(widget: Locator) -> None:
    # B5: a bonus call of 8 made with 9 tricks scores 13; W6: 2 called and taken, 3 + 2.
    expect(widget.locator("[data-score]").first).to_have_attribute("data-score", "13")
    expect(widget.locator("[data-score]").last).to_have_attribute("data-score", "5")


LANDINGS = [
    Landing("04-scoring", "score=2.5.1.3.40", "Score calculator", side_of_two_calypsos),
    Landing("04-scoring", "report=11", "A whole game, scored", game_of_seed_11),
    Landing(
        "09-auction-calypso", "bids=990S.1_0C", "Which bid is higher?", one_calypso_outranks_990
    ),
    Landing("09-auction-calypso", "contract=240.0.19.5.8.0.1", "Contract calculator", a7_doubled),
    Landing("09-auction-calypso", "flow=5.3", "The cards between hands", hand_3_of_seed_5),
    Landing("10-cousins", "overtrump=4", "Must you beat the spades?", situation_4),
    Landing("10-cousins", "scores=8.9.3.2.2", "Scoring calculators", bonus_call_made),
]


@pytest.mark.parametrize("landing", LANDINGS, ids=lambda landing: landing.fragment.split("=")[0])
def test_a_link_opens_its_chapter_at_the_widget(visit: Visit, site: Site, landing: Landing) -> None:
    visit.page.goto(site.chapter(landing.chapter + ".ipynb") + "#" + landing.fragment)
    lands(visit.page, landing)
    assert visit.console_errors == [] and visit.foreign_requests == []
