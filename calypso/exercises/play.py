"""Chapter "play": which card to play to a trick (C3, C4).

The learner plays last and is asked for the lowest card that wins the trick for their side:
keep high cards for later tricks. Most positions need C4 to answer: an opponent is winning
the trick so far, the lowest card the learner may play (C3) does not beat it, at least two
cards do, and the lowest of those is the only one of its rank, so the answer is one card and
neither the highest card nor the lowest. Some positions have the partner winning already,
where every card keeps the trick for the side and the lowest is the answer: leave a winning
partner alone. Of several positions drawn, the one the fewest rules of thumb that ignore C4
answer is asked (:data:`THUMBS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from calypso import words
from calypso.cards import ALL_CARDS, Card, Suit
from calypso.examples import ExampleTrick
from calypso.exercises.base import Choice, Exercise
from calypso.game import DEFAULT_TRUMPS, SEATS
from calypso.i18n import _, card_text, seat_name
from calypso.reasons import why_not
from calypso.table import play_order
from calypso.tricks import TrickResult, legal_plays, resolve_trick

PARTNER_SHARE = 0.2
"""How often the partner is winning already, so that the lowest card is the answer."""
CANDIDATES = 12
"""Positions drawn for a question, of which the one the fewest rules of thumb answer is asked."""
HAND_SIZES = (6, 7, 8)
"""How many cards the learner holds, late in a deal."""


@dataclass(frozen=True)
class Position:
    """A trick with three cards played and the learner's hand: the learner plays last."""

    leader: str
    cards: tuple[Card, ...]
    hand: tuple[Card, ...]

    @cached_property
    def seats(self) -> tuple[str, ...]:
        return play_order(self.leader, SEATS)

    @cached_property
    def trumps(self) -> tuple[Suit, ...]:
        """Everyone's own suit, in play order (C1's defaults)."""
        return tuple(DEFAULT_TRUMPS[SEATS.index(seat)] for seat in self.seats)

    @cached_property
    def legal(self) -> list[Card]:
        """The cards the learner may play (C3), lowest first: by rank, then suit."""
        found = set(legal_plays(self.hand, self.cards, self.trumps[3]))
        return sorted(found, key=lambda card: (card.rank, card.suit))

    @cached_property
    def outcomes(self) -> dict[Card, TrickResult]:
        """The trick once the learner plays each card they may play (C4)."""
        return {card: resolve_trick([*self.cards, card], self.trumps) for card in self.legal}

    def outcome(self, card: Card) -> TrickResult:
        """The trick once the learner plays ``card`` (C4)."""
        return self.outcomes[card]

    def wins(self, card: Card) -> bool:
        """Whether ``card`` wins the trick for the learner's side: the 2nd and 4th cards of a
        trick are partners' (C1)."""
        return self.outcome(card).winner % 2 == 1

    @cached_property
    def partner_winning(self) -> bool:
        """Whether the partner's card is winning the trick so far (C4)."""
        return resolve_trick(self.cards, self.trumps[:3]).winner == 1

    def answer(self) -> Card | None:
        """The lowest card that wins for the side, if the position asks a question: the
        partner winning and the lowest card alone at its rank, or an opponent winning, every
        lowest card losing, two or more cards winning and the lowest of them alone at its
        rank."""
        legal = self.legal
        if len(legal) < 4:
            return None
        right = [card for card in legal if self.wins(card)]
        if self.partner_winning:
            lowest = legal
        elif len(right) >= 2 and right[0].rank > legal[0].rank:
            lowest = right
        else:
            return None
        if lowest[1].rank == lowest[0].rank:
            return None
        return lowest[0]


def _draw(rng: random.Random) -> Position:
    """A trick of three random cards and a hand that offers a choice: two times in three none
    of the suit led, so that any card may be played (C3), else four or more of it. (Beating
    the suit led by following it is what whist players do anyway; the ruffs need C4.)"""
    leader = rng.choice(SEATS)
    cards = tuple(rng.choice(ALL_CARDS) for _ in range(3))
    size = rng.choice(HAND_SIZES)
    led = [c for c in ALL_CARDS if c.suit == cards[0].suit]
    others = [c for c in ALL_CARDS if c.suit != cards[0].suit]
    following = 0 if rng.random() < 2 / 3 else rng.randint(4, size)
    drawn = [rng.choice(led) for _ in range(following)]
    drawn += [rng.choice(others) for _ in range(size - following)]
    return Position(leader, cards, tuple(sorted(set(drawn))))


def _lowest(cards: Sequence[Card]) -> Card:
    """The lowest-ranked card (of two as low, the lower suit)."""
    return min(cards, key=lambda card: (card.rank, card.suit))


def _highest(cards: Sequence[Card]) -> Card:
    """The highest-ranked card (of two as high, the higher suit)."""
    return max(cards, key=lambda card: (card.rank, card.suit))


def _own(position: Position) -> list[Card]:
    """The learner's playable cards of their own suit."""
    return [c for c in position.legal if c.suit == position.trumps[3]]


def _above_table(position: Position) -> list[Card]:
    """The playable cards that outrank every card on the table, whatever the suits."""
    top = max(c.rank for c in position.cards)
    return [c for c in position.legal if c.rank > top]


def _new_suit(position: Position) -> list[Card]:
    """The playable cards of a suit nobody has played to this trick."""
    suits = {c.suit for c in position.cards}
    return [c for c in position.legal if c.suit not in suits]


def _whist(position: Position) -> Card:
    """A whist player's habit: beat the led suit's highest card as cheaply as you can, or,
    out of it, trump low with your own suit; else play your lowest card."""
    led = position.cards[0].suit
    top = max(c.rank for c in position.cards if c.suit == led)
    over = [c for c in position.legal if c.suit == led and c.rank > top]
    return _lowest(over or _own(position) or position.legal)


THUMBS: tuple[Callable[[Position], Card], ...] = (
    lambda p: _highest(_own(p) or p.legal),
    lambda p: _highest(p.legal),
    lambda p: _lowest(p.legal),
    lambda p: _lowest(_own(p) or p.legal),
    lambda p: _lowest(_above_table(p) or p.legal),
    lambda p: _lowest(_new_suit(p) or p.legal),
    lambda p: _highest(_new_suit(p) or p.legal),
    _whist,
)
"""Rules of thumb that ignore C4: your highest card of your own suit, else your highest; your
highest; your lowest; your lowest of your own suit, else your lowest; your lowest that
outranks every card on the table, else your lowest; your lowest (or highest) of a suit not
yet played to the trick; and the whist habit (:func:`_whist`). A card's place among the
cards you may play, by rank or in the hand, gives nothing away: every position's answer has
one such place or another, and the positions are drawn at random."""


def _guessed(position: Position, card: Card) -> int:
    """How many of :data:`THUMBS` play ``card``."""
    return sum(thumb(position) == card for thumb in THUMBS)


def _or_names(cards: Sequence[Card]) -> str:
    """Cards in words: ``K♦``, ``K♦ or 5♥``, ``K♦, 5♥ or 2♣``."""
    names = [card_text(c) for c in cards]
    if len(names) == 1:
        return names[0]
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _losing_lines(position: Position, losing: Sequence[Card]) -> list[str]:
    """For the cards that lose, grouped by who would then take the trick: a sentence saying
    so."""
    by_winner: dict[int, list[Card]] = {}
    for card in losing:
        by_winner.setdefault(position.outcome(card).winner, []).append(card)
    return [
        _("With {cards} instead, {seat}'s {card} would take the trick for the other side.").format(
            cards=_or_names(cards),
            seat=seat_name(position.seats[winner]),
            card=card_text(position.cards[winner]),
        )
        for winner, cards in sorted(by_winner.items())
    ]


def _your_loss(position: Position, card: Card) -> str:
    """Why playing ``card`` last loses the trick for your side, in one sentence (C4)."""
    seats = position.seats
    beaten = why_not([*position.cards, card], position.trumps, 3)
    said = beaten.sentence(seats, you=seats[3])
    taker = seat_name(seats[beaten.winner])
    if beaten.names_winner:
        return _("{said}, and {seat} is on the other side").format(said=said, seat=taker)
    return _("{said}, so {seat}'s {card} takes the trick for the other side").format(
        said=said, seat=taker, card=card_text(beaten.winning_card)
    )


def _dearer(card: Card, lowest: Card) -> str:
    """Why ``card``, which also wins the trick for your side, is not the answer ``lowest``."""
    return _("Your {card} also wins the trick for your side, but your {lowest} is lower").format(
        card=card_text(card), lowest=card_text(lowest)
    )


def _explanation(position: Position, card: Card) -> str:
    """Why ``card`` is the lowest card that wins for the side: how it wins (C4, in the
    engine's words), what every lower card lets happen, and that the higher ones win too."""
    result = position.outcome(card)
    seats = position.seats
    taken = (
        _("With {card} you take the trick. {why}")
        if result.winner == 3
        else _("With {card} your partner {seat} takes the trick. {why}")
    )
    lines = [
        taken.format(card=card_text(card), seat=seat_name(seats[1]), why=words.explain(result))
    ]
    if position.partner_winning:
        lines.append(
            _(
                "Your partner is winning the trick already, and whatever you play it stays with "
                "your side: keep your high cards for later tricks."
            )
        )
    else:
        dearer = [c for c in position.legal if c != card and position.wins(c)]
        lines.append(
            _(
                "{cards} would win it too, but {card} is lower: keep your high cards for later."
            ).format(cards=_or_names(dearer), card=card_text(card))
        )
    lines += _losing_lines(position, [c for c in position.legal if not position.wins(c)])
    return " ".join(lines)


def play_question(rng: random.Random, tries: int = 10_000) -> Exercise:
    """You play last: which is your lowest card that wins the trick for your side (C3, C4)?
    Whether the partner is winning already is drawn first (:data:`PARTNER_SHARE`), then
    :data:`CANDIDATES` positions of that kind, and the one the fewest :data:`THUMBS` answer
    is asked."""
    partner = rng.random() < PARTNER_SHARE
    found: list[tuple[Position, Card]] = []
    for _try in range(tries):
        position = _draw(rng)
        card = position.answer() if position.partner_winning == partner else None
        if card is not None:
            found.append((position, card))
        if len(found) == CANDIDATES:
            break
    else:
        raise ValueError(f"no {CANDIDATES} positions to ask in {tries} draws")
    position, card = min(found, key=lambda pair: (_guessed(*pair), rng.random()))
    seats = position.seats
    choices = [Choice(str(c), card_text(c)) for c in position.legal]
    rng.shuffle(choices)  # the hand shows the cards in order; the choices carry none
    why = tuple(
        (str(other), _dearer(other, card) if position.wins(other) else _your_loss(position, other))
        for other in position.legal
        if other != card
    )
    return Exercise(
        question=_(
            "You are {seat}, last to play. Which is your lowest card that wins the trick for "
            "your side?"
        ).format(seat=seat_name(seats[3])),
        choices=tuple(choices),
        answer=str(card),
        explanation=_explanation(position, card),
        rule=position.outcome(card).rule.value,
        trick=ExampleTrick(position.leader, position.cards),
        hand=position.hand,
        result=position.outcome(card),
        facts=(
            _("Your partner is {seat}, who played {card}.").format(
                seat=seat_name(seats[1]), card=card_text(position.cards[1])
            ),
            _("Lowest means lowest in rank, from 2 up to the ace, whatever the suit."),
        ),
        why=why,
    )


# -- chapter "auction": Auction Calypso ------------------------------------------------------------
