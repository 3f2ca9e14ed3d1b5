"""Calypso games and matches (docs/rulings.md, C8) as records: played by bots, written, replayed and
loaded again; and the game's entry in the registry.

A record of Calypso holds one game, or the games of a match in the order played, four deals
each.

>>> from calypso.engine.games import find_game
>>> spec = find_game("calypso")
>>> record = spec.play(CalypsoOptions(target=5000), 1, ("random",) * 4)
>>> len(record.deals) % 4, max(record.final_scores.values()) >= 5000, record.replay().ok
(0, True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from calypso.engine.games import GameSpec, RecordShape, register
from calypso.engine.outcome import Outcome
from calypso.engine.record import DealRecord, Record, RecordError, Replay, replay_tricks
from calypso.engine.tricks import TrickRules
from calypso.i18n import N_
from calypso.partnership.bots import BOT_NAMES, make_players
from calypso.partnership.game import (
    DEALS,
    DEFAULT_TRUMPS,
    SEATS,
    SIDES,
    TRICKS_PER_DEAL,
    CalypsoOptions,
    Game,
)

MAX_MATCH_GAMES = 1000
"""A match that has not reached its target after this many games is stopped with an error."""


def play_match(options: CalypsoOptions, seed: int, bots: Sequence[str]) -> list[Game]:
    """One game played by ``bots`` (a name per seat), or with a ``target`` a match (C8).

    Game ``j`` of a match is dealt from seed ``seed + j``. A match ends after the first game
    that leaves at least one side with a cumulative total of ``target`` or more and the totals
    unequal; the higher total wins.
    """
    games: list[Game] = []
    totals = dict.fromkeys(SIDES, 0)
    target = options.target
    while True:
        number = seed + len(games)
        game = Game(number, options=options)
        for side, points in game.play_out(make_players(bots, number)).totals.items():
            totals[side] += points
        games.append(game)
        if target is None or (max(totals.values()) >= target and len(set(totals.values())) > 1):
            return games
        if len(games) == MAX_MATCH_GAMES:
            raise ValueError(f"bad target {target}: not reached in {MAX_MATCH_GAMES} games")


def match_outcome(games: Sequence[Game], target: int | None = None) -> Outcome:
    """The end of a match to ``target`` (C8), or of one game without one: each side's running
    total over ``games``; over once the last game is over and, with a target, a side has reached
    it with the totals unequal; the higher total wins.

    >>> games = play_match(CalypsoOptions(target=4000), 2, ("random",) * 4)
    >>> ending = match_outcome(games, 4000)
    >>> ending.over, ending.kind.value, max(ending.scores.values()) >= 4000
    (True, 'won', True)
    >>> match_outcome(games[:1]) == games[0].outcome
    True
    """
    totals = dict.fromkeys(SIDES, 0)
    for game in games:
        for side, points in game.outcome.scores.items():
            totals[side] += points
    over = bool(games) and games[-1].is_over
    if target is not None:
        over = over and max(totals.values()) >= target and len(set(totals.values())) > 1
    return Outcome.highest(totals, over=over, sides=True, draws=True)


def calypso_record(
    games: Sequence[Game],
    *,
    seed: int | None,
    players: Sequence[str] | None = None,
    target: int | None = None,
) -> Record:
    """The record of one Calypso game, or of the games of a match in the order played.

    Each deal's score is the C7 score of the cards as they lay at the end of that deal, so the
    fourth deal of each game carries that game's total; ``final`` sums the games.
    """
    unfinished = [g for g in games if not g.is_over]
    if not games or unfinished:
        raise ValueError("a record is written for finished games: play every game to the end first")
    first = games[0]
    deals = []
    finals = dict.fromkeys(SIDES, 0)
    for game in games:
        for number, tricks in enumerate(game.tricks):
            dealer = game.order_from(game.first_dealer)[number]
            deals.append(
                DealRecord.played(
                    SEATS, dealer, game.dealt[number], tricks, game.deal_scores[number]
                )
            )
        for side, points in game.deal_scores[-1].items():  # the last deal's: the game's score
            finals[side] += points
    options = first.options
    if options.target != target:
        options = dataclasses.replace(options, target=target)
    return Record(
        game="calypso",
        options=options.to_record(),
        seed=seed,
        seats=SEATS,
        partnerships=(("N", "S"), ("E", "W")),
        trumps={seat: s.letter for seat, s in zip(SEATS, first.options.trumps, strict=True)},
        deals=tuple(deals),
        final_scores=finals,
        players=None if players is None else dict(zip(SEATS, players, strict=True)),
    )


def _options(record: Record) -> CalypsoOptions:
    return CalypsoOptions.from_record(record.options, trumps=record.trumps)


def replay_calypso(record: Record) -> Replay:
    """Re-play every card of a Calypso record, game by game, and re-score it."""
    problems: list[str] = []
    totals = dict.fromkeys(SIDES, 0)
    try:
        options = _options(record)
    except ValueError as exc:
        return Replay(totals, (f"options: {exc}",))
    if len(record.deals) % DEALS or not record.deals:
        problems.append(f"the record has {len(record.deals)} deals, expected a multiple of 4")
    for start in range(0, len(record.deals) - len(record.deals) % DEALS, DEALS):
        scores = _replay_game(record, options, start, problems)
        if scores is not None:
            for side in SIDES:
                totals[side] += scores[side]
    if not problems and record.final_scores != totals:
        problems.append(
            f"final scores: the record says {record.final_scores}, the cards give {totals}"
        )
    return Replay(totals, tuple(problems))


def _replay_game(
    record: Record, options: CalypsoOptions, start: int, problems: list[str]
) -> dict[str, int] | None:
    deals = record.deals[start : start + DEALS]
    try:
        game = _new_game(record, options, deals)
    except ValueError as exc:
        problems.append(f"deals {start + 1}-{start + DEALS}: {exc}")
        return None
    for offset, deal in enumerate(deals):
        where = f"deal {start + offset + 1}"
        expected_dealer = SEATS[game.order_from(game.first_dealer)[offset]]
        if deal.dealer != expected_dealer:
            problems.append(
                f"{where}: the record says {deal.dealer} dealt, expected {expected_dealer}"
            )
        if len(deal.tricks) != TRICKS_PER_DEAL:
            problems.append(f"{where}: {len(deal.tricks)} tricks, expected {TRICKS_PER_DEAL}")
            return None
        if not replay_tricks(game, deal.tricks, where, problems):
            return None
        score = game.score().totals
        if any(deal.score.values()) and deal.score != score:
            problems.append(f"{where}: the record's score {deal.score}, the cards give {score}")
    return game.score().totals


def _new_game(record: Record, options: CalypsoOptions, deals: Sequence[DealRecord]) -> Game:
    """A game dealt as ``deals`` say, under the record's trumps and options, before any card."""
    return Game(
        record.seed or 0,
        options=options,
        hands=[d.hands for d in deals],
        first_dealer=deals[0].dealer,
    )


def load_game(record: Record) -> Game:
    """The record's (first) game replayed to its end, ready to draw or step through.

    Raises :class:`RecordError` with the first disagreement if the record does not replay.
    """
    if record.game != CalypsoOptions.game:
        raise RecordError(
            f"record.game: {record.game!r} is not a game of partnership Calypso", "game"
        )
    report = replay_calypso(record)
    if not report.ok:
        raise RecordError(f"the record does not replay: {report.problems[0]}", "replay")
    game = _new_game(record, _options(record), record.deals[:DEALS])
    for deal in record.deals[:DEALS]:
        for trick in deal.tricks:
            for card in trick.cards:
                game.play(card)
    return game


def _play(options: CalypsoOptions, seed: int, bots: tuple[str, ...]) -> Record:
    games = play_match(options, seed, bots)
    return calypso_record(games, seed=seed, players=bots, target=options.target)


def _start(options: CalypsoOptions, seed: int) -> Game:
    return Game(seed, options=options)


SPEC = register(
    GameSpec(
        name="calypso",
        title=N_("Calypso"),
        options=CalypsoOptions,
        layouts=(SEATS,),
        seats=lambda options: SEATS,
        bots=BOT_NAMES,
        start=_start,
        play=_play,
        replay=replay_calypso,
        seat_bots=lambda game, seed: make_players("greedy", seed),
        rules=TrickRules(),
        shape=RecordShape(
            "it has a personal trump for each seat and deals without calls",
            no_deal_keys=frozenset({"auction", "bids"}),
            personal_trumps=True,
        ),
        own_trumps=DEFAULT_TRUMPS,
        partnerships=True,
    )
)
