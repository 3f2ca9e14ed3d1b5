"""Chapter "cousins": one trick under Calypso, Call Bridge or Collett Whist (C4, B4, W5)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso.engine.cards import Card, Suit
from calypso.engine.games import find_game
from calypso.engine.table import play_order
from calypso.engine.tricks import Rule
from calypso.i18n import _, card_text, seat_name, suit_name
from calypso.lessons.examples import (
    OWN_LED_WINS,
    OWN_RUFF_WINS,
    OWN_UNRUFFED,
    PLAIN_RUFFED,
    PLAIN_UNRUFFED,
    ExampleTrick,
    TrickCase,
    case_cards,
)
from calypso.lessons.exercises.base import (
    Exercise,
    seat_choices,
    seat_reasons,
)
from calypso.lessons.exercises.thumbs import guesses, least_guessable
from calypso.partnership.game import SEATS
from calypso.words.tricks import explain

CALYPSO_CASES = (
    OWN_UNRUFFED,
    OWN_LED_WINS,
    OWN_RUFF_WINS,
    *(PLAIN_UNRUFFED,) * 3,
    PLAIN_RUFFED,
)
"""The Calypso tricks asked (C4.1 to C4.4): the leader wins two in seven, a ruff two, the
highest card of the led suit three; the leader leads their own suit three in seven."""

TRUMPED = TrickCase(Rule.HIGHEST_TRUMP, False, 1, "ruff")
"""W5.1, B4.1: another suit led, one or more trumps played: the highest trump."""
TRUMP_LED = TrickCase(Rule.HIGHEST_TRUMP, True, 0, "follower")
"""W5.1, B4.1: the trump led, and a follower's higher trump wins."""
UNTRUMPED = TrickCase(Rule.HIGHEST_OF_LED, False, 0, "follower")
"""W5.2, B4.2: no trump played (or none in the round): a follower's card of the led suit."""

WHIST_CASES = (*(TRUMPED,) * 2, TRUMP_LED, *(UNTRUMPED,) * 6)
"""The tricks asked in a game with one trump for everyone: a trump wins one in three, so that
"the highest trump, else the leader" is right no more often (a round without trump asks only
untrumped tricks)."""


def cousins_question(
    rng: random.Random, games: Sequence[str] = ("calypso", "call-bridge", "collett-whist")
) -> Exercise:
    """Who wins this trick under one of ``games`` (registered names, :mod:`calypso.engine.games`)?
    Each game's registry entry plays the trick under its own rules (C4, B4, W5): its seats in
    its order of play, its trumps (personal, fixed, or the round's) and its rule ids. The trick
    is of a case drawn from :data:`CALYPSO_CASES` or :data:`WHIST_CASES`, the least guessable
    of a few (:mod:`calypso.lessons.exercises.thumbs`); one 52-card pack, so no card twice."""
    spec = find_game(rng.choice(games))
    rules = spec.rules
    round_trump: Suit | None = None
    if rules.shared and rules.fixed_trump is None:  # a trump for the round, or none
        round_trump = rng.choice([*Suit, None])
    everyone = round_trump if rules.fixed_trump is None else rules.fixed_trump
    if not rules.shared:
        case = rng.choice(CALYPSO_CASES)
    else:
        case = UNTRUMPED if everyone is None else rng.choice(WHIST_CASES)
    place = rng.choice(case.places)

    def draw() -> tuple[str, tuple[Card, ...], list[Suit | None]]:
        leader = rng.choice(SEATS)
        seats = play_order(leader, spec.compass)
        own = spec.own_by_seat
        trumps: list[Suit | None] = [everyone] * 4 if rules.shared else [own[s] for s in seats]
        cards = case_cards(case, rng, trumps, place, shared=rules.shared, distinct=True)
        return leader, cards, trumps

    leader, cards, _trumps = least_guessable(
        draw, lambda drawn: guesses(drawn[1], drawn[2], rules.shared)
    )
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
        question=_("Under {game} rules, who wins this trick?").format(game=_(spec.title)),
        choices=seat_choices(),
        answer=seat,
        explanation=_("In {game} {how}. {seat} wins with {card}: {why}").format(
            game=_(spec.title),
            how=how,
            seat=seat_name(seat),
            card=card_text(result.winning_card),
            why=explain(result),
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
