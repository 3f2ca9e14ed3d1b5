"""One move-level interface for every game's table (calypso.engine.moves, calypso.engine.table): the
phase, the legal moves with one text form, apply, the trick so far and the last trick's verdict
under the game's own rule ids."""

from __future__ import annotations

import random

import pytest

from calypso.auction.game import AuctionGame
from calypso.engine.games import find_game, names
from calypso.engine.moves import Phase, TricksCall, TrumpChoice, move_text
from calypso.engine.table import TrickTable
from calypso.engine.tricks import IllegalPlay, Refused, resolve_trick
from calypso.partnership.game import Game
from calypso.whist import call_bridge, collett_whist


def _games() -> list[TrickTable]:
    return [
        Game(seed=3),
        AuctionGame(players=3, seed=3, hands=3),
        AuctionGame(players=4, seed=3, hands=1),
        call_bridge.new_game(seed=3, rounds=1),
        collett_whist.new_game(players=5, seed=3),
    ]


@pytest.mark.parametrize("game", _games(), ids=lambda g: type(g).__name__)
def test_random_legal_moves_read_back_from_their_text_play_a_game_to_its_end(
    game: TrickTable,
) -> None:
    rng = random.Random(0)
    phases = set()
    while not game.is_over:
        phases.add(Phase(game.phase.value))
        moves = game.legal_moves()
        assert moves
        move = rng.choice(moves)
        assert game.parse_move(game.move_text(move)) == move
        before = game.closed
        game.apply(move)
        if game.closed > before:
            last, verdict = game.last_trick, game.last_verdict()
            assert last is not None and verdict is not None
            assert last.seats[verdict.winner] == last.winner and verdict.rule == last.rule
    assert Phase(game.phase.value) is Phase.OVER
    assert Phase.PLAY in phases


def test_the_trick_so_far_shows_the_card_winning_so_far_c4() -> None:
    game = Game(seed=5)
    assert game.trick_so_far() is None
    for _ in range(2):
        game.apply(game.legal_moves()[0])
    so_far = game.trick_so_far()
    trumps = [game.trump(s) for s in ("N", "E")]
    assert so_far == resolve_trick(game.trick, trumps)


def test_call_bridge_reports_its_tricks_under_b4() -> None:
    game = call_bridge.new_game(seed=1, rounds=1)
    while game.last_trick is None:
        game.apply(game.legal_moves()[-1])
    verdict = game.last_verdict()
    assert verdict is not None
    assert game.rule_id(verdict) == call_bridge.rule_id(verdict.rule.value)
    assert game.rule_id(verdict).startswith("B4.")


def test_whist_calls_are_moves_with_their_own_text_w3() -> None:
    game = collett_whist.new_game(players=4, seed=2)
    low, high = game.call_range()
    assert game.legal_moves() == [TricksCall(n) for n in range(low, high + 1)]
    assert move_text(TricksCall(2)) == "c2" and game.parse_move("c2") == TricksCall(2)


def test_the_declarer_hands_out_trumps_as_one_move_a5() -> None:
    game = AuctionGame(players=3, seed=1, hands=3)
    while game.phase.value == "auction":
        game.apply(
            game.legal_moves()[1] if game.auction.highest_bid is None else game.legal_moves()[0]
        )
    assert game.phase.value == "trumps"
    choices = game.legal_moves()
    assert all(isinstance(c, TrumpChoice) for c in choices) and len(choices) == 6
    chosen = choices[0]
    assert isinstance(chosen, TrumpChoice)
    game.apply(chosen)
    assert dict(chosen.suits) == {s: game.trump(s) for s, _ in chosen.suits}


def test_a_card_out_of_its_phase_is_refused_as_a_value() -> None:
    game = collett_whist.new_game(players=4, seed=2)
    with pytest.raises(IllegalPlay) as refused:
        game.apply(game.hand(str(game.turn))[0])
    assert refused.value.refusal.kind is Refused.WRONG_PHASE


@pytest.mark.parametrize("name", names())
def test_every_registered_game_starts_and_its_bots_choose_moves_it_applies(name: str) -> None:
    spec = find_game(name)
    options = spec.options.parse()
    game = spec.start(options, 4)
    bots = spec.seat_bots(game, 4)
    for _ in range(30):
        if game.is_over:
            break
        game.apply(bots[game.index(str(game.turn))].choose(game))
    assert game.closed > 0 or game.phase.value != "play"
