"""How tests/test_hungarian_chapters.py works the widgets of the Hungarian page of chapter 09
(Auction Calypso) through their states: one function per widget class, in
:data:`WORKERS`.

Each function presses every button and makes every choice its widget offers, gives it input
the rules refuse and links that hold nothing it can show, and plays a hand or a game out where
the widget can; it checks that each refusal was said (not a crash's apology), so that every
sentence the widget can draw passes through the catalog while the test watches.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: Hands the auction table plays out while you watch, by players and seed, and what each shows
#: (the bots' own hands, found once by playing them: each kind of ending at least once).
WATCHED = {
    3: (1, 0, 15, 17, 18),  # a misère; made with cards sold; a calypso promised, failed;
    #                         made doubled; failed doubled, points short
    4: (7, 4, 5, 12, 17),  # a misère; a calypso made; made doubled; a calypso failed; short
}

#: The page's own table you sit at (seed 7, North): a bid of 170♠ there is doubled by a bot.
DOUBLED_BID = "170S"


def _said(widget: Any) -> str:
    """The widget's message line, in words; it must be a refusal said in words, not the
    apology for an unexpected error."""
    text = re.sub(r"<[^>]*>", "", widget.message.value)
    assert text, "nothing was said"
    assert widget.message.tone == "error", text
    assert not re.search(r"\w+(Error|Exception)\b", text), text  # the apology names it
    return text


def work_bid_comparer(compare: Any) -> None:
    """Two bids of each kind of difference, the same bid twice, a bid refused for each of the
    engine's reasons in either box, then a link with two bids and one without."""
    from calypso.widgets.contract import BID_WORDS

    for first, second in (("1+0C", "990S"), ("190C", "180S"), ("170S", "170C"), ("2+0H", "2+0H")):
        compare.first.value, compare.second.value = first, second
        assert "calypso-stale" not in compare.verdict._dom_classes
    bad = {"form": "hetven", "step": "175C", "minimum": "160C", "calypsos": "5+0S"}
    assert set(bad) == set(BID_WORDS)
    for box in (compare.first, compare.second):
        for text in bad.values():
            box.value = text
            assert "calypso-stale" in compare.verdict._dom_classes
        box.value = "180D"
    compare.link.opened = "2_10H.180C"
    assert (compare.first.value, compare.second.value) == ("2+10H", "180C")
    compare.link.opened = "nonsense"
    _said(compare)


def work_contract_calculator(calculator: Any) -> None:
    """A7's example, doubled and redoubled, with the cards to sell taken away (short), with
    points to spare, with a calypso promised and not completed; each number the rules refuse;
    bid points no bid can name; then a link with a contract and one without."""
    boxes = calculator.fields
    for times in (0, 1, 2):
        calculator.doubled.value = times
    calculator.in_progress.value = 0  # short, and nothing to sell
    calculator.trickpile.value = 30  # the card points reach the bid
    calculator.calypsos.value = 1  # a calypso promised, none completed
    calculator.completed.value = 1
    wrong = {
        "bid calypsos": (calculator.calypsos, 5, 1),
        "trickpile": (calculator.trickpile, 60, 19),
        "cards in progress": (calculator.in_progress, 13, 5),
        "cards needed": (calculator.needed, 0, 8),
        "completed calypsos": (calculator.completed, -1, 0),
    }
    for what, (box, bad, good) in wrong.items():
        box.value = bad
        assert "calypso-bad" in box._dom_classes, what
        assert boxes[what].note.value, what
        box.value = good
    calculator.calypsos.value = 0
    for points in (175, 160):  # not in tens; under 170 with no calypsos
        calculator.points.value = points
        assert "calypso-bad" in calculator.points._dom_classes
    calculator.points.value = 240
    calculator.link.opened = "240.0.19.5.8.0.2"
    assert calculator.score.total > 0
    calculator.link.opened = "nonsense"
    _said(calculator)


def work_bonus_table(table: Any) -> None:
    """The bonus table has nothing to press: its thirteen rows, with Hungarian numbers."""
    shown = table.children[1].value
    assert shown.count("<tr") == 14
    assert ">1730<" in shown and "1,730" not in shown


def _watch(table: Any) -> None:
    """Watch: a move at a time, then each hand of :data:`WATCHED` played out, for three and
    four players; a move asked for once the hand is over."""
    table.step.click()
    for players, seeds in WATCHED.items():
        table.players.value = players
        endings = set()
        for seed in seeds:
            table.seed.value = seed
            table.step.click()
            table.finish.click()
            assert table.seating.over
            hand = table.record
            made = hand.contract_score.made if hand.contract_score else None
            doubled = hand.contract.doubled if hand.contract else 0
            endings.add((made, bool(hand.contract and hand.contract.bid.calypsos), doubled))
        assert {made for made, _calypsos, _doubled in endings} == {None, True, False}
        assert any(calypsos for _made, calypsos, _doubled in endings)
        assert any(doubled for _made, _calypsos, doubled in endings)
    table.guard(table.advance)(1)
    _said(table)


def _sit(table: Any, seat: str, bid: str) -> None:
    """Sit at ``seat`` and play a hand: calls the auction refuses, bids no auction can take,
    ``bid`` (then a redouble, when it was doubled), trumps handed out twice alike then
    rightly, a card you may not play, *Next trick* with none waiting, a bot's move asked for
    on your turn, and every card to the hand's end."""
    from calypso.auction import parse_bid
    from calypso.auction.game import Phase
    from calypso.engine.cards import SUITS

    table.seat.value = seat
    game = table.game
    assert game.phase is Phase.AUCTION and game.turn == seat
    if game.auction.highest_bid is None:
        for refused in (table.double, table.redouble):
            refused.click()
            _said(table)
    for points, calypsos in ((160, 0), (175, 0)):  # under 170 with no calypsos; not in tens
        table.bid_points.value, table.bid_calypsos.value = points, calypsos
        table.bid.click()
        _said(table)
    wanted = parse_bid(bid)
    table.bid_calypsos.value, table.bid_points.value = wanted.calypsos, wanted.points
    table.bid_suit.value = wanted.suit.letter
    table.bid.click()
    while table.game.phase is Phase.AUCTION:
        if table.game.auction.doubled == 1:
            table.redouble.click()
        else:
            table.pass_.click()
    assert table.game.phase is Phase.TRUMPS and table.game.turn == seat
    *pickers, give = table.trump_choice.children[1:]
    first = pickers[0].value
    for picker in pickers:
        picker.value = first
    give.click()
    _said(table)
    for picker, suit in zip(pickers, (s for s in SUITS if s != wanted.suit), strict=False):
        picker.value = suit.letter
    give.click()
    refused = True
    while not table.seating.over:
        game = table.game
        if table.seating.waiting():
            table.felt.receive({"type": "next"})
        elif refused and game.refusals():
            table.guard(table.human_card)(next(iter(game.refusals())))
            _said(table)
            table.guard(table.next_trick)()
            _said(table)
            table.step.click()
            _said(table)
            refused = False
        else:
            table.felt.receive({"type": "card", "card": str(game.legal_plays()[0])})


def work_auction_table(table: Any) -> None:
    """The table through every setup and both sizes of table: watched to the hand's end, then
    sat at and played out (North of three, whose bid is doubled and redoubled; North of four,
    whose side bids four calypsos), a link that replays it, a new hand, and a bad link."""
    from calypso.auction.game import SETUPS

    for setup in SETUPS:
        table.setup.value = setup
    table.setup.value = "balanced"
    table.seat.value = "watch"
    table.seed.value = 7
    _watch(table)
    table.players.value, table.seed.value = 3, 7
    _sit(table, "N", DOUBLED_BID)
    link = table.link.value
    table.players.value, table.seed.value = 4, 1
    _sit(table, "N", "4+990S")
    table.link.opened = link
    assert table.players.value == 3 and table.seating.over
    table.new.click()
    table.link.opened = "nonsense"
    _said(table)


def work_card_flow(flow: Any) -> None:
    """Every hand of the page's game, a second game, a link to a hand, and links that name no
    hand."""
    for hand in range(flow.hand_slider.min, flow.hand_slider.max + 1):
        flow.hand_slider.value = hand
    flow.seed.value = 5
    flow.link.opened = "2.4"
    assert (flow.seed.value, flow.hand_slider.value) == (2, 4)
    for bad in ("nonsense", "2.99"):
        flow.link.opened = bad
        _said(flow)


def _workers() -> dict[type, Callable[[Any], None]]:
    from calypso.widgets.auction import AuctionTable
    from calypso.widgets.cardflow import CardFlow
    from calypso.widgets.contract import BidComparer, BonusTable, ContractCalculator

    return {
        BidComparer: work_bid_comparer,
        ContractCalculator: work_contract_calculator,
        BonusTable: work_bonus_table,
        AuctionTable: work_auction_table,
        CardFlow: work_card_flow,
    }


#: Each widget class of the page, and the function that works it through its states.
WORKERS: dict[type, Callable[[Any], None]] = _workers()
