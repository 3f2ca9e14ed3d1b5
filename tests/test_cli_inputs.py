"""The calypso command given careless input, as a newcomer types it (issue 16).

One table: the words typed, the exit status the README promises (0 done, 1 a record against the
rules, 2 input the command cannot use, 130 Ctrl-C), and what the one line of answer must say.
"""

import argparse
import io
import json
import pathlib
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable
from importlib import metadata
from typing import Any, NoReturn

import pytest

from calypso import cli, simulate
from calypso.cli import COUNTS
from calypso.engine.limits import SEEDS
from calypso.whist.engine import WhistGame
from calypso.widgets.base import seed_box

OK, BROKEN_RULES, BAD_INPUT, INTERRUPTED = 0, 1, 2, 130


def _calypso() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(simulate("calypso", seed=7, bots="greedy").to_json())
    return data


def _renege(data: dict[str, Any]) -> None:
    """E plays another suit to the first trick while holding the suit led (C3)."""
    trick = data["deals"][0]["tricks"][0]
    led = trick["cards"][0][-1]
    hand = data["deals"][0]["hands"]["E"]
    assert any(c[-1] == led for c in hand), "seed 7 gives E a card of the first led suit"
    trick["cards"][1] = next(c for c in hand if c[-1] != led)


def _stranger(data: dict[str, Any]) -> None:
    """The leader of the first trick plays a card that is not in their hand."""
    trick = data["deals"][0]["tricks"][0]
    hand = data["deals"][0]["hands"][trick["leader"]]
    trick["cards"][0] = next(f"{r}C" for r in "23456789" if f"{r}C" not in hand)


def _other_winner(data: dict[str, Any]) -> None:
    trick = data["deals"][0]["tricks"][0]
    trick["winner"] = next(s for s in "NESW" if s != trick["winner"])


RECORDS: dict[str, Callable[[dict[str, Any]], object]] = {
    "good.json": lambda d: None,
    "renege.json": _renege,
    "stranger.json": _stranger,
    "winner.json": _other_winner,
    "score.json": lambda d: d["final"]["scores"].update(NS=d["final"]["scores"]["NS"] + 10),
    "option.json": lambda d: d["options"].update(trump_lead="sometimes"),
    "relabelled.json": lambda d: d.update(game="call-bridge"),
    "relabelled-auction.json": lambda d: d.update(game="auction-calypso"),
}
"""Calypso records (seed 7), each with one careless edit."""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("records")
    for name, edit in RECORDS.items():
        data = _calypso()
        edit(data)
        (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    good = (folder / "good.json").read_text(encoding="utf-8")
    (folder / "bom.json").write_bytes(b"\xef\xbb\xbf" + good.encode("utf-8"))
    (folder / "array.json").write_text(f"[{good}, {good}]", encoding="utf-8")
    auction = simulate("auction-calypso", seed=1, hands=3).to_dict() | {"game": "calypso"}
    (folder / "auction-as-calypso.json").write_text(json.dumps(auction), encoding="utf-8")
    noted = json.loads(good) | {"note": "joué au café"}
    (folder / "latin1.json").write_bytes(json.dumps(noted, ensure_ascii=False).encode("latin-1"))
    (folder / "cut.json").write_text(good[:200], encoding="utf-8")
    return folder


def run(
    argv: list[str], files: pathlib.Path, stdin: bytes = b""
) -> tuple[int | str | None, str, str]:
    """``calypso argv`` in this process: the exit status, standard output and standard error."""
    argv = [a.replace("{dir}", str(files)) for a in argv]
    out, err = io.StringIO(), io.StringIO()
    real = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    status: int | str | None
    try:
        status = cli.main(argv)
    except SystemExit as stop:
        status = stop.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = real
    return status, out.getvalue(), err.getvalue()


SIM = ["simulate", "calypso"]
TRICK = ["9H", "4C", "6D", "2H"]
C4_4 = "winner: card 3, 6♦"
"""docs/rulings.md C4, worked example: S leads 9♥, W ruffs 4♣, E ruffs 6♦; E wins by C4.4."""

CASES = [
    # 1. the version
    (["--version"], OK, f"calypso {metadata.version('calypso-tutorial')}"),
    # 3. one trumps syntax for both commands: one word or a suit a word, either side of the cards
    ([*SIM, "--trumps", "HDSC"], OK, "seed      0"),
    ([*SIM, "--trumps", "H", "D", "S", "C"], OK, "seed      0"),
    ([*SIM, "--trumps", "H D S C"], OK, "seed      0"),
    (["explain", *TRICK, "--trumps", "S", "C", "D", "H"], OK, C4_4),
    (["explain", *TRICK, "--trumps", "SCDH"], OK, C4_4),
    (["explain", "--trumps", "S", "C", "D", "H", *TRICK], OK, C4_4),
    (["explain", "--trumps", "SCDH", *TRICK], OK, C4_4),
    (["explain", "--trumps", "S", "C", "D", "H"], BAD_INPUT, "0 cards"),
    (["explain", *TRICK, "--trumps", "S", "C", "D"], BAD_INPUT, "3 for 4 cards"),
    ([*SIM, "--trumps", "H", "D", "S"], BAD_INPUT, "a suit for each of N, E, S, W"),
    ([*SIM, "--trumps", "H,D,S,C"], BAD_INPUT, "as SCDH or S C D H"),
    # 3. flags, not Python names
    ([*SIM, "--trump-lead", "sometimes"], BAD_INPUT, "--trump-lead"),
    (["explain", *TRICK, "--trumps", "SCDH", "--trump-lead", "x"], BAD_INPUT, "--trump-lead"),
    ([*SIM, "--bots", "clever"], BAD_INPUT, "bad --bots 'clever'"),
    (["simulate", "collett-whist", "--players", "9"], BAD_INPUT, "bad --players 9"),
    (["simulate", "auction-calypso", "--players", "5"], BAD_INPUT, "bad --players 5"),
    (["simulate", "auction-calypso", "--hands", "4"], BAD_INPUT, "bad --hands 4"),
    ([*SIM, "--colour", "red"], BAD_INPUT, "calypso has no option --colour"),
    (["frobnicate"], BAD_INPUT, "invalid choice"),
    # 4. a range for every number, refused outside it
    ([*SIM, "--games", "99999999999"], BAD_INPUT, "--games"),
    ([*SIM, "--games", "0"], BAD_INPUT, "from 1 to 10000"),
    ([*SIM, "--games", "1e3"], BAD_INPUT, "from 1 to 10000"),
    ([*SIM, "--seed", "-1"], BAD_INPUT, f"from 0 to {SEEDS[1]}"),
    ([*SIM, "--seed", "1" * 27], BAD_INPUT, "--seed"),
    ([*SIM, "--seed", str(SEEDS[1] + 1)], BAD_INPUT, "--seed"),
    ([*SIM, "--seed", str(SEEDS[1])], OK, f"seed {SEEDS[1]}"),
    ([*SIM, "--seed", str(SEEDS[1]), "--games", "2"], BAD_INPUT, "--seed"),
    ([*SIM, "--target", "0"], BAD_INPUT, "--target"),
    ([*SIM, "--target", "99999999999"], BAD_INPUT, "--target"),
    (["simulate", "call-bridge", "--rounds", "99999999"], BAD_INPUT, "from 1 to 1000"),
    (["simulate", "call-bridge", "--target", "99999999"], BAD_INPUT, "--target"),
    (["simulate", "auction-calypso", "--hands", "99999999"], BAD_INPUT, "--hands"),
    # 4. explain takes a trick of personal trumps, all different (C1), at most four cards
    (["explain", *TRICK, "--trumps", "S", "S", "D", "H"], BAD_INPUT, "different"),
    (["explain", *TRICK, "5S", "--trumps", "SCDH-"], BAD_INPUT, "5 cards"),
    (["explain", "9H", "4C", "6D", "--trumps", "-", "-", "-"], OK, "winner: card 1, 9♥"),
    (["explain", "9H", "--trumps", "Z"], BAD_INPUT, "'Z' is not a suit"),
    (["explain", "9H", "XC", "--trumps", "S", "C"], BAD_INPUT, "bad card 'XC'"),
    (["explain", "--help"], OK, "four for a whole Calypso trick"),
    ([*SIM, "--help"], OK, f"0 to {SEEDS[1]}"),
    ([*SIM, "--help"], OK, "1 to 10000"),
    (["simulate", "call-bridge", "--help"], OK, "1 to 1000"),
    # 2. records against the rules: exit 1, what and where on standard error
    (["replay", "{dir}/good.json"], OK, "record 1: ok"),
    (["replay", "{dir}/renege.json"], BROKEN_RULES, "deal 1 trick 1: E cannot play"),
    (["replay", "{dir}/stranger.json"], BROKEN_RULES, "not in the hand"),
    (["replay", "{dir}/winner.json"], BROKEN_RULES, "deal 1 trick 1: the record says"),
    (["replay", "{dir}/score.json"], BROKEN_RULES, "final scores"),
    (["replay", "{dir}/option.json"], BROKEN_RULES, "options: bad trump_lead 'sometimes'"),
    (["replay", "{dir}/relabelled.json"], BROKEN_RULES, "a Calypso record, not Call Bridge"),
    (
        ["replay", "{dir}/relabelled-auction.json"],
        BROKEN_RULES,
        "a Calypso record, not Auction Calypso",
    ),
    (
        ["replay", "{dir}/auction-as-calypso.json"],
        BROKEN_RULES,
        "an Auction Calypso record, not Calypso",
    ),
    # 2, 3. files the command cannot use: exit 2; a BOM is no reason
    (["replay", "{dir}/bom.json"], OK, "record 1: ok"),
    (["replay", "{dir}/latin1.json"], BAD_INPUT, "not UTF-8 text"),
    (["replay", "{dir}/array.json"], BAD_INPUT, "one record per line"),
    (["replay", "{dir}/cut.json"], BAD_INPUT, "not valid JSON"),
    (["replay", "{dir}/missing.json"], BAD_INPUT, "cannot read"),
    (["replay", "-"], BAD_INPUT, "is empty"),
]


def _id(case: tuple[list[str], int, str]) -> str:
    return shlex.join(case[0]).replace("{dir}/", "")


@pytest.mark.parametrize(("argv", "status", "expected"), CASES, ids=map(_id, CASES))
def test_careless_input(files: pathlib.Path, argv: list[str], status: int, expected: str) -> None:
    code, out, err = run(argv, files)
    assert code == status, (out, err)
    if status == OK:
        assert expected in out and err == ""
        return
    assert expected in err and out == ""
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    if argv[0] != "replay":  # a record's options are named as in the record: trump_lead
        assert not re.search(r"\b[a-z]+_[a-z]+\b", err) and "None" not in err, err


def test_a_bad_card_is_named_once(files: pathlib.Path) -> None:
    """Not 'cannot play 4♣: 4♣ may not be played'."""
    for name in ("renege.json", "stranger.json"):
        err = run(["replay", "{dir}/" + name], files)[2]
        card = re.search(r"cannot play (\S+):", err)
        assert card and err.count(card[1]) == 1, err


def test_the_records_that_follow_the_rules_still_answer_on_standard_output(
    files: pathlib.Path,
) -> None:
    text = "\n".join((files / n).read_text() for n in ("good.json", "winner.json", "good.json"))
    code, out, err = run(["replay", "-"], files, stdin=text.encode())
    assert code == BROKEN_RULES
    assert out.splitlines()[0].startswith("record 1: ok")
    assert out.splitlines()[1].startswith("record 3: ok")
    assert err.startswith("record 2: deal 1 trick 1") and len(err.splitlines()) == 1


def test_standard_input_may_start_with_a_bom(files: pathlib.Path) -> None:
    code, out, _ = run(["replay", "-"], files, stdin=(files / "bom.json").read_bytes())
    assert code == OK and out.startswith("record 1: ok")


@pytest.mark.parametrize("command", ["_simulate", "_explain", "_replay"])
def test_ctrl_c_is_one_line_and_status_130(
    files: pathlib.Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    def stopped(args: argparse.Namespace) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, command, stopped)
    argv = {
        "_simulate": SIM,
        "_explain": ["explain", *TRICK, "--trumps", "SCDH"],
        "_replay": ["replay", "{dir}/good.json"],
    }[command]
    assert run(argv, files) == (INTERRUPTED, "", "calypso: interrupted\n")


def test_ctrl_c_on_a_long_simulation() -> None:
    games = subprocess.Popen(
        [sys.executable, "-m", "calypso", *SIM, "--games", "10000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert games.stdout is not None and games.stdout.readline().startswith("seed")
    games.send_signal(signal.SIGINT)
    _, err = games.communicate(timeout=60)
    assert games.returncode == INTERRUPTED and err == "calypso: interrupted\n"


def test_the_ranges_agree_with_the_pages_and_the_engine() -> None:
    box = seed_box(1)
    assert (box.min, box.max) == SEEDS
    assert COUNTS["call-bridge"]["rounds"][1] == WhistGame.MAX_ROUNDS
