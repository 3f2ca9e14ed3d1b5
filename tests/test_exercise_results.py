"""An exercise carries the engine's verdict on its trick (so no widget resolves a trick of its
own): the verdict is the one the rulings give that trick, and it names the exercise's answer
where the answer is the winner (C4, C5; B4 and W5 for chapter 10's games)."""

from __future__ import annotations

import pytest

from calypso.engine.cards import Card
from calypso.engine.tricks import resolve_trick
from calypso.lessons.exercises import QUESTIONS, make_stage
from calypso.partnership.game import SEATS

WINNERS = ("C4", "C5", "B4", "W5")
"""The rulings on who takes a trick (docs/rulings.md)."""


@pytest.mark.parametrize("stage", [s for s in QUESTIONS if s.split("-")[0] != "scoring"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_exercise_carries_the_verdict_the_engine_gives_its_trick(stage: str, seed: int) -> None:
    for exercise in make_stage(stage, seed):
        trick = exercise.trick
        if trick is None:
            assert exercise.result is None
            continue
        cards = list(trick.cards)
        seats = list(exercise.played_by)
        if exercise.hand:
            cards.append(Card.parse(exercise.answer))
        if len(cards) < len(SEATS):
            assert exercise.result is None
            continue
        result = exercise.result
        assert result is not None
        assert list(result.cards) == cards
        if exercise.personal:
            own = dict(zip(SEATS, exercise.trumps, strict=True))
            order = play_seats = [*seats, *[s for s in SEATS if s not in seats]][: len(cards)]
            expected = resolve_trick(cards, [own[s] for s in order])
        else:
            play_seats = list(exercise.seats)
            expected = resolve_trick(cards, trump=exercise.shared_trump)
        assert (result.winner, result.rule) == (expected.winner, expected.rule)
        # "who wins?" (a ruling on who takes a trick): the answer is the winner; a seat asked
        # for another reason (C3: who has shown a void) need not be
        if {c.key for c in exercise.choices} == set(SEATS) and exercise.rule[:2] in WINNERS:
            assert play_seats[result.winner] == exercise.answer
