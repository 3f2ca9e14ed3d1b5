"""Mutation testing of the rules modules with mutmut 3: would the tests notice a broken rule?

Runs ``mutmut run`` from the project root with the ``[tool.mutmut]`` settings of
pyproject.toml (the rules modules in ``only_mutate``, the non-browser tests; see
docs/mutation.md), then reads mutmut's results from ``mutants/`` and prints, per module, the
mutants killed, survived and in all, and the percentage killed. mutmut runs only the tests that
reach the mutated function (its per-mutant test selection) and keeps its results, so a second
run tests only the functions that changed since.

    python benchmarks/mutation.py                       # run, then report (make mutation)
    python benchmarks/mutation.py --report              # report the last run only
    python benchmarks/mutation.py --module calypso/engine/tricks.py --survivors
    python benchmarks/mutation.py --recheck             # and retest the survivors (new tests)

Exits with 1 when a module has fewer than ``--fail-under`` per cent killed (90 by default).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"
CAUGHT = ("killed", "timeout")
"""mutmut's verdicts on a mutant the tests caught: a test failed, or they never finished."""


@dataclass(frozen=True)
class Tally:
    module: str
    killed: int
    survived: int
    other: int
    """Not checked, no tests, suspicious and the like: counted as not killed."""
    survivors: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.killed + self.survived + self.other

    @property
    def percent(self) -> float:
        return 100 * self.killed / self.total if self.total else 0.0


def mutated_modules() -> list[str]:
    """The files ``[tool.mutmut] only_mutate`` names in pyproject.toml, in its order."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text()).get("tool", {}).get("mutmut")
    if not config or not config.get("only_mutate"):
        raise SystemExit(
            "pyproject.toml has no [tool.mutmut] only_mutate list: see docs/mutation.md"
        )
    return list(config["only_mutate"])


def tally(module: str) -> Tally:
    """What mutmut recorded for one module's mutants (``mutants/<module>.meta``)."""
    meta = MUTANTS / f"{module}.meta"
    if not meta.exists():
        return Tally(module, 0, 0, 0, ())
    codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    status = {name: status_by_exit_code[code] for name, code in codes.items()}
    killed = sum(verdict in CAUGHT for verdict in status.values())
    survivors = tuple(sorted(name for name, verdict in status.items() if verdict == "survived"))
    other = len(codes) - killed - len(survivors)
    return Tally(module, killed, len(survivors), other, survivors)


def run_mutmut(modules: list[str], max_children: int, recheck: bool) -> None:
    """``mutmut run`` over ``modules`` (all of ``only_mutate`` when it is every one of them).

    mutmut keeps a mutant's verdict until its function changes, so a run tests only mutants it
    has no verdict for; ``recheck`` then names the survivors, which makes mutmut test them again
    (with any tests added since).
    """
    names = [] if modules == mutated_modules() else [f"{_dotted(m)}.*" for m in modules]
    _mutmut(names, max_children)
    survivors = [name for m in modules for name in tally(m).survivors]
    if recheck and survivors:
        _mutmut(survivors, max_children)


def _mutmut(names: list[str], max_children: int) -> None:
    mutmut = Path(sys.executable).with_name("mutmut")
    command = [str(mutmut), "run", "--max-children", str(max_children), *names]
    done = subprocess.run(command, cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(f"mutmut run failed (exit {done.returncode})")


def _dotted(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


def report(tallies: list[Tally], survivors: bool) -> str:
    width = max(len(t.module) for t in tallies)
    every = Tally(
        "all",
        sum(t.killed for t in tallies),
        sum(t.survived for t in tallies),
        sum(t.other for t in tallies),
        (),
    )

    def row(t: Tally) -> str:
        return (
            f"{t.module:<{width}}  {t.killed:>6}  {t.survived:>8}  {t.other:>5}  {t.total:>5}  "
            f"{t.percent:7.1f}"
        )

    head = f"{'module':<{width}}  killed  survived  other  total  killed %"
    lines = [head, *(row(t) for t in tallies), row(every)]
    if survivors:
        for t in tallies:
            lines += [
                f"\nsurvivors in {t.module} ({t.survived}):",
                *(f"  {s}" for s in t.survivors),
            ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--report", action="store_true", help="report the last run, run nothing")
    parser.add_argument(
        "--module", action="append", help="only this file of only_mutate (may be repeated)"
    )
    parser.add_argument(
        "--recheck", action="store_true", help="test the last run's survivors again"
    )
    parser.add_argument("--max-children", type=int, default=2, help="mutmut workers (default 2)")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument("--fail-under", type=float, default=90.0, help="per-module minimum %%")
    args = parser.parse_args(argv)
    modules = mutated_modules()
    if args.module:
        unknown = sorted(set(args.module) - set(modules))
        if unknown:
            parser.error(f"not in [tool.mutmut] only_mutate: {', '.join(unknown)}")
        modules = [m for m in modules if m in args.module]
    start = time.monotonic()
    if not args.report:
        run_mutmut(modules, args.max_children, args.recheck)
    tallies = [tally(m) for m in modules]
    print(report(tallies, args.survivors))
    if not args.report:
        print(f"\nmutation run: {time.monotonic() - start:.0f} s")
    low = [t.module for t in tallies if t.percent < args.fail_under]
    if low:
        print(f"\nbelow {args.fail_under:g} % killed: {', '.join(low)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
