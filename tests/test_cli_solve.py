"""``calypso solve``: every legal card valued at a point of a Calypso record (issue 31 item 2).

The command's answers are checked against the real engine, not against the solver: the seat
is the one the replayed record has on turn, the cards are its legal cards, and each card's
line, played on in the engine, scores its value (docs/solver.md). Bad input is one line on
standard error and exit status 2, as for the other commands.
"""

from __future__ import annotations

import io
import json
import pathlib
import sys

import pytest

from calypso import simulate
from calypso.cli import main
from calypso.engine.record import Record
from calypso.partnership.game import SIDES, CalypsoOptions, Game


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    real = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        code = main(argv)
    finally:
        sys.stdin = real
    out, err = capsys.readouterr()
    return code, out, err


def records(tmp_path: pathlib.Path, *lines: str) -> str:
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def at(record: Record, deal: int, trick: int, played: int) -> Game:
    """The record's game replayed by the engine to deal, trick and cards played."""
    game = Game(
        record.seed or 0,
        options=CalypsoOptions.from_record(record.options, trumps=record.trumps),
        hands=[d.hands for d in record.deals[:4]],
        first_dealer=record.deals[0].dealer,
    )
    cards = [c for d in record.deals[: deal - 1] for t in d.tricks for c in t.cards]
    cards += [c for t in record.deals[deal - 1].tricks[: trick - 1] for c in t.cards]
    cards += record.deals[deal - 1].tricks[trick - 1].cards[:played]
    for card in cards:
        game.play(card)
    return game


def test_json_answers_name_the_seat_on_turn_and_every_line_scores_its_value(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [
        simulate("calypso", seed=7),
        simulate("calypso", seed=8, bots="greedy", trump_lead="ruff-wins", all_fours=True),
    ]
    path = records(tmp_path, *(g.to_json() for g in games))
    code, out, err = run(
        ["solve", path, "--deal", "3", "--trick", "11", "--played", "2", "--json"], capsys
    )
    assert (code, err) == (0, "")
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 2
    for record, answer in zip(games, answers, strict=True):
        game = at(record, 3, 11, 2)
        assert answer["seat"] == game.turn
        assert isinstance(answer["ms"], float) and answer["ms"] >= 0
        assert sorted(c["card"] for c in answer["cards"]) == sorted(
            {str(c) for c in game.legal_plays()}
        )
        values = [c["value"] for c in answer["cards"]]
        assert values == sorted(values, reverse=True)
        side = SIDES.index(game.side(answer["seat"]))
        for card in answer["cards"]:
            assert card["line"][0] == card["card"]
            replay = at(record, 3, 11, 2)
            for text in card["line"]:
                replay.play(text)
            assert len(replay.tricks[2]) == 13
            totals = replay.score().totals
            assert totals[SIDES[side]] - totals[SIDES[1 - side]] == card["value"]


def test_the_table_says_what_a_value_means_and_shows_each_card_with_its_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = simulate("calypso", seed=7).to_json()
    code, out, err = run(["solve", "-", "--deal", "4", "--trick", "13"], capsys, stdin=text)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("value = the mover's side's C7 total minus the other side's")
    assert "deals 1-3: as if the game ended there" in lines[0]
    game = at(Record.from_json(text), 4, 13, 0)
    assert lines[1].startswith(f"record 1: deal 4, trick 13, {game.turn} to play")
    card = game.legal_plays()[0]
    assert lines[3].split()[0] == card.symbol
    assert len(lines) == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--deal", "5", "--trick", "12"],
            "--deal: bad value '5': expected a whole number from 1 to 4",
        ),
        (["--deal", "1", "--trick", "0"], "--trick: bad value '0'"),
        (["--deal", "1", "--trick", "12", "--played", "4"], "--played: bad value '4'"),
    ],
)
def test_numbers_outside_their_range_are_refused(
    argv: list[str], message: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = records(tmp_path, simulate("calypso", seed=1).to_json())
    with pytest.raises(SystemExit) as stop:
        main(["solve", path, *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def test_the_trick_limit_is_checked_before_anything_is_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(["solve", "no-such-file", "--deal", "2", "--trick", "1"], capsys)
    assert (code, out) == (2, "")
    assert err == (
        "calypso: error: bad --trick 1: 13 tricks to go, and the solver answers only in a "
        "deal's last 6 (--trick 8 to 13)\n"
    )


def test_bad_records_are_one_line_on_standard_error_and_status_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = simulate("calypso", seed=2).to_dict()
    short = json.loads(json.dumps(good))
    short["deals"][1]["tricks"] = short["deals"][1]["tricks"][:10]
    swapped = json.loads(json.dumps(good))
    first = swapped["deals"][0]["tricks"][0]["cards"]
    first[0], first[1] = first[1], first[0]
    broken = {k: v for k, v in good.items() if k != "seats"}
    partial = json.loads(json.dumps(good))
    partial["deals"][1]["tricks"][11]["cards"] = partial["deals"][1]["tricks"][11]["cards"][:1]
    cases = [
        (
            simulate("call-bridge", seed=1, rounds=1).to_json(),
            "record 2 is a Call Bridge record: calypso solve reads Calypso records only",
        ),
        (json.dumps(short), "record 2: deal 2 has 10 tricks, so no trick 12"),
        (json.dumps(swapped), "record 2: deal 1 trick 1: "),
        (json.dumps(broken), "record 2: record.seats: missing"),
        ("{oops", "games.jsonl, line 2: not valid JSON"),
        (json.dumps(partial), "record 2: trick 12 of deal 2 has only 1 card(s), so no --played 2"),
    ]
    for text, message in cases:
        path = records(tmp_path, json.dumps(good), text)
        argv = ["solve", path, "--deal", "2", "--trick", "12", "--played", "2"]
        code, out, err = run(argv, capsys)
        assert (code, out) == (2, ""), message
        assert message in err, err
        assert len(err.splitlines()) == 1
