"""Suits, ranks and cards: small immutable values with a text form.

A card is an ``int`` from 0 to 51 (suit-major, C < D < H < S, then rank 2 < ... < A), so
cards hash, compare and sort cheaply. Two copies of the same card from different decks are
the same value: Calypso's 208-card pack is simply four 52-card packs.

>>> card = parse_card("10h")
>>> card, card.rank, card.suit
(Card.parse('10H'), Rank.TEN, Suit.HEARTS)
>>> str(card), card.symbol
('10H', '10♥')
>>> len(pack(decks=4))
208
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence


class Suit(enum.IntEnum):
    """A suit, ordered as in an auction: clubs < diamonds < hearts < spades.

    >>> Suit.parse("♥"), Suit.HEARTS.letter, Suit.HEARTS.symbol
    (Suit.HEARTS, 'H', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from a letter (``H``, ``h``), a symbol (``♥``) or a name (``hearts``)."""
        if isinstance(text, Suit):
            return text
        if isinstance(text, str):
            key = text.strip().upper()
            name = key.rstrip("S") + "S"
            if key in _SUIT_BY_TEXT:
                return _SUIT_BY_TEXT[key]
            if name in cls.__members__:
                return cls[name]
        raise ValueError(
            f"bad suit {text!r}: expected one of C, D, H, S (or ♣ ♦ ♥ ♠, or a suit name)"
        )


_SUIT_BY_TEXT = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_SUIT_BY_TEXT |= {"♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♧": Suit.CLUBS}


class Rank(enum.IntEnum):
    """A rank, two low and ace high.

    >>> Rank.parse("t"), Rank.TEN.text, Rank.ACE > Rank.KING
    (Rank.TEN, '10', True)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        return _RANK_TEXT[self - 2]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """Read a rank: ``2``-``10``, ``T`` for ten, ``J``, ``Q``, ``K``, ``A`` (any case)."""
        if isinstance(text, Rank):
            return text
        key = text.strip().upper()
        if key in _RANK_BY_TEXT:
            return _RANK_BY_TEXT[key]
        raise ValueError(f"bad rank {text!r}: expected 2-10, J, Q, K or A (T for ten)")


_RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_TEXT = {t: Rank(i + 2) for i, t in enumerate(_RANK_TEXT)} | {"T": Rank.TEN}

SUITS = tuple(Suit)
"""The four suits in auction order, clubs first."""


class Card(int):
    """One playing card, an immutable ``int`` in ``range(52)``.

    Build one with ``Card(rank, suit)`` or ``parse_card(text)``; identical cards are equal.

    >>> Card(Rank.QUEEN, Suit.SPADES) == parse_card("QS")
    True
    >>> sorted(parse_cards("AS 2C 10H"))
    [Card.parse('2C'), Card.parse('10H'), Card.parse('AS')]
    """

    __slots__ = ()

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"bad card rank={rank!r} suit={suit!r}: expected rank 2-14, suit 0-3")
        return ALL_CARDS[suit * 13 + rank - 2]

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def symbol(self) -> str:
        """The display form, ``10♥``."""
        return _SYMBOL_OF[self]

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    def __str__(self) -> str:
        return _TEXT_OF[self]

    def __format__(self, spec: str) -> str:
        return format(_TEXT_OF[self], spec)

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT_OF[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return Card, (self.rank, self.suit)

    def _repr_html_(self) -> str:
        from calypso.drawing import faces

        return faces.card_face(self)


def _make(index: int) -> Card:
    return int.__new__(Card, index)


ALL_CARDS: tuple[Card, ...] = tuple(_make(i) for i in range(52))
_SUIT_OF = tuple(Suit(i // 13) for i in range(52))
_RANK_OF = tuple(Rank(i % 13 + 2) for i in range(52))
_TEXT_OF = tuple(_RANK_TEXT[i % 13] + "CDHS"[i // 13] for i in range(52))
_SYMBOL_OF = tuple(_RANK_TEXT[i % 13] + "♣♦♥♠"[i // 13] for i in range(52))
_CARD_BY_TEXT = {_TEXT_OF[i]: ALL_CARDS[i] for i in range(52)}

_CARD_FORM = (
    "a rank 2-10, J, Q, K or A (T for ten) then a suit C, D, H or S (or ♣ ♦ ♥ ♠), e.g. 10H or QS"
)


def parse_card(text: str | Card) -> Card:
    """Read a card from its text: ``10H``, ``TH``, ``10♥``, ``th`` all give the ten of hearts.

    >>> parse_card("T♥")
    Card.parse('10H')
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    ValueError: bad card '1H': expected a rank 2-10, J, Q, K or A (T for ten) then a suit ...
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise ValueError(f"bad card {text!r}: expected a card or its text, {_CARD_FORM}")
    key = text.strip().upper()
    card = _CARD_BY_TEXT.get(key)
    if card is not None:
        return card
    if len(key) >= 2 and key[:-1] in _RANK_BY_TEXT and key[-1] in _SUIT_BY_TEXT:
        return ALL_CARDS[_SUIT_BY_TEXT[key[-1]] * 13 + _RANK_BY_TEXT[key[:-1]] - 2]
    raise ValueError(f"bad card {text!r}: expected {_CARD_FORM}")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards from a space- or comma-separated string or an iterable of texts.

    >>> parse_cards("9H, 4C 6D")
    [Card.parse('9H'), Card.parse('4C'), Card.parse('6D')]
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return [parse_card(item) for item in items]


def pack(decks: int = 1) -> list[Card]:
    """A fresh, unshuffled pack of ``decks`` 52-card decks (Calypso uses four: 208 cards)."""
    if not isinstance(decks, int) or decks < 1:
        raise ValueError(f"bad number of decks {decks!r}: expected a whole number from 1 up")
    return list(ALL_CARDS) * decks


def shuffled_pack(decks: int, rng: random.Random) -> list[Card]:
    """A pack of ``decks`` decks shuffled by ``rng`` (the same seed gives the same order)."""
    cards = pack(decks)
    rng.shuffle(cards)
    return cards


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as display text, ``9♥ 4♣ 6♦``."""
    return " ".join(_SYMBOL_OF[c] for c in cards)
