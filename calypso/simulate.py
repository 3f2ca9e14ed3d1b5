"""Whole games played by bots, returned as records (RULINGS C8 for matches).

>>> record = simulate("calypso", seed=1, bots="greedy")
>>> len(record.deals), sorted(record.final_scores)
(4, ['EW', 'NS'])
>>> match = simulate("calypso", seed=1, target=5000)
>>> max(match.final_scores.values()) >= 5000
True
>>> auction = simulate("auction-calypso", seed=1, players=4, hands=2)
>>> sorted(auction.final_scores), len(auction.deals)
(['EW', 'NS'], 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from calypso import call_bridge, collett_whist
from calypso.auction_game import AuctionGame
from calypso.auction_record import auction_record
from calypso.bots import auction_bots, make_players, whist_bots
from calypso.cards import Suit
from calypso.game import SIDES, Game
from calypso.record import GAMES, Record, calypso_record
from calypso.tricks import TrumpLead
from calypso.whist import WhistGame
from calypso.whist_record import whist_record

MAX_MATCH_GAMES = 1000
"""A match that has not reached its target after this many games is stopped with an error."""


def simulate(game: str = "calypso", seed: int = 0, **options: Any) -> Record:
    """Play a whole game (or match) with bots and return its record.

    ``game`` names the game (``calypso``); ``options`` are that game's options, for Calypso
    those of :func:`simulate_calypso`. The same seed always gives the same record.
    """
    if game == "calypso":
        return simulate_calypso(seed, **options)
    if game == "auction-calypso":
        return simulate_auction(seed, **options)
    if game == "call-bridge":
        return simulate_call_bridge(seed, **options)
    if game == "collett-whist":
        return simulate_collett_whist(seed, **options)
    raise ValueError(f"bad game {game!r}: expected one of {', '.join(GAMES)}")


def simulate_calypso(
    seed: int = 0,
    *,
    bots: str | Sequence[str] = "random",
    target: int | None = None,
    trumps: Mapping[str, str | Suit] | Sequence[str | Suit] | str | None = None,
    trump_lead: str | TrumpLead = "ranked",
    all_fours: bool = False,
) -> Record:
    """One game of Calypso, or with ``target`` a match (C8), played by ``bots``.

    Game ``j`` of a match is dealt from seed ``seed + j``. A match ends after the first game
    that leaves at least one side with a cumulative total of ``target`` or more and the totals
    unequal; the higher total wins.
    """
    if target is not None and (
        not isinstance(target, int) or isinstance(target, bool) or target < 1
    ):
        raise ValueError(f"bad target {target!r}: expected a whole number of points from 1 up")
    names = [bots] * 4 if isinstance(bots, str) else list(bots)
    games: list[Game] = []
    totals = dict.fromkeys(SIDES, 0)
    while True:
        number = seed + len(games)
        game = Game(number, trumps=trumps, trump_lead=trump_lead, all_fours=all_fours)
        for side, points in game.play_out(make_players(names, number)).totals.items():
            totals[side] += points
        games.append(game)
        if target is None or (max(totals.values()) >= target and len(set(totals.values())) > 1):
            break
        if len(games) == MAX_MATCH_GAMES:
            raise ValueError(f"bad target {target}: not reached in {MAX_MATCH_GAMES} games")
    return calypso_record(games, seed=seed, players=names, target=target)


def simulate_auction(
    seed: int = 0,
    *,
    players: int = 3,
    setup: str = "balanced",
    hands: int | None = None,
    trump_lead: str | TrumpLead = "ranked",
    all_fours: bool = False,
) -> Record:
    """A whole game of Auction Calypso for three, or four in partnerships, played by bots."""
    game = AuctionGame(
        players, seed, setup=setup, hands=hands, trump_lead=trump_lead, all_fours=all_fours
    )
    bots = auction_bots(players, seed)
    while not game.is_over:
        bots[game.index(str(game.turn))].act(game)
    return auction_record(game, seed=seed)


def _play_whist(game: WhistGame, seed: int) -> Record:
    bots = whist_bots(len(game.seats), seed)
    while not game.is_over:
        bots[game.index(str(game.turn))].act(game)
    return whist_record(game, seed=seed)


def simulate_call_bridge(
    seed: int = 0, *, target: int | None = call_bridge.DEFAULT_TARGET, rounds: int | None = None
) -> Record:
    """A game of Call Bridge played by bots: to ``target`` points, or exactly ``rounds``."""
    return _play_whist(call_bridge.new_game(seed, target=target, rounds=rounds), seed)


def simulate_collett_whist(seed: int = 0, *, players: int = 4) -> Record:
    """A game of Collett Whist (all 18 rounds) for 3 to 7 players, played by bots."""
    return _play_whist(collett_whist.new_game(players, seed), seed)
