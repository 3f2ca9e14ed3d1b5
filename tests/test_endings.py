"""The Endings chapter's engine (issue 31, item 7): problems a few tricks before a deal's end,
every hand shown, the learner's side against the solver (calypso/lessons/exercises/endings.py).

Expected values come from the plain brute force of tests/solver_brute.py (C3-C7 by the
engine's own ``Game.play``), from the engine's score sheet, and from the greedy bot itself
played with many seeds; never from the solver the module uses. At three tricks the brute force
values every problem of the sample, and every line the learner could play is enumerated
against the solver's replies.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_brute import branch, card_values

from calypso.engine.cards import ALL_CARDS, Card
from calypso.lessons.exercises.endings import (
    MARGIN,
    TRICKS_LEFT,
    Attempt,
    Problem,
    from_link,
    make_problem,
)
from calypso.partnership.bots import GreedyBot
from calypso.partnership.game import SEATS, SIDES, TRICKS_PER_DEAL, Game

SEEDS = range(40)
"""The problems checked against the brute force."""
EVERY_LINE = range(20)
"""The problems on which every line the learner could play is enumerated."""


@functools.cache
def problem(seed: int) -> Problem:
    return make_problem(seed)


@functools.cache
def values(seed: int) -> dict[Card, int]:
    """The brute force's value of every card the learner may lead."""
    return card_values(problem(seed).game())


def greedy_leads(game: Game) -> set[Card]:
    """Every card the greedy bot leads here, over 64 seeds of its ties."""
    return {GreedyBot(random.Random(n)).choose(branch(game)) for n in range(64)}


def endings(attempt: Attempt) -> list[Attempt]:
    """Every way the learner could finish ``attempt``, the solver replying."""
    if attempt.over:
        return [attempt]
    legal = sorted(set(attempt.game().legal_plays()))
    return [end for card in legal for end in endings(attempt.play(card))]


def difference(game: Game, side: str) -> int:
    totals = game.score().totals
    (other,) = set(SIDES) - {side}
    return totals[side] - totals[other]


@pytest.mark.parametrize("seed", SEEDS)
def test_problem_against_brute_force(seed: int) -> None:
    """The position starts a trick three tricks before a deal's end with the learner's side
    to lead; the target is the brute force's best value; every lead of the greedy bot scores
    at least MARGIN less; at most half the leads reach the target."""
    p = problem(seed)
    game = p.game()
    assert TRICKS_LEFT == 3
    assert not game.trick and len(game.tricks[-1]) == TRICKS_PER_DEAL - TRICKS_LEFT
    assert game.turn in p.seats and p.side == game.side(game.turn)
    assert set(p.seats) == {s for s in SEATS if game.side(s) == p.side}
    assert list(p.seats) == sorted(p.seats, key=SEATS.index)
    assert p.now == difference(game, p.side)
    found = values(seed)
    assert len(found) >= 2
    assert p.target == max(found.values())
    greedy = greedy_leads(game)
    assert p.greedy in greedy
    assert all(found[card] <= p.target - MARGIN for card in greedy)
    assert 2 * sum(value == p.target for value in found.values()) <= len(found)


@pytest.mark.parametrize("seed", SEEDS)
def test_line_scores_the_target_in_the_engine(seed: int) -> None:
    """The problem's line, played in a fresh game from the position, ends the deal with the
    score sheet's difference equal to the target, and Attempt plays it the same way."""
    p = problem(seed)
    game = p.game()
    deal = game.deal_number
    assert len(p.line) == TRICKS_LEFT * len(SEATS)
    for card in p.line:
        game.play(card)
    assert len(game.deal_scores) == deal + 1
    totals = game.deal_scores[deal]
    assert totals[p.side] - sum(v for k, v in totals.items() if k != p.side) == p.target
    attempt = Attempt(p)
    while not attempt.over:
        attempt = attempt.play(p.line[len(attempt.played)])
    assert attempt.played == p.line and attempt.passed and attempt.result == p.target
    assert attempt.slip() is None
    steps = p.steps()
    assert [s.played for s in steps] == [p.line[:n] for n in range(len(p.line) + 1)]
    assert steps[-1].passed and steps[0].best_from_here() == steps


@pytest.mark.parametrize("seed", EVERY_LINE)
def test_a_wrong_line_always_fails(seed: int) -> None:
    """Whatever the learner plays after each lead, the solver's replies hold them to that
    lead's brute-force value at most, and the best of the learner's lines reaches it: no
    lead below the target can pass, and the best lead can."""
    p = problem(seed)
    for card, value in values(seed).items():
        results = [end.result for end in endings(Attempt(p).play(card))]
        assert all(result is not None and result <= value for result in results)
        assert max(r for r in results if r is not None) == value
        if value < p.target:
            assert not any(end.passed for end in endings(Attempt(p).play(card)))


def test_slip_and_verdict_name_the_first_costly_card() -> None:
    """After the greedy lead, playing on with the lowest cards: the slip is the lead itself,
    its cost the brute force's, and the verdict says how far short and why."""
    for seed in range(6):
        p = problem(seed)
        attempt = Attempt(p).play(p.greedy)
        while not attempt.over:
            attempt = attempt.play(min(attempt.game().legal_plays()))
        slip = attempt.slip()
        assert slip is not None and attempt.result is not None and not attempt.passed
        assert (slip.card, slip.seat) == (p.greedy, p.game().turn)
        assert slip.cost == p.target - values(seed)[p.greedy]
        assert values(seed)[slip.best] == p.target
        assert slip.trick == TRICKS_PER_DEAL - TRICKS_LEFT + 1
        verdict = attempt.verdict()
        assert slip.words and slip.words in verdict
        assert f"{p.target - attempt.result:,} points short" in verdict


def test_best_from_here_after_a_slip() -> None:
    """After the greedy lead and the solver's replies, the best line from there reaches the
    brute force's best value for that position, and no more."""
    for seed in range(6):
        p = problem(seed)
        attempt = Attempt(p).play(p.greedy)
        expected = max(card_values(attempt.game()).values())
        steps = attempt.best_from_here()
        assert steps[0] == attempt and steps[-1].over
        assert [s.played[: len(attempt.played)] for s in steps] == [attempt.played] * len(steps)
        assert steps[-1].result == expected == values(seed)[p.greedy]


def test_problem_words() -> None:
    """The words name the side, the seats and where each stands; deals 1-3 add the caveat."""
    deals = set()
    for seed in SEEDS:
        p = problem(seed)
        deals.add(p.deal)
        assert p.deal == p.game().deal_number + 1
        text = p.words
        assert all(seat in text for seat in SEATS)
        assert ("as if the game ended" in text) == (p.deal < 4)
        assert p.side in text and p.side in p.heading
        assert f"{abs(p.target - p.now):,}" in p.heading
    assert deals == {1, 2, 3, 4}


def test_same_seed_same_problem() -> None:
    assert make_problem(7) == make_problem(7)
    assert make_problem(7) != make_problem(8)


@settings(max_examples=15, derandomize=True, deadline=None)
@given(st.integers(0, 39), st.lists(st.integers(0, 3), max_size=6))
def test_links_round_trip(seed: int, picks: list[int]) -> None:
    """An attempt part-way, the learner's cards chosen at random, comes back from its link."""
    attempt = Attempt(problem(seed))
    for pick in picks:
        if attempt.over:
            break
        legal = sorted(set(attempt.game().legal_plays()))
        attempt = attempt.play(legal[pick % len(legal)])
    link = attempt.to_link()
    assert link.split(".")[0] == str(seed)
    assert from_link(link) == attempt


def test_malformed_links_raise() -> None:
    p = problem(0)
    outside = next(card for card in ALL_CARDS if card not in p.game().hand(p.seats[0]))
    whole = ".".join(str(card) for card in p.line)
    for text in ["", "x", "-1", "1.5", "0.", "0..2C", "0.ZZ", f"0.{outside}"]:
        with pytest.raises(ValueError, match="This link names no problem"):
            from_link(text)
    with pytest.raises(ValueError, match="This link names no problem's play"):
        from_link(f"0.{whole}")  # the solver's cards too: a link names the learner's only


def test_play_refuses_what_the_learner_may_not_play() -> None:
    p = problem(0)
    with pytest.raises(ValueError, match="the solver plays for"):
        Attempt(p, p.line[:1]).play(p.line[1])
    hand = p.game().hand(p.seats[0])
    outside = next(card for card in ALL_CARDS if card not in hand)
    with pytest.raises(ValueError, match=r"may not play .*: it is not in the hand"):
        Attempt(p).play(outside)
    with pytest.raises(ValueError, match="is not a card"):
        Attempt(p).play("ZZ")
    done = Attempt(p, p.line)
    with pytest.raises(ValueError, match="The deal is over"):
        done.play(p.line[-1])
    assert done.turn is None and not done.ours and done.passed


def test_play_refuses_a_card_that_does_not_follow_suit() -> None:
    """Somewhere in the sample a learner's seat holds the suit led and another card: that
    other card is refused with C3's reason."""
    for seed in SEEDS:
        attempt = Attempt(problem(seed)).play(problem(seed).line[0])
        game = attempt.game()
        led = game.trick[0].suit if game.trick else None
        hand = game.hand(str(attempt.turn))
        others = [card for card in hand if card.suit != led]
        if led is not None and any(card.suit == led for card in hand) and others:
            with pytest.raises(ValueError, match="you must follow"):
                attempt.play(others[0])
            return
    pytest.fail("no position in the sample to refuse a card that does not follow suit")
