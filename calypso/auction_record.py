"""Auction Calypso records: written from a finished game, replayed and re-scored.

>>> from calypso import simulate
>>> record = simulate("auction-calypso", seed=1, players=3, hands=3)
>>> [d.contract is None or d.contract.declarer in "NEW" for d in record.deals]
[True, True, True]
>>> replay_auction(record).ok
True
"""

from __future__ import annotations

from typing import Any

from calypso.auction_game import AuctionGame, Phase
from calypso.record import (
    ContractRecord,
    DealRecord,
    Record,
    Replay,
    TrickRecord,
    replay_tricks,
)


def auction_record(game: AuctionGame, *, seed: int | None) -> Record:
    """The record of a finished game of Auction Calypso (RECORD-FORMAT.md)."""
    if not game.is_over:
        raise ValueError("a record is written for finished games: play the game to the end first")
    seats = game.seats
    deals = []
    for number, hand in enumerate(game.history):
        contract = hand.contract
        deals.append(
            DealRecord(
                dealer=seats[hand.dealer],
                hands=dict(zip(seats, hand.hands, strict=True)),
                tricks=tuple(TrickRecord(t.leader, t.cards, t.winner) for t in hand.tricks),
                score=dict(hand.scores),
                trumps={
                    seat: None if t is None else t.letter
                    for seat, t in zip(seats, hand.trumps, strict=True)
                },
                auction=tuple((seats[p], call) for p, call in hand.calls),
                contract=None
                if contract is None
                else ContractRecord(
                    seats[contract.declarer],
                    contract.bid.calypsos,
                    contract.bid.points,
                    contract.bid.suit.letter,
                    contract.doubled,
                ),
                sold=hand.sold,
                setup=dict(zip(seats, game.setup.cards, strict=True)) if number == 0 else None,
                setup_bonus=dict(zip(seats, game.setup.bonus, strict=True))
                if number == 0
                else None,
            )
        )
    options: dict[str, Any] = {
        "players": game.players,
        "setup": game.setup_kind,
        "hands": game.total_hands,
        "trump_lead": game.trump_lead.value,
        "all_fours": game.all_fours,
    }
    return Record(
        game="auction-calypso",
        options=options,
        seed=seed,
        seats=seats,
        partnerships=(("N", "S"), ("E", "W")) if game.partnerships else None,
        trumps=None,
        deals=tuple(deals),
        final_scores=dict(game.scores),
        players=dict.fromkeys(seats, "greedy"),
    )


def load_auction_game(record: Record) -> AuctionGame:
    """A new game set up and dealt exactly as the record says, before any call."""
    first = record.deals[0]
    if first.setup is None:
        raise ValueError("the first deal has no setup: where did the calypsos in progress start?")
    options = record.options
    return AuctionGame(
        len(record.seats),
        record.seed or 0,
        setup=options.get("setup", "balanced"),
        hands=options.get("hands", len(record.deals)),
        trump_lead=options.get("trump_lead", "ranked"),
        all_fours=options.get("all_fours", False),
        first_dealer=record.seats.index(first.dealer),
        setup_cards=first.setup,
        setup_bonus=first.setup_bonus,
        deals=[d.hands for d in record.deals],
    )


def replay_auction(record: Record) -> Replay:
    """Re-play every call, trump choice and card of an Auction Calypso record and re-score it."""
    problems: list[str] = []
    try:
        game = load_auction_game(record)
    except ValueError as exc:
        return Replay({}, (f"setup: {exc}",))
    if len(record.deals) != game.total_hands:
        problems.append(
            f"the record has {len(record.deals)} hands, its options say {game.total_hands}"
        )
    for number, deal in enumerate(record.deals):
        if not _replay_hand(game, deal, f"hand {number + 1}", problems):
            return Replay(dict(game.scores), tuple(problems))
    if game.is_over and record.final_scores != game.scores:
        problems.append(
            f"final scores: the record says {record.final_scores}, the cards give {game.scores}"
        )
    return Replay(dict(game.scores), tuple(problems))


def _replay_hand(game: AuctionGame, deal: DealRecord, where: str, problems: list[str]) -> bool:
    if deal.dealer != game.seats[game.dealer]:
        problems.append(
            f"{where}: the record says {deal.dealer} dealt, expected {game.seats[game.dealer]}"
        )
    for seat, call in deal.auction or ():
        if game.phase is not Phase.AUCTION or seat != game.turn:
            problems.append(
                f"{where}: the record has {seat} call {call}, but "
                + (
                    "the auction was over"
                    if game.phase is not Phase.AUCTION
                    else f"{game.turn} was to call"
                )
            )
            return False
        try:
            game.call(call)
        except ValueError as exc:
            problems.append(f"{where}: {seat} cannot call {call}: {exc}")
            return False
    if game.phase is Phase.AUCTION:
        problems.append(f"{where}: the auction does not end")
        return False
    contract = game.auction.contract
    said = deal.contract
    made = (
        None
        if contract is None
        else ContractRecord(
            game.seats[contract.declarer],
            contract.bid.calypsos,
            contract.bid.points,
            contract.bid.suit.letter,
            contract.doubled,
        )
    )
    if said != made:
        problems.append(f"{where}: the record's contract {said}, the auction gives {made}")
    if game.phase is Phase.TRUMPS and contract is not None:
        declarer = game.seats[contract.declarer]
        given = {s: t for s, t in (deal.trumps or {}).items() if s != declarer and t is not None}
        if (deal.trumps or {}).get(declarer) != contract.bid.suit.letter:
            problems.append(
                f"{where}: the declarer's trump must be the bid suit, {contract.bid.suit.letter}"
            )
        try:
            game.choose_trumps(given)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            return False
    elif any(t is not None for t in (deal.trumps or {}).values()):
        problems.append(f"{where}: a misère hand has no trumps")
    hand_number = len(game.history)
    if not replay_tricks(game, deal.tricks, where, problems):
        return False
    if len(game.history) == hand_number:
        problems.append(f"{where}: {len(deal.tricks)} tricks do not finish the hand")
        return False
    played = game.history[hand_number]
    if sorted(played.sold) != sorted(deal.sold or ()):
        problems.append(
            f"{where}: the record sells {[str(c) for c in deal.sold or ()]}, "
            f"the rules sell {[str(c) for c in played.sold]}"
        )
    if played.scores != deal.score:
        problems.append(f"{where}: the record's score {deal.score}, the cards give {played.scores}")
    return True
