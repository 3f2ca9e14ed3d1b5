"""The worked examples as data, and tricks drawn to order for the explorer and the quiz."""

import random

import pytest

from calypso import Rule
from calypso.engine.tricks import CALYPSO_RULES, TrumpLead
from calypso.lessons.examples import WORKED_EXAMPLES, WorkedExample, random_trick


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda e: e.key)
def test_every_worked_example_wins_as_its_source_says(example: WorkedExample) -> None:
    assert example.winning_seat() == example.winner
    assert example.source.endswith(".txt") and example.note


def test_worked_examples_cover_every_c4_case() -> None:
    assert {e.result().rule for e in WORKED_EXAMPLES} >= set(CALYPSO_RULES) - {
        Rule.RUFF_BEATS_TRUMP_LEAD
    }


@pytest.mark.parametrize("rule", CALYPSO_RULES, ids=lambda r: r.value)
def test_random_trick_is_decided_by_the_rule_asked_for_and_is_seeded(rule: Rule) -> None:
    lead = TrumpLead.RUFF_WINS if rule is Rule.RUFF_BEATS_TRUMP_LEAD else TrumpLead.RANKED
    first = random_trick(rule, random.Random(5), trump_lead=lead)
    assert first.result().rule is rule
    assert random_trick(rule, random.Random(5), trump_lead=lead) == first


def test_an_impossible_rule_is_reported() -> None:
    with pytest.raises(ValueError, match=r"no trick decided by C5\.ruff-wins"):
        random_trick(Rule.RUFF_BEATS_TRUMP_LEAD, random.Random(1), tries=50)
