"""The static site's build shared by a test run's workers (static_build.py), with a stand-in
build: a short Python command that counts its runs in a file."""

from __future__ import annotations

import os
import pathlib
import signal
import sys
import threading
import time

from static_build import ENDED_WITHOUT_RESULT, SharedBuild


def counting(folder: pathlib.Path, code: int = 0, seconds: float = 0.3) -> tuple[str, ...]:
    """A build that adds a line to folder/runs, takes ``seconds``, and exits with ``code``."""
    script = (
        "import pathlib, sys, time; "
        f"runs = pathlib.Path({str(folder / 'runs')!r}); "
        "runs.open('a').write('built\\n'); "
        f"time.sleep({seconds}); print('done'); sys.exit({code})"
    )
    return (sys.executable, "-c", script)


def runs(folder: pathlib.Path) -> int:
    path = folder / "runs"
    return len(path.read_text().splitlines()) if path.exists() else 0


def build_of(run: str, folder: pathlib.Path, command: tuple[str, ...]) -> SharedBuild:
    return SharedBuild(run, folder / "_site", command, folder / "build")


def test_two_workers_of_one_run_share_one_build(tmp_path: pathlib.Path) -> None:
    command = counting(tmp_path, seconds=0.5)
    log = tmp_path / "build.log"
    started: list[bool] = []
    workers = [
        threading.Thread(target=lambda: started.append(build_of("A", tmp_path, command).start(log)))
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(started) == [False, True]
    build = build_of("A", tmp_path, command)
    assert not build.finished()
    codes: list[int] = []
    waiting = [threading.Thread(target=lambda: codes.append(build.wait(log))) for _ in range(2)]
    for worker in waiting:
        worker.start()
    for worker in waiting:
        worker.join()
    assert codes == [0, 0] and build.finished()
    assert runs(tmp_path) == 1
    assert log.read_text() == "done\n"
    assert build.start(log) is False and build.wait(log) == 0 and runs(tmp_path) == 1


def test_a_build_of_an_earlier_run_is_never_trusted(tmp_path: pathlib.Path) -> None:
    command = counting(tmp_path)
    log = tmp_path / "build.log"
    assert build_of("earlier", tmp_path, command).wait(log) == 0
    later = build_of("later", tmp_path, command)
    assert not later.finished()
    assert later.wait(log) == 0 and later.finished()
    assert runs(tmp_path) == 2


def test_a_run_waits_for_an_earlier_runs_build_still_going_then_builds_its_own(
    tmp_path: pathlib.Path,
) -> None:
    command = counting(tmp_path, seconds=0.5)
    log = tmp_path / "build.log"
    assert build_of("earlier", tmp_path, command).start(log)
    later = build_of("later", tmp_path, command)
    assert later.start(log) is False  # the earlier build holds the lock
    assert later.wait(log) == 0
    assert runs(tmp_path) == 2


def test_a_failed_build_gives_its_exit_code_to_every_worker(tmp_path: pathlib.Path) -> None:
    build = build_of("A", tmp_path, counting(tmp_path, code=3))
    log = tmp_path / "build.log"
    assert build.wait(log) == 3
    assert build.wait(log) == 3 and runs(tmp_path) == 1


def test_a_build_stopped_before_its_end_says_so(tmp_path: pathlib.Path) -> None:
    pids = tmp_path / "pids"
    script = (
        "import os, pathlib, time; "
        f"pathlib.Path({str(pids)!r}).write_text(f'{{os.getppid()}} {{os.getpid()}}'); "
        "time.sleep(30)"
    )
    build = build_of("A", tmp_path, (sys.executable, "-c", script))
    log = tmp_path / "build.log"
    assert build.start(log)
    deadline = time.monotonic() + 10
    while (not pids.exists() or not pids.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    wrapper, command = (int(pid) for pid in pids.read_text().split())
    os.kill(command, signal.SIGKILL)
    os.kill(wrapper, signal.SIGKILL)
    assert build.wait(log) == ENDED_WITHOUT_RESULT
    assert not build.finished()
