"""Call Bridge and Collett Whist records: written from a finished game, replayed, re-scored.

>>> from calypso import simulate
>>> record = simulate("collett-whist", seed=2, players=4)
>>> len(record.deals), record.deals[9].whist.bids, record.replay().ok
(18, None, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from calypso.engine.games import GameSpec, RecordShape, register
from calypso.engine.options import Options
from calypso.engine.record import DealRecord, Record, Replay, WhistDeal, replay_tricks
from calypso.engine.tricks import TrickRules
from calypso.i18n import N_
from calypso.whist import call_bridge, collett_whist
from calypso.whist.bots import play_out, whist_bots
from calypso.whist.engine import WHIST_RULES, GivenDeal, Phase, WhistGame

Start = Callable[[Any, int, int | None, Sequence[GivenDeal] | None], WhistGame]
"""A new game from its options, seed, first dealer (``None``: by seed) and given deals."""


def whist_record(game: WhistGame, options: Options, *, seed: int | None) -> Record:
    """The record of a finished Call Bridge or Collett Whist game (docs/record-format.md)."""
    if not game.is_over:
        raise ValueError("a record is written for finished games: play the game to the end first")
    seats = game.seats
    numbered = game.variant.numbered_rounds
    deals = [
        DealRecord.played(
            seats,
            played.dealer,
            played.hands,
            played.tricks,
            played.scores,
            whist=WhistDeal(
                {seats[p]: n for p, n in sorted(played.calls.items())} if played.calls else None,
                None if played.trump is None else played.trump.letter,
                played.number if numbered else None,
            ),
        )
        for played in game.history
    ]
    return Record(
        game=options.game,
        options=options.to_record(),
        seed=seed,
        seats=seats,
        partnerships=None,
        trumps=None,
        deals=tuple(deals),
        final_scores=dict(game.scores),
        players=dict.fromkeys(seats, "greedy"),
    )


def replay_whist(record: Record, options: type[Options], start: Start) -> Replay:
    """Re-play every call and card of a Call Bridge or Collett Whist record and re-score it."""
    deals = [(d.hands, None if d.whist is None else d.whist.trump) for d in record.deals]
    try:
        game = start(
            options.from_record(record.options),
            record.seed or 0,
            record.seats.index(record.deals[0].dealer) if record.deals else None,
            deals,
        )
        if game.seats != record.seats:
            raise ValueError(f"the options seat {', '.join(game.seats)}")
    except ValueError as exc:
        return Replay({}, (f"round 1: {exc}",))
    problems: list[str] = []
    for number, deal in enumerate(record.deals, 1):
        where = f"round {number}"
        if game.is_over:
            problems.append(f"{where}: the game was already over")
            break
        if deal.dealer != game.seats[game.dealer]:
            problems.append(
                f"{where}: the record says {deal.dealer} dealt, expected {game.seats[game.dealer]}"
            )
        try:
            _replay_calls(game, deal, where, problems)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            break
        if problems and problems[-1].startswith(where):
            break
        if not replay_tricks(game, deal.tricks, where, problems):
            break
        scores = game.history[number - 1].scores if len(game.history) >= number else None
        if scores != deal.score:
            problems.append(f"{where}: the record's score {deal.score}, the cards give {scores}")
    if not problems and not game.is_over:
        problems.append(f"the record stops after {len(record.deals)} rounds, but the game goes on")
    if not problems and record.final_scores != game.scores:
        problems.append(
            f"final scores: the record says {record.final_scores}, the cards give {game.scores}"
        )
    return Replay(dict(game.scores), tuple(problems))


def _replay_calls(game: WhistGame, deal: DealRecord, where: str, problems: list[str]) -> None:
    bids = None if deal.whist is None else deal.whist.bids
    if game.phase is not Phase.CALLS:
        if bids:
            problems.append(f"{where}: nobody calls in this round, but the record has calls")
        return
    if not bids or sorted(bids) != sorted(game.seats):
        problems.append(
            f"{where}: every player calls in this round; the record has {json.dumps(bids)}"
        )
        return
    while game.phase is Phase.CALLS:
        seat = str(game.turn)
        game.call(bids[seat])
    trump = None if deal.whist is None else deal.whist.trump
    actual = None if game.trump is None else game.trump.letter
    if trump != actual:
        problems.append(
            f"{where}: the record's trump {json.dumps(trump)}, the rules give {json.dumps(actual)}"
        )


def _register(
    name: str,
    title: str,
    options: type[Options],
    layouts: tuple[tuple[str, ...], ...],
    seats: Callable[[Any], tuple[str, ...]],
    start: Start,
    rules: TrickRules,
    shape: RecordShape,
    *,
    round_table: Callable[[int, int, int], WhistGame],
    clockwise: bool = True,
) -> GameSpec:
    def play(chosen: Options, seed: int, bots: tuple[str, ...]) -> Record:
        return whist_record(play_out(start(chosen, seed, None, None), seed), chosen, seed=seed)

    return register(
        GameSpec(
            name=name,
            title=title,
            options=options,
            layouts=layouts,
            seats=seats,
            bots=("greedy",),
            start=lambda chosen, seed: start(chosen, seed, None, None),
            play=play,
            replay=lambda record: replay_whist(record, options, start),
            seat_bots=lambda game, seed: whist_bots(game.n, seed),
            rules=rules,
            shape=shape,
            clockwise=clockwise,
            round_table=round_table,
        )
    )


CALL_BRIDGE = _register(
    "call-bridge",
    N_("Call Bridge"),
    call_bridge.CallBridgeOptions,
    (call_bridge.SEATS,),
    lambda chosen: call_bridge.SEATS,
    lambda chosen, seed, dealer, deals: call_bridge.new_game(
        seed, options=chosen, first_dealer=dealer, deals=deals
    ),
    call_bridge.VARIANT.rules,
    RecordShape(
        "its rounds have calls and no round numbers",
        deal_keys=frozenset({"bids"}),
        no_deal_keys=frozenset({"auction", "round"}),
    ),
    round_table=lambda seed, number, players: call_bridge.new_game(seed, rounds=1),
    clockwise=False,
)
COLLETT_WHIST = _register(
    "collett-whist",
    N_("Collett Whist"),
    collett_whist.CollettWhistOptions,
    tuple(collett_whist.SEATS[:n] for n in collett_whist.PLAYERS),
    lambda chosen: collett_whist.SEATS[: chosen.players],
    lambda chosen, seed, dealer, deals: collett_whist.new_game(
        seed=seed, options=chosen, first_dealer=dealer, deals=deals
    ),
    WHIST_RULES,
    RecordShape(
        "its rounds are numbered and have calls",
        deal_keys=frozenset({"bids", "round"}),
        no_deal_keys=frozenset({"auction"}),
    ),
    round_table=lambda seed, number, players: collett_whist.new_game(
        players, seed, first_round=number
    ),
)
