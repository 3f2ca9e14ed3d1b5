"""Computer players for Call Bridge and Collett Whist: they call from their hand and play to
take exactly the tricks they called.

>>> from calypso.whist import call_bridge
>>> play_out(call_bridge.new_game(seed=1, rounds=2), 1).is_over
True
"""

from __future__ import annotations

import random

from calypso.engine.cards import Card, Rank
from calypso.engine.moves import TricksCall
from calypso.engine.tricks import trick_winner
from calypso.partnership.bots import SeededBot, move_until_over
from calypso.whist.engine import CallTime, Phase, WhistGame

_RANK = tuple(card % 13 for card in range(52))
"""Each card's place in its suit, by card: the bot orders its cards by rank alone."""


class WhistBot(SeededBot):
    """Calls from its hand and plays to take exactly the tricks it called.

    The estimate counts high cards and length in the trump suit; with no cards yet (a blind
    round) it calls an even share. In play it wins as cheaply as it can while short of its call,
    and sheds its highest card that cannot win once it has enough (or in a misère round).
    """

    name = "greedy"

    def choose(self, game: WhistGame) -> TricksCall | Card:
        """The move that is due: a call or a card."""
        phase = game.phase
        if phase is Phase.PLAY:
            return self.card(game)
        if phase is Phase.CALLS:
            return TricksCall(self.call(game))
        raise ValueError("the game is over: there is nothing left to do")

    def call(self, game: WhistGame) -> int:
        low, high = game.call_range()
        hand = game.hand(str(game.turn))
        if not hand:
            return max(low, min(high, round(game.plan.cards / game.n)))
        trump = game.trump if game.plan.calls is CallTime.AFTER_TRUMP else None
        lengths = [0] * 4
        for card in hand:
            lengths[card // 13] += 1
        estimate = 0.0
        for card in hand:
            rank = card.rank
            if rank == Rank.ACE:
                estimate += 0.9
            elif rank == Rank.KING and lengths[card // 13] >= 2:
                estimate += 0.6
            if card.suit == trump:
                estimate += 0.5 if rank < Rank.KING else 0.2
        return max(low, min(high, round(estimate * 4 / game.n)))

    def card(self, game: WhistGame) -> Card:
        me = game.to_play
        legal = game.legal_plays()
        trick = game.trick
        if not trick:  # a card led wins the trick so far, whichever: lead the lowest
            return min(set(legal), key=_RANK.__getitem__)
        if legal[0] // 13 != legal[-1] // 13:  # cards of several suits: put them in rank order
            legal = sorted(set(legal), key=_RANK.__getitem__)
        # (cards of one suit come in rank order already: hands are kept sorted)
        called = game.current.calls.get(me)
        wants = called is not None and game.tricks_won(me) < called
        # the lowest card that wins, while short of the call; else the highest that loses
        played, trumps = [*trick, legal[0]], [game.trump] * (len(trick) + 1)
        for card in legal if wants else reversed(legal):
            played[-1] = card
            if (trick_winner(played, trumps, shared=True)[0] == len(trick)) == wants:
                return card
        return legal[0]


def whist_bots(players: int, seed: int) -> tuple[WhistBot, ...]:
    """One seeded bot per seat of a Call Bridge or Collett Whist game."""
    return tuple(WhistBot(random.Random(f"whist-bot/{seed}/{p}")) for p in range(players))


def play_out(game: WhistGame, seed: int) -> WhistGame:
    """Let seeded bots make every call and play every card of ``game`` to its end."""
    return move_until_over(game, whist_bots(len(game.seats), seed))
