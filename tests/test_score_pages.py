"""What chapters 04 and 07 print: 04's score sheet (a block of rows per side ending on its total,
clear column names, who won and why) and its chart, 07's bonus table and calypsos table, and
where an auction table seats its players, watched or played, with three players or four.

Expected figures come from the rulings (docs/rulings.md): C7 for the score, A7 for the bonus.
"""

from __future__ import annotations

import re

import pytest

from calypso.drawing import charts, partnership
from calypso.engine.cards import Suit
from calypso.partnership.scoring import ScoreSheet, score_side
from calypso.widgets import AuctionTable, BonusTable, GameReport

C7_CALYPSOS = {0: 0, 1: 500, 2: 500 + 750, 3: 500 + 750 + 1000, 4: 500 + 750 + 1000 + 1000}
"""C7: a player's first, second, third and fourth completed calypso score 500, 750, 1,000, 1,000."""


def c7_total(players: list[tuple[int, int]], pile: int) -> int:
    """C7: each player's calypsos and 20 a card in progress, and 10 a card of the side's pile."""
    return sum(C7_CALYPSOS[done] + 20 * cards for done, cards in players) + 10 * pile


def sheet(
    ns: list[tuple[int, int]], ns_pile: int, ew: list[tuple[int, int]], ew_pile: int
) -> ScoreSheet:
    seats = {"NS": ("N", "S"), "EW": ("E", "W")}
    trumps = {"N": "H", "S": "S", "E": "D", "W": "C"}
    sides = [
        score_side(
            name,
            [(s, trumps[s], done, cards) for s, (done, cards) in zip(seats[name], ps, strict=True)],
            pile,
        )
        for name, ps, pile in (("NS", ns, ns_pile), ("EW", ew, ew_pile))
    ]
    return ScoreSheet(tuple(sides))


def test_the_score_sheet_names_its_columns_and_ends_each_side_on_its_c7_total() -> None:
    ns, ew = [(2, 5), (0, 3)], [(1, 0), (1, 12)]
    html = partnership.score_sheet(sheet(ns, 40, ew, 60))
    heads = [re.sub("<br>", " ", h) for h in re.findall(r"<th>(.*?)</th>", html)]
    assert heads == ["player", "completed calypsos", "cards in progress", "points"]
    assert "pile</th>" not in html.split("<thead>")[1].split("</thead>")[0]
    for side, players, pile in (("NS", ns, 40), ("EW", ew, 60)):
        block = html.split(f'<tbody data-side="{side}">')[1].split("</tbody>")[0]
        total = c7_total(players, pile)
        assert block.endswith(f'<td data-total="{total}"><b>{total:,}</b></td></tr>')


@pytest.mark.parametrize(
    ("ns", "ns_pile", "ew", "ew_pile", "said"),
    [
        # NS 1,250 + 100 + 60 + 400 = 1,810; EW 1,000 + 240 + 600 = 1,840: the pile decides.
        ([(2, 5), (0, 3)], 40, [(1, 0), (1, 12)], 60, "EW win, 1,840 points to 1,810: their pile"),
        # NS 1,250 + 1,250 = 2,500; EW 1,000 + 10 * 10 = 1,100: calypsos decide.
        (
            [(2, 0), (2, 0)],
            0,
            [(1, 0), (1, 0)],
            10,
            "NS win, 2,500 points to 1,100: their completed",
        ),
        # 500 + 20 * 5 each side: equal points are a draw.
        ([(1, 5), (0, 0)], 0, [(0, 0), (1, 5)], 0, "A draw: both sides scored 600 points."),
    ],
)
def test_the_result_line_says_who_won_and_why(
    ns: list[tuple[int, int]], ns_pile: int, ew: list[tuple[int, int]], ew_pile: int, said: str
) -> None:
    scored = sheet(ns, ns_pile, ew, ew_pile)
    assert partnership.result_line(scored).startswith(said)
    assert said in partnership.score_sheet(scored)


def test_the_chart_keeps_its_text_at_13_px_and_names_each_line_by_more_than_colour() -> None:
    series = {"N": [0, 4, 13], "E": [0, 1, 2], "S": [0, 0, 5], "W": [0, 2, 2]}
    trumps = dict(zip("NESW", (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS), strict=True))
    html = charts.progress_chart(series, trumps)
    outer = html.split("<svg", 2)[1]
    assert "viewBox" not in outer.split(">")[0]  # the text is not scaled down with the chart
    assert "font-size:13px" in outer.split(">")[0]
    patterns = re.findall(r'<polyline[^>]*stroke-dasharray="([^"]*)"', html)
    assert len(set(patterns)) == 4
    for line in ("solid", "dashed", "dotted", "dash-dot"):
        assert f"({line} line)" in html
    assert "After the last trick: N 13, E 2, S 5, W 2." in html


def test_the_game_report_shows_one_sheet_and_says_who_won() -> None:
    report = GameReport(seed=3)
    totals = report.game.score().totals
    assert report.sheet.value.count("<table") == 1
    if totals["NS"] == totals["EW"]:
        assert "A draw" in report.sheet.value
    else:
        assert f"{max(totals, key=lambda side: totals[side])} win, " in report.sheet.value


def test_the_bonus_table_lists_a7s_bonus_for_each_number_of_cards_needed() -> None:
    html = BonusTable().children[1].value
    rows = re.findall(r"<tr><td>(\d+)</td><td>([\d,]+)</td>", html)
    # A7: 40 + 10 n² for a calypso that lacked n cards when the hand began.
    assert [(int(n), int(b.replace(",", ""))) for n, b in rows] == [
        (n, 40 + 10 * n * n) for n in range(1, 14)
    ]


def test_the_auction_calypsos_table_has_three_columns_the_trickpile_last() -> None:
    table = AuctionTable(seed=4)
    html = table.calypsos.value
    assert re.findall(r"<th>(.*?)</th>", html) == [
        "seat",
        "calypsos in progress",
        "trickpile",
    ]
    assert html.count("<tr>") == 1 + len(table.game.seats)


@pytest.mark.parametrize("players", [3, 4])
def test_an_auction_seats_n_top_e_right_s_bottom_w_left(players: int) -> None:
    compass = {"N": "top", "E": "right", "S": "bottom", "W": "left"}
    for seat in ("watch", "N"):
        table = AuctionTable(seed=4, players=players, seat=seat)
        places = {each["seat"]: each["place"] for each in table.felt.seats}
        assert places == {s: compass[s] for s in table.game.seats}
