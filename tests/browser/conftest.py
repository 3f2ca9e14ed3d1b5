"""A live Voila site and a real Chromium for the browser tests.

The site is started once per test session through site/serve.sh, the script `make serve` uses,
on a free port of 127.0.0.1. Chromium is Debian's (`make browser` installs it); Playwright
never downloads a browser here. Screenshots go to test-artifacts/ (ignored by git).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

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


def start_site(
    notebooks: pathlib.Path,
    log_name: str,
    extra_env: dict[str, str] | None = None,
) -> Site:
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / log_name
    env = {
        **os.environ,
        "PATH": f"{pathlib.Path(sys.executable).parent}:{os.environ['PATH']}",
        **(extra_env or {}),
    }
    process = subprocess.Popen(
        [str(ROOT / "site" / "serve.sh"), str(port), str(notebooks)],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env=env,
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


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    running = start_site(ROOT / "notebooks", "voila.log")
    yield running
    stop_site(running)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is not installed: run `make browser` (or `make test`)")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@dataclass
class Visit:
    """A page, and everything it did that a test may want to check."""

    page: Page
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def visit(browser: Browser) -> Iterator[Visit]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    seen = Visit(page)
    page.on("console", lambda m: seen.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.console_errors.append(str(e)))
    page.on(
        "request",
        lambda r: (
            seen.foreign_requests.append(r.url)
            if not r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
            else None
        ),
    )
    yield seen
    context.close()
