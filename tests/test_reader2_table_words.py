"""What the second Hungarian reader left for code (issue 34), in both languages: the teacher's
example name comes from the catalog, a refused bid or call is said just above the controls that
made it, a call out of range is refused in words instead of changed, and the misère round says
what each trick costs.

Expected values come from docs/rulings.md: B2 (a Call Bridge call is 2 to 12 tricks), W2 and
W4 (Collett Whist's round 7 deals 7 cards, a call is 0 to the cards dealt), W3 and W6 (round
10, misère: no calls, each trick taken scores minus one), A3 (a bid without calypsos needs 170
points).
"""

from __future__ import annotations

import pytest

from calypso.classroom.results import read_line
from calypso.i18n import language
from calypso.widgets.auction import AuctionTable
from calypso.widgets.cousins import WhistTable
from calypso.widgets.teacher import TeacherPanel


@pytest.mark.parametrize(("lang", "name"), [("en", "Ann"), ("hu", "Anna")])
def test_the_teachers_example_line_has_a_name_of_the_pages_language(lang: str, name: str) -> None:
    with language(lang):
        panel = TeacherPanel()
        intro = panel.children[1].value
        line = f"{name}: ROOM7-1B0901-NK"
        assert f"<code>{line}</code>" in intro
        panel.codes.value = line  # the example is a line the panel takes
        assert panel.problems == [] and read_line(line).typed == name
        assert [row.name for row in panel.rows] == [name]


@pytest.mark.parametrize(("lang", "words"), [("en", "too low"), ("hu", "túl alacsony")])
def test_a_refused_bid_is_said_just_above_the_bid_row(lang: str, words: str) -> None:
    with language(lang):
        table = AuctionTable(seed=7, seat="N")
        before = list(table.record.calls)
        table.bid_calypsos.value, table.bid_points.value, table.bid_suit.value = 0, 100, "C"
        table.bid.click()
    kids = list(table.children)
    felt_box = next(k for k in kids if table.felt in getattr(k, "children", ()))
    assert kids.index(table.message) + 1 == kids.index(table.bidding) < kids.index(felt_box)
    assert kids.index(table.calls) + 1 == kids.index(table.message)  # under the calls made
    assert table.message.tone == "error" and "100♣" in table.message.value
    assert words in table.message.value
    assert table.record.calls == before  # A3: refused, not made


@pytest.mark.parametrize(
    ("lang", "refused", "allowed"),
    [
        (
            "en",
            "bad call 1: expected a whole number of tricks from 2 to 12",
            "this round you may call from 2 to 12 tricks",
        ),
        (
            "hu",
            "nem mondhatsz be 1 ütést: legalább 2, legfeljebb 12 ütést mondhatsz be",
            "ebben a fordulóban legalább 2, legfeljebb 12 ütést mondhatsz be",
        ),
    ],
)
def test_a_call_bridge_call_of_one_is_refused_in_words_not_made_two(
    lang: str, refused: str, allowed: str
) -> None:
    with language(lang):
        table = WhistTable(game="call-bridge", seed=1)
        assert table.game.turn == table.you and allowed in table.call_range.value
        before = dict(table.game.current.calls)
        table.call_box.value = 1
        table.call_button.click()
    assert table.call_box.value == 1  # the box keeps what was typed
    assert table.game.current.calls == before  # B2: your call was not made
    assert table.message.tone == "error" and refused in table.message.value
    kids = list(table.children)
    assert kids.index(table.message) + 1 == kids.index(table.calling) < kids.index(table.felt)


def test_a_collett_call_above_the_cards_dealt_is_refused_and_the_highest_is_taken() -> None:
    table = WhistTable(game="collett-whist", seed=3, round_number=7, players=4)
    while table.game.turn != table.you:  # the bots call before you in some deals
        table.seed.value += 1  # a new round
    assert "from 0 to 7 tricks" in table.call_range.value  # W2, W4: 7 cards, 0 to 7
    table.call_box.value = 9
    table.call_button.click()
    assert "bad call 9" in table.message.value and table.you not in {
        table.game.seats[i] for i in table.game.current.calls
    }
    table.call_box.value = 7
    table.call_button.click()
    assert table.message.value == ""
    assert table.game.current.calls[table.game.seats.index(table.you)] == 7


@pytest.mark.parametrize(
    ("lang", "cost"),
    [
        ("en", "no calls: every trick taken costs 1 point"),
        ("hu", "nincs bemondás: minden elvitt ütés 1 pontba kerül"),
    ],
)
def test_the_misere_round_says_each_trick_costs_a_point(lang: str, cost: str) -> None:
    with language(lang):
        misere = WhistTable(game="collett-whist", seed=2, round_number=10)
        other = WhistTable(game="collett-whist", seed=2, round_number=11)
    assert cost in misere.felt.status  # W6: round 10 scores minus one a trick
    assert cost not in other.felt.status  # round 11 has calls (W3)
