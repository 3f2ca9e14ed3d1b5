"""Game records (docs/record-format.md): shape, round trip, replay and the errors of bad records."""

import json
from collections.abc import Callable
from typing import Any

import pytest

from calypso import Record, RecordError, replay, simulate

Change = Callable[[dict[str, Any]], object]
"""An edit to a record's JSON data, in place."""


@pytest.fixture(scope="module")
def record() -> Record:
    return simulate("calypso", seed=7, bots="greedy")


def edited(record: Record, change: Change) -> Record:
    data = json.loads(record.to_json())
    change(data)
    return Record.from_dict(data)


def test_the_record_has_every_required_field(record: Record) -> None:
    data = json.loads(record.to_json())
    assert data["format"] == "calypso-record/1" and data["game"] == "calypso"
    assert data["options"] == {"trump_lead": "ranked", "all_fours": False}
    assert data["seed"] == 7 and data["seats"] == ["N", "E", "S", "W"]
    assert data["partnerships"] == [["N", "S"], ["E", "W"]]
    assert data["trumps"] == {"N": "H", "E": "D", "S": "S", "W": "C"}
    assert [d["dealer"] for d in data["deals"]] == ["W", "N", "E", "S"]
    deal = data["deals"][0]
    assert all(len(deal["hands"][s]) == 13 for s in "NESW")
    assert len(deal["tricks"]) == 13 and deal["tricks"][0]["leader"] == "N"
    assert set(deal["tricks"][0]) == {"leader", "cards", "winner"}
    assert data["final"]["scores"] == data["deals"][3]["score"]


def test_deal_scores_are_running_totals_and_only_grow(record: Record) -> None:
    ns = [deal.score["NS"] + deal.score["EW"] for deal in record.deals]
    assert ns == sorted(ns) and ns[-1] == sum(record.final_scores.values())


def test_round_trip_and_replay_agree(record: Record) -> None:
    again = Record.from_json(record.to_json(indent=2))
    assert again == record
    report = again.replay()
    assert report.ok and report.scores == record.final_scores


def test_replay_reports_a_wrong_winner(record: Record) -> None:
    def swap_winner(data: dict[str, Any]) -> None:
        trick = data["deals"][1]["tricks"][4]
        trick["winner"] = next(s for s in "NESW" if s != trick["winner"])

    report = replay(edited(record, swap_winner))
    assert not report.ok
    assert any(p.startswith("deal 2 trick 5: the record says") for p in report.problems)


def test_replay_reports_an_illegal_card_and_stops_that_game(record: Record) -> None:
    def renege(data: dict[str, Any]) -> None:
        trick = data["deals"][0]["tricks"][0]
        led = trick["cards"][0][-1]
        hand = data["deals"][0]["hands"]["E"]
        follows = [c for c in hand if c[-1] == led]
        other = next(c for c in hand if c[-1] != led)
        assert follows, "seed 7 gives E a card of the first led suit"
        trick["cards"][1] = other

    report = replay(edited(record, renege))
    assert len(report.problems) == 1
    assert "deal 1 trick 1: E cannot play" in report.problems[0]
    assert "must follow" in report.problems[0]


def test_replay_reports_wrong_scores_and_a_wrong_dealer(record: Record) -> None:
    def inflate(data: dict[str, Any]) -> None:
        data["final"]["scores"]["NS"] += 10
        data["deals"][2]["score"]["EW"] += 10
        data["deals"][3]["dealer"] = "N"

    problems = replay(edited(record, inflate)).problems
    assert any(p.startswith("deal 3: the record's score") for p in problems)
    assert any(p.startswith("deal 4: the record says N dealt, expected S") for p in problems)


def test_replay_accepts_zero_deal_scores_as_the_format_allows(record: Record) -> None:
    def zero(data: dict[str, Any]) -> None:
        for deal in data["deals"]:
            deal["score"] = {"NS": 0, "EW": 0}

    assert replay(edited(record, zero)).ok


def test_replay_reports_missing_tricks_and_deals(record: Record) -> None:
    def drop_trick(data: dict[str, Any]) -> None:
        data["deals"][0]["tricks"].pop()

    assert "deal 1: 12 tricks, expected 13" in replay(edited(record, drop_trick)).problems

    def drop_deal(data: dict[str, Any]) -> None:
        data["deals"].pop()

    problems = replay(edited(record, drop_deal)).problems
    assert "the record has 3 deals, expected a multiple of 4" in problems


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="calypso-record/2"), "record.format: bad value"),
        (lambda d: d.update(game="euchre"), "record.game: bad game 'euchre'"),
        (lambda d: d.pop("deals"), "record.deals: missing"),
        (
            lambda d: d["deals"][1]["tricks"][2]["cards"].__setitem__(1, "QX"),
            r"record.deals\[1\].tricks\[2\].cards\[1\]: bad card 'QX'",
        ),
        (lambda d: d["deals"][0].update(dealer="X"), r"record.deals\[0\].dealer: bad seat 'X'"),
        (
            lambda d: d.update(trumps={"N": "H", "E": "H", "S": "S", "W": "C"}),
            "record.trumps: bad trumps",
        ),
        (lambda d: d["final"]["scores"].update(NS="lots"), "record.final.scores.NS: bad value"),
        (lambda d: d.update(seed=True), "record.seed: bad value True, expected int"),
    ],
)
def test_bad_records_name_the_field(record: Record, change: Change, message: str) -> None:
    data = json.loads(record.to_json())
    change(data)
    with pytest.raises(RecordError, match=message):
        Record.from_dict(data)


def test_not_json_at_all() -> None:
    with pytest.raises(RecordError, match="record is not valid JSON"):
        Record.from_json("{nope")


def test_a_record_shows_itself_as_a_table(record: Record) -> None:
    assert "<table" in record._repr_html_() and "seed 7" in record._repr_html_()


def test_only_finished_games_are_recorded() -> None:
    from calypso import Game
    from calypso.partnership.match import calypso_record

    with pytest.raises(ValueError, match="finished games"):
        calypso_record([Game()], seed=0)
