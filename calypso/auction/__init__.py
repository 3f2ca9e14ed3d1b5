"""Auction Calypso, for three players or four in partnerships, on Calypso's trick core.

:mod:`calypso.auction.bidding` holds bids, the auction and contract scoring;
:mod:`calypso.auction.game` the game move by move (set-up, deals, sin-bin and green room);
:mod:`calypso.auction.bots` its computer players; :mod:`calypso.auction.record` its records,
and it registers the game.

>>> from calypso import auction
>>> auction.parse_bid("1+20S") > auction.parse_bid("270S")
True
"""

from calypso.auction.bidding import (
    DOUBLE,
    MAX_CALYPSOS,
    MIN_POINTS_WITHOUT_CALYPSOS,
    MULTIPLIERS,
    PASS,
    REDOUBLE,
    Auction,
    BadBid,
    Bid,
    Call,
    CallKind,
    Contract,
    ContractScore,
    IllegalCall,
    calypso_bonus,
    parse_bid,
    parse_call,
    score_contract,
    score_declaring_side,
    score_misere,
    score_misere_sides,
)
from calypso.auction.bots import AuctionBot, auction_bots
from calypso.auction.game import SETUPS, AuctionGame, AuctionOptions, Phase
from calypso.auction.record import auction_record, load_auction_game, replay_auction

__all__ = [
    "DOUBLE",
    "MAX_CALYPSOS",
    "MIN_POINTS_WITHOUT_CALYPSOS",
    "MULTIPLIERS",
    "PASS",
    "REDOUBLE",
    "SETUPS",
    "Auction",
    "AuctionBot",
    "AuctionGame",
    "AuctionOptions",
    "BadBid",
    "Bid",
    "Call",
    "CallKind",
    "Contract",
    "ContractScore",
    "IllegalCall",
    "Phase",
    "auction_bots",
    "auction_record",
    "calypso_bonus",
    "load_auction_game",
    "parse_bid",
    "parse_call",
    "replay_auction",
    "score_contract",
    "score_declaring_side",
    "score_misere",
    "score_misere_sides",
]
