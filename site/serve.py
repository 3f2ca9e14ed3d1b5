"""Serve the tutorial site with Voila, for one reader or for a class.

    python site/serve.py [--port 8866] [--host 127.0.0.1] [--notebooks DIR]
                         [--class-size N --chapter 08-class-quiz] [-- more voila options]

Every chapter opens on a preheated kernel (one kept warm per chapter), the site's own template
serves every asset itself, and a tab's kernel is shut down as the tab closes (the idle culler
ends those of tabs that could not say so, after 15 minutes). For a class, ``--class-size`` and
``--chapter`` preheat a pool for the chapter of the day, big enough for the class and a few late
arrivals, refill it only once the class has arrived, and cull within a few minutes. A page
whose kernel could not produce all of its widgets never looks finished: the template says the
server is busy and tries again.

It listens on 127.0.0.1 unless ``--host`` names another address; the classroom server listens
on the room's network (``0.0.0.0``) unless ``--host`` keeps it on this machine (127.0.0.1), and
gives every kernel the students' address (``CALYPSO_ROOM_URL``: this machine's address on the
network, see :func:`room_address`), which the teacher's desk shows with its QR code. It stops
with one line if that port is taken. ``make serve``, the browser tests and
the benchmarks all start the site through here; ``make serve`` passes ``--from-make``, so its
errors name make's variables (``PORT=``, ``CHAPTER=``) rather than this script's flags.
"""

from __future__ import annotations

import argparse
import errno
import os
import pathlib
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from calypso.lessons.chapters import CHAPTERS

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

    >>> command = voila_command(NOTEBOOKS, 8866, "127.0.0.1", Settings(30, "08-class-quiz"))
    >>> for arg in command:
    ...     if "KernelManager" in arg:
    ...         print(arg)
    --VoilaConfiguration.multi_kernel_manager_class=kernel_manager.SiteKernelManager
    --MappingKernelManager.cull_idle_timeout=180
    --MappingKernelManager.cull_interval=30
    --KernelManager.transport=ipc
    --SiteKernelManager.class_chapter=08-class-quiz
    --SiteKernelManager.class_pool=33
    --SiteKernelManager.class_refill=120
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
        # Kernels talk to the server over Unix sockets in Voila's private folder, not over local
        # TCP ports (of which every kernel warns that they are not encrypted).
        "--KernelManager.transport=ipc",
    ]
    if settings.for_a_class:
        if settings.chapter is None:
            raise ValueError("a class needs its chapter of the day")
        refill = 120 if settings.refill_after is None else settings.refill_after
        command += [
            f"--SiteKernelManager.class_chapter={settings.chapter}",
            f"--SiteKernelManager.class_pool={settings.pool}",
            f"--SiteKernelManager.class_refill={refill:g}",
        ]
    return [*command, *extra]


def trust(notebooks: pathlib.Path) -> None:
    """Sign the chapters and their translations (``hu/``) in Jupyter's notebook notary, as
    ``jupyter trust`` does, so that the server does not warn that each one "is not trusted" as
    it opens. Trust only decides whether a notebook's saved outputs may show, and Voila shows
    none: it runs every chapter afresh."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    for path in sorted(notebooks.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        notebook = nbformat.read(path, as_version=4)
        if not notary.check_signature(notebook):
            notary.sign(notebook)


def bind_error(host: str, port: int) -> OSError | None:
    """What binding ``host`` port ``port`` raises (socket.gaierror: no such host), or None."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        return exc
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                return exc
    return None


def listen_problem(host: str, port: int, port_word: str, host_word: str) -> str | None:
    """The one line saying why a server could not listen on ``host`` port ``port`` and which
    setting to change (``port_word``, ``host_word``: as the user gave them), or None if it can.

    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0))
    ...     taken.listen()
    ...     print(listen_problem("127.0.0.1", taken.getsockname()[1], "PORT=", "HOST="))
    port ... on 127.0.0.1 is in use: choose another with PORT=, e.g. PORT=... (free now)
    >>> print(listen_problem("192.0.2.1", 8866, "--port", "--host"))
    cannot listen on 192.0.2.1 (not an address of this machine): choose another --host
    """
    error = bind_error(host, port)
    if error is None:
        return None
    if isinstance(error, socket.gaierror):
        return f"cannot listen on {host} (an unknown host): choose another {host_word}"
    if error.errno == errno.EADDRNOTAVAIL:
        why = "not an address of this machine"
        return f"cannot listen on {host} ({why}): choose another {host_word}"
    if error.errno != errno.EADDRINUSE:
        why = (error.strerror or str(error)).lower()
        return f"cannot listen on port {port} ({why}): choose another {port_word}"
    nearby = range(port + 1, min(port + 100, 65536))
    free = next((p for p in nearby if bind_error(host, p) is None), None)
    example = "" if free is None else f", e.g. {port_word.rstrip('=')}={free} (free now)"
    return f"port {port} on {host} is in use: choose another with {port_word}{example}"


ROOM_ENV = "CALYPSO_ROOM_URL"
"""The environment variable that tells the kernels the students' address (read by
:func:`calypso.classroom.board.room_url`)."""
EVERYWHERE = ("0.0.0.0", "::")
"""Hosts that listen on every network this machine is on."""


def room_address(probe: str = "10.255.255.255") -> str | None:
    """This machine's address on the network its default route leads to (the room's), or
    None when it has none. A UDP socket is pointed at ``probe`` (a private address; nothing is
    sent: choosing the route is all ``connect`` does for UDP), and says which address of this
    machine it would speak from.

    >>> address = room_address()
    >>> address is None or (address.count(".") == 3 and not address.startswith("127."))
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect((probe, 9))
            address = str(udp.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(("127.", "0.")) else address


def room_url(host: str, port: int, address: str | None) -> str | None:
    """The students' address for a server listening on ``host``: this machine's ``address``
    on the room's network when it listens everywhere, the host itself when it names one, and
    None when it stays on this machine.

    >>> room_url("0.0.0.0", 8866, "192.168.1.23"), room_url("10.0.0.5", 8866, "192.168.1.23")
    ('http://192.168.1.23:8866/', 'http://10.0.0.5:8866/')
    >>> room_url("127.0.0.1", 8866, "192.168.1.23"), room_url("0.0.0.0", 8866, None)
    (None, None)
    """
    if host in EVERYWHERE:
        return None if address is None else f"http://{address}:{port}/"
    if host in ("127.0.0.1", "localhost", "::1") or host.startswith("127."):
        return None
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def host_for(given: str | None, settings: Settings) -> str:
    """The address to listen on: the one given, else the room's network for a class and this
    machine alone otherwise.

    >>> host_for(None, Settings(30, "08-class-quiz")), host_for(None, Settings())
    ('0.0.0.0', '127.0.0.1')
    >>> host_for("127.0.0.1", Settings(30, "08-class-quiz"))
    '127.0.0.1'
    """
    if given:
        return given
    return "0.0.0.0" if settings.for_a_class else "127.0.0.1"


BOARD = HERE.parent / "class-data" / "class-board.sqlite"
"""The classroom server's live board: one SQLite file on this machine (delete the folder to
forget every class)."""


def board_lines(
    board_key: str,
    host: str,
    port: int,
    room: str | None,
    path: pathlib.Path = BOARD,
    host_word: str = "--host",
) -> list[str]:
    """What the classroom server tells the teacher about the live board and the room's
    network (``room``: the students' address, :func:`room_url`; ``host_word``: the setting that
    chose the address, as the user gives it).

    >>> room = "http://192.168.1.23:8866/"
    >>> for line in board_lines("k3y", "0.0.0.0", 8866, room, pathlib.Path("/srv/board.sqlite")):
    ...     print(line)
    Live class board: /srv/board.sqlite (delete its folder to forget every class).
    Teacher key: k3y (type it on the teacher's desk to see the class live).
    Teacher's desk: http://127.0.0.1:8866/voila/render/teachers-desk.ipynb
    Students: http://192.168.1.23:8866/ from any phone or laptop on this network.
    To keep the site on this computer alone, start it with --host=127.0.0.1.
    >>> print(board_lines("k3y", "127.0.0.1", 8866, None)[-1])
    Students: only this computer can open the site (it listens on 127.0.0.1).
    """
    desk = "127.0.0.1" if host in EVERYWHERE else host
    lines = [
        f"Live class board: {path} (delete its folder to forget every class).",
        f"Teacher key: {board_key} (type it on the teacher's desk to see the class live).",
        f"Teacher's desk: http://{desk}:{port}/voila/render/teachers-desk.ipynb",
    ]
    if room is not None:
        keep = f"{host_word}127.0.0.1" if host_word.endswith("=") else f"{host_word}=127.0.0.1"
        return [
            *lines,
            f"Students: {room} from any phone or laptop on this network.",
            f"To keep the site on this computer alone, start it with {keep}.",
        ]
    if host in EVERYWHERE:
        return [*lines, "Students: this computer is on no network now, so only it can open it."]
    return [*lines, f"Students: only this computer can open the site (it listens on {host})."]


def other_ways(settings: Settings) -> str | None:
    """The line telling whoever started a plain server about the class mode and the static site.

    >>> print(other_ways(Settings()))
    For a class: make serve CLASS=30 CHAPTER=08-class-quiz. For the static site: make serve-static.
    >>> other_ways(Settings(30, "08-class-quiz")) is None
    True
    """
    if settings.for_a_class:
        return None
    return (
        "For a class: make serve CLASS=30 CHAPTER=08-class-quiz. "
        "For the static site: make serve-static."
    )


def _chapter(notebooks: pathlib.Path, name: str, word: str) -> str:
    """A page's name without ``.ipynb``, given as a chapter's slug (``quiz``, see
    :mod:`calypso.lessons.chapters`) or as the page's name, checked against the notebooks served
    (``word``: the option that gave it, for the error).

    >>> _chapter(NOTEBOOKS, "quiz", "--chapter"), _chapter(NOTEBOOKS, "04-scoring", "--chapter")
    ('08-class-quiz', '04-scoring')
    >>> _chapter(NOTEBOOKS, "06", "CHAPTER=")
    Traceback (most recent call last):
    ...
    ValueError: bad CHAPTER=06: expected a chapter (welcome, table, ...) or a page (00-welcome, ...)
    """
    slugs = {chapter.slug: chapter.page for chapter in CHAPTERS}
    stem = slugs.get(name, name.removesuffix(".ipynb"))
    if not (notebooks / f"{stem}.ipynb").is_file():
        pages = ", ".join(sorted(p.stem for p in notebooks.glob("*.ipynb")))
        raise ValueError(
            f"bad {word.rstrip('=')}={name}: expected a chapter ({', '.join(slugs)}) "
            f"or a page ({pages})"
        )
    return stem


MAKE_WORDS = {
    "--port": "PORT=",
    "--host": "HOST=",
    "--class-size": "CLASS=",
    "--chapter": "CHAPTER=",
}
"""What ``make serve`` calls each of the options it passes on."""


def whole_number(text: str, least: int, most: int | None, name: str, meaning: str) -> int:
    """``text`` as a whole number from ``least`` to ``most`` (None: no limit), else a ValueError
    naming ``name``.

    >>> whole_number("8O66", 1, 65535, "PORT=", "a port number")
    Traceback (most recent call last):
    ...
    ValueError: bad PORT=8O66: expected a port number from 1 to 65535
    """
    number = int(text) if text.strip().isdigit() else least - 1
    if least <= number and (most is None or number <= most):
        return number
    upper = "up" if most is None else f"to {most}"
    raise ValueError(f"bad {name.rstrip('=')}={text}: expected {meaning} from {least} {upper}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", default="8866")
    parser.add_argument(
        "--host", help="default 127.0.0.1; for a class, 0.0.0.0 (the room's network)"
    )
    parser.add_argument("--notebooks", type=pathlib.Path, default=NOTEBOOKS)
    parser.add_argument("--class-size", default="0", help="students in the class")
    parser.add_argument("--chapter", help="the chapter of the day, e.g. quiz or 08-class-quiz")
    parser.add_argument("--cull-idle", type=int, help="seconds before a closed tab's kernel goes")
    parser.add_argument("--cull-interval", type=int, help="seconds between checks for them")
    parser.add_argument("--refill-after", type=float, help="seconds before the pool refills")
    parser.add_argument(
        "--board", type=pathlib.Path, default=BOARD, help="for a class: the live board's file"
    )
    parser.add_argument("--dry-run", action="store_true", help="print the command, start nothing")
    parser.add_argument(
        "--from-make", action="store_true", help="name make's variables (PORT=...) in errors"
    )
    args, extra = parser.parse_known_args(argv)

    def word(flag: str) -> str:
        return MAKE_WORDS[flag] if args.from_make else flag

    try:
        port = whole_number(args.port, 1, 65535, word("--port"), "a port number")
        size = whole_number(args.class_size, 0, None, word("--class-size"), "a class size")
        if args.chapter is not None and not size:
            raise ValueError(
                f"a chapter of the day goes with a class size: give {word('--class-size')} too"
            )
        if size and args.chapter is None:
            example = f"{word('--chapter').rstrip('=')}=08-class-quiz"
            raise ValueError(f"a class needs its chapter of the day: give one too, e.g. {example}")
        chapter = (
            None
            if args.chapter is None
            else _chapter(args.notebooks, args.chapter, word("--chapter"))
        )
        settings = Settings(size, chapter, args.cull_idle, args.cull_interval, args.refill_after)
        host = host_for(args.host, settings)
        command = voila_command(args.notebooks, port, host, settings, extra)
    except ValueError as exc:
        print(f"serve: error: {exc}", file=sys.stderr)
        return 2
    if args.dry_run:
        print(" ".join(command))
        return 0
    problem = listen_problem(host, port, word("--port"), word("--host"))
    if problem is not None:
        print(f"serve: error: {problem}", file=sys.stderr)
        return 1
    trust(args.notebooks)
    line = other_ways(settings)
    if line is not None:
        print(line, flush=True)
    board: dict[str, str] = {}
    if settings.for_a_class:
        from calypso.classroom.board import BOARD_ENV, Board

        key = Board(args.board).teacher_key
        room = room_url(host, port, room_address())
        lines = board_lines(key, host, port, room, args.board, word("--host"))
        print("\n".join(lines), flush=True)
        board = {BOARD_ENV: str(args.board), **({ROOM_ENV: room} if room else {})}
    voila = str(pathlib.Path(sys.executable).parent / "voila")

    def here_and(name: str) -> str:
        return os.pathsep.join([str(HERE), *filter(None, [os.environ.get(name)])])

    # Our template (on JUPYTER_PATH) and our kernel manager (on PYTHONPATH) both live here.
    env = {"JUPYTER_PATH": here_and("JUPYTER_PATH"), "PYTHONPATH": here_and("PYTHONPATH")}
    os.execve(voila, [voila, *command[1:]], {**os.environ, **env, **board})


if __name__ == "__main__":
    sys.exit(main())
