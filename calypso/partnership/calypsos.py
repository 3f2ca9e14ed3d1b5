"""Calypsos: 13-card runs of one suit, built from the cards of won tricks (docs/rulings.md, C6, A6).

A :class:`Calypso` is one player's run in progress in one suit plus a count of the runs already
completed. :func:`build` hands a won trick's cards to the calypsos that may use them and
returns the rest, which go to the winning side's pile.

>>> from calypso.engine.cards import Suit, parse_cards
>>> hearts = Calypso(Suit.HEARTS)
>>> build(parse_cards("9H 4C 9H 2H"), [hearts])
[Card.parse('4C'), Card.parse('9H')]
>>> hearts.cards(), hearts.missing_count
([Card.parse('2H'), Card.parse('9H')], 11)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from calypso.engine.cards import ALL_CARDS, Card, Rank, Suit
from calypso.i18n import _

FULL = (1 << 13) - 1
"""The rank mask of a complete run: all 13 ranks held."""


class Calypso:
    """One player's calypso in progress in ``suit``, and how many they have completed."""

    __slots__ = ("completed", "mask", "suit")

    def __init__(self, suit: Suit, cards: Iterable[Card] = (), completed: int = 0) -> None:
        self.suit = suit
        self.mask = 0
        self.completed = completed
        for card in cards:
            if card.suit != suit:
                raise ValueError(f"bad card {card.symbol} for a {suit.symbol} calypso: wrong suit")
            bit = 1 << (card % 13)
            if self.mask & bit:
                raise ValueError(f"bad card {card.symbol}: a calypso holds one card of each rank")
            self.mask |= bit
        if self.mask == FULL:
            raise ValueError("a calypso in progress cannot hold all 13 ranks: it is complete")

    def take(self, cards: Iterable[Card]) -> list[Card]:
        """Add cards of this suit; return the spares (C6: duplicates, or leftovers).

        When the run completes, spares of the same trick start the next run, one per rank.
        """
        mask, spare = _fill(self.mask, cards)
        if mask == FULL:
            self.completed += 1
            mask, spare = _fill(0, spare)
        self.mask = mask
        return spare

    def cards(self) -> list[Card]:
        """The cards of the run in progress, lowest first."""
        base = self.suit * 13
        return [ALL_CARDS[base + r] for r in range(13) if self.mask >> r & 1]

    def missing(self) -> list[Rank]:
        """The ranks still needed to complete the run in progress."""
        return [Rank(r + 2) for r in range(13) if not self.mask >> r & 1]

    @property
    def in_progress(self) -> int:
        """How many cards the run in progress holds."""
        return self.mask.bit_count()

    @property
    def missing_count(self) -> int:
        return 13 - self.mask.bit_count()

    def needs(self, card: Card) -> bool:
        """Whether ``card`` would fill a gap in this run."""
        return card // 13 == self.suit and not self.mask >> (card % 13) & 1

    def copy(self) -> Calypso:
        clone = Calypso(self.suit)
        clone.mask, clone.completed = self.mask, self.completed
        return clone

    def __repr__(self) -> str:
        text = " ".join(str(c) for c in self.cards())
        return f"<Calypso {self.suit.symbol} [{text}] completed={self.completed}>"

    def _repr_html_(self) -> str:
        from calypso.drawing import faces

        completed = _("({count} completed)").format(count=self.completed)
        return f"{faces.card_row(self.cards())} {completed}"


def _fill(mask: int, cards: Iterable[Card]) -> tuple[int, list[Card]]:
    """Put each card's rank into ``mask`` unless it is there already; return the new mask and
    the cards left over."""
    spare = []
    for card in cards:
        bit = 1 << (card % 13)
        if mask & bit:
            spare.append(card)
        else:
            mask |= bit
    return mask, spare


def build(cards: Sequence[Card], calypsos: Sequence[Calypso]) -> list[Card]:
    """Route a won trick (C6): each calypso in turn takes the cards of its suit.

    ``calypsos`` (of different suits) come in the order they choose (the winner's before the
    partner's). Adding a needed card is compulsory. Returns the cards left for the winning
    side's pile: the cards of other suits in the order played, then each calypso's spares.
    """
    pile: list[Card] = []
    spares: dict[Calypso, list[Card]] = {}
    for card in cards:
        suit = card // 13
        for calypso in calypsos:
            if calypso.suit == suit:
                bit = 1 << (card % 13)
                if calypso.mask & bit:
                    spares.setdefault(calypso, []).append(card)
                else:
                    calypso.mask |= bit
                break
        else:
            pile.append(card)
    for calypso in calypsos:
        spare = spares.get(calypso, ()) if spares else ()
        if calypso.mask == FULL:
            calypso.completed += 1
            calypso.mask, spare = _fill(0, spare)
        pile += spare
    return pile


class Where(enum.Enum):
    """Where one card of a won trick ends up (C6)."""

    CALYPSO = "calypso"
    """Into the calypso in progress of that suit's player."""
    NEXT = "next"
    """It starts that player's next calypso: the trick completed one, and this card's rank was
    a spare of the same trick."""
    PILE = "pile"
    """Onto the winning side's pile: a spare, or a suit neither partner builds."""


def route(cards: Sequence[Card], calypsos: Sequence[Calypso]) -> list[tuple[Where, Suit | None]]:
    """Where each card of a won trick goes (C6), in the order of ``cards``, with the suit of
    the calypso that takes it (``None`` for the pile). ``calypsos`` are left unchanged.

    >>> from calypso.engine.cards import parse_cards
    >>> hearts = Calypso(Suit.HEARTS, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"))
    >>> [where.value for where, _ in route(parse_cards("AH 2H 2H 5C"), [hearts])]
    ['calypso', 'next', 'pile', 'pile']
    """
    places: list[tuple[Where, Suit | None]] = [(Where.PILE, None)] * len(cards)
    for calypso in calypsos:
        own = [i for i, c in enumerate(cards) if c // 13 == calypso.suit]
        mask, spare = calypso.mask, []
        for i in own:
            bit = 1 << (cards[i] % 13)
            if mask & bit:
                spare.append(i)
            else:
                mask |= bit
                places[i] = (Where.CALYPSO, calypso.suit)
        if mask == FULL:
            mask = 0
            for i in spare:
                bit = 1 << (cards[i] % 13)
                if not mask & bit:
                    mask |= bit
                    places[i] = (Where.NEXT, calypso.suit)
    return places
