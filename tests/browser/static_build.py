"""The static site's build, shared by a test run's workers (``pytest -n 2``).

The first worker that collects a test on the static site starts its build in the background
(:meth:`SharedBuild.start`): ``site/build_static.py``, as ``make site`` runs it, in a process of
its own that holds a lock file for as long as it runs, then writes down its exit code with the
test run's id. Any worker that gets there second finds the lock held, or this run's record, and
starts nothing. A test that needs the site waits for the lock (:meth:`SharedBuild.wait`) and
reads the record: a record of another run (a build left by an earlier run) is never trusted.
The lock and the record sit in build/static/, beside the build's caches, one pair per output
folder (the output folder itself is removed and made anew by the build).

>>> build = SharedBuild("run-1", pathlib.Path("/tmp/site"))
>>> build.lock.name.startswith("tests-") and build.lock.suffix, build.record.suffix
('.lock', '.json')
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "static"
BUILD_SITE = (sys.executable, str(ROOT / "site" / "build_static.py"))
"""The command that builds the site, as ``make site`` runs it."""
ENDED_WITHOUT_RESULT = -1
"""What :meth:`SharedBuild.wait` returns for a build whose process ended without writing its
exit code (killed)."""


def site_folder() -> pathlib.Path:
    """Where site/build_static.py puts the static site: CALYPSO_SITE_OUT, or _site/."""
    return pathlib.Path(os.environ.get("CALYPSO_SITE_OUT") or ROOT / "_site").resolve()


def build_env() -> dict[str, str]:
    """The build's environment: none of the test session's settings (pytest's, Jupyter's)."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "JUPYTER"))}


@dataclass(frozen=True)
class SharedBuild:
    """The build of the static site into ``output`` for the test run ``run``, by ``command``,
    with its lock and record in ``folder``."""

    run: str
    output: pathlib.Path = field(default_factory=site_folder)
    command: tuple[str, ...] = BUILD_SITE
    folder: pathlib.Path = BUILD

    @property
    def lock(self) -> pathlib.Path:
        return self.folder / f"tests-{self._key}.lock"

    @property
    def record(self) -> pathlib.Path:
        return self.folder / f"tests-{self._key}.json"

    @property
    def _key(self) -> str:
        return hashlib.sha256(str(self.output).encode()).hexdigest()[:12]

    def _ours(self) -> dict[str, object] | None:
        """The record, if it is this run's."""
        try:
            found = json.loads(self.record.read_text())
        except (OSError, ValueError):
            return None
        return found if isinstance(found, dict) and found.get("run") == self.run else None

    def finished(self) -> bool:
        """Whether this run's build has ended (a look at its record, never a wait)."""
        ours = self._ours()
        return ours is not None and "returncode" in ours

    def start(self, log: pathlib.Path) -> bool:
        """Start this run's build, its output going to ``log``, unless it is started already
        (or another worker is looking at the lock this instant, and so starts it); True if
        this call started it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            if self._ours() is not None:
                return False
            write_json(self.record, {"run": self.run})
            # The build process inherits the locked file: the lock is held until it ends.
            subprocess.Popen(
                [sys.executable, __file__, str(self.record), self.run, str(log), *self.command],
                pass_fds=(fd,),
                env=build_env(),
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            return True
        finally:
            os.close(fd)

    def wait(self, log: pathlib.Path) -> int:
        """This run's build's exit code, once it has ended (started here if no one has)."""
        while True:
            self.start(log)
            fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_SH)  # granted once no build holds the lock
                ours = self._ours()
            finally:
                os.close(fd)
            if ours is not None:  # else another run's build held the lock: start ours now
                code = ours.get("returncode", ENDED_WITHOUT_RESULT)
                return code if isinstance(code, int) else ENDED_WITHOUT_RESULT


def write_json(path: pathlib.Path, value: dict[str, object]) -> None:
    """``value`` written to ``path`` at once (a reader sees the old file or the new one)."""
    part = path.with_suffix(".part")
    part.write_text(json.dumps(value))
    part.replace(path)


def main(argv: Sequence[str]) -> None:
    """The build process (arguments: the record, the run, the log, the command): the command,
    then its exit code in the record."""
    record, run, log, *command = argv
    start = time.monotonic()
    with open(log, "wb") as out:
        done = subprocess.run(
            command,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    ended = {"run": run, "returncode": done.returncode, "seconds": round(time.monotonic() - start)}
    write_json(pathlib.Path(record), ended)


if __name__ == "__main__":
    main(sys.argv[1:])
