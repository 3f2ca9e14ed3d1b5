"""Chapter "table": following suit, voids and revokes (C3).

Three questions, each with one answer, drawn in the shares of :data:`KINDS`: which of your
cards you may play (you hold one card of the suit led, which you must play), which one you may
not play (you hold the suit led, and one card of another suit would be a revoke), and which
player has shown, by the card they played, that they hold none of the suit led (a void: the
site refuses a revoke, so a card of another suit means none of the suit led). The cards that
may or may not be played are the engine's (:func:`calypso.engine.tricks.refusals`), and every wrong
card's reason is the engine's refusal in words (:func:`calypso.words.tricks.refusal_reason`).

The hands hold cards of the suits on the table and of the learner's own suit, so that following
the last card played, the highest card or one's own trump does not find the answer; the suit
led is the answer to only the first question, and a card of another suit to only the second.
"""

from __future__ import annotations

import random

from calypso.engine.cards import ALL_CARDS, Card, Suit
from calypso.engine.table import play_order
from calypso.engine.tricks import refusals
from calypso.i18n import _, card_text, seat_name
from calypso.lessons.examples import ExampleTrick
from calypso.lessons.exercises.base import Choice, Exercise, any_trumps, seat_choices
from calypso.partnership.game import SEATS
from calypso.words.tricks import cards_text, refusal_reason

KINDS = ("play",) * 2 + ("revoke",) + ("void",) * 3
"""The questions drawn, in their shares: which card you may play (one in three), which you may
not (one in six), and who has shown a void (one in two). The answer to a revoke question is
the only card of its suit in the hand, so their share is what keeps "the card alone of its
suit" from finding the answer more than two times in five."""
OFF_SUIT = 0.4
"""How often a player before you has played a card of another suit than the one led."""


def _of(suit: Suit, rng: random.Random) -> Card:
    return rng.choice([c for c in ALL_CARDS if c.suit == suit])


def _not_of(suit: Suit, rng: random.Random) -> Card:
    return rng.choice([c for c in ALL_CARDS if c.suit != suit])


def _trick(rng: random.Random, played: int, off: int | None = None) -> ExampleTrick:
    """A trick of ``played`` cards led by any seat; the card at place ``off`` (if given) is of
    another suit than the one led, the others follow it, or each is of another suit with the
    chance :data:`OFF_SUIT` when no place is given."""
    first = rng.choice(ALL_CARDS)
    cards = [first]
    for place in range(1, played):
        other = place == off if off is not None else rng.random() < OFF_SUIT
        cards.append(_not_of(first.suit, rng) if other else _of(first.suit, rng))
    return ExampleTrick(rng.choice(SEATS), tuple(cards))


def _hand(
    rng: random.Random, led: Suit, following: int, others: int, own: Suit, table: list[Card]
) -> tuple[Card, ...]:
    """``following`` cards of the suit ``led`` and ``others`` of other suits, drawn from the
    suits on the ``table`` and your ``own`` suit as often as from the rest."""
    tempting = sorted(({c.suit for c in table} | {own}) - {led})
    found: set[Card] = set()
    while len([c for c in found if c.suit == led]) < following:
        found.add(_of(led, rng))
    while len(found) < following + others:
        tempt = tempting and rng.random() < 0.5
        found.add(_of(rng.choice(tempting), rng) if tempt else _not_of(led, rng))
    return tuple(sorted(found))


def _hand_question(rng: random.Random, revoke: bool) -> Exercise:
    """You are to play to a trick: which of your cards may you play (one card of the suit led
    in your hand), or, with ``revoke``, which may you not play (one card of another suit)."""
    trumps = any_trumps(rng)
    # A revoke is never played, so its trick is never one card short of complete: no verdict
    # waits on a card that cannot be played.
    trick = _trick(rng, rng.randint(1, 2) if revoke else rng.randint(1, 3))
    you = play_order(trick.leader, SEATS)[len(trick.cards)]
    own = trumps[SEATS.index(you)]
    led = trick.cards[0].suit
    if revoke:
        hand = _hand(rng, led, rng.randint(1, 4), 1, own, list(trick.cards))
    else:
        hand = _hand(rng, led, 1, rng.randint(3, 5), own, list(trick.cards))
    refused = refusals(hand, trick.cards, own)
    held = [c for c in hand if c.suit == led]
    named = {"led": led.symbol, "held": cards_text(held)}
    if revoke:
        answer = next(iter(refused))
        why = tuple(
            (
                str(card),
                _("Your {card} follows the suit led, {led}, so you may play it").format(
                    card=card_text(card), led=led.symbol
                ),
            )
            for card in hand
            if card != answer
        )
        question = _("You are {seat}. Which of your cards may you not play?")
        explanation = _(
            "You hold {held} of the suit led, {led}, so you must follow it: {card} would be a "
            "revoke, the one play the rules forbid. With no {led} you could have played it."
        )
        fact = _("All of your cards but one may be played.")
    else:
        answer = held[0]
        why = tuple(
            (
                str(card),
                _("Your {card} may not be played: {reason}").format(
                    card=card_text(card), reason=refusal_reason(refusal)
                ),
            )
            for card, refusal in refused.items()
        )
        question = _("You are {seat}. Which of your cards may you play?")
        explanation = _(
            "{card} is your only card of the suit led, {led}, so you must play it: nobody has "
            "to beat the cards on the table or to trump, but whoever holds the suit led "
            "follows it."
        )
        fact = _("Only one of your cards may be played.")
    choices = [Choice(str(c), card_text(c)) for c in hand]
    rng.shuffle(choices)  # the hand shows the cards in order; the choices carry none
    return Exercise(
        question=question.format(seat=seat_name(you)),
        choices=tuple(choices),
        answer=str(answer),
        explanation=explanation.format(card=card_text(answer), **named),
        rule="C3",
        trick=trick,
        hand=hand,
        trumps=trumps,
        facts=(fact,),
        why=why,
        result=(
            None
            if revoke or len(trick.cards) < len(SEATS) - 1
            else ExampleTrick(trick.leader, (*trick.cards, answer), trumps).result()
        ),
    )


def _void_question(rng: random.Random) -> Exercise:
    """Which player has shown that they hold none of the suit led: the one follower of a
    finished trick whose card is of another suit (the site refuses a revoke), second, third or
    last to play as often."""
    trumps = any_trumps(rng)
    off = rng.randint(1, 3)
    drawn = _trick(rng, len(SEATS), off)
    trick = ExampleTrick(drawn.leader, drawn.cards, trumps)
    seats = trick.seats
    led = trick.cards[0].suit
    answer = seats[off]
    card_of = dict(zip(seats, trick.cards, strict=True))

    def reason(seat: str) -> str:
        names = {"seat": seat_name(seat), "led": led.symbol}
        if seat == trick.leader:
            return _(
                "{seat} led {card}: the leader may lead any card, and the suit led is {led}"
            ).format(card=card_text(card_of[seat]), **names)
        return _("{seat} followed the suit led, {led}, with {card}").format(
            card=card_text(card_of[seat]), **names
        )

    return Exercise(
        question=_("Which player has shown that they hold no {led}?").format(led=led.symbol),
        choices=seat_choices(),
        answer=answer,
        explanation=_(
            "{seat} played {card} to a lead of {led}. Whoever holds a card of the suit led "
            "must play one, and a revoke is refused here, so {seat} holds no {led}: {seat} is "
            "void in it and was free to play any card."
        ).format(seat=seat_name(answer), card=card_text(card_of[answer]), led=led.symbol),
        rule="C3",
        trick=trick,
        trumps=trumps,
        why=tuple((seat, reason(seat)) for seat in SEATS if seat != answer),
        result=trick.result(),
    )


def follow_question(rng: random.Random) -> Exercise:
    """Following suit (C3): which card you may play, which you may not, or who has shown a
    void, drawn in the shares of :data:`KINDS`. Its words are in the page's language."""
    kind = rng.choice(KINDS)
    if kind == "void":
        return _void_question(rng)
    return _hand_question(rng, revoke=kind == "revoke")
