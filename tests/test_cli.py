"""The calypso command, run as a user runs it."""

import json
import pathlib
import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "calypso", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def test_explain_prints_winner_rule_and_explanation() -> None:
    out = run("explain", "9H", "4C", "6D", "2H", "--trumps", "S", "C", "D", "H")
    assert out.returncode == 0
    assert out.stdout.splitlines() == [
        "winner: card 3, 6♦",
        "rule: C4.4",
        "4♣ and 6♦ ruffed the ♥ lead; the highest ruff wins, so 6♦ takes the trick.",
    ]


def test_explain_with_the_ruff_wins_variant() -> None:
    out = run("explain", "KD", "4S", "--trumps", "D", "S", "--trump-lead", "ruff-wins")
    assert "rule: C5.ruff-wins" in out.stdout


def test_simulate_200_records_each_replay_to_their_own_final_scores(tmp_path: pathlib.Path) -> None:
    out = run("simulate", "calypso", "--seed", "1", "--games", "200", "--jsonl")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert len(lines) == 200
    assert [json.loads(line)["seed"] for line in lines] == list(range(1, 201))
    (tmp_path / "games.jsonl").write_text(out.stdout)
    check = run("replay", str(tmp_path / "games.jsonl"))
    assert check.returncode == 0
    assert check.stdout.count(": ok, scores") == 200
    for line, report in zip(lines, check.stdout.splitlines(), strict=True):
        assert str(json.loads(line)["final"]["scores"]) in report


def test_simulate_options_reach_the_record() -> None:
    out = run(
        "simulate",
        "calypso",
        "--seed",
        "3",
        "--jsonl",
        "--trump-lead",
        "ruff-wins",
        "--all-fours",
        "--bots",
        "greedy",
        "--trumps",
        "SCHD",
        "--target",
        "3000",
    )
    data = json.loads(out.stdout)
    assert data["options"] == {"trump_lead": "ruff-wins", "all_fours": True, "target": 3000}
    assert data["trumps"] == {"N": "S", "E": "C", "S": "H", "W": "D"}
    assert data["players"] == dict.fromkeys("NESW", "greedy")
    assert max(data["final"]["scores"].values()) >= 3000


def test_replay_reads_standard_input_and_fails_on_a_bad_record() -> None:
    data = json.loads(run("simulate", "calypso", "--jsonl").stdout)
    data["final"]["scores"]["NS"] += 1
    out = run("replay", "-", stdin=json.dumps(data))
    assert out.returncode == 1 and "final scores: the record says" in out.stderr
    assert out.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explain", "9H", "XC", "--trumps", "S", "C"], "bad card 'XC'"),
        (["explain", "9H", "4C", "--trumps", "S"], "bad --trumps: 1 for 2 cards"),
        (["explain", "9H", "--trumps", "Z"], "bad --trumps: 'Z' is not a suit"),
        (["simulate", "whist"], "invalid choice: 'whist'"),
        (["simulate", "calypso", "--players", "7"], "calypso has no option --players"),
        (["simulate", "call-bridge", "--players", "5"], "call-bridge has no option --players"),
        (["simulate", "call-bridge", "--bots", "random"], "played by greedy bots only"),
        (["simulate", "call-bridge", "--trumps", "XYZ"], "call-bridge has no option --trumps"),
        (["simulate", "collett-whist", "--target", "5"], "collett-whist has no option --target"),
        (["simulate", "calypso", "--target", "0"], "argument --target: bad value '0'"),
        (["simulate", "call-bridge", "--target", "0"], "argument --target: bad value '0'"),
        (["simulate", "call-bridge", "--target", "20", "--rounds", "3"], "not both"),
        (["simulate", "auction-calypso", "--hands", "4"], "bad --hands 4"),
        (["simulate", "collett-whist", "--players", "9"], "bad --players 9"),
        (["simulate", "calypso", "--bots", "random,greedy"], "expected one name, or 4"),
        (["simulate", "calypso", "--bots", "clever"], "bad --bots 'clever'"),
        (["simulate", "calypso", "--trumps", "HHSC"], "bad --trumps H H S C: two players have ♥"),
        (["simulate", "calypso", "--games", "0"], "argument --games: bad value '0'"),
        (["simulate", "calypso", "--target", "-5"], "argument --target: bad value '-5'"),
        (["simulate", "calypso", "--seed", "x"], "argument --seed: bad value 'x'"),
        (["replay", "-"], "not valid JSON (Expecting property name"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args: list[str], message: str) -> None:
    out = run(*args, stdin="{oops")
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert message in out.stderr and "Traceback" not in out.stderr


def test_replay_explains_files_that_are_not_records(tmp_path: pathlib.Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("")
    binary = tmp_path / "cards.json"
    binary.write_bytes(bytes(range(256)))
    whole = run("simulate", "calypso", "--jsonl").stdout
    cut = tmp_path / "cut.json"
    cut.write_text(whole[:120])
    for path, message in [
        (empty, "is empty: expected a JSON record"),
        (binary, "is not a text file"),
        (cut, "is not valid JSON (Unterminated string starting at: line 1 column"),
        (tmp_path / "missing.json", "cannot read"),
    ]:
        out = run("replay", str(path))
        assert out.returncode == 2, path
        assert len(out.stderr.strip().splitlines()) == 1 and message in out.stderr, out.stderr


def test_a_bad_seat_in_a_record_names_that_games_seats() -> None:
    data = json.loads(run("simulate", "collett-whist", "--players", "3", "--jsonl").stdout)
    data["deals"][0]["dealer"] = "N"
    out = run("replay", "-", stdin=json.dumps(data))
    assert out.returncode == 2
    assert "record.deals[0].dealer: bad seat 'N', expected one of A, B, C" in out.stderr


@pytest.mark.parametrize(
    ("game", "flags", "options"),
    [
        (
            "calypso",
            ["--trump-lead", "ruff-wins", "--all-fours", "--trumps", "SCHD"],
            {"trump_lead": "ruff-wins", "all_fours": True},
        ),
        (
            "auction-calypso",
            ["--players", "4", "--setup", "standard", "--hands", "2"],
            {"players": 4, "setup": "standard", "hands": 2, "trump_lead": "ranked"},
        ),
        ("call-bridge", ["--rounds", "2"], {"rounds": 2}),
        ("call-bridge", [], {"target": 30}),
        ("collett-whist", ["--players", "6"], {"players": 6}),
    ],
)
def test_every_games_declared_options_reach_its_record(
    game: str, flags: list[str], options: dict[str, int | str]
) -> None:
    out = run("simulate", game, "--jsonl", *flags)
    assert out.returncode == 0, out.stderr
    recorded = json.loads(out.stdout)["options"]
    assert options.items() <= recorded.items()
