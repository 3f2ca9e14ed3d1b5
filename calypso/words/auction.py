"""Auction Calypso's words: what makes a bid higher, why a call is refused, and the lines of
a contract's score (A4, A7).

>>> higher(Higher.SUIT)
'the same calypsos and points, a higher suit'
"""

from __future__ import annotations

from calypso.auction.bidding import CallRefused, Higher, IllegalCall, Item, ScoreLine
from calypso.i18n import _, ngettext


def higher(kind: Higher) -> str:
    """What makes a bid outrank another (A4), in a phrase.

    >>> higher(Higher.POINTS)
    'the same calypsos, more points'
    """
    return {
        Higher.CALYPSOS: _("more calypsos"),
        Higher.POINTS: _("the same calypsos, more points"),
        Higher.SUIT: _("the same calypsos and points, a higher suit"),
    }[kind]


def call_refused(error: IllegalCall) -> str:
    """Why a call may not be made now (A4), in a sentence's words (bids as they are typed).

    >>> from calypso.auction.bidding import parse_bid
    >>> call_refused(IllegalCall(CallRefused.OWN_SIDE_DOUBLE, last=parse_bid("170C")))
    'only an opponent of the bidder may double 170C'
    """
    values = {
        "call": str(error.call or ""),
        "last": str(error.last or ""),
    }
    return {
        CallRefused.AUCTION_OVER: _("the auction is over: no more calls"),
        CallRefused.NOT_HIGHER: _(
            "{call} does not outrank {last}: bids rank by calypsos, then points, then suit "
            "(C < D < H < S)"
        ),
        CallRefused.NO_BID_TO_DOUBLE: _("there is no bid to double"),
        CallRefused.OWN_SIDE_DOUBLE: _("only an opponent of the bidder may double {last}"),
        CallRefused.ALREADY_DOUBLED: _("{last} is already doubled"),
        CallRefused.NOT_DOUBLED: _("only a doubled bid can be redoubled"),
        CallRefused.NOT_DOUBLED_SIDE: _("only the doubled side may redouble {last}"),
    }[error.kind].format(**values)


def score_line(line: ScoreLine) -> str:
    """What a line of a contract's score counts (A7), in words.

    >>> from calypso.auction.bidding import Item, ScoreLine
    >>> score_line(ScoreLine(Item.BONUS_LOST, 2, -1730))
    'bonus for bid calypso 2, lost'
    """
    n, times, item = line.count, line.times, line.item
    if item is Item.COMPLETED:
        return ngettext("{n} calypso completed × 500", "{n} calypsos completed × 500", n).format(
            n=n
        )
    if item is Item.NOT_COMPLETED:
        return ngettext(
            "{n} bid calypso not completed × 500", "{n} bid calypsos not completed × 500", n
        ).format(n=n)
    if item is Item.TRICKPILE:
        return ngettext("{n} trickpile card × 10", "{n} trickpile cards × 10", n).format(n=n)
    if item is Item.SOLD:
        return ngettext("{n} calypso card sold × 20", "{n} calypso cards sold × 20", n).format(n=n)
    return {
        Item.BID: _("bid points {n} × {times}"),
        Item.BONUS: _("bonus for bid calypso {n}"),
        Item.BID_LOST: _("bid points {n} × {times}, lost"),
        Item.BONUS_LOST: _("bonus for bid calypso {n}, lost"),
    }[item].format(n=n, times=times)
