"""Serve the tutorial site with Voila, for one reader or for a class.

    python site/serve.py [--port 8866] [--host 127.0.0.1] [--notebooks DIR]
                         [--class-size N --chapter 06-class-quiz] [-- more voila options]

Every chapter opens on a preheated kernel (one kept warm per chapter), the site's own template
serves every asset itself, and a tab's kernel is shut down as the tab closes (the idle culler
ends those of tabs that could not say so, after 15 minutes). For a class, ``--class-size`` and
``--chapter`` preheat a pool for the chapter of the day, big enough for the class and a few late
arrivals, refill it only once the class has arrived, and cull within a few minutes. A page
whose kernel could not produce all of its widgets never looks finished: the template says the
server is busy and tries again.

It listens on 127.0.0.1 unless ``--host`` names another address (``0.0.0.0`` for a classroom
network). ``make serve``, the browser tests and the benchmarks all start the site through here.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass

HERE = pathlib.Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"

IOPUB_TIMEOUT = 60
"""Seconds Voila waits for a cell's output once the cell has run (its default, 4, drops the
widgets of a busy server without a word); past it the cell fails, and the page says so."""


@dataclass(frozen=True)
class Settings:
    """How the server keeps its kernels: for one reader, or for a class."""

    class_size: int = 0
    chapter: str | None = None
    cull_idle: int | None = None
    cull_interval: int | None = None
    refill_after: float | None = None

    @property
    def for_a_class(self) -> bool:
        return self.class_size > 0

    @property
    def pool(self) -> int:
        """Kernels kept warm for the chapter of the day: the class and a few to spare."""
        return self.class_size + max(2, self.class_size // 10)

    def culling(self) -> tuple[int, int]:
        """Seconds a closed tab's kernel may sit idle, and how often that is checked."""
        idle, interval = (180, 30) if self.for_a_class else (900, 60)
        return (self.cull_idle or idle, self.cull_interval or interval)


def voila_command(
    notebooks: pathlib.Path, port: int, host: str, settings: Settings, extra: Sequence[str] = ()
) -> list[str]:
    """The ``voila`` command line that serves ``notebooks`` with these settings.

    >>> command = voila_command(NOTEBOOKS, 8866, "127.0.0.1", Settings(30, "06-class-quiz"))
    >>> for arg in command:
    ...     if "KernelManager" in arg:
    ...         print(arg)
    --VoilaConfiguration.multi_kernel_manager_class=kernel_manager.SiteKernelManager
    --MappingKernelManager.cull_idle_timeout=180
    --MappingKernelManager.cull_interval=30
    --VoilaKernelManager.kernel_pools_config={"06-class-quiz.ipynb": {"pool_size": 33}, ...}}
    --VoilaKernelManager.fill_delay=120
    """
    idle, interval = settings.culling()
    command = [
        "voila",
        str(notebooks),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--template=calypso",
        "--theme=light",
        "--preheat_kernel=True",
        "--pool_size=1",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        "--VoilaExecutor.raise_on_iopub_timeout=True",
        "--VoilaConfiguration.multi_kernel_manager_class=kernel_manager.SiteKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={idle}",
        f"--MappingKernelManager.cull_interval={interval}",
    ]
    if settings.for_a_class:
        if settings.chapter is None:
            raise ValueError("bad class: name the chapter of the day, e.g. --chapter 06-class-quiz")
        pools = {
            f"{settings.chapter}.ipynb": {"pool_size": settings.pool},
            "default": {"pool_size": 1},
        }
        refill = 120 if settings.refill_after is None else settings.refill_after
        command += [
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
            f"--VoilaKernelManager.fill_delay={refill:g}",
        ]
    return [*command, *extra]


BOARD = HERE.parent / "class-data" / "class-board.sqlite"
"""The classroom server's live board: one SQLite file on this machine (delete the folder to
forget every class)."""


def board_lines(board_key: str, host: str, port: int, path: pathlib.Path = BOARD) -> list[str]:
    """What the classroom server tells the teacher about the live board.

    >>> for line in board_lines("k3y", "0.0.0.0", 8866, pathlib.Path("/srv/board.sqlite")):
    ...     print(line)
    Live class board: /srv/board.sqlite (delete its folder to forget every class).
    Teacher key: k3y (type it on the teacher's desk to see the class live).
    Teacher's desk: http://THIS-COMPUTER:8866/voila/render/teachers-desk.ipynb
    """
    shown = "THIS-COMPUTER" if host in ("0.0.0.0", "::") else host
    return [
        f"Live class board: {path} (delete its folder to forget every class).",
        f"Teacher key: {board_key} (type it on the teacher's desk to see the class live).",
        f"Teacher's desk: http://{shown}:{port}/voila/render/teachers-desk.ipynb",
    ]


def other_ways(settings: Settings) -> str | None:
    """The line telling whoever started a plain server about the class mode and the static site.

    >>> print(other_ways(Settings()))
    For a class: make serve CLASS=30 CHAPTER=06-class-quiz. For the static site: make serve-static.
    >>> other_ways(Settings(30, "06-class-quiz")) is None
    True
    """
    if settings.for_a_class:
        return None
    return (
        "For a class: make serve CLASS=30 CHAPTER=06-class-quiz. "
        "For the static site: make serve-static."
    )


def _chapter(notebooks: pathlib.Path, name: str) -> str:
    """A chapter's name without ``.ipynb``, checked against the notebooks served."""
    stem = name.removesuffix(".ipynb")
    if not (notebooks / f"{stem}.ipynb").is_file():
        chapters = ", ".join(sorted(p.stem for p in notebooks.glob("*.ipynb")))
        raise ValueError(f"bad chapter {name!r}: expected one of {chapters}")
    return stem


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 for a classroom network")
    parser.add_argument("--notebooks", type=pathlib.Path, default=NOTEBOOKS)
    parser.add_argument("--class-size", type=int, default=0, help="students in the class")
    parser.add_argument("--chapter", help="the chapter of the day, e.g. 06-class-quiz")
    parser.add_argument("--cull-idle", type=int, help="seconds before a closed tab's kernel goes")
    parser.add_argument("--cull-interval", type=int, help="seconds between checks for them")
    parser.add_argument("--refill-after", type=float, help="seconds before the pool refills")
    parser.add_argument("--dry-run", action="store_true", help="print the command, start nothing")
    args, extra = parser.parse_known_args(argv)
    try:
        if args.class_size < 0:
            raise ValueError(f"bad class size {args.class_size}: expected a whole number from 0 up")
        if args.chapter is not None and not args.class_size:
            raise ValueError("a chapter of the day goes with a class size: give --class-size too")
        chapter = None if args.chapter is None else _chapter(args.notebooks, args.chapter)
        settings = Settings(
            args.class_size, chapter, args.cull_idle, args.cull_interval, args.refill_after
        )
        command = voila_command(args.notebooks, args.port, args.host, settings, extra)
    except ValueError as exc:
        print(f"serve: error: {exc}", file=sys.stderr)
        return 2
    if args.dry_run:
        print(" ".join(command))
        return 0
    line = other_ways(settings)
    if line is not None:
        print(line, flush=True)
    board: dict[str, str] = {}
    if settings.for_a_class:
        from calypso.board import BOARD_ENV, Board

        print("\n".join(board_lines(Board(BOARD).teacher_key, args.host, args.port)), flush=True)
        board = {BOARD_ENV: str(BOARD)}
    voila = str(pathlib.Path(sys.executable).parent / "voila")

    def here_and(name: str) -> str:
        return os.pathsep.join([str(HERE), *filter(None, [os.environ.get(name)])])

    # Our template (on JUPYTER_PATH) and our kernel manager (on PYTHONPATH) both live here.
    env = {"JUPYTER_PATH": here_and("JUPYTER_PATH"), "PYTHONPATH": here_and("PYTHONPATH")}
    os.execve(voila, [voila, *command[1:]], {**os.environ, **env, **board})


if __name__ == "__main__":
    sys.exit(main())
