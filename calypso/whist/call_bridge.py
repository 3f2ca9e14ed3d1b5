"""Call Bridge (docs/rulings.md, B1-B6): four players, spades always trump, calls of 2 to 12 tricks.

>>> score_call(4, 5), score_call(4, 3), score_call(10, 11), score_call(10, 12)
(4, -4, 13, -10)
>>> game = new_game(seed=1, rounds=1)
>>> game.seats, game.call_range()
(('N', 'W', 'S', 'E'), (2, 12))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.cards import Suit
from calypso.engine.options import Options, option, whole_number
from calypso.engine.tricks import TrickRules
from calypso.whist.engine import (
    CallTime,
    GivenDeal,
    RoundPlan,
    TrumpSource,
    WhistGame,
    WhistVariant,
)

SEATS = ("N", "W", "S", "E")
"""The seats in play order: play passes counter-clockwise (B1)."""
CALLS = (2, 12)
TRICKS = 13
"""Cards dealt to each player, so tricks in a round (B1)."""
TRUMP = Suit.SPADES
"""Spades are trumps for everyone (B3, B4)."""
BONUS_FROM = 8
BONUS = 13
DEFAULT_TARGET = 30


RULE_IDS = {"W5.1": "B4.1", "W5.2": "B4.2"}
"""Call Bridge's own ids for the whist verdicts: B4 is W5 with spades as the one trump."""


def rule_id(verdict: str) -> str:
    """The ruling id a Call Bridge trick is reported under (docs/rulings.md, B4).

    >>> rule_id("W5.1")
    'B4.1'
    """
    return RULE_IDS.get(verdict, verdict)


def is_bonus_call(bid: int) -> bool:
    """Whether a call of ``bid`` tricks is a bonus call, scored 13 or nothing (B5).

    >>> is_bonus_call(7), is_bonus_call(8)
    (False, True)
    """
    return bid >= BONUS_FROM


def score_call(bid: int, tricks: int) -> int:
    """Points for calling ``bid`` and taking ``tricks`` (B5).

    Below 8: making at least the call scores the call, else minus the call. From 8 (a bonus
    call): taking exactly the call or one more scores 13, anything else minus the call.
    """
    if not isinstance(bid, int) or not CALLS[0] <= bid <= CALLS[1]:
        raise ValueError(f"bad call {bid!r}: expected {CALLS[0]} to {CALLS[1]} tricks")
    if not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
        raise ValueError(f"bad tricks {tricks!r}: expected 0 to {TRICKS}")
    if is_bonus_call(bid):
        return BONUS if tricks in (bid, bid + 1) else -bid
    return bid if tricks >= bid else -bid


@functools.cache
def _plan(number: int) -> RoundPlan:
    return RoundPlan(number, TRICKS, TrumpSource.FIXED, CallTime.AFTER_TRUMP, TRUMP)


def _score(plan: RoundPlan, bid: int | None, tricks: int) -> int:
    if bid is None:
        raise ValueError("every Call Bridge player calls before play")
    return score_call(bid, tricks)


VARIANT = WhistVariant(
    name="call-bridge",
    seats=SEATS,
    plan=_plan,
    call_range=lambda plan: CALLS,
    score=_score,
    rules=TrickRules(shared=True, must_overtrump=TRUMP, fixed_trump=TRUMP, rule_ids=RULE_IDS),
)


@dataclass(frozen=True)
class CallBridgeOptions(Options):
    """How long a game of Call Bridge lasts (B6): to a target score, or a fixed number of rounds.

    >>> CallBridgeOptions().to_record(), CallBridgeOptions(rounds=4).to_record()
    ({'target': 30}, {'rounds': 4})
    >>> CallBridgeOptions(target=20, rounds=4)
    Traceback (most recent call last):
    ...
    ValueError: bad options: give a target score or a number of rounds, not both
    """

    game = "call-bridge"

    target: int | None = option(
        None,
        whole_number(1, optional=True),
        f"play until someone's total reaches this score (default {DEFAULT_TARGET})",
        cli_type=int,
    )
    rounds: int | None = option(
        None,
        whole_number(1, optional=True),
        "play exactly this many rounds instead of to a target",
        cli_type=int,
    )

    def check(self) -> None:
        if self.target is not None and self.rounds is not None:
            raise ValueError("bad options: give a target score or a number of rounds, not both")
        if self.rounds is None and self.target is None:
            object.__setattr__(self, "target", DEFAULT_TARGET)


def new_game(
    seed: int = 0,
    *,
    options: CallBridgeOptions | None = None,
    target: int | None = None,
    rounds: int | None = None,
    first_dealer: int | None = None,
    deals: Sequence[GivenDeal] | None = None,
) -> WhistGame:
    """A game of Call Bridge: to ``target`` points (B6, default 30), or exactly ``rounds``.

    ``deals`` replace the shuffles, as when replaying a record.
    """
    chosen = options or CallBridgeOptions.parse(target=target, rounds=rounds)
    return WhistGame(
        VARIANT,
        seed,
        rounds=chosen.rounds,
        target=chosen.target,
        first_dealer=first_dealer,
        deals=deals,
    )
