"""Numbers drawn in batches are the numbers ``random.Random`` gives one call at a time, and the
generator ends exactly where those calls leave it (calypso/engine/draws.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.draws import Draws, shuffle
from calypso.partnership.bots import RandomBot
from calypso.partnership.game import Game


@given(
    seed=st.integers(0, 2**32),
    bounds=st.lists(st.integers(1, 5000), min_size=1, max_size=60),
    promised=st.integers(1, 60),
)
def test_draws_give_randbelow_s_numbers_and_leave_the_generator_exact(
    seed: int, bounds: list[int], promised: int
) -> None:
    one_by_one, batched = random.Random(seed), random.Random(seed)
    expected = [one_by_one.choice(range(n)) for n in bounds]
    draws = Draws(batched, min(promised, len(bounds)))
    assert [draws.below(n) for n in bounds] == expected
    assert batched.getstate() == one_by_one.getstate()


@given(seed=st.integers(0, 2**32), size=st.integers(0, 300))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    expected, items = list(range(size)), list(range(size))
    first, second = random.Random(seed), random.Random(seed)
    first.shuffle(expected)
    shuffle(items, second)
    assert items == expected
    assert first.getstate() == second.getstate()


def test_a_bound_below_one_or_a_count_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="bad count 0"):
        Draws(random.Random(1), 0)
    with pytest.raises(ValueError, match="bad bound 0"):
        Draws(random.Random(1), 1).below(0)


@pytest.mark.parametrize("seed", range(12))
def test_a_whole_game_drawn_in_batches_is_the_game_of_one_card_at_a_time(seed: int) -> None:
    """play_out draws random players' cards itself; played card by card through choose(),
    every card, score and generator state is the same."""
    all_fours, lead = seed % 3 == 1, "ruff-wins" if seed % 2 else "ranked"
    batched = Game(seed, all_fours=all_fours, trump_lead=lead)
    single = Game(seed, all_fours=all_fours, trump_lead=lead)
    players = [RandomBot(random.Random(f"calypso-bot/{seed}/{seat}/random")) for seat in "NESW"]
    sheet = batched.play_out(players)
    by_hand = [RandomBot(random.Random(f"calypso-bot/{seed}/{seat}/random")) for seat in "NESW"]
    while not single.is_over:
        single.play(by_hand[single.index(single.turn or "")].choose(single))
    assert batched.moves == single.moves
    assert batched.deal_scores == single.deal_scores
    assert sheet == single.score()
    assert [p.rng.getstate() for p in players] == [p.rng.getstate() for p in by_hand]
