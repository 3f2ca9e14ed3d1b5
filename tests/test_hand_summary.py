"""The four-player Auction Calypso hand summary (calypso/drawing/auction.py, ``hand_summary``) words
a partnership hand by sides, as docs/rulings.md, P4 scores it: the declaring side's card points
from both trickpiles, each side's score line by line, the partner's calypso in a made
contract, the defenders' card points in full, and the misère by sides.

The expected figures are worked here from P4 (with A7's contract lines) and the position of
each hand. The positions come from the rules review's reproductions (seeds 1 and 4, setup
``balanced``, one ``AuctionBot`` per seat seeded ``x/{seed}/{seat}``) and two more games made
the same way; each is checked before its figures are.
"""

import random
import re
from collections.abc import Sequence
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.auction.bots import AuctionBot, auction_bots
from calypso.auction.game import SETUPS, AuctionGame, HandRecord
from calypso.drawing.auction import hand_summary
from calypso.drawing.ending import ending_block
from calypso.widgets import AuctionTable

Row = tuple[str, list[str]]
"""A table row: its ``data-side`` mark (empty when it has none) and its cells' text."""


class Tables(HTMLParser):
    """The tables of a piece of HTML, each a list of rows, and all of its text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: list[list[Row]] = []
        self.text = ""
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append((dict(attrs).get("data-side") or "", []))
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1][1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text += data
        if self._cell is not None:
            self._cell.append(data)


def signed(text: str) -> int:
    """A number as the summary writes it: ``+1,180``, ``-440``."""
    return int(text.replace(",", ""))


def side_lines(shown: Tables, side: str) -> tuple[list[tuple[str, int]], int]:
    """A side's score lines (what, points) and the total shown under them."""
    for rows in shown.tables:
        marks = [mark for mark, _ in rows]
        if side in marks:
            total = rows[marks.index(side)][1]
            lines = [(cells[0], signed(cells[1])) for mark, cells in rows[1:] if not mark]
            return lines, signed(total[1])
    raise AssertionError(f"no score lines for {side}")


def ended(hand: HandRecord, seats: Sequence[str]) -> Tables:
    """What a table shows once the hand is over: the hand's ending, then its summary."""
    return Tables(ending_block(hand.outcome(sides=len(seats) == 4), hand_summary(hand, seats)))


def scores_said(shown: Tables) -> dict[str, int]:
    """The hand's scores as its ending says them ("Scores: NS +120, EW +360."): side -> score.
    They are said once: no table under the ending repeats them."""
    said = re.search(r"Scores: ([^.]*)\.", shown.text)
    assert said is not None, shown.text
    assert all(rows[0][1][-1] != "score" for rows in shown.tables), "a table repeats the scores"
    return {name: signed(points) for name, points in re.findall(r"(\w+) ([+-][\d,]+)", said[1])}


class ReviewGame:
    """The review's four-player game: setup ``balanced``, a bot per seat seeded by seat."""

    def __init__(self, seed: int) -> None:
        self.game = AuctionGame(4, seed, setup="balanced")
        self.bots = {s: AuctionBot(random.Random(f"x/{seed}/{s}")) for s in self.game.seats}

    def play_to(self, hands: int) -> None:
        """Let the bots play until ``hands`` hands are over."""
        while len(self.game.history) < hands:
            self.game.apply(self.bots[str(self.game.turn)].choose(self.game))

    def hand(self, number: int) -> tuple[HandRecord, Tables]:
        """Hand ``number`` (from 1), played to its end, and its summary."""
        self.play_to(number)
        hand = self.game.history[number - 1]
        return hand, ended(hand, self.game.seats)


def review_hand(seed: int, number: int) -> tuple[HandRecord, Tables]:
    return ReviewGame(seed).hand(number)


def test_seed_1_hand_1_credits_the_card_points_to_the_declaring_side() -> None:
    hand, shown = review_hand(1, 1)
    assert hand.contract is not None and str(hand.contract.bid) == "180S"
    assert hand.contract.declarer == 1 and hand.contract.doubled == 0  # E, undoubled
    assert hand.trickpiles == (6, 2, 6, 16)  # E's pile holds 2 cards, W's 16
    # P4, condition 2: both trickpiles, 10 * (2 + 16) = 180, reach the bid of 180: made
    assert "EW took 180 card points" in shown.text
    assert "E 20 + W 160" in shown.text
    assert "E took" not in shown.text
    # A7 made: 180 * 1 + 180 card points
    assert side_lines(shown, "EW") == (
        [("18 trickpile cards × 10", 180), ("bid points 180 × 1", 180)],
        360,
    )
    # P4 defenders: NS's card points in full, 10 * (6 + 6)
    assert side_lines(shown, "NS") == ([("12 trickpile cards × 10", 120)], 120)
    assert scores_said(shown) == {"NS": 120, "EW": 360} == hand.scores
    assert "share" not in shown.text and "(A7)" not in shown.text
    assert "scores its card points in full" in shown.text and "(P4)" in shown.text


def test_seed_1_hand_3_gives_the_partners_calypso_a_line_of_its_own() -> None:
    review = ReviewGame(1)
    review.play_to(2)
    assert review.game.calypso("N", "S").missing_count == 1  # N's ♠ calypso lacks one card
    hand, shown = review.hand(3)
    assert hand.contract is not None and str(hand.contract.bid) == "1+0S"
    assert hand.contract.declarer == 0 and hand.contract.doubled == 0  # N, undoubled
    assert hand.trickpiles == (0, 17, 13, 2) and hand.completed == (1, 0, 1, 0)
    assert "NS took 130 card points" in shown.text and "N 0 + S 130" in shown.text
    assert "N took" not in shown.text
    # A7 made: 130 card points, bid 0 * 1, bonus 40 + 10 * 1² = 50, 500 for N's calypso;
    # P4: and 500 for the one S, N's partner, completed
    assert side_lines(shown, "NS") == (
        [
            ("13 trickpile cards × 10", 130),
            ("bid points 0 × 1", 0),
            ("bonus for bid calypso 1", 50),
            ("1 calypso completed by N × 500", 500),
            ("1 calypso completed by S × 500", 500),
        ],
        1180,
    )
    assert side_lines(shown, "EW") == ([("19 trickpile cards × 10", 190)], 190)
    assert scores_said(shown) == {"NS": 1180, "EW": 190} == hand.scores


def test_seed_4_hand_2_scores_the_misere_by_sides() -> None:
    hand, shown = review_hand(4, 2)
    assert hand.contract is None
    assert hand.trickpiles == (8, 0, 36, 8)
    # P4: NS hold 80 + 360 = 440, EW 0 + 80 = 80; the larger loses that many, the other 0
    assert ("", ["NS", "440 (N 80 + S 360)"]) in shown.tables[0]
    assert ("", ["EW", "80 (E 0 + W 80)"]) in shown.tables[0]
    assert scores_said(shown) == {"NS": -440, "EW": 0} == hand.scores
    assert "(P4)" in shown.text and "(A8)" not in shown.text
    assert "The side with more card points loses that many" in shown.text
    assert "the fewest" not in shown.text


def test_a_misere_with_level_sides_loses_both_their_own() -> None:
    deal = {"N": ["2C", "AD"], "E": ["AC", "2D"], "S": ["3C", "4D"], "W": ["4C", "5D"]}
    game = AuctionGame(4, 0, setup="none", hands=1, deals=[deal])
    for _ in range(4):
        game.call("pass")
    for card in ["AC", "3C", "4C", "2C", "2D", "4D", "5D", "AD"]:  # E wins ♣, N wins ♦
        game.play(card)
    hand = game.history[0]
    shown = ended(hand, game.seats)
    # P4: each side took one trick of four cards, 40 card points; level, both lose their own
    assert ("", ["NS", "40 (N 40 + S 0)"]) in shown.tables[0]
    assert ("", ["EW", "40 (E 40 + W 0)"]) in shown.tables[0]
    assert scores_said(shown) == {"NS": -40, "EW": -40} == hand.scores
    assert "level sides both lose their own" in shown.text


def test_a_failed_contract_scores_no_calypso_for_the_partner() -> None:
    review = ReviewGame(12)
    review.play_to(1)
    assert review.game.calypso("S", "H").missing_count == 1  # S's ♥ calypso lacks one card
    hand, shown = review.hand(2)
    assert hand.contract is not None and str(hand.contract.bid) == "1+0H"
    assert hand.contract.declarer == 2 and hand.contract.doubled == 0  # S, undoubled
    assert hand.trickpiles == (14, 4, 4, 9) and hand.completed == (1, 0, 0, 1)
    # A7 failed (S completed no ♥ calypso): -0 * 1, bonus -(40 + 10 * 1²), -500 for the
    # calypso left unfinished; P4: nothing for N's completed calypso, no card points
    assert side_lines(shown, "NS") == (
        [
            ("bid points 0 × 1, lost", 0),
            ("bonus for bid calypso 1, lost", -50),
            ("1 bid calypso not completed × 500", -500),
        ],
        -550,
    )
    assert "completed by N" not in shown.text
    assert "1 calypso promised: not completed." in shown.text
    # P4 defenders: 10 * (4 + 9) and 500 for W's calypso
    assert side_lines(shown, "EW") == (
        [("13 trickpile cards × 10", 130), ("1 calypso completed by W × 500", 500)],
        630,
    )
    assert scores_said(shown) == {"NS": -550, "EW": 630} == hand.scores


def test_a_doubled_contract_short_of_its_points_fails_without_its_calypso() -> None:
    review = ReviewGame(24)
    hand, shown = review.hand(4)
    assert review.game.calypso("N", "H").in_progress == 0
    assert hand.contract is not None and str(hand.contract.bid) == "180H"
    assert hand.contract.declarer == 0 and hand.contract.doubled == 1  # N, doubled
    assert hand.trickpiles == (9, 12, 4, 4) and hand.completed == (1, 1, 0, 0)
    # N completed its ♥ calypso, so no card was left in progress to sell: 10 * (9 + 4) = 130
    # is 50 short of 180. A7 failed, doubled: -180 * 2; P4: no 500 for N's calypso
    assert "50 points short" in shown.text and "doubled, so the bid points count twice" in (
        shown.text
    )
    assert side_lines(shown, "NS") == ([("bid points 180 × 2, lost", -360)], -360)
    # P4 defenders: 10 * (12 + 4) and 500 for E's calypso
    assert side_lines(shown, "EW") == (
        [("16 trickpile cards × 10", 160), ("1 calypso completed by E × 500", 500)],
        660,
    )
    assert scores_said(shown) == {"NS": -360, "EW": 660} == hand.scores


def test_chapter_07s_table_sells_for_the_bid_and_counts_the_partners_calypso() -> None:
    table = AuctionTable(seed=2, players=4)  # chapter 09's table, switched to four players
    table.advance(10_000)
    hand = table.game.history[0]
    assert hand.contract is not None and str(hand.contract.bid) == "200C"
    assert hand.contract.declarer == 1 and hand.contract.doubled == 0  # E, undoubled
    assert hand.trickpiles == (11, 17, 2, 0) and hand.completed == (0, 0, 0, 1)
    # P4, condition 2: 10 * (17 + 0) = 170, 30 short of 200: A7 sells the fewest cards at 20
    # that cover it, 2, the highest of E's club calypso
    assert [str(card) for card in hand.sold] == ["AC", "KC"]
    shown = Tables(table.status.value)
    assert "EW took 170 card points" in shown.text and "E 170 + W 0" in shown.text
    assert "Sold to reach the bid, 20 points each: A♣ K♣." in shown.text
    # A7 made: 170 + 2 * 20 + 200 * 1; P4: 500 for the calypso W, E's partner, completed
    assert side_lines(shown, "EW") == (
        [
            ("17 trickpile cards × 10", 170),
            ("2 calypso cards sold × 20", 40),
            ("bid points 200 × 1", 200),
            ("1 calypso completed by W × 500", 500),
        ],
        910,
    )
    assert side_lines(shown, "NS") == ([("13 trickpile cards × 10", 130)], 130)
    assert scores_said(shown) == {"NS": 130, "EW": 910} == hand.scores


def test_the_three_player_summary_keeps_a7_and_a8() -> None:
    game = AuctionGame(3, 4, setup="balanced", hands=3)
    bots = auction_bots(3, 4)
    while not game.is_over:
        game.apply(bots[game.index(str(game.turn))].choose(game))
    for hand in game.history:
        text = Tables(hand_summary(hand, game.seats)).text
        assert "(P4)" not in text
        assert "(A8)" in text if hand.contract is None else "(A7)" in text


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    setup=st.sampled_from(SETUPS),
    trump_lead=st.sampled_from(["ranked", "ruff-wins"]),
)
def test_each_sides_lines_add_up_to_the_engines_score(
    seed: int, setup: str, trump_lead: str
) -> None:
    game = AuctionGame(4, seed, setup=setup, trump_lead=trump_lead, hands=4)
    bots = auction_bots(4, seed)
    while not game.is_over:
        game.apply(bots[game.index(str(game.turn))].choose(game))
    for hand in game.history:
        shown = ended(hand, game.seats)
        assert scores_said(shown) == hand.scores
        if hand.contract is None:
            for side in ("NS", "EW"):
                points = sum(10 * hand.trickpiles[game.index(s)] for s in side)
                assert any(
                    cells[0] == side and cells[1].startswith(f"{points} (")
                    for _, cells in shown.tables[0]
                )
            continue
        for side in ("NS", "EW"):
            lines, total = side_lines(shown, side)
            assert sum(points for _, points in lines) == total == hand.scores[side]
        declaring = "NS" if hand.contract.declarer % 2 == 0 else "EW"
        points = hand.contract_score.card_points if hand.contract_score else -1
        assert re.search(rf"\b{declaring} took {points:,} card points", shown.text)
