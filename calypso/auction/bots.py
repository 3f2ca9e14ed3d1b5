"""Auction Calypso's computer players: they bid, hand out trumps, and play greedily.

>>> from calypso.auction.game import AuctionGame
>>> game = AuctionGame(players=3, seed=1, hands=3)
>>> game = play_out(game, 1)
>>> game.is_over
True
"""

from __future__ import annotations

import itertools
import random

from calypso.auction.bidding import DOUBLE, MIN_POINTS_WITHOUT_CALYPSOS, PASS, Bid, Call, CallKind
from calypso.auction.game import AuctionGame, Phase
from calypso.engine.cards import SUITS, Card, Rank, Suit
from calypso.engine.moves import TrumpChoice
from calypso.engine.tricks import TrumpLead
from calypso.partnership.bots import SeededBot, greedy_card, move_until_over

_KING = Rank.KING - 2
"""A king's place in a suit (a card's rank index: ``card % 13``)."""


class AuctionBot(SeededBot):
    """Bids from a simple estimate of its hand, hands out trumps sensibly, plays greedily.

    The estimate for a trump suit: a lead of your own trump wins unless someone ruffs higher, so
    long suits and high cards in the other suits take tricks; a calypso is worth bidding when the
    hand holds nearly every card the calypso still needs.
    """

    name = "greedy"

    def choose(self, game: AuctionGame) -> Call | TrumpChoice | Card:
        """The move that is due: a call, the trump choice, or a card."""
        phase = game.phase
        if phase is Phase.PLAY:
            return self.card(game)
        if phase is Phase.AUCTION:
            return self.call(game)
        if phase is Phase.TRUMPS:
            return TrumpChoice(tuple(self.trumps(game).items()))
        raise ValueError("the game is over: there is nothing left to do")

    def estimates(self, game: AuctionGame, me: int) -> list[tuple[int, bool]]:
        """For each suit as trump, in suit order: points player ``me`` might take this hand,
        and whether a calypso is on (the hand holds every card the calypso still needs)."""
        own: list[list[Card]] = [[], [], [], []]
        high = [0, 0, 0, 0]
        for card in game.hand(me):
            own[card // 13].append(card)
            high[card // 13] += card % 13 >= _KING
        all_high = sum(high)
        pile_cards_per_trick = 2.7 if game.players == 3 else 3.2
        result = []
        for suit in SUITS:
            tricks = 0.7 * len(own[suit]) + 0.45 * (all_high - high[suit]) + 1.0
            calypso = game.calypsos[me][suit]  # read, never changed
            held = {c for c in own[suit] if calypso.needs(c)}
            result.append(
                (10 * int(tricks * pile_cards_per_trick), calypso.missing_count <= len(held))
            )
        return result

    def call(self, game: AuctionGame) -> Call:
        auction = game.auction
        me = game.index(str(game.turn))
        highest = auction.highest_bid
        holder = next((p for p, c in reversed(auction.calls) if c.bid is not None), None)
        if holder is not None and holder in game.side_of(me):
            return PASS
        estimates = self.estimates(game, me)
        options = []
        for suit in SUITS:
            points, calypso = estimates[suit]
            bids = [Bid(1, max(0, points - 150) // 10 * 10, suit)] if calypso else []
            if points >= MIN_POINTS_WITHOUT_CALYPSOS:
                bids.append(Bid(0, points, suit))
            options += [b for b in bids if highest is None or b.outranks(highest)]
        if options:
            return Call(CallKind.BID, max(options, key=lambda b: (b.calypsos, b.points)))
        if highest is not None and DOUBLE.kind in auction.legal_kinds():
            points, _ = estimates[highest.suit]
            if highest.calypsos == 0 and points >= highest.points - 20:
                return DOUBLE
        return PASS

    def trumps(self, game: AuctionGame) -> dict[str, Suit]:
        contract = game.auction.contract
        if contract is None:
            raise ValueError("there is no contract, so there are no trumps to choose")
        me = contract.declarer
        lengths = [0, 0, 0, 0]
        for card in game.hand(me):
            lengths[card // 13] += 1
        others = [p for p in range(game.players) if p != me]
        partner = game.side_of(me)[1:]
        bid_suits = {
            p: {c.bid.suit for q, c in game.auction.calls if q == p and c.bid} for p in others
        }
        free = [s for s in SUITS if s != contract.bid.suit]

        def value(choice: tuple[Suit, ...]) -> float:
            total = 0.0
            for player, suit in zip(others, choice, strict=False):
                mine = lengths[suit]
                friendly = player in partner
                total += (-mine if friendly else mine) + (3 if friendly else -3) * (
                    suit in bid_suits[player]
                )
            return total + self.rng.random() / 100

        best = max(itertools.permutations(free, len(others)), key=value)
        return {game.seats[p]: s for p, s in zip(others, best, strict=True)}

    def card(self, game: AuctionGame) -> Card:
        me = game.to_play
        order = game.trick_order
        contract = game.hand_record.contract  # the auction's, kept once it ended
        declarers = () if contract is None else game.side_of(contract.declarer)
        mine_declares = me in declarers
        ours = [(player in declarers) == mine_declares for player in order]
        trumps, takers = game.trumps, game.takers  # the calypsos are read, never changed
        trick = game.trick
        trump = trumps[me]
        return greedy_card(
            game.legal_plays(),
            trick,
            [trumps[order[i]] for i in range(len(trick) + 1)],
            ruff_wins=game.options.trump_lead is TrumpLead.RUFF_WINS,
            ours=ours.__getitem__,
            takers=[takers[player] for player in order].__getitem__,
            mine=None if trump is None else game.calypsos[me][trump],
            rng=self.rng,
            misere=contract is None,
        )


def auction_bots(players: int, seed: int) -> tuple[AuctionBot, ...]:
    """One seeded Auction Calypso bot per seat."""
    return tuple(AuctionBot(random.Random(f"auction-bot/{seed}/{p}")) for p in range(players))


def play_out(game: AuctionGame, seed: int) -> AuctionGame:
    """Let seeded bots make every move of ``game`` to its end; returns the game."""
    return move_until_over(game, auction_bots(len(game.seats), seed))
