"""Kernels for a day of classes: chapters open on preheated kernels, closed tabs' kernels go."""

import shutil
import subprocess
import time

from live_site import ROOT, start_site, stop_site
from playwright.sync_api import expect


def kernels(voila_pid: int) -> int:
    found = subprocess.run(
        ["pgrep", "-P", str(voila_pid), "-f", "ipykernel"], capture_output=True, text=True
    )
    return len(found.stdout.split())


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.5)
    return False


def test_a_closed_tabs_kernel_is_culled_and_the_pool_stays_warm(browser, tmp_path):
    shutil.copy(ROOT / "notebooks" / "00-welcome.ipynb", tmp_path / "00-welcome.ipynb")
    site = start_site(tmp_path, "voila-culling.log", "--cull-idle=4", "--cull-interval=1")
    try:
        pid = site.process.pid
        assert wait_until(lambda: kernels(pid) == 1, 60), "one preheated kernel per chapter"
        # The warm kernel has now been idle longer than the cull time: handed to a page, it
        # must live until the page connects, not be culled as a closed tab's.
        time.sleep(6)
        context = browser.new_context()
        page = context.new_page()
        page.goto(site.chapter("00-welcome.ipynb"))
        expect(page.locator(".calypso-widget")).to_be_visible(timeout=30_000)
        assert wait_until(lambda: kernels(pid) == 2, 30), "the pool refills behind the reader"
        context.close()
        assert wait_until(lambda: kernels(pid) == 1, 60), "the closed tab's kernel is shut down"
    finally:
        stop_site(site)
