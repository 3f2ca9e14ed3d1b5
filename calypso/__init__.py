"""Calypso, the personal-trump partnership card game, as a small rules engine.

The rules follow the project's rulings (docs/rulings.md); every game the engine plays is
registered in :mod:`calypso.engine.games` and found there by name.

>>> import calypso
>>> calypso.resolve_trick(["9H", "4C"], ["S", "C"]).winner
1
>>> record = calypso.simulate("calypso", seed=7)
>>> calypso.Record.from_json(record.to_json()).replay().ok
True
"""

# The partnership game registers first: the registry lists the games in the order they
# register.
from calypso.partnership import match

# isort: split
from calypso.auction import AuctionBot, AuctionGame, Bid, parse_bid
from calypso.engine import games
from calypso.engine.cards import Card, Rank, Suit, pack, parse_card, parse_cards
from calypso.engine.games import find_game
from calypso.engine.record import Record, RecordError, Replay, replay
from calypso.engine.simulate import simulate
from calypso.engine.table import OutOfTurn, Trick
from calypso.engine.tricks import (
    IllegalPlay,
    Refusal,
    Refused,
    Rule,
    TrickResult,
    TrumpLead,
    legal_plays,
    refusal,
    refusals,
    resolve_trick,
)
from calypso.partnership.bots import GreedyBot, RandomBot, make_players
from calypso.partnership.calypsos import Calypso
from calypso.partnership.game import CalypsoOptions, Game
from calypso.partnership.scoring import ScoreSheet, calypso_points, score_side
from calypso.whist import call_bridge, collett_whist

__all__ = [
    "AuctionBot",
    "AuctionGame",
    "Bid",
    "Calypso",
    "CalypsoOptions",
    "Card",
    "Game",
    "GreedyBot",
    "IllegalPlay",
    "OutOfTurn",
    "RandomBot",
    "Rank",
    "Record",
    "RecordError",
    "Refusal",
    "Refused",
    "Replay",
    "Rule",
    "ScoreSheet",
    "Suit",
    "Trick",
    "TrickResult",
    "TrumpLead",
    "auction",
    "call_bridge",
    "calypso_points",
    "collett_whist",
    "find_game",
    "games",
    "legal_plays",
    "make_players",
    "match",
    "pack",
    "parse_bid",
    "parse_card",
    "parse_cards",
    "refusal",
    "refusals",
    "replay",
    "resolve_trick",
    "score_side",
    "simulate",
    "whist",
]
