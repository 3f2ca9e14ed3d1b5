"""Start and stop the tutorial site, and launch Debian's Chromium: shared by the browser
tests and the site benchmarks, so both measure the site exactly as `make serve` runs it."""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass

from playwright.sync_api import Browser, Playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
CHAPTERS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"the site did not answer at {url} within {seconds} s")


@dataclass
class Site:
    url: str
    process: subprocess.Popen[bytes]
    log: pathlib.Path

    def chapter(self, name: str) -> str:
        return f"{self.url}/voila/render/{name}"


def start_site(notebooks: pathlib.Path, log_name: str, *options: str) -> Site:
    """The site served by site/serve.py (as `make serve` runs it) on a free port, with any more
    of its ``options`` (``--class-size``, ``--cull-idle``, Voila's own ...)."""
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / log_name
    process = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "site" / "serve.py"),
            f"--port={port}",
            f"--notebooks={notebooks}",
            *options,
        ],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    site = Site(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_for(site.url + "/", 60)
    except RuntimeError:
        stop_site(site)
        raise
    return site


def stop_site(site: Site) -> None:
    os.killpg(site.process.pid, 15)
    try:
        site.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(site.process.pid, 9)


def launch_chromium(playwright: Playwright) -> Browser:
    chromium = shutil.which("chromium")
    if chromium is None:
        raise RuntimeError("Debian's chromium is not installed: run `make browser`")
    return playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
