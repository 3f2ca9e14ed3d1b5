"""Links to chapters 00-02's widgets: each keeps its state in one key of the page address
(calypso/widgets/link.py), and a fresh widget opened with that text shows the same.

Expected facts come from the engine: the hand a seed deals (``Game.hand``), who sits across
(``partner_of``, C1), the trumps a link names (``parse_trumps``, C1) and who wins a trick
(``resolve_trick``, C4, C5).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from calypso.engine.tricks import CALYPSO_RULES, Rule, resolve_trick
from calypso.partnership.game import SEATS, Game, parse_trumps, partner_of
from calypso.widgets import EdgeCaseExplorer, HandDealer, TableView

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def hand_shown(dealer: HandDealer) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', dealer.hand.value)


def test_the_hand_dealers_link_names_its_seed_and_deals_that_hand_again() -> None:
    dealer = HandDealer(seed=1)
    dealer.next()
    dealer.next()
    assert dealer.link.value == "3"
    fresh = HandDealer(seed=1)
    fresh.link.opened = dealer.link.value
    assert fresh.seed.value == 3
    expected = [str(card) for card in Game(3).hand("N")]
    assert hand_shown(fresh) == expected


@pytest.mark.parametrize("text", ["x", "-1", "99999999999"])
def test_a_hand_link_that_names_no_deal_keeps_the_first_hand_and_says_so(text: str) -> None:
    dealer = HandDealer(seed=1)
    dealer.link.opened = text
    assert dealer.seed.value == 1
    assert "does not name a deal" in dealer.message.value


@pytest.mark.parametrize("you", SEATS)
def test_the_table_views_link_names_the_seat_and_the_trumps_and_reproduces_them(you: str) -> None:
    trumps = parse_trumps("CSDH")
    viewer = TableView(seed=1)
    viewer.trump_picker.set(trumps)
    viewer.view.value = you
    assert viewer.link.value == f"{you}.CSDH"

    fresh = TableView(seed=1)
    fresh.link.opened = viewer.link.value
    assert fresh.view.value == you and fresh.trump_picker.trumps == trumps
    seats = {seat["seat"]: seat for seat in fresh.table.seats}
    assert seats[you]["role"] == "you" and seats[partner_of(you)]["role"] == "partner"
    for seat, suit in zip(SEATS, trumps, strict=True):
        assert seats[seat]["trump"]["symbol"] == suit.symbol
    hand = Game(1, trumps=[s.letter for s in trumps]).hand(you)
    assert [card["text"] for card in fresh.table.hand] == [str(card) for card in hand]
    assert not any(card["playable"] for card in fresh.table.hand)


@pytest.mark.parametrize("text", ["X.HDSC", "E.HHSC", "E", ""])
def test_a_table_link_that_names_no_table_keeps_the_view_from_south(text: str) -> None:
    viewer = TableView(seed=1)
    viewer.link.opened = text
    assert viewer.view.value == "S"
    if text:
        assert "does not name a seat and four trumps" in viewer.message.value


@pytest.mark.parametrize("rule", CALYPSO_RULES)
def test_the_case_explorers_link_names_the_case_and_its_draws_and_shows_that_trick(
    rule: Rule,
) -> None:
    explorer = EdgeCaseExplorer(seed=1)
    explorer.rule.value = rule
    explorer.draw(rule)
    explorer.draw(rule)
    assert explorer.link.value == f"{rule.value}-2"
    shown = [entry["card"]["text"] for entry in explorer.table.trick]

    fresh = EdgeCaseExplorer(seed=1)
    fresh.link.opened = explorer.link.value
    assert fresh.rule.value == rule
    assert [entry["card"]["text"] for entry in fresh.table.trick] == shown
    trick = fresh.examples[rule]
    result = resolve_trick(trick.cards, trick.trumps_in_order(), trump_lead=rule.trump_lead)
    assert result.rule == rule
    assert fresh.table.verdict["rule"] == rule.value


@pytest.mark.parametrize("text", ["C9.9-1", "C4.1", "C4.1-x", "C4.1-12345678"])
def test_a_case_link_that_names_no_case_keeps_the_first_case(text: str) -> None:
    explorer = EdgeCaseExplorer(seed=1)
    explorer.link.opened = text
    assert explorer.rule.value == CALYPSO_RULES[0]
    assert "does not name a case" in explorer.message.value
