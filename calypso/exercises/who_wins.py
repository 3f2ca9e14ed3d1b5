"""Chapter "who-wins": who wins this trick (C4)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso import words
from calypso.examples import random_trick
from calypso.exercises.base import (
    Exercise,
    any_trumps,
    seat_choices,
    seat_reasons,
)
from calypso.i18n import _
from calypso.tricks import CALYPSO_RULES, Rule, TrumpLead


def winner_question(rng: random.Random, rules: Sequence[Rule] = CALYPSO_RULES[:5]) -> Exercise:
    """Who wins this trick (C4)? The trick is one that one of ``rules`` decides, drawn at
    random (the five cases of C4 unless told)."""
    rule = rng.choice(rules)
    trick = random_trick(rule, rng, trumps=any_trumps(rng))
    result = trick.result()
    seat = trick.winning_seat()
    return Exercise(
        question=_("Who wins this trick?"),
        choices=seat_choices(),
        answer=seat,
        explanation=words.explain(result),
        rule=result.rule.value,
        trick=trick,
        trumps=trick.trumps,
        result=result,
        why=seat_reasons(
            trick.cards,
            trick.seats,
            trick.trumps_in_order(),
            seat,
            ruff_wins=trick.trump_lead is TrumpLead.RUFF_WINS,
        ),
    )
