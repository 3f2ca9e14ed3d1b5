"""Computer players: a random legal player and a greedy one, both seeded.

A player is anything with ``choose(game) -> Card`` (see :class:`calypso.game.Player`).

>>> from calypso.game import Game
>>> game = Game(seed=3)
>>> sheet = game.play_out(make_players("greedy", seed=3))
>>> game.is_over, sorted(sheet.totals)
(True, ['EW', 'NS'])
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from calypso.auction import DOUBLE, MIN_POINTS_WITHOUT_CALYPSOS, PASS, Bid, Call, CallKind
from calypso.auction_game import AuctionGame, Phase
from calypso.calypsos import Calypso
from calypso.cards import SUITS, Card, Rank, Suit
from calypso.game import SEATS, Game, Player, parse_seat
from calypso.tricks import TrumpLead, trick_winner
from calypso.whist import CallTime, WhistGame
from calypso.whist import Phase as WhistPhase

BOT_NAMES = ("random", "greedy")


class RandomBot:
    """Plays a legal card chosen uniformly at random by its own seeded generator."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Card:
        return self.rng.choice(game.legal_plays())


class GreedyBot:
    """Plays for the trick in front of it, with a sense of what each side needs.

    Every card of a won trick is worth something to the winners (10 in the pile, 20 or more in a
    calypso), and a card that fills a gap in a calypso of the winning side is worth more. The
    bot leads its own trump (the leader wins an unruffed trump lead), and otherwise plays the
    card that leaves the trick as valuable as possible to its side or as poor as possible to the
    other, spending low cards when it cannot win and never throwing away a card its side needs.
    Ties are broken by its own seeded generator.
    """

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Card:
        if game.turn is None:
            raise ValueError("the game is over: there is no card to choose")
        me = parse_seat(game.turn)
        leader = parse_seat(game.trick_leader)
        calypsos = [game.calypso(seat) for seat in SEATS]
        return greedy_card(
            game.legal_plays(),
            game.trick,
            [game.rules.trumps[(leader + i) % 4] for i in range(len(game.trick) + 1)],
            ruff_wins=game.rules.trump_lead is TrumpLead.RUFF_WINS,
            ours=lambda position: (leader + position) % 2 == me % 2,
            takers=lambda position: calypsos[(leader + position) % 2 :: 2],
            mine=calypsos[me],
            rng=self.rng,
        )


def greedy_card(
    legal: Sequence[Card],
    trick: Sequence[Card],
    trumps: Sequence[Suit | None],
    *,
    ruff_wins: bool,
    ours: Callable[[int], bool],
    takers: Callable[[int], Sequence[Calypso]],
    mine: Calypso | None,
    rng: random.Random,
    misere: bool = False,
) -> Card:
    """The greedy judgement, for any game on the trick core.

    ``trumps`` are the personal trumps in the trick's play order, the chooser's last;
    ``ours(position)`` says whether the player at that position plays on the chooser's side;
    ``takers(position)`` are the calypsos that would take cards if that position won; ``mine``
    is the chooser's own calypso for this hand (``None`` without a trump). In ``misere`` the
    chooser tries to lose every trick, shedding its highest cards when it can.
    """
    choices = sorted(set(legal))
    if not trick and not misere:
        own = [c for c in choices if mine is not None and c // 13 == mine.suit]
        if own and mine is not None:
            needed = [c for c in own if mine.needs(c)]
            return max(needed or own, key=lambda c: c % 13)
        low = min(c % 13 for c in choices)
        return rng.choice([c for c in choices if c % 13 == low])
    me = len(trick)
    best: list[Card] = []
    best_score = -1000.0
    for card in choices:
        cards = [*trick, card]
        w, _ = trick_winner(cards, trumps, ruff_wins)
        if misere:
            score = (-100.0 if w == me else 0.0) + (card % 13) / 100
        else:
            worth = sum(_worth(c, takers(w)) for c in cards)
            score = worth if ours(w) else -worth
            if not ours(w) and _worth(card, takers(me)) > 1:
                score -= 2
            score -= (card % 13) / 100
        if score > best_score:
            best, best_score = [card], score
        elif score == best_score:
            best.append(card)
    return rng.choice(best)


def _worth(card: Card, calypsos: Sequence[Calypso]) -> int:
    """What a won card is worth to its takers: 1, or 3 when it fills a gap in their calypsos."""
    return 3 if any(k.needs(card) for k in calypsos) else 1


def make_bot(name: str, rng: random.Random) -> Player:
    """A bot by name (``random`` or ``greedy``) playing with ``rng``."""
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    raise ValueError(f"bad bot {name!r}: expected one of {', '.join(BOT_NAMES)}")


def make_players(bots: str | Sequence[str], seed: int) -> tuple[Player, ...]:
    """Four seeded bots for N, E, S, W: one name for all, or four names in seat order.

    Each bot draws from its own generator, seeded from ``seed`` and its seat, so the same seed
    always gives the same game.
    """
    names = [bots] * 4 if isinstance(bots, str) else list(bots)
    if len(names) != 4:
        raise ValueError(f"bad bots {bots!r}: expected one name or four, one per seat N, E, S, W")
    return tuple(
        make_bot(name, random.Random(f"calypso-bot/{seed}/{seat}/{name}"))
        for seat, name in zip(SEATS, names, strict=True)
    )


class AuctionBot:
    """Bids from a simple estimate of its hand, hands out trumps sensibly, plays greedily.

    The estimate for a trump suit: leading your own trump wins unless someone ruffs, so long
    suits and high cards in the other suits take tricks; a calypso is worth bidding when the
    hand holds nearly every card the calypso still needs.
    """

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: AuctionGame) -> None:
        """Make the move that is due: a call, the trump choice, or a card."""
        if game.phase is Phase.AUCTION:
            game.call(self.call(game))
        elif game.phase is Phase.TRUMPS:
            game.choose_trumps(self.trumps(game))
        elif game.phase is Phase.PLAY:
            game.play(self.card(game))
        else:
            raise ValueError("the game is over: there is nothing left to do")

    def estimate(self, game: AuctionGame, suit: Suit) -> tuple[int, bool]:
        """Points this hand might take with ``suit`` as trump, and whether a calypso is on."""
        me = str(game.turn)
        hand = game.hand(me)
        length = sum(c.suit == suit for c in hand)
        high = sum(c.suit != suit and c.rank >= Rank.KING for c in hand)
        tricks = 0.7 * length + 0.45 * high + 1.0
        pile_cards_per_trick = 2.7 if game.players == 3 else 3.2
        points = 10 * int(tricks * pile_cards_per_trick)
        calypso = game.calypso(me, suit)
        held = {c.rank for c in hand if c.suit == suit and calypso.needs(c)}
        return points, calypso.missing_count <= len(held)

    def call(self, game: AuctionGame) -> Call:
        auction = game.auction
        me = game.index(str(game.turn))
        highest = auction.highest_bid
        holder = next((p for p, c in reversed(auction.calls) if c.bid is not None), None)
        if holder is not None and (holder == me or (game.partnerships and holder % 2 == me % 2)):
            return PASS
        options = []
        for suit in SUITS:
            points, calypso = self.estimate(game, suit)
            bids = [Bid(1, max(0, points - 150) // 10 * 10, suit)] if calypso else []
            if points >= MIN_POINTS_WITHOUT_CALYPSOS:
                bids.append(Bid(0, points, suit))
            options += [b for b in bids if highest is None or b.outranks(highest)]
        if options:
            return Call(CallKind.BID, max(options, key=lambda b: (b.calypsos, b.points)))
        if highest is not None and DOUBLE.kind in auction.legal_kinds():
            points, _ = self.estimate(game, highest.suit)
            if highest.calypsos == 0 and points >= highest.points - 20:
                return DOUBLE
        return PASS

    def trumps(self, game: AuctionGame) -> dict[str, Suit]:
        contract = game.auction.contract
        if contract is None:
            raise ValueError("there is no contract, so there are no trumps to choose")
        me = contract.declarer
        hand = game.hand(me)
        others = [p for p in range(game.players) if p != me]
        partner = (me + 2) % 4 if game.partnerships else None
        bid_suits = {
            p: {c.bid.suit for q, c in game.auction.calls if q == p and c.bid} for p in others
        }
        free = [s for s in SUITS if s != contract.bid.suit]

        def value(choice: tuple[Suit, ...]) -> float:
            total = 0.0
            for player, suit in zip(others, choice, strict=False):
                mine = sum(c.suit == suit for c in hand)
                friendly = player == partner
                total += (-mine if friendly else mine) + (3 if friendly else -3) * (
                    suit in bid_suits[player]
                )
            return total + self.rng.random() / 100

        best = max(itertools.permutations(free, len(others)), key=value)
        return {game.seats[p]: s for p, s in zip(others, best, strict=True)}

    def card(self, game: AuctionGame) -> Card:
        me = game.index(str(game.turn))
        leader = game.index(game.trick_leader)
        n = game.players
        order = [(leader + i) % n for i in range(n)]
        contract = game.auction.contract
        declarers = set() if contract is None else {contract.declarer}
        if contract is not None and game.partnerships:
            declarers.add((contract.declarer + 2) % 4)

        def team(player: int) -> bool:
            return (player in declarers) == (me in declarers)

        def calypsos_of(winner: int) -> list[Calypso]:
            mates = [winner, (winner + 2) % 4] if game.partnerships else [winner]
            return [game.calypso(p, s) for p in mates if (s := game.trump(p)) is not None]

        by_position = [calypsos_of(player) for player in order]

        trump = game.trump(me)
        return greedy_card(
            game.legal_plays(),
            game.trick,
            [game.trump(order[i]) for i in range(len(game.trick) + 1)],
            ruff_wins=game.trump_lead is TrumpLead.RUFF_WINS,
            ours=lambda position: team(order[position]),
            takers=by_position.__getitem__,
            mine=None if trump is None else game.calypso(me, trump),
            rng=self.rng,
            misere=contract is None,
        )


def auction_bots(players: int, seed: int) -> tuple[AuctionBot, ...]:
    """One seeded Auction Calypso bot per seat."""
    return tuple(AuctionBot(random.Random(f"auction-bot/{seed}/{p}")) for p in range(players))


class WhistBot:
    """Calls from its hand and plays to take exactly the tricks it called.

    The estimate counts high cards and length in the trump suit; with no cards yet (a blind
    round) it calls an even share. In play it wins as cheaply as it can while short of its call,
    and sheds its highest card that cannot win once it has enough (or in a misère round).
    """

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: WhistGame) -> None:
        if game.phase is WhistPhase.CALLS:
            game.call(self.call(game))
        elif game.phase is WhistPhase.PLAY:
            game.play(self.card(game))
        else:
            raise ValueError("the game is over: there is nothing left to do")

    def call(self, game: WhistGame) -> int:
        low, high = game.call_range()
        hand = game.hand(str(game.turn))
        if not hand:
            return max(low, min(high, round(game.plan.cards / game.n)))
        trump = game.trump if game.plan.calls is CallTime.AFTER_TRUMP else None
        estimate = 0.0
        for card in hand:
            length = sum(c.suit == card.suit for c in hand)
            if card.rank == Rank.ACE:
                estimate += 0.9
            elif card.rank == Rank.KING and length >= 2:
                estimate += 0.6
            if card.suit == trump:
                estimate += 0.5 if card.rank < Rank.KING else 0.2
        return max(low, min(high, round(estimate * 4 / game.n)))

    def card(self, game: WhistGame) -> Card:
        me = game.index(str(game.turn))
        legal = sorted(set(game.legal_plays()), key=lambda c: c % 13)
        called = game.current.calls.get(me)
        wants = called is not None and game.tricks_won(me) < called
        trick = game.trick
        trumps = [game.trump] * (len(trick) + 1)
        winning = [
            c for c in legal if trick_winner([*trick, c], trumps, shared=True)[0] == len(trick)
        ]
        if wants:
            return winning[0] if winning else legal[0]
        losing = [c for c in legal if c not in winning]
        return losing[-1] if losing else legal[0]


def whist_bots(players: int, seed: int) -> tuple[WhistBot, ...]:
    """One seeded bot per seat of a Call Bridge or Collett Whist game."""
    return tuple(WhistBot(random.Random(f"whist-bot/{seed}/{p}")) for p in range(players))
