"""Kernels for a day of classes: chapters open on preheated kernels, closed tabs' kernels go."""

import pathlib
import shutil
import subprocess
import time
from collections.abc import Callable

from live_site import ROOT, Site, new_context, start_site, stop_site
from playwright.sync_api import Browser, expect


def kernels(voila_pid: int) -> int:
    found = subprocess.run(
        ["pgrep", "-P", str(voila_pid), "-f", "ipykernel"], capture_output=True, text=True
    )
    return len(found.stdout.split())


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def welcome_site(tmp_path: pathlib.Path, log_name: str, *options: str) -> Site:
    """The site serving the welcome chapter alone, once its one preheated kernel is up."""
    shutil.copy(ROOT / "notebooks" / "00-welcome.ipynb", tmp_path / "00-welcome.ipynb")
    site = start_site(tmp_path, log_name, *options)
    if not wait_until(lambda: kernels(site.process.pid) == 1, 60):
        stop_site(site)
        raise AssertionError("one preheated kernel per chapter")
    return site


def test_closing_a_tab_shuts_its_kernel_down_at_once(
    browser: Browser, tmp_path: pathlib.Path
) -> None:
    # The idle culler is left at its 15 minutes: only the pages' own requests, sent as they
    # unload, can take the kernel count back down within the seconds this test waits.
    site = welcome_site(tmp_path, "voila-unload.log")
    try:
        pid = site.process.pid
        # Fresh contexts, each opening the chapter's link directly, as a class does: no cookie
        # from the server beforehand.
        contexts = [new_context(browser) for _ in range(3)]
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.goto(site.chapter("00-welcome.ipynb"))
        for page in pages:
            expect(page.locator(".calypso-widget").first).to_be_visible(timeout=30_000)
        assert wait_until(lambda: kernels(pid) == 4, 30), "three readers and the warm pool"
        for page in pages:
            page.close(run_before_unload=True)  # as a tab closes: beforeunload, then unload
        assert wait_until(lambda: kernels(pid) == 1, 5), "closed tabs' kernels are shut down"
        for context in contexts:
            context.close()
        log = site.log.read_text()
        assert "403 POST /voila/api/shutdown/" not in log, "a shutdown request was refused"
        assert log.count("Kernel shutdown:") == 3
    finally:
        stop_site(site)


def test_a_closed_tabs_kernel_is_culled_and_the_pool_stays_warm(
    browser: Browser, tmp_path: pathlib.Path
) -> None:
    site = welcome_site(tmp_path, "voila-culling.log", "--cull-idle=2", "--cull-interval=1")
    try:
        pid = site.process.pid
        # The warm kernel has now been idle longer than the cull time and a check: handed to a
        # page, it must live until the page connects, not be culled as a closed tab's.
        time.sleep(4)
        context = new_context(browser)
        page = context.new_page()
        page.goto(site.chapter("00-welcome.ipynb"))
        expect(page.locator(".calypso-widget").first).to_be_visible(timeout=30_000)
        assert wait_until(lambda: kernels(pid) == 2, 30), "the pool refills behind the reader"
        # Closed without running its unload handlers (a browser that crashed, a laptop shut):
        # the page never asks for its kernel's shutdown, and the idle culler ends it.
        context.close()
        assert wait_until(lambda: kernels(pid) == 1, 60), "the closed tab's kernel is shut down"
    finally:
        stop_site(site)
