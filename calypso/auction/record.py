"""Auction Calypso records: written from a finished game, replayed and re-scored; and the
game's entry in the registry.

>>> from calypso import simulate
>>> record = simulate("auction-calypso", seed=1, players=3, hands=3)
>>> [d.auction.contract is None or d.auction.contract.declarer in "NEW" for d in record.deals]
[True, True, True]
>>> replay_auction(record).ok
True
"""

from __future__ import annotations

import json

from calypso.auction.bidding import Bid, Call, CallKind, Contract
from calypso.auction.bots import auction_bots, play_out
from calypso.auction.game import SEATS_BY_PLAYERS, AuctionGame, AuctionOptions, Phase
from calypso.engine.cards import Suit
from calypso.engine.games import GameSpec, RecordShape, register
from calypso.engine.record import (
    AuctionDeal,
    CallRecord,
    ContractRecord,
    DealRecord,
    Record,
    Replay,
    replay_tricks,
    why_not,
)
from calypso.engine.tricks import TrickRules
from calypso.i18n import N_


def _contract_record(seats: tuple[str, ...], contract: Contract | None) -> ContractRecord | None:
    if contract is None:
        return None
    bid = contract.bid
    return ContractRecord(
        seats[contract.declarer], bid.calypsos, bid.points, bid.suit.letter, contract.doubled
    )


def _call_record(seat: str, call: Call) -> CallRecord:
    if call.bid is None:
        return CallRecord(seat, call.kind.value)
    bid = call.bid
    return CallRecord(seat, call.kind.value, bid.calypsos, bid.points, bid.suit.letter)


def _json(contract: ContractRecord | None) -> str:
    """A contract as a record writes it (``null``: a misère)."""
    return json.dumps(None if contract is None else vars(contract))


def _call(record: CallRecord) -> Call:
    """The call a record holds (a bad bid raises ``ValueError`` saying why)."""
    kind = CallKind(record.call)
    if kind is not CallKind.BID:
        return Call(kind)
    return Call(
        kind, Bid(int(record.calypsos or 0), int(record.points or 0), Suit.parse(str(record.suit)))
    )


def auction_record(game: AuctionGame, *, seed: int | None) -> Record:
    """The record of a finished game of Auction Calypso (docs/record-format.md)."""
    if not game.is_over:
        raise ValueError("a record is written for finished games: play the game to the end first")
    seats = game.seats
    deals = []
    for number, hand in enumerate(game.history):
        first = number == 0
        deals.append(
            DealRecord.played(
                seats,
                hand.dealer,
                hand.hands,
                hand.tricks,
                hand.scores,
                auction=AuctionDeal(
                    auction=tuple(_call_record(seats[p], call) for p, call in hand.calls),
                    contract=_contract_record(seats, hand.contract),
                    trumps={
                        seat: None if t is None else t.letter
                        for seat, t in zip(seats, hand.trumps, strict=True)
                    },
                    sold=hand.sold,
                    setup=dict(zip(seats, game.setup.cards, strict=True)) if first else None,
                    setup_bonus=dict(zip(seats, game.setup.bonus, strict=True)) if first else None,
                ),
            )
        )
    return Record(
        game="auction-calypso",
        options=game.options.to_record(),
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
    first = record.deals[0].auction if record.deals else None
    if first is None or first.setup is None:
        raise ValueError("the first deal has no setup: where did the calypsos in progress start?")
    options = AuctionOptions.from_record(record.options)
    if SEATS_BY_PLAYERS[options.players] != record.seats:
        raise ValueError(
            f"the options say {options.players} players, the seats are {', '.join(record.seats)}"
        )
    return AuctionGame(
        options=options,
        seed=record.seed or 0,
        first_dealer=record.seats.index(record.deals[0].dealer),
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
    hand = deal.auction
    if hand is None:
        problems.append(f"{where}: the record has no auction for this hand")
        return False
    if deal.dealer != game.seats[game.dealer]:
        problems.append(
            f"{where}: the record says {deal.dealer} dealt, expected {game.seats[game.dealer]}"
        )
    for recorded in hand.auction:
        seat = recorded.seat
        try:
            call = _call(recorded)
        except ValueError as exc:
            problems.append(f"{where}: {seat} cannot call {json.dumps(recorded.to_dict())}: {exc}")
            return False
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
            problems.append(f"{where}: {seat} cannot call {call}: {why_not(str(call), exc)}")
            return False
    if game.phase is Phase.AUCTION:
        problems.append(f"{where}: the auction does not end")
        return False
    contract = game.auction.contract
    said = hand.contract
    made = _contract_record(game.seats, contract)
    if said != made:
        problems.append(
            f"{where}: the record's contract {_json(said)}, the auction gives {_json(made)}"
        )
    if game.phase is Phase.TRUMPS and contract is not None:
        declarer = game.seats[contract.declarer]
        given = {s: t for s, t in hand.trumps.items() if s != declarer and t is not None}
        if hand.trumps.get(declarer) != contract.bid.suit.letter:
            problems.append(
                f"{where}: the declarer's trump must be the bid suit, {contract.bid.suit.letter}"
            )
        try:
            game.choose_trumps(given)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            return False
    elif any(t is not None for t in hand.trumps.values()):
        problems.append(f"{where}: a misère hand has no trumps")
    hand_number = len(game.history)
    if not replay_tricks(game, deal.tricks, where, problems):
        return False
    if len(game.history) == hand_number:
        problems.append(f"{where}: {len(deal.tricks)} tricks do not finish the hand")
        return False
    played = game.history[hand_number]
    if sorted(played.sold) != sorted(hand.sold):
        problems.append(
            f"{where}: the record sells {[str(c) for c in hand.sold]}, "
            f"the rules sell {[str(c) for c in played.sold]}"
        )
    if played.scores != deal.score:
        problems.append(f"{where}: the record's score {deal.score}, the cards give {played.scores}")
    return True


def _play(options: AuctionOptions, seed: int, bots: tuple[str, ...]) -> Record:
    return auction_record(play_out(AuctionGame(options=options, seed=seed), seed), seed=seed)


SPEC = register(
    GameSpec(
        name="auction-calypso",
        title=N_("Auction Calypso"),
        options=AuctionOptions,
        layouts=tuple(SEATS_BY_PLAYERS.values()),
        seats=lambda options: SEATS_BY_PLAYERS[options.players],
        bots=("greedy",),
        start=lambda options, seed: AuctionGame(options=options, seed=seed),
        play=_play,
        replay=replay_auction,
        seat_bots=lambda game, seed: auction_bots(game.players, seed),
        rules=TrickRules(),
        shape=RecordShape("its deals have auctions", deal_keys=frozenset({"auction"})),
    )
)
