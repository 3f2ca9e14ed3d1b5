"""Start and stop the tutorial site, and launch Debian's Chromium: shared by the browser
tests and the site benchmarks, so both measure the site exactly as `make serve` runs it."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from static_build import site_folder

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
"""The pytest-xdist worker running this process ("gw0", "gw1"; "" without workers): each
worker's servers log to files of their own (:func:`log_file`)."""
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


def log_file(name: str) -> pathlib.Path:
    """``name`` in test-artifacts/, after the worker's name when there are workers."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / (f"{WORKER}-{name}" if WORKER else name)


def static_folder() -> pathlib.Path:
    """Where site/build_static.py puts the static site: CALYPSO_SITE_OUT, or _site/."""
    return site_folder()


def start_site(notebooks: pathlib.Path, log_name: str, *options: str) -> Site:
    """The site served by site/serve.py (as `make serve` runs it) on a free port of 127.0.0.1
    (a classroom server too: ``--host`` in ``options`` for another), with any more of its
    ``options`` (``--class-size``, ``--cull-idle``, Voila's own ...)."""
    port = free_port()
    log = log_file(log_name)
    process = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "site" / "serve.py"),
            f"--port={port}",
            "--host=127.0.0.1",
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


def answering(site: Site) -> Site:
    """``site`` once it answers (within 30 s); else it is stopped and the error raised."""
    try:
        wait_for(site.url + "/", 30)
    except RuntimeError:
        stop_site(site)
        raise
    return site


def serve_files(directory: pathlib.Path, log_name: str | None = None) -> Site:
    """A plain static file server (``python -m http.server``) for ``directory`` on a free port of
    127.0.0.1, answering before this returns; stop it with :func:`stop_site`."""
    port = free_port()
    log = None if log_name is None else log_file(log_name)
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
        cwd=directory,
        stdout=subprocess.DEVNULL if log is None else log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    site = Site(f"http://127.0.0.1:{port}", process, log or pathlib.Path(os.devnull))
    return answering(site)


def serve_built_site(directory: pathlib.Path) -> Site:
    """A built static site served by site/serve_static.py (as `make serve-static` serves it:
    gzipped, with cache headers) on a free port of 127.0.0.1; stop it with :func:`stop_site`."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "site" / "serve_static.py"),
            f"--port={port}",
            f"--directory={directory}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    site = Site(f"http://127.0.0.1:{port}", process, pathlib.Path(os.devnull))
    return answering(site)


SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 200_000,
    "uploadThroughput": 90_000,
}
"""Chromium's network emulation of a slow mobile connection: 150 ms round trips, 1.6 Mbit/s
down."""


def full_page_screenshot(page: Page, path: pathlib.Path, width: int = 1280) -> None:
    """The whole page as a person scrolls it, ``width`` px wide (Voila and Voici scroll inside
    their own container, so the window is stretched to the content's height first)."""
    path.parent.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    height = page.evaluate(
        "Math.max(document.body.scrollHeight, "
        "...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": min(int(height), 20_000)})
    page.screenshot(path=str(path), full_page=True)


def launch_chromium(playwright: Playwright) -> Browser:
    chromium = shutil.which("chromium")
    if chromium is None:
        raise RuntimeError("Debian's chromium is not installed: run `make browser`")
    return playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)


ACTION_MS = 30_000
"""How long a click or a locator waits: a widget drawn by a kernel on a busy two-core machine."""
NAVIGATION_MS = 120_000
"""How long a page may take to load: Voila sends a page once its kernel has run every cell, and
on a two-core machine running two workers, a static build and the servers a kernel can start
late (a fresh-clone run once waited 30 s for chapter 09)."""


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    """A fresh browser context (its own cookies and storage) whose pages wait as long as the
    busy test machine needs: every test opens its pages through this."""
    context = browser.new_context(**options)
    context.set_default_timeout(ACTION_MS)
    context.set_default_navigation_timeout(NAVIGATION_MS)
    return context


FIRST_WIDGET_MS = 90_000
"""How long a static page may take to show its first widget (Pyodide starts on every page)."""
LIVE_WIDGET = "[cell-index] .jupyter-widgets"
"""A widget drawn by a cell that has run, not a static page's picture of one
(site/paint_static.py), which sits in the note before the cell."""
PICTURE = ".calypso-painted"
"""A static page's picture of a widget, hidden or shown (site/paint_static.py)."""


def html_name(chapter: str) -> str:
    """A chapter's page on the static site: ``02-who-wins-the-trick.html``."""
    return chapter.removesuffix(".ipynb") + ".html"


def code_cells(chapter: str) -> int:
    """How many code cells (each showing one widget) a chapter has."""
    notebook = json.loads((ROOT / "notebooks" / chapter).read_text())
    return sum(1 for c in notebook["cells"] if c["cell_type"] == "code" and "".join(c["source"]))


@dataclass
class StaticSite:
    """The static site, built once and served by a plain file server."""

    url: str
    requests: list[str] = field(default_factory=list)

    def chapter(self, name: str) -> str:
        return f"{self.url}/voici/render/{html_name(name)}"
