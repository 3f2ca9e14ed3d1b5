"""The auction and whist bots' quick judgements against plain versions written here: at every
decision of many seeded games, the bot's choice and what it drew from its generator are those of
the plain version on the same table (hands re-read, every card judged, nothing kept between
calls). The records test checks a few whole games; this checks every decision of more."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from calypso.auction.bidding import DOUBLE, MIN_POINTS_WITHOUT_CALYPSOS, PASS, Bid, Call, CallKind
from calypso.auction.bots import auction_bots
from calypso.auction.game import AuctionGame, Phase
from calypso.engine.cards import SUITS, Card, Rank, Suit
from calypso.engine.moves import TrumpChoice
from calypso.engine.tricks import TrumpLead, trick_winner
from calypso.partnership.bots import greedy_card
from calypso.partnership.calypsos import Calypso
from calypso.whist import call_bridge, collett_whist
from calypso.whist.bots import WhistBot, whist_bots
from calypso.whist.engine import Phase as WhistPhase
from calypso.whist.engine import WhistGame


def plain_whist_card(game: WhistGame) -> Card:
    """Every legal card judged on the whole trick; the lowest winner while short of the call,
    else the highest loser (ties of rank in the order a set gives them)."""
    me = game.index(str(game.turn))
    legal = sorted(set(game.legal_plays()), key=lambda c: c % 13)
    called = game.current.calls.get(me)
    wants = called is not None and game.tricks_won(me) < called
    trick = game.trick
    trumps = [game.trump] * (len(trick) + 1)
    winning = [c for c in legal if trick_winner([*trick, c], trumps, shared=True)[0] == len(trick)]
    if wants:
        return winning[0] if winning else legal[0]
    losing = [c for c in legal if c not in winning]
    return losing[-1] if losing else legal[0]


def plain_estimate(game: AuctionGame, suit: Suit) -> tuple[int, bool]:
    me = str(game.turn)
    hand = game.hand(me)
    length = sum(c.suit == suit for c in hand)
    high = sum(c.suit != suit and c.rank >= Rank.KING for c in hand)
    points = 10 * int((0.7 * length + 0.45 * high + 1.0) * (2.7 if game.players == 3 else 3.2))
    calypso = game.calypso(me, suit)
    held = {c.rank for c in hand if c.suit == suit and calypso.needs(c)}
    return points, calypso.missing_count <= len(held)


def plain_call(game: AuctionGame) -> Call:
    auction = game.auction
    me = game.index(str(game.turn))
    highest = auction.highest_bid
    holder = next((p for p, c in reversed(auction.calls) if c.bid is not None), None)
    if holder is not None and holder in game.side_of(me):
        return PASS
    options = []
    for suit in SUITS:
        points, calypso = plain_estimate(game, suit)
        bids = [Bid(1, max(0, points - 150) // 10 * 10, suit)] if calypso else []
        if points >= MIN_POINTS_WITHOUT_CALYPSOS:
            bids.append(Bid(0, points, suit))
        options += [b for b in bids if highest is None or b.outranks(highest)]
    if options:
        return Call(CallKind.BID, max(options, key=lambda b: (b.calypsos, b.points)))
    if highest is not None and DOUBLE.kind in auction.legal_kinds():
        points, _ = plain_estimate(game, highest.suit)
        if highest.calypsos == 0 and points >= highest.points - 20:
            return DOUBLE
    return PASS


def plain_trumps(game: AuctionGame, rng: random.Random) -> TrumpChoice:
    contract = game.auction.contract
    assert contract is not None
    me = contract.declarer
    hand = game.hand(me)
    others = [p for p in range(game.players) if p != me]
    partner = game.side_of(me)[1:]
    bid_suits = {p: {c.bid.suit for q, c in game.auction.calls if q == p and c.bid} for p in others}
    free = [s for s in SUITS if s != contract.bid.suit]

    def value(choice: tuple[Suit, ...]) -> float:
        total = 0.0
        for player, suit in zip(others, choice, strict=False):
            mine = sum(c.suit == suit for c in hand)
            friendly = player in partner
            total += (-mine if friendly else mine) + (3 if friendly else -3) * (
                suit in bid_suits[player]
            )
        return total + rng.random() / 100

    best = max(itertools.permutations(free, len(others)), key=value)
    return TrumpChoice(tuple((game.seats[p], s) for p, s in zip(others, best, strict=True)))


def plain_auction_card(game: AuctionGame, rng: random.Random) -> Card:
    """The greedy judgement with its inputs built afresh from the table's public reads."""
    me = game.index(str(game.turn))
    order = game.order_from(game.index(game.trick_leader))
    contract = game.auction.contract
    declarers = () if contract is None else game.side_of(contract.declarer)

    def calypsos_of(winner: int) -> list[Calypso]:
        mates = game.side_of(winner)
        return [game.calypso(p, s) for p in mates if (s := game.trump(p)) is not None]

    trump = game.trump(me)
    return greedy_card(
        game.legal_plays(),
        game.trick,
        [game.trump(order[i]) for i in range(len(game.trick) + 1)],
        ruff_wins=game.options.trump_lead is TrumpLead.RUFF_WINS,
        ours=lambda position: (order[position] in declarers) == (me in declarers),
        takers=[calypsos_of(p) for p in order].__getitem__,
        mine=None if trump is None else game.calypso(me, trump),
        rng=rng,
        misere=contract is None,
    )


def plain_auction_move(game: AuctionGame, rng: random.Random) -> Any:
    if game.phase is Phase.AUCTION:
        return plain_call(game)
    if game.phase is Phase.TRUMPS:
        return plain_trumps(game, rng)
    return plain_auction_card(game, rng)


def _same_as_plain(
    game: Any, bots: tuple[Any, ...], plain: Callable[[Any, random.Random], Any]
) -> int:
    """Play ``game`` out, checking each decision against ``plain``; returns the decisions."""
    decisions = 0
    while (turn := game.turn) is not None:
        bot = bots[game.seats.index(turn)]
        twin = random.Random()
        twin.setstate(bot.rng.getstate())
        expected = plain(game, twin)
        move = bot.choose(game)
        assert move == expected, (game, move, expected)
        assert bot.rng.getstate() == twin.getstate()
        game.apply(move)
        decisions += 1
    return decisions


def _plain_whist(game: WhistGame, rng: random.Random) -> Any:
    if game.phase is WhistPhase.CALLS:
        return WhistBot(rng).choose(game)  # the calls are not under test: same bot
    return plain_whist_card(game)


@pytest.mark.parametrize("players", range(3, 8))
def test_collett_whist_bot_matches_plain(players: int) -> None:
    for seed in range(3):
        game = collett_whist.new_game(players, seed)
        assert _same_as_plain(game, whist_bots(players, seed), _plain_whist) > 100


def test_call_bridge_bot_matches_plain() -> None:
    for seed in range(4):
        game = call_bridge.new_game(seed, rounds=3)
        assert _same_as_plain(game, whist_bots(4, seed), _plain_whist) > 150


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {}),
        (3, {"trump_lead": "ruff-wins", "setup": "standard"}),
        (4, {"all_fours": True, "setup": "random"}),
    ],
)
def test_auction_bot_matches_plain(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        game = AuctionGame(players=players, seed=seed, hands=players, **options)
        assert _same_as_plain(game, auction_bots(players, seed), plain_auction_move) > 100
