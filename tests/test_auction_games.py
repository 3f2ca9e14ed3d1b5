"""Whole games of Auction Calypso: properties, records, replay, and the command line."""

import json
import pathlib
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any, TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_checks import assert_replays

from calypso import Record, replay, simulate
from calypso.auction import score_misere, score_misere_sides
from calypso.auction.bots import auction_bots
from calypso.auction.game import SETUPS, AuctionGame
from calypso.engine.cards import ALL_CARDS


class GameOptions(TypedDict):
    """A game's seed and options, as the property tests draw them."""

    seed: int
    players: int
    setup: str
    trump_lead: str


Change = Callable[[dict[str, Any]], object]
"""An edit to a record's JSON data, in place."""

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.sampled_from([3, 4]),
        "setup": st.sampled_from(SETUPS),
        "trump_lead": st.sampled_from(["ranked", "ruff-wins"]),
    }
)
FULL = Counter({card: 4 for card in ALL_CARDS})


@settings(max_examples=12, deadline=None)
@given(options=games)
def test_a9_every_card_is_always_in_exactly_one_place(options: GameOptions) -> None:
    game = AuctionGame(
        options["players"],
        options["seed"],
        setup=options["setup"],
        trump_lead=options["trump_lead"],
        hands=6 if options["players"] == 3 else 5,
    )
    bots = auction_bots(game.players, options["seed"])
    assert sum(game.places().values(), Counter()) == FULL
    while not game.is_over:
        game.apply(bots[game.index(str(game.turn))].choose(game))
        assert sum(game.places().values(), Counter()) == FULL


def play(options: GameOptions, **more: str) -> Record:
    return simulate(
        "auction-calypso",
        options["seed"],
        players=options["players"],
        setup=options["setup"],
        hands=6,
        **more,
    )


@settings(max_examples=10, deadline=None)
@given(options=games)
def test_same_seed_same_record_and_the_round_trip_replays(options: GameOptions) -> None:
    record = play(options, trump_lead=options["trump_lead"])
    assert play(options, trump_lead=options["trump_lead"]) == record
    assert_replays(record)


@settings(max_examples=10, deadline=None)
@given(options=games)
def test_hand_scores_follow_the_rulings(options: GameOptions) -> None:
    record = play(options)
    seats = record.seats
    for deal in record.deals:
        won = Counter(t.winner for t in deal.tricks)
        assert deal.auction is not None
        contract = deal.auction.contract
        if contract is None:  # A8 / P4: every won card is a trickpile card
            points = [10 * len(seats) * won[s] for s in seats]
            if len(seats) == 3:
                assert list(deal.score.values()) == score_misere(points)
            else:
                expected = score_misere_sides(points[0] + points[2], points[1] + points[3])
                assert (deal.score["NS"], deal.score["EW"]) == expected
        elif len(seats) == 3:  # A7: the defenders share their card points
            defenders = [s for s in seats if s != contract.declarer]
            assert (deal.score[defenders[0]] - deal.score[defenders[1]]) % 500 == 0
            multiplier = (1, 2, 4)[contract.doubled]
            declarer = deal.score[contract.declarer]
            assert declarer >= contract.points * multiplier or declarer < 0
    hands: Counter[str] = Counter()
    for deal in record.deals:
        hands.update(deal.score)
    first = record.deals[0].auction
    setup = (first.setup_bonus if first else None) or {}
    for scorer, final in record.final_scores.items():
        bonus = sum(v for seat, v in setup.items() if seat in scorer)
        assert (final - hands[scorer] - bonus) % 20 == 0  # A10: 20 per card still in progress


def tampered(record: Record, change: Change) -> Record:
    data = json.loads(record.to_json())
    change(data)
    return Record.from_dict(data)


@pytest.fixture(scope="module")
def record() -> Record:
    return simulate("auction-calypso", seed=3, players=3, hands=6)


def first_contract(data: dict[str, Any]) -> dict[str, Any]:
    return next(d for d in data["deals"] if d["contract"] is not None)


def test_replay_reports_a_wrong_contract(record: Record) -> None:
    def inflate(data: dict[str, Any]) -> None:
        first_contract(data)["contract"]["points"] += 10

    problems = replay(tampered(record, inflate)).problems
    assert any("the record's contract" in p for p in problems)


def test_replay_reports_an_out_of_order_bid(record: Record) -> None:
    def lower(data: dict[str, Any]) -> None:
        deal = first_contract(data)
        deal["auction"].insert(
            0,
            {
                "seat": deal["auction"][0]["seat"],
                "call": "bid",
                "calypsos": 4,
                "points": 990,
                "suit": "S",
            },
        )

    problems = replay(tampered(record, lower)).problems
    assert problems and ("cannot call" in problems[0] or "was to call" in problems[0])


def test_replay_reports_wrong_scores_and_sales(record: Record) -> None:
    def change(data: dict[str, Any]) -> None:
        data["deals"][1]["score"][data["seats"][0]] += 5
        data["final"]["scores"][data["seats"][1]] += 5

    problems = replay(tampered(record, change)).problems
    assert any(p.startswith("hand 2: the record's score") for p in problems)
    assert any(p.startswith("final scores") for p in problems)
    with_sale = next((i for i, d in enumerate(record.deals) if d.auction and d.auction.sold), None)
    if with_sale is not None:

        def unsell(data: dict[str, Any]) -> None:
            data["deals"][with_sale]["sold"] = []

        assert any("sells" in p for p in replay(tampered(record, unsell)).problems)


def test_replay_reports_a_bad_trump_choice(record: Record) -> None:
    def same(data: dict[str, Any]) -> None:
        deal = first_contract(data)
        others = [s for s in deal["trumps"] if s != deal["contract"]["declarer"]]
        deal["trumps"][others[0]] = deal["trumps"][others[1]]

    assert any("different suit" in p for p in replay(tampered(record, same)).problems)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["deals"][0]["auction"][0].update(call="shout"), "call: bad value 'shout'"),
        (lambda d: d["deals"][0]["auction"][0].update(seat="S"), "bad seat 'S'"),
        (lambda d: d.update(seats=["N", "S", "W"]), "record.seats: bad value"),
    ],
)
def test_bad_auction_records_name_the_field(record: Record, change: Change, message: str) -> None:
    data = json.loads(record.to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        Record.from_dict(data)


def test_a_bid_the_rules_forbid_is_a_replay_problem(record: Record) -> None:
    def low_bid(data: dict[str, Any]) -> None:
        data["deals"][0]["auction"][0].update(call="bid", calypsos=0, points=100, suit="S")

    problems = replay(tampered(record, low_bid)).problems
    assert problems and "at least 170 points" in problems[0]


@pytest.mark.parametrize("players", [3, 4])
def test_cli_simulates_auction_games_that_replay(players: int, tmp_path: pathlib.Path) -> None:
    run = [sys.executable, "-m", "calypso"]
    out = subprocess.run(
        [
            *run,
            "simulate",
            "auction-calypso",
            "--players",
            str(players),
            "--seed",
            "1",
            "--games",
            "30",
            "--jsonl",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert len(out.splitlines()) == 30
    (tmp_path / "games.jsonl").write_text(out)
    check = subprocess.run(
        [*run, "replay", str(tmp_path / "games.jsonl")], capture_output=True, text=True
    )
    assert check.returncode == 0 and check.stdout.count(": ok") == 30


def test_cli_refuses_bad_auction_options() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "calypso", "simulate", "auction-calypso", "--players", "5"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "bad --players 5" in done.stderr
