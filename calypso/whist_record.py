"""Call Bridge and Collett Whist records: written from a finished game, replayed, re-scored.

>>> from calypso import simulate
>>> record = simulate("collett-whist", seed=2, players=4)
>>> len(record.deals), record.deals[9].whist.bids, replay_whist(record).ok
(18, None, True)
"""

from __future__ import annotations

from typing import Any

from calypso import call_bridge, collett_whist
from calypso.record import DealRecord, Record, Replay, TrickRecord, WhistDeal, replay_tricks
from calypso.whist import Phase, WhistGame, WhistVariant


def whist_record(game: WhistGame, *, seed: int | None) -> Record:
    """The record of a finished Call Bridge or Collett Whist game (RECORD-FORMAT.md)."""
    if not game.is_over:
        raise ValueError("a record is written for finished games: play the game to the end first")
    seats = game.seats
    collett = game.variant.name == "collett-whist"
    deals = [
        DealRecord(
            dealer=seats[played.dealer],
            hands=dict(zip(seats, played.hands, strict=True)),
            tricks=tuple(TrickRecord(t.leader, t.cards, t.winner) for t in played.tricks),
            score=dict(played.scores),
            whist=WhistDeal(
                {seats[p]: n for p, n in sorted(played.calls.items())} if played.calls else None,
                None if played.trump is None else played.trump.letter,
                played.number if collett else None,
            ),
        )
        for played in game.history
    ]
    options: dict[str, Any] = (
        {"players": len(seats)}
        if collett
        else {"rounds": game.rounds}
        if game.rounds
        else {"target": game.target}
    )
    return Record(
        game=game.variant.name,
        options=options,
        seed=seed,
        seats=seats,
        partnerships=None,
        trumps=None,
        deals=tuple(deals),
        final_scores=dict(game.scores),
        players=dict.fromkeys(seats, "greedy"),
    )


def _variant(record: Record) -> WhistVariant:
    if record.game == "call-bridge":
        return call_bridge.VARIANT
    return collett_whist.variant(len(record.seats))


def replay_whist(record: Record) -> Replay:
    """Re-play every call and card of a Call Bridge or Collett Whist record and re-score it."""
    options = record.options
    deals = [(d.hands, None if d.whist is None else d.whist.trump) for d in record.deals]
    collett = record.game == "collett-whist"
    try:
        game = WhistGame(
            _variant(record),
            record.seed or 0,
            rounds=collett_whist.ROUNDS if collett else options.get("rounds"),
            target=None if collett or options.get("rounds") else options.get("target", 30),
            first_dealer=record.seats.index(record.deals[0].dealer) if record.deals else 0,
            deals=deals,
        )
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
        problems.append(f"{where}: every player calls in this round; the record has {bids}")
        return
    while game.phase is Phase.CALLS:
        seat = str(game.turn)
        game.call(bids[seat])
    trump = None if deal.whist is None else deal.whist.trump
    actual = None if game.trump is None else game.trump.letter
    if trump != actual:
        problems.append(f"{where}: the record's trump {trump}, the rules give {actual}")
