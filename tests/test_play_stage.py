"""Stage play (issue 31, item 7): positions from seeded games three tricks before a deal's end,
every hand shown, whose key the solver proves best by 20 points or more (docs/solver.md; the
solver itself is checked against a brute force in tests/test_solver*.py).

Each question's game is played again here from its seed and moves; what the learner is shown
is compared with that game, the key with :func:`calypso.partnership.solver.solve`, and each wrong
card's reason with :func:`calypso.partnership.advice.costs`. The rules of thumb for a card to play
are checked on the positions they are read from.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable

from calypso.engine.cards import Card
from calypso.engine.table import play_order
from calypso.lessons.exercises import Exercise, make_stage
from calypso.lessons.exercises.play import (
    CHOICES,
    GUESSED,
    MARGIN,
    TRICKS_LEFT,
    GameTrick,
    find_ending,
    play_question,
)
from calypso.lessons.exercises.thumbs import PLAY_THUMBS, play_guesses
from calypso.partnership.advice import costs
from calypso.partnership.bots import GreedyBot
from calypso.partnership.game import SEATS, Game
from calypso.partnership.solver import solve

SEEDS = range(1, 9)
"""The stage's seeds drawn here: 40 questions."""


@functools.cache
def questions() -> tuple[Exercise, ...]:
    return tuple(e for seed in SEEDS for e in make_stage("play", seed))


def game_of(exercise: Exercise) -> Game:
    assert isinstance(exercise.trick, GameTrick)
    return exercise.trick.game()


def by_rank(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda card: (card.rank, card.suit))


def test_a_question_comes_from_its_seed() -> None:
    first = play_question(random.Random(5))
    assert play_question(random.Random(5)) == first
    assert play_question(random.Random(6)) != first


def test_a_point_found_is_three_tricks_from_the_deals_end_with_one_card_best_by_twenty() -> None:
    for seed in range(4):
        ending = find_ending(random.Random(seed))
        game = ending.trick.game()
        assert len(game.tricks[-1]) == 13 - TRICKS_LEFT
        assert len(set(game.legal_plays())) >= CHOICES
        values = sorted((cv.value for cv in solve(game).cards), reverse=True)
        assert values[0] - values[1] == ending.margin >= MARGIN
        assert solve(game).best.card == ending.best
        assert by_rank(set(game.legal_plays())).index(ending.best) == ending.place
        assert play_guesses(game)[ending.best] == ending.guessed <= GUESSED[ending.place]


def test_every_hand_and_calypso_is_shown_as_the_game_holds_it() -> None:
    for exercise in questions()[:10]:
        game = game_of(exercise)
        mover = str(game.turn)
        assert list(exercise.hand) == by_rank(game.hand(mover)), "lowest first, as the choices"
        facts = " | ".join(exercise.facts)
        others = [seat for seat in SEATS if seat != mover]
        assert dict(exercise.shown) == {seat: tuple(sorted(game.hand(seat))) for seat in others}
        assert [seat for seat, _cards in exercise.shown] == list(play_order(mover, SEATS)[1:])
        for seat in SEATS:
            calypso = game.calypso(seat)
            cards = " ".join(c.symbol for c in calypso.cards()) or "no cards yet"
            assert f"{seat}'s calypso in progress ({calypso.suit.symbol}): {cards}" in facts
        if game.deal_number < 3:
            assert f"This is deal {game.deal_number + 1} of 4" in facts


def test_each_wrong_card_says_what_advice_says_of_it() -> None:
    for exercise in questions()[:10]:
        said = {str(c.card): c.words.removesuffix(".") for c in costs(game_of(exercise))}
        assert dict(exercise.why) == {k: v for k, v in said.items() if k != exercise.answer}


def test_the_best_line_is_told_trick_by_trick_to_the_deals_end() -> None:
    for exercise in questions()[:10]:
        told = [int(n) for n in re.findall(r"trick (\d+): ", exercise.explanation)]
        assert told == list(range(14 - TRICKS_LEFT, 14)), exercise.explanation


def test_the_greedy_bot_plays_the_key_in_fewer_than_half_the_questions() -> None:
    greedy = [str(GreedyBot(random.Random(0)).choose(game_of(e))) == e.answer for e in questions()]
    assert sum(greedy) / len(greedy) < 0.5


def test_each_rule_of_thumb_plays_a_card_you_may_play_as_its_words_say() -> None:
    game = Game(seed=7)
    for _card in range(3):  # N leads, E and S follow: a lead and two followers
        legal = set(game.legal_plays())
        ranked = by_rank(legal)
        own = [c for c in ranked if c.suit == game.trump(str(game.turn))]
        played = {name: thumb(game) for name, thumb in PLAY_THUMBS.items()}
        assert set(played.values()) <= legal
        assert played["highest"] == ranked[-1] and played["lowest"] == ranked[0]
        assert played["highest own suit, else highest"] == (own or ranked)[-1]
        assert played["lowest own suit, else lowest"] == (own or ranked)[0]
        assert sum(play_guesses(game).values()) == len(PLAY_THUMBS)
        game.play(ranked[0])
