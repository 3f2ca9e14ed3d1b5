"""Calypso, the personal-trump partnership card game, as a small rules engine.

>>> import calypso
>>> calypso.resolve_trick(["9H", "4C"], ["S", "C"]).winner
1
>>> record = calypso.simulate("calypso", seed=7)
>>> calypso.Record.from_json(record.to_json()).replay().ok
True
"""

from calypso.bots import GreedyBot, RandomBot, make_players
from calypso.calypsos import Calypso
from calypso.cards import Card, Rank, Suit, pack, parse_card, parse_cards
from calypso.game import Game, Rules, Trick
from calypso.record import Record, RecordError, Replay, replay
from calypso.scoring import ScoreSheet, calypso_points, score_side
from calypso.simulate import simulate
from calypso.tricks import IllegalPlay, Rule, TrickResult, TrumpLead, legal_plays, resolve_trick

__all__ = [
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
    "calypso_points",
    "legal_plays",
    "make_players",
    "pack",
    "parse_card",
    "parse_cards",
    "replay",
    "resolve_trick",
    "score_side",
    "simulate",
]
