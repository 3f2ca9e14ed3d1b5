"""Collett Whist (docs/rulings.md, W1-W7): 3 to 7 players, 18 rounds up to seven cards and down
again.

>>> [cards_in_round(n) for n in range(1, 19)]
[1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 6, 5, 4, 3, 2, 1]
>>> score_round(3, 2, 2), score_round(3, 2, 1), score_round(10, None, 2)
(5, 0, -2)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.options import Options, option, whole_number
from calypso.i18n import N_
from calypso.whist.engine import (
    CallTime,
    GivenDeal,
    RoundPlan,
    TrumpSource,
    WhistGame,
    WhistVariant,
)

ROUNDS = 18
PLAYERS = range(3, 8)
"""Three to seven play (W1)."""
SEATS = ("A", "B", "C", "D", "E", "F", "G")
"""Seat names, clockwise; a game of n players uses the first n."""
SPECIAL = {
    8: (N_("half blind"), N_("calls are made before the trump card is turned")),
    9: (N_("blind"), N_("calls are made before the deal")),
    10: (N_("misère"), N_("no trump and no calls; every trick taken costs a point")),
    11: (N_("no trump"), N_("no trump; calls as usual")),
}
"""The special rounds (W2): each one's name and what is special, as catalog messages (English;
a page words them with :func:`calypso.i18n._`)."""


def _check_round(number: int) -> None:
    if not isinstance(number, int) or not 1 <= number <= ROUNDS:
        raise ValueError(f"bad round {number!r}: expected 1 to {ROUNDS}")


def cards_in_round(number: int) -> int:
    """Cards dealt to each player in round ``number`` (W2)."""
    _check_round(number)
    return min(number, 7, ROUNDS + 1 - number)


@functools.cache
def round_plan(number: int) -> RoundPlan:
    """What round ``number`` deals and when its calls and trump come (W2, W3)."""
    cards = cards_in_round(number)
    if number == 8:
        return RoundPlan(number, cards, TrumpSource.TURNED, CallTime.BEFORE_TRUMP)
    if number == 9:
        return RoundPlan(number, cards, TrumpSource.TURNED, CallTime.BEFORE_DEAL)
    if number == 10:
        return RoundPlan(number, cards, TrumpSource.NONE, CallTime.NONE)
    if number == 11:
        return RoundPlan(number, cards, TrumpSource.NONE, CallTime.AFTER_TRUMP)
    return RoundPlan(number, cards, TrumpSource.TURNED, CallTime.AFTER_TRUMP)


def score_round(number: int, bid: int | None, tricks: int) -> int:
    """Points for a round (W6): exactly the call scores 3 + tricks, else 0; round 10: -tricks."""
    cards = cards_in_round(number)
    if not isinstance(tricks, int) or not 0 <= tricks <= cards:
        raise ValueError(f"bad tricks {tricks!r}: expected 0 to {cards} in round {number}")
    if number == 10:
        if bid is not None:
            raise ValueError(f"bad call {bid!r}: nobody calls in round 10 (misère)")
        return -tricks
    if not isinstance(bid, int) or not 0 <= bid <= cards:
        raise ValueError(f"bad call {bid!r}: expected 0 to {cards} in round {number}")
    return 3 + tricks if tricks == bid else 0


@dataclass(frozen=True)
class CollettWhistOptions(Options):
    """How many play Collett Whist (W1); every game is all 18 rounds (W7).

    >>> CollettWhistOptions(players=5).to_record()
    {'players': 5}
    """

    game = "collett-whist"

    players: int = option(
        4, whole_number(PLAYERS[0], PLAYERS[-1]), "3 to 7 players (default 4)", cli_type=int
    )


def variant(players: int) -> WhistVariant:
    """Collett Whist for ``players`` players (3 to 7)."""
    players = CollettWhistOptions(players=players).players
    return WhistVariant(
        name="collett-whist",
        seats=SEATS[:players],
        plan=round_plan,
        call_range=lambda plan: (0, plan.cards),
        score=lambda plan, bid, tricks: score_round(plan.number, bid, tricks),
        numbered_rounds=True,
    )


def new_game(
    players: int = 4,
    seed: int = 0,
    *,
    options: CollettWhistOptions | None = None,
    first_dealer: int | None = None,
    first_round: int = 1,
    deals: Sequence[GivenDeal] | None = None,
) -> WhistGame:
    """A game of Collett Whist: all 18 rounds (W7), or from ``first_round`` on.

    ``deals`` replace the shuffles, as when replaying a record.
    """
    _check_round(first_round)
    chosen = options or CollettWhistOptions(players=players)
    return WhistGame(
        variant(chosen.players),
        seed,
        rounds=ROUNDS + 1 - first_round,
        first_dealer=first_dealer,
        first_round=first_round,
        deals=deals,
    )
