"""Auction Calypso drawn: the bidding, contracts and their score, the bonus table, a hand's
summary.

>>> from calypso.engine.cards import Suit, parse_card
>>> "(1/13)" in run_text([parse_card("2H")], Suit.HEARTS)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from calypso.auction.bidding import CallKind
from calypso.drawing.faces import run_text, suit_span, table
from calypso.engine.cards import Card, Suit
from calypso.i18n import _, card_text, ngettext, number, seat_name, side_name
from calypso.words.auction import score_line
from calypso.words.partnership import completed_by

if TYPE_CHECKING:
    from calypso.auction import Call, ContractScore
    from calypso.auction.game import HandRecord


def contract_score(score: ContractScore, steps: Sequence[str]) -> str:
    """A contract's score: the steps that decide it, made or failed, and its lines added up."""
    verdict = "made" if score.made else "failed"
    said = _("Contract made.") if score.made else _("Contract failed.")
    total = _("total")
    rows = [[escape(score_line(line)), number(line.points)] for line in score.lines]
    shown = number(score.total)
    rows.append([f"<b>{total}</b>", f'<b data-total="{score.total}">{shown}</b>'])
    return (
        "<ol>"
        + "".join(f"<li>{escape(s)}</li>" for s in steps)
        + "</ol>"
        + f'<p><b data-made="{verdict}">{said}</b></p>'
        + table(rows)
    )


def bonus_table(
    bonuses: Mapping[int, int], *, colour: str = "var(--calypso-accent, #0b6e69)"
) -> str:
    """The calypso bonus for each number of cards still needed: a row per number, with its
    bonus and a bar drawn to scale, so the table is its own chart and narrow enough for a
    phone.

    >>> html = bonus_table({1: 50, 2: 80})
    >>> html.count("<tr"), "width:62.5%" in html
    (3, True)
    """
    top = max(bonuses.values(), default=0) or 1
    rows = [
        [
            str(n),
            number(bonus),
            f'<span aria-hidden="true" style="display:block;height:0.9em;'
            f'width:{100 * bonus / top:.1f}%;background:{colour}"></span>',
        ]
        for n, bonus in bonuses.items()
    ]
    return table(rows, [_("cards needed"), _("bonus"), _("to scale")], classes="calypso-bonus")


def auction_calls(seats: Sequence[str], calls: Sequence[tuple[int, Call]]) -> str:
    """An auction's calls as a bidding diagram: a column per seat, a row per round of calls."""
    cells = [escape(call.bid.symbol if call.bid else _call_name(call.kind)) for _, call in calls]
    cells = [""] * (calls[0][0] if calls else 0) + cells
    rows = [cells[i : i + len(seats)] for i in range(0, len(cells), len(seats))]
    names = [seat_name(seat) for seat in seats]
    return table(rows, names, classes="calypso-auction", empty=_("no calls yet"))


def _call_name(kind: CallKind) -> str:
    """A call that names no bid, as a bidding diagram writes it: ``pass``, ``passz``."""
    return {
        CallKind.PASS: _("pass"),
        CallKind.DOUBLE: _("double"),
        CallKind.REDOUBLE: _("redouble"),
    }.get(kind, kind.value)


def auction_calypsos(
    runs: Mapping[str, Mapping[Suit, Sequence[Card]]], trickpiles: Mapping[str, int]
) -> str:
    """Each player's four calypsos in progress, a line per suit, and their trickpile: three
    columns, so the trickpile stays in view on a phone."""
    rows = [
        [
            f"<b>{seat_name(seat)}</b>",
            "<br>".join(f"{suit_span(s)} {run_text(cards, s)}" for s, cards in by_suit.items()),
            str(trickpiles[seat]),
        ]
        for seat, by_suit in runs.items()
    ]
    return table(rows, [_("seat"), _("calypsos in progress"), _("trickpile")])


def hand_summary(hand: HandRecord, seats: Sequence[str]) -> str:
    """How an Auction Calypso hand scored, line by line: the contract made or failed, the
    declarer's card points, calypsos, cards sold and doubling (A7), or the misère (A8); with
    four players, each side's score line by line (P4). The scores themselves are the hand's
    ending (:func:`calypso.drawing.ending.ending_block`), which this follows."""
    if len(seats) == 4:
        return _sides_summary(hand, seats)
    if hand.contract is None or hand.contract_score is None:
        rows = [
            [escape(seat_name(seat)), str(10 * pile)]
            for seat, pile in zip(seats, hand.trickpiles, strict=False)
        ]
        misere = _(
            "{misere} Nobody bid, so nobody had a trump. The most card points lose their own and "
            "the fewest's too, the middle loses its own, and the fewest score 0 (A8)."
        ).format(misere="<b>" + _("A misère.") + "</b>")
        return f"<p>{misere}</p>" + table(rows, [_("player"), _("card points")])
    declarer = escape(seat_name(seats[hand.contract.declarer]))
    took = _("{seat} took {points} card points (10 a trickpile card).").format(
        seat=declarer, points=hand.contract_score.card_points
    )
    lines = [
        [escape(score_line(line)), number(line.points, sign=True)]
        for line in hand.contract_score.lines
    ]
    defenders = _(
        "The defenders share their card points, and score 500 for any calypso they completed "
        "(A7)."
    )
    return (
        _contract_steps(hand, seats, took)
        + table(lines, [_("what"), _("points")])
        + f"<p>{defenders}</p>"
    )


def _contract_steps(hand: HandRecord, seats: Sequence[str], took: str) -> str:
    """A contract's fate and doubling, then a list: the card points (``took``, already
    worded), the calypsos promised, and the cards sold or the points short (A7)."""
    cs, contract = hand.contract_score, hand.contract
    assert cs is not None and contract is not None
    declarer = escape(seat_name(seats[contract.declarer]))
    if cs.made:
        fate = _("{seat}'s {bid} is made").format(seat=declarer, bid=contract.bid.symbol)
    else:
        fate = _("{seat}'s {bid} fails").format(seat=declarer, bid=contract.bid.symbol)
    doubling = (
        "{fate}.",
        _("{fate}: doubled, so the bid points count twice."),
        _("{fate}: redoubled, so four times."),
    )[contract.doubled]
    promised = contract.bid.calypsos
    parts = [f"<p>{doubling.format(fate=f'<b>{fate}</b>')}</p><ul>", f"<li>{took}</li>"]
    if promised:
        done = (
            ngettext(
                "{count} calypso promised: completed.",
                "{count} calypsos promised: completed.",
                promised,
            )
            if cs.calypsos_made
            else ngettext(
                "{count} calypso promised: not completed.",
                "{count} calypsos promised: not completed.",
                promised,
            )
        )
        parts.append(f"<li>{done.format(count=promised)}</li>")
    if hand.sold:
        sold = " ".join(card_text(c) for c in hand.sold)
        said = _("Sold to reach the bid, 20 points each: {cards}.").format(cards=sold)
        parts.append(f"<li>{said}</li>")
    elif cs.short and not cs.made:
        said = _("{points} points short, and selling could not close the gap.").format(
            points=cs.short
        )
        parts.append(f"<li>{said}</li>")
    return "".join(parts) + "</ul>"


def _sides_summary(hand: HandRecord, seats: Sequence[str]) -> str:
    """A four-player hand by sides (P4): the misère's card points per side, or the contract's
    steps; then each side's score line by line, adding up to the side's score for the hand."""
    piles = dict(zip(seats, hand.trickpiles, strict=True))
    if hand.contract is None or hand.contract_score is None:
        rows = [
            [
                escape(side_name(side)),
                number(sum(10 * piles[s] for s in side)) + f" ({_players_points(side, piles)})",
            ]
            for side in hand.scores
        ]
        misere = _(
            "{misere} Nobody bid, so nobody had a trump. The side with more card points loses "
            "that many, and the other side scores 0; level sides both lose their own (P4)."
        ).format(misere="<b>" + _("A misère.") + "</b>")
        return f"<p>{misere}</p>" + table(rows, [_("side"), _("card points")])
    declarer = seats[hand.contract.declarer]
    ours = next(side for side in hand.scores if declarer in side)
    theirs = next(side for side in hand.scores if side != ours)
    took = _(
        "{side} took {points} card points, 10 a card in both partners' trickpiles ({piles})."
    ).format(
        side=escape(side_name(ours)),
        points=hand.contract_score.card_points,
        piles=_players_points(ours, piles),
    )
    return (
        _contract_steps(hand, seats, took)
        + _declaring_side(hand, seats, ours)
        + _defending_side(hand, seats, theirs)
    )


def _players_points(side: str, piles: Mapping[str, int]) -> str:
    """A side's card points player by player, from their trickpiles (``N 80 + S 360``)."""
    return escape(" + ".join(f"{seat_name(s)} {number(10 * piles[s])}" for s in side))


def _declaring_side(hand: HandRecord, seats: Sequence[str], side: str) -> str:
    """The declaring side's score lines (P4): the contract's lines as A7 scores them, each
    calypso completed named by its player, and, when the contract is made, the partner's."""
    from calypso.auction.bidding import Item  # here, not at load, as in score_line

    cs, contract = hand.contract_score, hand.contract
    assert cs is not None and contract is not None
    declarer = seats[contract.declarer]
    partner = next(s for s in side if s != declarer)
    lines = [
        (
            completed_by(line.count, declarer) if line.item is Item.COMPLETED else score_line(line),
            line.points,
        )
        for line in cs.lines
    ]
    by_partner = hand.completed[seats.index(partner)]
    if cs.made and by_partner:
        lines.append((completed_by(by_partner, partner), 500 * by_partner))
    said = (
        _(
            "The declaring side, {side}, scores the contract and 500 for each calypso either "
            "partner completed (P4):"
        )
        if cs.made
        else _(
            "The declaring side, {side}, scores only the failed contract's penalty: no card "
            "points and no 500s (P4):"
        )
    )
    return _side_lines(said.format(side=escape(side_name(side))), side, lines, hand.scores)


def _defending_side(hand: HandRecord, seats: Sequence[str], side: str) -> str:
    """The defending side's score lines (P4): both trickpiles' card points in full, and 500
    for each calypso one of its players completed."""
    from calypso.auction.bidding import Item, ScoreLine  # here, not at load

    piles = sum(hand.trickpiles[seats.index(s)] for s in side)
    lines = [(score_line(ScoreLine(Item.TRICKPILE, piles, 10 * piles)), 10 * piles)]
    for seat in side:
        completed = hand.completed[seats.index(seat)]
        if completed:
            lines.append((completed_by(completed, seat), 500 * completed))
    said = _(
        "The defending side, {side}, scores its card points in full, and 500 for each calypso "
        "its players completed (P4):"
    ).format(side=escape(side_name(side)))
    return _side_lines(said, side, lines, hand.scores)


def _side_lines(
    said: str, side: str, lines: Sequence[tuple[str, int]], scores: Mapping[str, int]
) -> str:
    """A side's score: ``said`` over its lines (words, points) and a total row marked with the
    side, showing the engine's score for the hand (``scores[side]``), which the lines add up
    to."""
    total = scores[side]
    rows = [[escape(what), number(points, sign=True)] for what, points in lines]
    rows.append(
        [
            "<b>" + _("total") + "</b>",
            f'<b data-total="{total}">{number(total, sign=True)}</b>',
        ]
    )
    attrs = [""] * len(lines) + [f'data-side="{side}"']
    return f"<p>{said}</p>" + table(rows, [_("what"), _("points")], row_attrs=attrs)
