"""Chapter "who-wins": who wins this trick (C4).

A stage practises some of C4's rulings. Each exercise draws a case from the stage's weighted
list (:class:`calypso.lessons.examples.TrickCase`), then of a few tricks of that case keeps the one
whose winner the fewest rules of thumb name (:mod:`calypso.lessons.exercises.thumbs`). The weights
keep every shortcut ("the leader wins", "the highest ruff wins, else the leader", "the highest card
of the led suit wins") right in little more than a third of a stage: whoever leads, ruffs or
follows, only the rule tells the winner. The engine decides every trick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from calypso.engine.cards import Suit
from calypso.engine.tricks import CALYPSO_RULES, Rule, TrumpLead
from calypso.i18n import _
from calypso.lessons.examples import (
    OWN_LED_WINS,
    OWN_RUFF_WINS,
    OWN_TIE_LED,
    OWN_TIE_RUFFS,
    OWN_UNRUFFED,
    PLAIN_RUFFED,
    PLAIN_TIE_FOLLOWED,
    PLAIN_UNRUFFED,
    ExampleTrick,
    TrickCase,
    case_trick,
)
from calypso.lessons.exercises.base import (
    Exercise,
    any_trumps,
    seat_choices,
    seat_reasons,
)
from calypso.lessons.exercises.thumbs import guesses, least_guessable
from calypso.lessons.house import STANDARD, HouseRule
from calypso.words.tricks import explain

PLAIN_LEADS = (PLAIN_UNRUFFED, PLAIN_UNRUFFED, PLAIN_RUFFED)
"""Leads of a suit that is not the leader's own (C4.3, C4.4): unruffed two times in three, so
that "the highest ruff, else the leader" is right in only about a third."""

OWN_LEADS = (
    OWN_UNRUFFED,
    *(OWN_LED_WINS,) * 4,
    *(OWN_RUFF_WINS,) * 4,
    *(PLAIN_UNRUFFED,) * 5,
)
"""Leads of the leader's own suit (C4.1, C4.2), nine in fourteen, among leads of a suit that is
another player's own (C4.3), whose owner has no special power: the question is whose suit was
led. "The leader", "the highest ruff, else the leader" and "the highest card of the led suit"
are each right in five of fourteen; unruffed own leads (C4.1) count for the first two, so they
are the rarest."""

EVERY_CASE = (
    OWN_UNRUFFED,
    *(OWN_LED_WINS,) * 4,
    OWN_TIE_LED,
    *(OWN_RUFF_WINS,) * 2,
    OWN_TIE_RUFFS,
    *(PLAIN_RUFFED,) * 2,
    *(PLAIN_UNRUFFED,) * 5,
    PLAIN_TIE_FOLLOWED,
)
"""Every case of C4, C4.1 to C4.5: the leader, the highest ruff and the highest card of the led
suit each win six in seventeen (C4.1 counts for the first two, so it is the rarest)."""

PRACTICE: dict[tuple[Rule, ...], tuple[TrickCase, ...]] = {
    (Rule.PLAIN_LEAD_UNRUFFED, Rule.PLAIN_LEAD_RUFFED): PLAIN_LEADS,
    (Rule.LEADER_TRUMP_UNRUFFED, Rule.LEADER_TRUMP_RUFFED): OWN_LEADS,
    CALYPSO_RULES[:5]: EVERY_CASE,
}
"""The rulings a stage practises, and the cases it asks."""

RUFF_WINS_OWN_LEADS = (
    *(OWN_UNRUFFED,) * 3,
    *(OWN_LED_WINS,) * 3,
    OWN_RUFF_WINS,
    *(PLAIN_UNRUFFED,) * 4,
    PLAIN_RUFFED,
)
"""Leads of the leader's own suit under ruff-wins (C4.1, C5), among leads of another suit
(C4.3, C4.4). Ruffed, the highest ruff wins whatever the led card: most of these are the tricks
whose led card outranks the ruffs, which C4.2 would give the leader. "The leader" (C4.1) and
"the highest card of the led suit" are each right in about a third."""

RUFF_WINS_EVERY_CASE = (
    *(OWN_UNRUFFED,) * 3,
    *(OWN_LED_WINS,) * 3,
    OWN_TIE_LED,
    OWN_RUFF_WINS,
    OWN_TIE_RUFFS,
    *(PLAIN_RUFFED,) * 2,
    *(PLAIN_UNRUFFED,) * 5,
    PLAIN_TIE_FOLLOWED,
)
"""Every case under ruff-wins: C4.1, C5 (its ruffs below, level with or above the led card),
C4.3, C4.4 and C4.5."""

RUFF_WINS_PRACTICE: dict[tuple[Rule, ...], tuple[TrickCase, ...]] = {
    **PRACTICE,
    (Rule.LEADER_TRUMP_UNRUFFED, Rule.LEADER_TRUMP_RUFFED): RUFF_WINS_OWN_LEADS,
    CALYPSO_RULES[:5]: RUFF_WINS_EVERY_CASE,
}
"""The cases each stage asks under a class's house rule of ruff-wins (C5): plain leads as
ever, for C5 changes only a ruffed lead of the leader's own suit."""


def least_guessable_trick(
    case: TrickCase,
    rng: random.Random,
    trumps: Sequence[Suit] | None = None,
    trump_lead: TrumpLead = TrumpLead.RANKED,
) -> ExampleTrick:
    """A trick of ``case`` (personal ``trumps``, any assignment unless given) whose winner the
    fewest rules of thumb name, of a few drawn with ``rng``. The winning card's place in
    the order of play is drawn first, evenly, so that no place wins more than its share.

    Under ``trump_lead="ruff-wins"`` (C5) the trick is decided by that rule: a case whose led
    card outranks the ruffs (:data:`~calypso.lessons.examples.OWN_LED_WINS`) is then won by the
    highest ruff, the very trick that C5 decides otherwise than C4.2.
    """
    held = any_trumps(rng) if trumps is None else trumps
    place = rng.choice(case.places)
    ruff_wins = trump_lead is TrumpLead.RUFF_WINS
    return least_guessable(
        lambda: replace(case_trick(case, rng, place, held), trump_lead=trump_lead),
        lambda trick: guesses(trick.cards, trick.trumps_in_order(), ruff_wins=ruff_wins),
    )


def winner_question(
    rng: random.Random, rules: Sequence[Rule] = CALYPSO_RULES[:5], house: HouseRule = STANDARD
) -> Exercise:
    """Who wins this trick (C4)? A trick of the stage that practises ``rules`` (the five cases of
    C4 unless told; a key of :data:`PRACTICE`), of a case drawn from its list; under a class's
    ``house`` rule of ruff-wins (C5), from :data:`RUFF_WINS_PRACTICE`'s, decided by C5."""
    lead = house.trump_lead
    cases = (RUFF_WINS_PRACTICE if lead is TrumpLead.RUFF_WINS else PRACTICE)[tuple(rules)]
    trick = least_guessable_trick(rng.choice(cases), rng, trump_lead=lead)
    result = trick.result()
    seat = trick.winning_seat()
    return Exercise(
        question=_("Who wins this trick?"),
        choices=seat_choices(),
        answer=seat,
        explanation=explain(result),
        rule=result.rule.value,
        trick=trick,
        trumps=trick.trumps,
        result=result,
        why=seat_reasons(
            trick.cards,
            trick.seats,
            trick.trumps_in_order(),
            seat,
            ruff_wins=lead is TrumpLead.RUFF_WINS,
        ),
    )
