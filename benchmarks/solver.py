"""``make bench-solver``: how long the exact solver takes to value every legal card (issue 31).

For 4, 5 and 6 tricks to go, ``--count`` positions (50 by default) from seeded games the greedy
bots play: seed s stops in deal s % 4 with that many tricks left (the trick in play included),
(s // 4) % 4 cards into the trick. Each position is solved once, every legal card valued with
its line (:func:`calypso.partnership.solver.solve`), and the median, 90th percentile and slowest
time are printed, by the clock and in CPU time (which another program on the machine stretches less;
in Pyodide, the Node.js process's, as :func:`pyodide_run.cpu_clock` says),
with the median node count, first in CPython, then in Pyodide run under Node.js from the
static build's own Pyodide files (``build/static/lite/static/pyodide/`` or
``_site/static/pyodide/``, as ``make site`` leaves them), the same script on the working tree's
``calypso`` package (benchmarks/pyodide_run.py). Without Node.js or those files, it says so
and prints CPython alone. Figures only: nothing here passes or fails on time.

    .venv/bin/python benchmarks/solver.py [--count 50] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import statistics
import sys
import time

from pyodide_run import cpu_clock, report_inside

ROOT = pathlib.Path(__file__).resolve().parent.parent
TRICKS = (4, 5, 6)
TARGETS = {4: "p90 <= 20 ms CPython, 40 ms Pyodide", 5: "p90 <= 50 ms / 100 ms", 6: "reported"}


def position(seed: int, tricks: int) -> object:
    """The game of ``seed``, played by the greedy bots, ``tricks`` tricks before its deal's end."""
    from calypso.partnership.bots import make_players
    from calypso.partnership.game import SEATS, Game

    game = Game(seed)
    players = make_players("greedy", seed=seed)
    stop = 52 * (seed % 4) + 4 * (13 - tricks) + (seed // 4) % 4
    while len(game.moves) < stop:
        turn = game.turn
        assert turn is not None
        game.play(players[SEATS.index(turn)].choose(game))
    return game


def measure(count: int) -> dict[str, dict[str, list[float]]]:
    """Milliseconds and nodes per position, by tricks to go."""
    from calypso.partnership.game import Game
    from calypso.partnership.solver import solve

    clock = cpu_clock()
    figures: dict[str, dict[str, list[float]]] = {}
    for tricks in TRICKS:
        times, cpu, nodes = [], [], []
        for seed in range(count):
            game = position(seed, tricks)
            assert isinstance(game, Game)
            start, used = time.perf_counter(), clock()
            solution = solve(game)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((clock() - used) * 1000)
            nodes.append(float(solution.nodes))
        figures[str(tricks)] = {"ms": times, "cpu": cpu, "nodes": nodes}
    return figures


def report(runtime: str, figures: dict[str, dict[str, list[float]]]) -> None:
    print(f"\n{runtime}: ms to value every legal card, with its line (clock / CPU)")
    print(
        "tricks to go  positions   median           p90              max              nodes  target"
    )
    for tricks in TRICKS:
        row = figures[str(tricks)]
        cells = []
        for pick in (statistics.median, _p90, max):
            cells.append(f"{pick(row['ms']):>6.1f} /{pick(row['cpu']):>6.1f}")
        nodes = statistics.median(row["nodes"])
        print(
            f"{tricks:>12}  {len(row['ms']):>9}  {'  '.join(cells)}  {nodes:>7,.0f}"
            f"  {TARGETS[tricks]}"
        )


def _p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[8]


def in_pyodide(count: int) -> None:
    """The same measures in Pyodide under Node.js, or a line saying why not."""
    report_inside(pathlib.Path(__file__), ["--inside", "--count", str(count)], report)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50, help="positions per row (default 50)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.inside:
        print(json.dumps(measure(args.count)))
        return
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"bench-solver, {when}, {args.count} positions a row, load average {load}")
    report(f"CPython {platform.python_version()}", measure(args.count))
    if not args.no_pyodide:
        in_pyodide(args.count)


if __name__ == "__main__":
    main()
