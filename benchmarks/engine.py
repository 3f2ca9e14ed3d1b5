"""Whole games per second on one core, before and after the engine's speed work, and beside the
public TypeScript engine: Calypso, Auction Calypso, Call Bridge, Collett Whist.

A Calypso game is one shuffle, four deals of 13 tricks, building and scoring, played by random
(or greedy) bots; an Auction Calypso game is 18 hands (16 for four) of auction, trump choice,
play, selling, sin-bin and green room, played by the auction bots. ``simulate`` also writes the
game record. Run with ``make bench``.

*Before* is the engine at ``--before`` (default: the commit before the speed work, taken from
this repository's history with ``git archive``), run in its own process; *after* is this
working tree. The two run in turn, round after round, and each figure is the best round's, so
that a busy moment on a shared machine counts against neither. Rates are per second of CPU
time the process used (Python's ``time.process_time``, Node's ``process.cpuUsage``), not of
the wall clock, which other work on a shared machine stretches.

The public engine (github.com/ADBond/calypso, TypeScript) runs under Node.js from a checkout
named by ``--adbond`` (``make bench ADBOND=path``): clone it and install its tools there once
(``git clone https://github.com/ADBond/calypso && cd calypso && npm ci``); it is never copied
into this repository. Without a checkout the ratio is skipped, and the benchmark says so.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEFORE = "124b447"
"""The last commit before the speed work (issue 32, item 1)."""

CASES: dict[str, tuple[str, int]] = {
    "calypso": ("calypso, random bots, game + record (simulate)", 1),
    "calypso-game": ("calypso, random bots, game only", 1),
    "calypso-greedy": ("calypso, greedy bots, game + record", 4),
    "auction-3": ("auction-calypso, 3 players, game + record", 40),
    "auction-4": ("auction-calypso, 4 players, game + record", 40),
    "call-bridge": ("call-bridge, to 30 points, game + record", 8),
    "collett-whist": ("collett-whist, 4 players, 18 rounds, game + record", 8),
}
"""Each case's label, and how many times fewer games a round plays than Calypso's."""


def _player(case: str) -> Callable[[int], object]:
    """One game of ``case`` from a seed, played by the engine this process imports."""
    from calypso import Game, simulate
    from calypso.partnership.bots import make_players

    plays: dict[str, Callable[[int], object]] = {
        "calypso": lambda seed: simulate("calypso", seed),
        "calypso-game": lambda seed: Game(seed).play_out(make_players("random", seed)),
        "calypso-greedy": lambda seed: simulate("calypso", seed, bots="greedy"),
        "auction-3": lambda seed: simulate("auction-calypso", seed, players=3),
        "auction-4": lambda seed: simulate("auction-calypso", seed, players=4),
        "call-bridge": lambda seed: simulate("call-bridge", seed),
        "collett-whist": lambda seed: simulate("collett-whist", seed, players=4),
    }
    return plays[case]


def worker(cases: list[str], games: int, first_seed: int) -> None:
    """One round of every case in this process: prints {case: games per second} as JSON."""
    rates = {}
    for case in cases:
        play = _player(case)
        count = max(1, games // CASES[case][1])
        start = time.process_time()
        for seed in range(first_seed, first_seed + count):
            play(seed)
        rates[case] = count / (time.process_time() - start)
    print(json.dumps(rates))


def _round(source: Path, cases: list[str], games: int, first_seed: int) -> dict[str, float]:
    """A round of ``cases`` in a fresh process importing the engine from ``source``."""
    command = [sys.executable, str(HERE / "engine.py"), "--worker", ",".join(cases)]
    command += ["--games", str(games), "--seed", str(first_seed)]
    env = os.environ | {"PYTHONPATH": str(source)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    rates: dict[str, float] = json.loads(done.stdout)
    return rates


def _engine_at(revision: str, into: Path) -> Path | None:
    """The ``calypso`` package as it was at ``revision``, unpacked under ``into``."""
    if shutil.which("git") is None:
        return None
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "calypso"], capture_output=True
    )
    if archive.returncode:
        return None
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def _adbond_round(checkout: Path, games: int) -> float:
    """Games per second of the public engine: ``games`` whole games, four random players."""
    tsx = checkout / "node_modules" / ".bin" / "tsx"
    done = subprocess.run(
        [str(tsx), str(HERE / "adbond_games.ts"), str(checkout), str(games)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return float(result["games"] / result["seconds"])


def _adbond_checkout(path: str | None) -> tuple[Path | None, str]:
    """The public engine's checkout, or ``None`` and why it cannot run."""
    if not path:
        return None, "no checkout given (make bench ADBOND=path)"
    checkout = Path(path).expanduser().resolve()
    if not (checkout / "src" / "simulate" / "simulate.ts").is_file():
        return None, f"{checkout} is not a checkout of github.com/ADBond/calypso"
    if not (checkout / "node_modules" / ".bin" / "tsx").is_file():
        return None, f"{checkout} has no tools installed: run npm ci there first"
    if shutil.which("node") is None:
        return None, "Node.js is not installed"
    return checkout, ""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400, help="Calypso games a round (400)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, the best taken (5)")
    parser.add_argument("--before", default=BEFORE, help=f"the engine to compare ({BEFORE})")
    parser.add_argument("--adbond", default=os.environ.get("ADBOND"), help="public engine")
    parser.add_argument("--only", help="cases to run, comma-separated: " + ", ".join(CASES))
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker.split(","), args.games, args.seed)
        return
    cases = args.only.split(",") if args.only else list(CASES)
    checkout, why_not = _adbond_checkout(args.adbond)
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}, "adbond": {}}
    with tempfile.TemporaryDirectory() as scratch:
        sources = {"after": ROOT}
        before = _engine_at(args.before, Path(scratch))
        if before is not None:
            sources["before"] = before
        else:
            print(f"before: no engine at {args.before!r} (git archive failed): after only")
        for round_ in range(args.rounds):
            for label, source in sources.items():
                rates = _round(source, cases, args.games, round_ * args.games)
                for case, rate in rates.items():
                    best[label][case] = max(best[label].get(case, 0.0), rate)
            if checkout is not None:
                rate = _adbond_round(checkout, args.games)
                best["adbond"]["calypso"] = max(best["adbond"].get("calypso", 0.0), rate)
    title = f"games per CPU second, best of {args.rounds} rounds"
    print(f"{title:<52} {'before':>8} {'after':>8}")
    for case in cases:
        after = best["after"][case]
        was = best["before"].get(case)
        gain = f"  x{after / was:.2f}" if was else ""
        shown = f"{was:8.1f}" if was else f"{'-':>8}"
        print(f"{CASES[case][0]:<52} {shown} {after:8.1f}{gain}")
    if checkout is None:
        print(f"public TypeScript engine: skipped, {why_not}")
    elif "calypso" in best["after"]:
        theirs = best["adbond"]["calypso"]
        ours = best["after"]["calypso"]
        print(
            f"public TypeScript engine (ADBond/calypso, Node.js {_node_version()}), random "
            f"players: {theirs:.1f} games/s"
        )
        print(f"side by side, Calypso games + records: after x{ours / theirs:.2f}", end="")
        if "calypso" in best["before"]:
            print(f", before x{best['before']['calypso'] / theirs:.2f}", end="")
        print()


def _node_version() -> str:
    done = subprocess.run(["node", "--version"], capture_output=True, text=True)
    return done.stdout.strip()


if __name__ == "__main__":
    main()
