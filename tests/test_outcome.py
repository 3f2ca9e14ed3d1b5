"""The end of every game as one value, ``game.outcome`` (calypso/engine/outcome.py), against the
rulings: C7 for a game of Calypso (the side with more points wins, equal points draw), C8 for a
match of Calypso games to a target (``match_outcome``), A10 and
P5 for Auction Calypso, B6 for Call Bridge and W7 for Collett Whist (the highest total wins,
equal highest totals share the win). Each game is seeded and played to its end by its bots;
the expected totals are added up here from what the game recorded along the way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

import pytest

from calypso.auction.game import AuctionGame
from calypso.engine.games import find_game
from calypso.engine.outcome import Ending, Outcome
from calypso.engine.table import TrickTable
from calypso.partnership.bots import make_players
from calypso.partnership.game import CalypsoOptions, Game
from calypso.partnership.match import calypso_record, match_outcome, play_match
from calypso.whist import call_bridge, collett_whist

T = TypeVar("T", bound=TrickTable)


def best(totals: Mapping[str, int]) -> tuple[str, ...]:
    """Everyone on the highest total, in the order given."""
    top = max(totals.values())
    return tuple(who for who, total in totals.items() if total == top)


def played_out(game: T, name: str, seed: int) -> T:
    """``game`` played to its end by the registry's bots for ``name``."""
    bots = find_game(name).seat_bots(game, seed)
    while game.turn is not None:
        game.apply(bots[game.index(game.turn)].choose(game))
    return game


def test_before_the_end_nobody_has_won_and_the_scores_are_as_they_stand() -> None:
    game = Game(seed=4)
    for _ in range(8):
        game.play(game.legal_plays()[0])
    ending = game.outcome
    assert (ending.over, ending.winners, ending.kind) == (False, (), Ending.PLAYING)
    assert ending.scores == game.score().totals and ending.sides


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c7_the_side_with_more_points_wins_the_game_of_calypso(seed: int) -> None:
    game = Game(seed=seed)
    sheet = game.play_out(make_players(("random",) * 4, seed))
    totals = {side.name: side.total for side in sheet.sides}
    ending = game.outcome
    assert ending.over and ending.sides and ending.scores == totals
    assert ending.winners == best(totals) and len(ending.winners) == 1
    assert ending.kind is Ending.WON and ending.score(ending.winners[0]) == max(totals.values())


@pytest.mark.parametrize(("seed", "target"), [(1, 5000), (4, 9000)])
def test_c8_a_match_ends_after_the_first_game_that_takes_a_side_to_the_target_unequal(
    seed: int, target: int
) -> None:
    games = play_match(CalypsoOptions(target=target), seed, ("random",) * 4)
    record = calypso_record(games, seed=seed, target=target)
    totals = {side: 0 for side in ("NS", "EW")}
    for game in games[:-1]:
        for side, points in game.score().totals.items():
            totals[side] += points
        assert not match_outcome(games[: games.index(game) + 1], target).over
        assert max(totals.values()) < target or totals["NS"] == totals["EW"]
    ending = match_outcome(games, target)
    assert ending.over and ending.sides and ending.scores == record.final_scores
    assert ending.kind is Ending.WON and ending.winners == best(record.final_scores)
    assert max(record.final_scores.values()) >= target


def test_c7_equal_points_are_a_draw_between_the_sides() -> None:
    ending = Outcome.highest({"NS": 3120, "EW": 3120}, over=True, sides=True, draws=True)
    assert ending.kind is Ending.DRAWN and ending.winners == ("NS", "EW")
    assert Game.draws  # Calypso's game is the one whose level sides draw


def test_p5_level_sides_of_auction_calypso_share_the_win() -> None:
    """P5 applies A10 per side: equal highest totals share the win, even when both are level;
    only Calypso's C7 calls that a draw."""
    assert not AuctionGame.draws
    ending = Outcome.highest({"NS": 3120, "EW": 3120}, over=True, sides=True)
    assert ending.kind is Ending.SHARED and ending.winners == ("NS", "EW")


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6)])
def test_a10_p5_the_highest_total_with_the_cards_left_in_calypsos_wins(
    players: int, seed: int
) -> None:
    game = played_out(
        AuctionGame(players=players, seed=seed, hands=3 if players == 3 else 2),
        "auction-calypso",
        seed,
    )
    totals = dict.fromkeys(game.scorers, 0)
    for player, bonus in enumerate(game.setup.bonus):
        totals[game.scorer(player)] += bonus
    for hand in game.history:
        for scorer, points in hand.scores.items():
            totals[scorer] += points
    for player, mine in enumerate(game.calypsos):  # A10: 20 a card still in a calypso
        totals[game.scorer(player)] += 20 * sum(calypso.in_progress for calypso in mine)
    ending = game.outcome
    assert ending.over and ending.scores == totals and ending.sides == (players == 4)
    assert ending.winners == best(totals)
    assert ending.kind is (Ending.WON if len(ending.winners) == 1 else Ending.SHARED)


def test_b6_call_bridge_ends_once_a_total_reaches_the_target_and_the_highest_wins() -> None:
    game = played_out(call_bridge.new_game(seed=7, target=12), "call-bridge", 7)
    totals = {seat: sum(r.scores[seat] for r in game.history) for seat in game.seats}
    ending = game.outcome
    assert ending.over and not ending.sides and ending.scores == totals
    assert max(totals.values()) >= 12
    before_last = {s: totals[s] - game.history[-1].scores[s] for s in game.seats}
    assert max(before_last.values()) < 12  # B6: the first round that reaches it ends the game
    assert ending.winners == best(totals) == tuple(game.winners())


@pytest.mark.parametrize("seed", [3, 8])
def test_w7_after_the_last_round_the_highest_total_wins_or_the_equal_highest_share(
    seed: int,
) -> None:
    game = played_out(collett_whist.new_game(players=4, seed=seed), "collett-whist", seed)
    totals = {seat: sum(r.scores[seat] for r in game.history) for seat in game.seats}
    ending = game.outcome
    assert ending.over and ending.scores == totals and ending.winners == best(totals)
    assert len(game.history) == 18
    assert ending.kind is (Ending.WON if len(ending.winners) == 1 else Ending.SHARED)


def test_equal_highest_totals_share_the_win_and_the_rest_lose() -> None:
    ending = Outcome.highest({"A": 30, "B": 34, "C": 34, "D": 2}, over=True)
    assert (ending.kind, ending.winners, ending.sides) == (Ending.SHARED, ("B", "C"), False)
