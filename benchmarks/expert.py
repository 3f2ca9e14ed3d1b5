"""How long the expert bot takes to choose a card, at positions throughout a game.

For each of SEEDS game seeds (0, 1, ...), greedy players play the game; every ``--every``-th
position where the seat to play has a choice (two or more distinct legal cards) is handed to
:func:`calypso.partnership.expert.judge` with ``--samples`` layouts, and its CPU time is recorded,
with the tricks then left in the deal. Printed: the CPU time of a choice (median, 90th percentile,
most), overall and by the way the layouts were valued (the solver, or greedy play-outs).
CPU time, so that other work on a shared machine stretches the figures less (in Pyodide, the
Node.js process's, as :func:`pyodide_run.cpu_clock` says). Then in Pyodide under Node.js when
its files are there (benchmarks/pyodide_run.py). Figures only: nothing here passes or fails.

    python benchmarks/expert.py --seeds 4 [--every 7] [--samples 20] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import random
import time

from pyodide_run import cpu_clock, report_inside, spread

from calypso.partnership.bots import make_players
from calypso.partnership.expert import SAMPLES, judge
from calypso.partnership.game import Game


def measure(seeds: int, every: int, samples: int) -> dict[str, list[float]]:
    """CPU seconds of each measured choice, under ``solved`` and ``playouts``."""
    clock = cpu_clock()
    figures: dict[str, list[float]] = {"solved": [], "playouts": []}
    for seed in range(seeds):
        game = Game(seed=seed)
        players = make_players("greedy", seed)
        position = 0
        while game.turn is not None:
            if len(set(game.legal_plays())) > 1:
                position += 1
                if position % every == 0:
                    start = clock()
                    judgement = judge(game, samples, random.Random(position))
                    seconds = clock() - start
                    figures["solved" if judgement.solved else "playouts"].append(seconds)
            game.play(players[game.index(game.turn)].choose(game))
    return figures


def report(runtime: str, figures: dict[str, list[float]]) -> None:
    every = figures["solved"] + figures["playouts"]
    print(f"\n{runtime}")
    print(f"  a choice, ms ({len(every)}): {spread(every, 1000)}")
    for name, values in figures.items():
        print(f"  {name}, ms ({len(values)}): {spread(values, 1000)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="game seeds 0..N-1")
    parser.add_argument("--every", type=int, default=7, help="time every Nth choice")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="layouts a choice")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        print(json.dumps(measure(args.seeds, args.every, args.samples)))
        return
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"bench-expert, {when}, {args.seeds} games, every {args.every}th choice, "
        f"{args.samples} samples, load average {load}"
    )
    figures = measure(args.seeds, args.every, args.samples)
    report(f"CPython {platform.python_version()}, CPU time", figures)
    if args.no_pyodide:
        return
    inside = [
        "--inside",
        *(
            f"--{k}={v}"
            for k, v in (("seeds", args.seeds), ("every", args.every), ("samples", args.samples))
        ),
    ]
    report_inside(pathlib.Path(__file__), inside, report)


if __name__ == "__main__":
    main()
