"""How quickly the Endings chapter finds a problem, and how long the solver's replies take.

For each of SEEDS problem seeds (0, 1, ...), :func:`calypso.exercises.endings.search` is run
until it asks a problem, ``--tricks`` tricks before a deal's end (the module asks at
:data:`~calypso.exercises.endings.TRICKS_LEFT`; another count shows what it would cost).
Printed: the CPU time to find a problem (median, 90th percentile, most), the positions tried
per problem (the same three and the total), and the time of each learner's card played along
the problem's best line with the solver's replies (:meth:`Attempt.play`: median, 90th
percentile, most). CPU time (``time.process_time``), so that other work on a shared machine
stretches the figures less; the browser's Python (Pyodide) takes about twice as long.

    python benchmarks/endings.py --seeds 200
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from calypso.exercises.endings import TRICKS_LEFT, Attempt, Problem, search


def found(seed: int, tricks: int) -> tuple[Problem, int, float]:
    """The problem of ``seed``, how many positions were tried, and the CPU seconds taken."""
    start = time.process_time()
    for tried, problem in enumerate(search(seed, tricks), 1):
        if problem is not None:
            return problem, tried, time.process_time() - start
    raise AssertionError("search() never ends")


def replies(problem: Problem) -> list[float]:
    """The CPU seconds of each learner's card along the best line, the solver's replies
    included."""
    times = []
    attempt = Attempt(problem)
    while not attempt.over:
        start = time.process_time()
        attempt = attempt.play(problem.line[len(attempt.played)])
        times.append(time.process_time() - start)
    assert attempt.passed
    return times


def spread(values: Sequence[float], scale: float = 1.0) -> str:
    """Median, 90th percentile and most of ``values``, times ``scale``."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * scale:.1f}, p90 {p90 * scale:.1f}, "
        f"max {ordered[-1] * scale:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="problem seeds 0..N-1")
    parser.add_argument("--tricks", type=int, default=TRICKS_LEFT, help="tricks before the end")
    args = parser.parse_args()
    times, tries, plays = [], [], []
    for seed in range(args.seeds):
        problem, tried, seconds = found(seed, args.tricks)
        times.append(seconds)
        tries.append(tried)
        plays.extend(replies(problem))
    print(f"{args.seeds} problems, {args.tricks} tricks before a deal's end (CPython, CPU time)")
    print(f"  make a problem, ms: {spread(times, 1000)}")
    print(f"  positions tried: {spread(tries)}, total {sum(tries)}")
    print(f"  a learner's card and the solver's replies, ms: {spread(plays, 1000)}")


if __name__ == "__main__":
    main()
