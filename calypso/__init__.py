"""Calypso, the personal-trump partnership card game, as a small rules engine.

>>> import calypso
>>> calypso.resolve_trick(["9H", "4C"], ["S", "C"]).winner
1
>>> record = calypso.simulate("calypso", seed=7)
>>> calypso.Record.from_json(record.to_json()).replay().ok
True
"""

from calypso import auction
from calypso.auction import Bid, parse_bid
from calypso.auction_game import AuctionGame
from calypso.bots import AuctionBot, GreedyBot, RandomBot, make_players
from calypso.calypsos import Calypso
from calypso.cards import Card, Rank, Suit, pack, parse_card, parse_cards
from calypso.game import Game, Rules, Trick
from calypso.record import Record, RecordError, Replay, replay
from calypso.scoring import ScoreSheet, calypso_points, score_side
from calypso.simulate import simulate
from calypso.tricks import IllegalPlay, Rule, TrickResult, TrumpLead, legal_plays, resolve_trick

__all__ = [
    "AuctionBot",
    "AuctionGame",
    "Bid",
    "Calypso",
    "Card",
    "Game",
    "GreedyBot",
    "IllegalPlay",
    "RandomBot",
    "Rank",
    "Record",
    "RecordError",
    "Replay",
    "Rule",
    "Rules",
    "ScoreSheet",
    "Suit",
    "Trick",
    "TrickResult",
    "TrumpLead",
    "auction",
    "calypso_points",
    "legal_plays",
    "make_players",
    "pack",
    "parse_bid",
    "parse_card",
    "parse_cards",
    "replay",
    "resolve_trick",
    "score_side",
    "simulate",
]
