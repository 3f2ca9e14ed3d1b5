"""A live Voila site and a real Chromium for the browser tests.

The site is started once per test session through site/serve.py, the launcher `make serve` uses,
on a free port of 127.0.0.1. Chromium is Debian's (`make browser` installs it); Playwright
never downloads a browser here. Screenshots go to test-artifacts/ (ignored by git).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from live_site import (
    ARTIFACTS,
    ROOT,
    Site,
    StaticSite,
    full_page_screenshot,
    launch_chromium,
    new_context,
    serve_files,
    start_site,
    static_folder,
    stop_site,
)
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright
from scratch import write_all
from static_build import ENDED_WITHOUT_RESULT, SharedBuild

CULL = ("--cull-idle=10", "--cull-interval=5")
EXPECT_MS = 15_000
"""How long an expect() waits for what a person would see: Playwright's 5 s default is short for
a widget drawn by a kernel on a two-core machine running two workers, a static site build and
the servers they test (a first verdict or a re-sorted file's link came late in fresh-clone runs).
A check that holds returns at once; only a failing one waits this long."""
expect.set_options(timeout=EXPECT_MS)
"""The shared sites end a closed page's kernel within seconds, not the 15 minutes a teacher's
server waits: Playwright closes a page without the unload that would shut its kernel at once,
and a worker visits hundreds of pages. A kernel with a page still open is never culled."""


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    running = start_site(ROOT / "notebooks", "voila.log", *CULL)
    yield running
    stop_site(running)


@pytest.fixture(scope="session")
def scratch_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One site for every scratch notebook the test modules registered (tests/browser/
    scratch.py): collection imports them all before any fixture runs."""
    folder = tmp_path_factory.mktemp("scratch")
    write_all(folder)
    running = start_site(folder, "voila-scratch.log", *CULL)
    yield running
    stop_site(running)


RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex
"""This test run: its workers share it (pytest-xdist), a run without workers has its own."""
STATIC_BUILD_LOG = ARTIFACTS / "static-build.log"


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the static site's build in the background as soon as a test that needs it is
    collected, so that it runs beside the tests before them (static_build.py: the first worker
    starts it, the other finds it started)."""
    if session.config.option.collectonly:
        return
    if any("static_site" in getattr(item, "fixturenames", ()) for item in session.items):
        ARTIFACTS.mkdir(exist_ok=True)
        SharedBuild(RUN).start(STATIC_BUILD_LOG)


@pytest.fixture(scope="session")
def static_site() -> Iterator[StaticSite]:
    """The static site, built once per test run as ``make site`` builds it (in its own process,
    with none of the test session's settings: a log in test-artifacts/static-build.log) for
    every worker, and served by each from a plain file server on a free port."""
    ARTIFACTS.mkdir(exist_ok=True)
    code = SharedBuild(RUN).wait(STATIC_BUILD_LOG)
    if code != 0:
        tail = STATIC_BUILD_LOG.read_text(errors="replace").splitlines()[-30:]
        said = f"ended with {code}" if code != ENDED_WITHOUT_RESULT else "was stopped"
        pytest.fail(f"the static site's build {said}:\n" + "\n".join(tail), pytrace=False)
    server = serve_files(static_folder(), "static-server.log")
    try:
        yield StaticSite(server.url)
    finally:
        stop_site(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = launch_chromium(p)
        yield launched
        launched.close()


@dataclass
class Visit:
    """A page, and everything it did that a test may want to check."""

    page: Page
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    def screenshot(self, name: str, width: int = 1280) -> None:
        full_page_screenshot(self.page, ARTIFACTS / f"{name}.png", width)


def is_error(message: ConsoleMessage) -> bool:
    """A console error, except Voila's and the widget manager's own as a page unloads: a page
    left before its ``_xsrf`` cookie arrived (calypso-xsrf.js) asks the server to shut its
    kernel down without the token the server requires (voila-dashboards/voila#1458), the
    refusal is logged in the page being left, and the idle culler ends that kernel; and a
    widget reporting to Python (the progress views do on every change of the stored stars)
    while its kernel's connection closes is told that it "Could not send widget sync
    message"."""
    shutdown = "/voila/api/shutdown/" in message.location.get("url", "")
    leaving = message.text.startswith("Could not send widget sync message")
    return message.type == "error" and not shutdown and not leaving


@pytest.fixture
def visit(browser: Browser) -> Iterator[Visit]:
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    seen = Visit(page)
    page.on("console", lambda m: seen.console_errors.append(m.text) if is_error(m) else None)
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
