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
from typing import Any, Protocol, TypeVar

from calypso.engine.cards import Suit


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
