"""Whole games per second on one core: Calypso, Auction Calypso, Call Bridge, Collett Whist.

A Calypso game is one shuffle, four deals of 13 tricks, building and scoring, played by random
(or greedy) bots; an Auction Calypso game is 18 hands (16 for four) of auction, trump choice,
play, selling, sin-bin and green room, played by the auction bots. ``simulate`` also writes the
game record. Run with ``make bench``. Each figure is the median of several rounds, since a
shared machine is noisy.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable
from typing import Any

from calypso import Game, make_players, simulate


def games_per_second(play: Callable[[int], object], games: int, rounds: int) -> float:
    rates = []
    for round_ in range(rounds):
        start = time.perf_counter()
        for seed in range(round_ * games, (round_ + 1) * games):
            play(seed)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def _auction_game(players: int, seed: int) -> object:
    return simulate("auction-calypso", seed, players=players)


def _whist_game(game: str, options: dict[str, Any], seed: int) -> object:
    return simulate(game, seed, **options)


def _game_only(seed: int) -> object:
    return Game(seed).play_out(make_players("random", seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games per round (default 500)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, median taken (default 5)")
    args = parser.parse_args()
    cases: list[tuple[str, Callable[[int], object]]] = [
        ("random bots, game + record (simulate)", lambda seed: simulate("calypso", seed)),
        ("random bots, game only", _game_only),
        ("greedy bots, game + record", lambda seed: simulate("calypso", seed, bots="greedy")),
    ]
    for label, play in cases:
        rate = games_per_second(play, args.games, args.rounds)
        print(f"calypso, {label:<40} {rate:8.0f} games/s")
    for players in (3, 4):
        rate = games_per_second(
            functools.partial(_auction_game, players), max(1, args.games // 20), args.rounds
        )
        print(f"auction-calypso, {players} players, game + record {rate:21.1f} games/s")
    for label, game, options in (
        ("call-bridge, to 30 points", "call-bridge", {}),
        ("collett-whist, 4 players, 18 rounds", "collett-whist", {"players": 4}),
    ):
        rate = games_per_second(
            functools.partial(_whist_game, game, options), max(1, args.games // 5), args.rounds
        )
        print(f"{label + ', game + record':<49} {rate:8.0f} games/s")


if __name__ == "__main__":
    main()
