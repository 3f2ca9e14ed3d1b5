"""Chapter "cousins": one trick under Calypso, Call Bridge or Collett Whist (C4, B4, W5)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso import words
from calypso.cards import ALL_CARDS, Suit
from calypso.examples import ExampleTrick
from calypso.exercises.base import (
    Exercise,
    seat_choices,
    seat_reasons,
)
from calypso.game import SEATS
from calypso.games import find_game
from calypso.i18n import _, card_text, seat_name, suit_name


def cousins_question(
    rng: random.Random, games: Sequence[str] = ("calypso", "call-bridge", "collett-whist")
) -> Exercise:
    """Who wins this trick under one of ``games`` (registered names, :mod:`calypso.games`)?
    Each game's registry entry plays the trick under its own rules (C4, B4, W5): its seats in
    its order of play, its trumps (personal, fixed, or the round's) and its rule ids."""
    leader = rng.choice(SEATS)
    led = rng.choice(list(Suit))
    cards = [rng.choice([c for c in ALL_CARDS if c.suit == led])]
    while len(cards) < 4:  # one 52-card pack in the whist games: no card twice
        suit = led if rng.random() < 0.5 else rng.choice(list(Suit))
        card = rng.choice([c for c in ALL_CARDS if c.suit == suit])
        if card not in cards:
            cards.append(card)
    spec = find_game(rng.choice(games))
    rules = spec.rules
    round_trump: Suit | None = None
    if rules.shared and rules.fixed_trump is None:  # a trump for the round, or none
        round_trump = rng.choice([*Suit, None])
    trick = spec.one_trick(cards, leader, round_trump)
    trump = trick.trumps[0] if rules.shared else None
    if not rules.shared:
        how = _("each player's own suit is their trump")
    elif rules.fixed_trump is not None:
        how = (
            _("{suits} are trumps for everyone, and play goes clockwise")
            if spec.clockwise
            else _("{suits} are trumps for everyone, and play goes counter-clockwise")
        ).format(suits=suit_name(rules.fixed_trump))
    elif trump is None:
        how = _("there is no trump this round")
    else:
        how = _("{trump} is the trump for everyone this round").format(trump=trump.symbol)
    result, seats, seat = trick.result, trick.seats, trick.winner
    why = seat_reasons(cards, seats, list(trick.trumps), seat, shared=rules.shared)
    return Exercise(
        question=_("Under {game} rules, who wins this trick?").format(game=spec.title),
        choices=seat_choices(),
        answer=seat,
        explanation=_("In {game} {how}. {seat} wins with {card}: {why}").format(
            game=spec.title,
            how=how,
            seat=seat_name(seat),
            card=card_text(result.winning_card),
            why=words.explain(result),
        ),
        rule=trick.rule,
        trick=ExampleTrick(leader, tuple(cards)),
        facts=(
            _("{seat} leads.").format(seat=seat_name(leader)),
            _("{how}.").format(how=how[:1].upper() + how[1:]),
        ),
        seats=tuple(seats),
        shared_trump=trump,
        personal=not rules.shared,
        why=why,
        result=result,
    )
