"""Chapter "play": which card to play to a trick (C3, C4)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso import words
from calypso.cards import ALL_CARDS, Card, Suit
from calypso.examples import ExampleTrick
from calypso.exercises.base import (
    Choice,
    Exercise,
)
from calypso.game import DEFAULT_TRUMPS, SEATS
from calypso.i18n import _, card_text, seat_name
from calypso.reasons import why_not
from calypso.table import play_order
from calypso.tricks import TrickResult, legal_plays, resolve_trick


def _or_names(cards: Sequence[Card]) -> str:
    """Cards in words: ``K♦``, ``K♦ or 5♥``, ``K♦, 5♥ or 2♣``."""
    names = [card_text(c) for c in cards]
    if len(names) == 1:
        return names[0]
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _side_wins(winner: int) -> bool:
    """Whether the card at ``winner`` belongs to the last player's side: the 2nd and 4th
    cards of a trick come from partners (C1)."""
    return winner % 2 == 1


def _losing_lines(seats: Sequence[str], outcomes: dict[Card, TrickResult]) -> list[str]:
    """For each other card, grouped by who would then take the trick: a sentence saying so."""
    by_winner: dict[int, list[Card]] = {}
    for card, result in outcomes.items():
        by_winner.setdefault(result.winner, []).append(card)
    lines = []
    for winner, cards in sorted(by_winner.items()):
        taker = outcomes[cards[0]].winning_card
        lines.append(
            _(
                "With {cards} instead, {seat}'s {card} would take the trick for the other side."
            ).format(cards=_or_names(cards), seat=seat_name(seats[winner]), card=card_text(taker))
        )
    return lines


def _your_loss(
    cards: Sequence[Card], card: Card, trumps: Sequence[Suit], seats: Sequence[str]
) -> str:
    """Why playing ``card`` last loses the trick for your side, in one sentence (C4)."""
    beaten = why_not([*cards, card], trumps, 3)
    said = beaten.sentence(seats, you=seats[3])
    taker = seat_name(seats[beaten.winner])
    if beaten.names_winner:
        return _("{said}, and {seat} is on the other side").format(said=said, seat=taker)
    return _("{said}, so {seat}'s {card} takes the trick for the other side").format(
        said=said, seat=taker, card=card_text(beaten.winning_card)
    )


def play_question(rng: random.Random, tries: int = 10_000) -> Exercise:
    """You play last: which of your cards wins the trick for your side (C3, C4)? Exactly one
    of the cards you may play does, whether it takes the trick itself or leaves your partner
    winning; every other one lets the opponents take it."""
    for _try in range(tries):
        leader = rng.choice(SEATS)
        seats = play_order(leader, SEATS)
        deck = list(ALL_CARDS)
        cards = [rng.choice(deck) for _ in range(3)]
        hand = sorted({rng.choice(deck) for _ in range(5)})
        trumps = [DEFAULT_TRUMPS[SEATS.index(seat)] for seat in seats]
        legal = sorted(set(legal_plays(hand, cards, trumps[3])))
        if len(legal) < 3:
            continue
        outcomes = {c: resolve_trick([*cards, c], trumps) for c in legal}
        right = [c for c, result in outcomes.items() if _side_wins(result.winner)]
        if len(right) != 1:
            continue
        card = right[0]
        result = outcomes.pop(card)
        if result.winner == 3:
            taken = _("With {card} you take the trick. {why}")
        else:
            taken = _("With {card} your partner {seat} takes the trick. {why}")
        choices = [Choice(str(c), card_text(c)) for c in legal]
        rng.shuffle(choices)  # the hand shows the cards in order; the choices carry none
        why = tuple((str(other), _your_loss(cards, other, trumps, seats)) for other in outcomes)
        return Exercise(
            question=_(
                "You are {seat}, last to play. Which card wins the trick for your side?"
            ).format(seat=seat_name(seats[3])),
            choices=tuple(choices),
            answer=str(card),
            explanation=" ".join(
                [
                    taken.format(
                        card=card_text(card),
                        seat=seat_name(seats[1]),
                        why=words.explain(result),
                    ),
                    *_losing_lines(seats, outcomes),
                ]
            ),
            rule=result.rule.value,
            trick=ExampleTrick(leader, tuple(cards)),
            hand=tuple(hand),
            result=result,
            facts=(
                _("Your partner is {seat}, who played {card}.").format(
                    seat=seat_name(seats[1]), card=card_text(cards[1])
                ),
            ),
            why=why,
        )
    raise ValueError(f"no position where exactly one card wins for your side in {tries} draws")


# -- chapter "auction": Auction Calypso ------------------------------------------------------------
