"""Moves: what every game's table takes one at a time, with one text form for each.

A move is a card (:class:`~calypso.engine.cards.Card`), a whist call of a number of tricks
(:class:`TricksCall`), an auction call (:class:`~calypso.auction.bidding.Call`) or a declarer's
trump choice (:class:`TrumpChoice`). Every game on the trick core
(:class:`~calypso.engine.table.TrickTable`) says its phase, lists its legal moves, applies one,
reads and writes a move's text, and shows the trick so far and the last trick with their verdicts
under its own rules; every bot
(:class:`Bot`) chooses a move, so a table, a simulation or a widget seats any game the same way.

>>> TricksCall(3).text, TricksCall.parse("c3")
('c3', TricksCall(tricks=3))
>>> choice = TrumpChoice((("E", Suit.HEARTS), ("W", Suit.CLUBS)))
>>> choice.text, TrumpChoice.parse("tHC", ("E", "W")) == choice
('tHC', True)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from calypso.engine.cards import Card, Suit

if TYPE_CHECKING:
    from calypso.auction.bidding import Bid


@dataclass(frozen=True, slots=True)
class TricksCall:
    """A call of how many tricks a player will take (Call Bridge B2, Collett Whist W3)."""

    tricks: int

    @property
    def text(self) -> str:
        return f"c{self.tricks}"

    @classmethod
    def parse(cls, text: str) -> TricksCall:
        if not (text.startswith("c") and text[1:].isdigit()):
            raise ValueError(f"bad call {text!r}: expected c and a number of tricks, like c3")
        return cls(int(text[1:]))


@dataclass(frozen=True, slots=True)
class TrumpChoice:
    """The declarer's trump for every other player (A5, P3), in seat order."""

    suits: tuple[tuple[str, Suit], ...]

    @property
    def text(self) -> str:
        return "t" + "".join(suit.letter for _, suit in self.suits)

    @classmethod
    def parse(cls, text: str, seats: Sequence[str]) -> TrumpChoice:
        """Read ``t`` and one suit letter for each of ``seats`` (the other players in order)."""
        if not text.startswith("t") or len(text) != len(seats) + 1:
            raise ValueError(
                f"bad trumps {text!r}: expected t and a suit letter for each of {', '.join(seats)}"
            )
        return cls(tuple(zip(seats, (Suit.parse(letter) for letter in text[1:]), strict=True)))


class Phase(enum.Enum):
    """What a game on the trick core is waiting for: its ``phase`` has one of these values
    (``calls`` in the whist family, ``auction`` and ``trumps`` in Auction
    Calypso)."""

    CALLS = "calls"
    AUCTION = "auction"
    TRUMPS = "trumps"
    PLAY = "play"
    OVER = "over"


T_contra = TypeVar("T_contra", contravariant=True)


class Bot(Protocol[T_contra]):
    """A computer player: it chooses the move its game is waiting for (a call, trumps or a
    card); the table applies it."""

    def choose(self, game: T_contra) -> Any: ...


def move_text(move: object) -> str:
    """The text of any move (a card's own text, a call's, ``c3``, ``tHC``).

    >>> from calypso.engine.cards import Card
    >>> move_text(Card.parse("QS")), move_text(TricksCall(0))
    ('QS', 'c0')
    """
    if isinstance(move, TricksCall | TrumpChoice):
        return move.text
    return str(move).replace("+", "_")


# -- a bot's reasons -------------------------------------------------------------------------


class Advice(enum.Enum):
    """What the greedy player's hint says about its card (the kind of a :class:`Hint`)."""

    LEAD_LOW = "lead-low"
    """No card of one's own trump suit to lead: lead a low card."""
    LEAD_OWN = "lead-own"
    """Lead one's own trump suit (C4.1, C4.2, C5)."""
    WINS = "wins"
    """The card takes the trick (the learner plays last)."""
    AHEAD = "ahead"
    """The card wins so far; others are still to play."""
    PARTNER_TAKES = "partner-takes"
    """The partner takes the trick: no need to beat them."""
    PARTNER_AHEAD = "partner-ahead"
    """The partner wins so far: no need to beat them."""
    LET_GO = "let-go"
    """The trick could be taken but holds little: let the other side have it."""
    STAY_BEHIND = "stay-behind"
    """The card could go ahead of the other side, but the trick holds little."""
    CANNOT_BEAT = "cannot-beat"
    """Nothing beats the other side's card, which takes the trick: give a card away."""
    CANNOT_BEAT_YET = "cannot-beat-yet"
    """Nothing beats the other side's card, winning so far: give a card away."""


class Against(enum.Enum):
    """What can beat a lead of one's own trump suit (C4.1, C4.2, C5)."""

    ANY_RUFF = "any-ruff"
    """The ruff-wins variant: any ruff (C5)."""
    NOTHING = "nothing"
    """An ace led in the leader's own suit: no ruff can (C4.2)."""
    HIGHER_RUFF = "higher-ruff"
    """Only a ruff higher than the led card (C4.2)."""


@dataclass(frozen=True)
class Hint:
    """Why the greedy player would play ``card``, as a value that :func:`calypso.words.hint`
    words: the ``advice``, the ``seat`` that wins (so far), the seats still to play
    (``later``), the trick's cards the side's calypsos need (``needed``), whether the card
    given away is one the side needs (``costly``), and for a lead the leader's own trump
    suit (``own``), whether the leader's calypso needs the card and what can beat it."""

    advice: Advice
    card: Card
    seat: str = ""
    later: tuple[str, ...] = ()
    needed: tuple[Card, ...] = ()
    costly: bool = False
    own: Suit | None = None
    against: Against = Against.HIGHER_RUFF


# -- what a table's seat controller declines ---------------------------------------------------


class Declined(enum.Enum):
    """Why a table's seat controller (:class:`calypso.engine.seating.Seating`) declines what a
    person asked (the kind of a :class:`SeatingError`, worded by :func:`calypso.words.declined`)."""

    NOT_YOUR_TURN = "not-your-turn"
    """A move while the bots are on turn, or after the end."""
    NO_TRICK_WAITING = "no-trick-waiting"
    """*Next trick* with no closed trick waiting."""
    NOTHING_TO_UNDO = "nothing-to-undo"
    """*Undo* before the people have made a move."""


class SeatingError(ValueError):
    """What a seat controller declines: :attr:`kind` says why as a value, ``str()`` in English.

    >>> str(SeatingError(Declined.NOTHING_TO_UNDO))
    'Nothing to undo: you have not played a card yet.'
    """

    def __init__(self, kind: Declined) -> None:
        super().__init__(kind.value)
        self.kind = kind

    def __str__(self) -> str:
        from calypso.words import declined, in_english  # the words layer, called late

        return in_english(declined, self.kind)


# -- what an auction refuses (Auction Calypso, A4) ------------------------------------------


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
        from calypso.words import call_refused, in_english  # the words layer, called late

        return in_english(call_refused, self)
