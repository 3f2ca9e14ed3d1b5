"""How quickly the Endings chapter finds a problem, and how long the solver's replies take.

For each of SEEDS problem seeds (0, 1, ...), :func:`calypso.lessons.exercises.endings.search` is run
until it asks a problem, ``--tricks`` tricks before a deal's end (the module asks at
:data:`~calypso.lessons.exercises.endings.TRICKS_LEFT`; another count shows what it would cost).
Printed: the CPU time to find a problem (median, 90th percentile, most), the positions tried
per problem (the same three and the total), and the time of each learner's card played along
the problem's best line with the solver's replies (:meth:`Attempt.play`: median, 90th
percentile, most). CPU time, so that other work on a shared machine stretches the figures less
(in Pyodide, the Node.js process's, as :func:`pyodide_run.cpu_clock` says). First in CPython,
then in Pyodide under Node.js from the static build's own Pyodide files, the same script on the
working tree's ``calypso`` package (benchmarks/pyodide_run.py); without Node.js or those files,
a line says why not. Figures only: nothing here passes or fails on time.

    python benchmarks/endings.py --seeds 200 [--tricks 3] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import time
from collections.abc import Callable

from pyodide_run import cpu_clock, report_inside, spread

from calypso.lessons.exercises.endings import TRICKS_LEFT, Attempt, Problem, search


def found(seed: int, tricks: int, clock: Callable[[], float]) -> tuple[Problem, int, float]:
    """The problem of ``seed``, how many positions were tried, and the CPU seconds taken."""
    start = clock()
    for tried, problem in enumerate(search(seed, tricks), 1):
        if problem is not None:
            return problem, tried, clock() - start
    raise AssertionError("search() never ends")


def replies(problem: Problem, clock: Callable[[], float]) -> list[float]:
    """The CPU seconds of each learner's card along the best line, the solver's replies
    included."""
    times = []
    attempt = Attempt(problem)
    while not attempt.over:
        start = clock()
        attempt = attempt.play(problem.line[len(attempt.played)])
        times.append(clock() - start)
    assert attempt.passed
    return times


def measure(seeds: int, tricks: int) -> dict[str, list[float]]:
    """For problem seeds ``0 .. seeds - 1``, ``tricks`` tricks before a deal's end: the CPU
    seconds to find each problem (``find``), the positions tried for it (``tried``), and the CPU
    seconds of each learner's card along its best line (``card``)."""
    clock = cpu_clock()
    figures: dict[str, list[float]] = {"find": [], "tried": [], "card": []}
    for seed in range(seeds):
        problem, tried, seconds = found(seed, tricks, clock)
        figures["find"].append(seconds)
        figures["tried"].append(tried)
        figures["card"].extend(replies(problem, clock))
    return figures


def report(runtime: str, figures: dict[str, list[float]]) -> None:
    print(f"\n{runtime}")
    print(f"  make a problem, ms: {spread(figures['find'], 1000)}")
    print(f"  positions tried: {spread(figures['tried'])}, total {sum(figures['tried']):.0f}")
    print(f"  a learner's card and the solver's replies, ms: {spread(figures['card'], 1000)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="problem seeds 0..N-1")
    parser.add_argument("--tricks", type=int, default=TRICKS_LEFT, help="tricks before the end")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        print(json.dumps(measure(args.seeds, args.tricks)))
        return
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"bench-endings, {when}, {args.seeds} problems, {args.tricks} tricks before a deal's end,"
        f" load average {load}"
    )
    report(f"CPython {platform.python_version()}, CPU time", measure(args.seeds, args.tricks))
    if args.no_pyodide:
        return
    inside = ["--inside", "--seeds", str(args.seeds), "--tricks", str(args.tricks)]
    report_inside(pathlib.Path(__file__), inside, report)


if __name__ == "__main__":
    main()
