"""Auction Calypso's bidding and contract scoring (docs/rulings.md, A4, A7, A8, P2, P4).

A bid names calypsos, points and a suit. Its text form is ``170C`` with no calypsos and
``1+20S`` with some (calypsos, then ``+``, then points and suit). Bids rank by calypsos, then
points, then suit (C < D < H < S).

>>> parse_bid("1+20S") > parse_bid("270S") > parse_bid("190S") > parse_bid("190C")
True
>>> score_contract(240, 0, trickpile=19, in_progress=5, needed=8, completed=0).total
490
>>> score_misere([100, 180, 230])
[0, -180, -330]
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from calypso.engine.cards import Suit
from calypso.engine.limits import whole

MIN_POINTS_WITHOUT_CALYPSOS = 170
MAX_CALYPSOS = 4
CARDS_IN_A_HAND = 52
"""The most cards one hand deals: 17 each to three players (A3), 13 each to four (P1)."""
MULTIPLIERS = (1, 2, 4)
"""What doubling does to the bid points: undoubled, doubled, redoubled."""

_BID = re.compile(r"(?:(\d+)\+)?(\d+)\s*([CDHS♣♦♥♠])", re.IGNORECASE)
_BID_FORM = "points and suit (170C), or calypsos+points and suit (1+20S)"


class Higher(enum.Enum):
    """What makes a bid outrank another (A4): bids rank by calypsos, then points, then suit."""

    CALYPSOS = "calypsos"
    POINTS = "points"
    SUIT = "suit"


class CallRefused(enum.Enum):
    """Why a call may not be made now (A4): the kind of an :class:`IllegalCall`."""

    AUCTION_OVER = "auction-over"
    """The auction is over: no more calls."""
    NOT_HIGHER = "not-higher"
    """A bid that does not outrank the last bid."""
    NO_BID_TO_DOUBLE = "no-bid-to-double"
    """A double with no bid made yet."""
    OWN_SIDE_DOUBLE = "own-side-double"
    """A double of one's own (or one's partner's) bid."""
    ALREADY_DOUBLED = "already-doubled"
    """A double of a bid already doubled."""
    NOT_DOUBLED = "not-doubled"
    """A redouble of a bid not doubled (or already redoubled)."""
    NOT_DOUBLED_SIDE = "not-doubled-side"
    """A redouble by the side that doubled."""


class IllegalCall(ValueError):
    """A call that may not be made now: :attr:`kind` says why as a value, with the ``call``
    and the ``last`` bid it is about; ``str()`` is one English line.

    >>> from calypso.auction.bidding import parse_bid
    >>> str(IllegalCall(CallRefused.ALREADY_DOUBLED, last=parse_bid("170C")))
    '170C is already doubled'
    """

    def __init__(self, kind: CallRefused, call: Bid | None = None, last: Bid | None = None) -> None:
        super().__init__(kind.value)
        self.kind, self.call, self.last = kind, call, last

    def __str__(self) -> str:
        from calypso.words import in_english  # the words layer, called late
        from calypso.words.auction import call_refused  # the words layer, called late

        return in_english(call_refused, self)


class BadBid(ValueError):
    """A bid that cannot be made at all. ``reason`` names the broken rule: ``"form"`` (not
    written as a bid), ``"step"`` (points not a multiple of 10), ``"minimum"`` (under 170
    points with no calypsos) or ``"calypsos"`` (more than :data:`MAX_CALYPSOS`)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, order=True)
class Bid:
    """A positive bid: ``calypsos`` to complete in ``suit`` and ``points`` to take (A4)."""

    calypsos: int
    points: int
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.calypsos, int) or not 0 <= self.calypsos <= MAX_CALYPSOS:
            raise BadBid(
                f"bad bid calypsos {self.calypsos!r}: expected 0 to {MAX_CALYPSOS}", "calypsos"
            )
        if not isinstance(self.points, int) or self.points < 0 or self.points % 10:
            raise BadBid(
                f"bad bid points {self.points!r}: expected a multiple of 10 from 0 up", "step"
            )
        if self.calypsos == 0 and self.points < MIN_POINTS_WITHOUT_CALYPSOS:
            raise BadBid(
                f"bad bid {self.points}{self.suit.letter}: with no calypsos a bid needs at least "
                f"{MIN_POINTS_WITHOUT_CALYPSOS} points",
                "minimum",
            )

    def __str__(self) -> str:
        head = f"{self.calypsos}+" if self.calypsos else ""
        return f"{head}{self.points}{self.suit.letter}"

    @property
    def symbol(self) -> str:
        head = f"{self.calypsos}+" if self.calypsos else ""
        return f"{head}{self.points}{self.suit.symbol}"

    def beats(self, other: Bid) -> Higher | None:
        """What makes this bid outrank ``other`` (A4), or ``None`` if it does not.

        >>> parse_bid("190C").beats(parse_bid("180S"))
        <Higher.POINTS: 'points'>
        """
        if self.calypsos != other.calypsos:
            return Higher.CALYPSOS if self.calypsos > other.calypsos else None
        if self.points != other.points:
            return Higher.POINTS if self.points > other.points else None
        if self.suit != other.suit:
            return Higher.SUIT if self.suit > other.suit else None
        return None

    def outranks(self, other: Bid) -> str | None:
        """Why this bid outranks ``other`` in one English phrase, or ``None`` if it does not
        (a learner's words: :func:`calypso.words.auction.higher`)."""
        higher = self.beats(other)
        return None if higher is None else _HIGHER[higher]


_HIGHER = {
    Higher.CALYPSOS: "more calypsos",
    Higher.POINTS: "the same calypsos, more points",
    Higher.SUIT: "the same calypsos and points, a higher suit",
}


def parse_bid(text: str | Bid) -> Bid:
    """Read a bid from its text: ``170C``, ``1+20S``, ``2+0h``, ``190♠``."""
    if isinstance(text, Bid):
        return text
    match = _BID.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise BadBid(f"bad bid {text!r}: expected {_BID_FORM}", "form")
    calypsos, points, suit = match.groups()
    return Bid(int(calypsos or 0), int(points), Suit.parse(suit))


class CallKind(enum.Enum):
    PASS = "pass"
    BID = "bid"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True)
class Call:
    """One call of the auction: pass, a bid, double or redouble."""

    kind: CallKind
    bid: Bid | None = None

    def __str__(self) -> str:
        return str(self.bid) if self.bid is not None else self.kind.value


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)


def parse_call(text: str | Call | Bid) -> Call:
    """Read a call: ``pass``, ``double``, ``redouble`` or a bid's text."""
    if isinstance(text, Call):
        return text
    if isinstance(text, Bid):
        return Call(CallKind.BID, text)
    word = text.strip().lower()
    for call in (PASS, DOUBLE, REDOUBLE):
        if word == call.kind.value:
            return call
    if _BID.fullmatch(text.strip()):
        return Call(CallKind.BID, parse_bid(text))
    raise ValueError(f"bad call {text!r}: expected pass, double, redouble, or {_BID_FORM}")


@dataclass(frozen=True)
class Contract:
    declarer: int
    bid: Bid
    doubled: int = 0


@dataclass
class Auction:
    """An auction, one call at a time (A4 for three players, P2 for four in partnerships).

    ``first`` is the eldest's index; players call in turn round the table. With ``partners``
    (four players) a double comes from either opponent and a redouble from declarer's side.

    >>> auction = Auction(players=3, first=1)
    >>> for call in ["pass", "170C", "170S", "180S", "190C", "190S"]:
    ...     auction.call(call)
    >>> str(auction.highest_bid), auction.turn
    ('190S', 1)
    """

    players: int
    first: int = 0
    partners: bool = False
    calls: list[tuple[int, Call]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.players not in (3, 4) or (self.partners and self.players != 4):
            raise ValueError(
                f"bad auction: {self.players} players, expected 3, or 4 in partnerships"
            )

    @property
    def turn(self) -> int | None:
        """Who calls next, or ``None`` once the auction is over."""
        return None if self.is_over else (self.first + len(self.calls)) % self.players

    @property
    def _last_bid(self) -> tuple[int, Bid] | None:
        for player, call in reversed(self.calls):
            if call.bid is not None:
                return player, call.bid
        return None

    @property
    def highest_bid(self) -> Bid | None:
        last = self._last_bid
        return None if last is None else last[1]

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): doubles since the last bid."""
        count = 0
        for _, call in reversed(self.calls):
            if call.bid is not None:
                break
            count += call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
        return count

    def _trailing_passes(self) -> int:
        count = 0
        for _, call in reversed(self.calls):
            if call.kind is not CallKind.PASS:
                break
            count += 1
        return count

    @property
    def is_over(self) -> bool:
        passes = self._trailing_passes()
        if self._last_bid is None:
            return passes == self.players
        return passes == self.players - 1

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over, or ``None`` (misère, or not over yet)."""
        last = self._last_bid
        if not self.is_over or last is None:
            return None
        return Contract(last[0], last[1], self.doubled)

    def _same_side(self, a: int, b: int) -> bool:
        return a == b or (self.partners and a % 2 == b % 2)

    def check(self, call: Call) -> None:
        """Raise :class:`IllegalCall` saying why ``call`` may not be made now."""
        refused = self._refused(call)
        if refused is not None:
            raise IllegalCall(*refused)

    def _refused(self, call: Call) -> tuple[CallRefused, Bid | None, Bid | None] | None:
        """Why ``call`` may not be made now (with the call and last bid it is about), or
        ``None`` when it may."""
        player = self.turn
        if player is None:
            return CallRefused.AUCTION_OVER, None, None
        last = self._last_bid
        if call.kind is CallKind.BID and call.bid is not None:
            if last is not None and call.bid.outranks(last[1]) is None:
                return CallRefused.NOT_HIGHER, call.bid, last[1]
        elif call.kind is CallKind.DOUBLE:
            if last is None:
                return CallRefused.NO_BID_TO_DOUBLE, None, None
            if self._same_side(player, last[0]):
                return CallRefused.OWN_SIDE_DOUBLE, None, last[1]
            if self.doubled:
                return CallRefused.ALREADY_DOUBLED, None, last[1]
        elif call.kind is CallKind.REDOUBLE:
            if last is None or self.doubled != 1:
                return CallRefused.NOT_DOUBLED, None, None if last is None else last[1]
            if not self._same_side(player, last[0]):
                return CallRefused.NOT_DOUBLED_SIDE, None, last[1]
        return None

    def call(self, call: str | Call | Bid) -> None:
        """Make the next call; an illegal one raises :class:`IllegalCall` and changes nothing."""
        parsed = parse_call(call)
        self.check(parsed)
        self.calls.append((int(self.turn or 0), parsed))

    def legal_kinds(self) -> list[CallKind]:
        """Which kinds of call the player on turn may make.

        Passing and bidding are always open while the auction runs (points have no ceiling, so
        some bid always outranks the highest); doubling and redoubling depend on the calls so far.

        >>> auction = Auction(3)
        >>> auction.call("200H")
        >>> [kind.value for kind in auction.legal_kinds()]
        ['pass', 'bid', 'double']
        """
        if self.is_over:
            return []
        kinds = [CallKind.PASS, CallKind.BID]
        kinds += [call.kind for call in (DOUBLE, REDOUBLE) if self._refused(call) is None]
        return kinds


def calypso_bonus(needed: int) -> int:
    """The bonus for a bid calypso that needed ``needed`` cards at the start of the hand (A7).

    >>> [calypso_bonus(n) for n in (1, 2, 13)]
    [50, 80, 1730]
    """
    if not isinstance(needed, int) or not 1 <= needed <= 13:
        raise ValueError(f"bad cards needed {needed!r}: expected 1 to 13")
    return 40 + 10 * needed * needed


class Item(enum.Enum):
    """What a line of a contract's score counts (A7): the kind of a :class:`ScoreLine`."""

    TRICKPILE = "trickpile"
    """Trickpile cards at 10 each (``count`` cards)."""
    SOLD = "sold"
    """Calypso cards sold at 20 each (``count`` cards)."""
    BID = "bid"
    """The bid points (``count``) times the doubling's multiplier (``times``)."""
    BONUS = "bonus"
    """The bonus for bid calypso number ``count``."""
    COMPLETED = "completed"
    """Calypsos completed at 500 each (``count`` calypsos)."""
    BID_LOST = "bid-lost"
    """The bid points (``count``) times ``times``, lost."""
    BONUS_LOST = "bonus-lost"
    """The bonus for bid calypso number ``count``, lost."""
    NOT_COMPLETED = "not-completed"
    """Bid calypsos not completed, 500 each (``count`` calypsos)."""


@dataclass(frozen=True)
class ScoreLine:
    """One line of a contract's score: what it counts (``item``, with ``count`` and ``times``)
    and its ``points``; ``str()`` is one English line (a learner's words:
    :func:`calypso.words.auction.score_line`).

    >>> str(ScoreLine(Item.BONUS, 1, 130))
    'bonus for bid calypso 1'
    """

    item: Item
    count: int
    points: int
    times: int = 1

    def __str__(self) -> str:
        n, times = self.count, self.times
        plural = "s" * (n != 1)
        return {
            Item.TRICKPILE: f"{n} trickpile card{plural} × 10",
            Item.SOLD: f"{n} calypso card{plural} sold × 20",
            Item.BID: f"bid points {n} × {times}",
            Item.BONUS: f"bonus for bid calypso {n}",
            Item.COMPLETED: f"{n} calypso{plural} completed × 500",
            Item.BID_LOST: f"bid points {n} × {times}, lost",
            Item.BONUS_LOST: f"bonus for bid calypso {n}, lost",
            Item.NOT_COMPLETED: f"{n} bid calypso{plural} not completed × 500",
        }[self.item]


@dataclass(frozen=True)
class ContractScore:
    """How a contract came out: made or not, cards sold, the total and its lines.

    How it was decided: ``calypsos_made``, condition (i), enough bid calypsos completed;
    ``card_points``, 10 per trickpile card; ``short``, the points those fall short of the bid;
    ``to_sell``, the calypso cards at 20 each that would cover ``short`` (``sold`` when the
    contract is made, 0 otherwise).
    """

    made: bool
    sold: int
    total: int
    lines: tuple[ScoreLine, ...]
    calypsos_made: bool
    card_points: int
    short: int
    to_sell: int

    @property
    def breakdown(self) -> tuple[tuple[str, int], ...]:
        """The lines as (English label, points), for the command line and the engine's tests."""
        return tuple((str(line), line.points) for line in self.lines)


def score_contract(
    bid_points: int,
    bid_calypsos: int,
    trickpile: int,
    in_progress: int,
    needed: int,
    completed: int,
    doubled: int = 0,
) -> ContractScore:
    """Score declarer's contract for one hand (A7).

    ``trickpile``: declarer's trickpile cards this hand; ``in_progress``: cards of declarer's
    contract-suit calypso in progress that could be sold at the end of the hand; ``needed``:
    cards that calypso needed at the start of the hand; ``completed``: contract-suit calypsos
    declarer completed this hand; ``doubled``: 0, 1 or 2.
    """
    Bid(whole("bid calypsos", bid_calypsos, 0, MAX_CALYPSOS), bid_points, Suit.CLUBS)
    whole("trickpile", trickpile, 0, CARDS_IN_A_HAND)
    whole("cards in progress", in_progress, 0, 12)
    whole("cards needed", needed, 1, 13)
    whole("completed calypsos", completed, 0, MAX_CALYPSOS)
    m = MULTIPLIERS[whole("doubled", doubled, 0, 2)]
    card_points = 10 * trickpile
    bonuses = [calypso_bonus(needed if k == 0 else 13) for k in range(bid_calypsos)]
    shortfall = max(0, bid_points - card_points)
    sold = -(-shortfall // 20)
    calypsos_made = completed >= bid_calypsos
    how = (calypsos_made, card_points, shortfall, sold)
    if calypsos_made and sold <= in_progress:
        lines = [ScoreLine(Item.TRICKPILE, trickpile, card_points)]
        if sold:
            lines.append(ScoreLine(Item.SOLD, sold, 20 * sold))
        lines.append(ScoreLine(Item.BID, bid_points, bid_points * m, m))
        lines += [ScoreLine(Item.BONUS, k + 1, b) for k, b in enumerate(bonuses)]
        if completed:
            lines.append(ScoreLine(Item.COMPLETED, completed, 500 * completed))
        return ContractScore(True, sold, sum(line.points for line in lines), tuple(lines), *how)
    lines = [ScoreLine(Item.BID_LOST, bid_points, -bid_points * m, m)]
    lines += [ScoreLine(Item.BONUS_LOST, k + 1, -b) for k, b in enumerate(bonuses)]
    missing = max(0, bid_calypsos - completed)
    if missing:
        lines.append(ScoreLine(Item.NOT_COMPLETED, missing, -500 * missing))
    return ContractScore(False, 0, sum(line.points for line in lines), tuple(lines), *how)


def score_declaring_side(result: ContractScore, partner_completed: int) -> int:
    """The declaring side's score for a hand of the partnership game (P4).

    A made contract adds 500 for each calypso the declarer's partner completed; a failed one
    scores only its penalty.

    >>> made = score_contract(200, 0, 25, 0, 13, 0)
    >>> score_declaring_side(made, 1) - made.total
    500
    >>> failed = score_contract(300, 0, 5, 0, 13, 0)
    >>> score_declaring_side(failed, 1) == failed.total
    True
    """
    whole("partner's completed calypsos", partner_completed, 0, MAX_CALYPSOS)
    return result.total + (500 * partner_completed if result.made else 0)


def score_misere(card_points: Sequence[int]) -> list[int]:
    """Three players' misère scores from their card points (A8).

    High scores minus (high + low), middle minus its own, low nothing; players tied for high
    each score minus (own + low), tied for low each nothing; all equal: each minus its own.
    """
    points = list(card_points)
    if len(points) != 3 or any(not isinstance(p, int) or p < 0 for p in points):
        raise ValueError(f"bad card points {card_points!r}: expected three whole numbers from 0 up")
    high, low = max(points), min(points)
    if high == low:
        return [-p for p in points]
    return [-(p + low) if p == high else 0 if p == low else -p for p in points]


def score_misere_sides(ns: int, ew: int) -> tuple[int, int]:
    """Two sides' misère scores (P4): more card points scores minus them, the other nothing."""
    if ns == ew:
        return -ns, -ew
    return (-ns, 0) if ns > ew else (0, -ew)
