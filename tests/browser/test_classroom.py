"""The classroom server: a pool for the chapter of the day, closed tabs' kernels shut down, and a
page that lost its widgets to a busy server saying so instead of looking finished."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
from live_site import ROOT, new_context, start_site, stop_site
from nbformat.v4 import new_notebook
from playwright.sync_api import Browser, expect
from scratch import code, markdown
from test_kernels import kernels, wait_until


def serve_dry_run(*options: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "site" / "serve.py"), "--dry-run", *options],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()


def test_class_settings_size_the_pool_defer_the_refill_and_cull_within_minutes() -> None:
    command = serve_dry_run("--class-size=30", "--chapter=08-class-quiz", "--host=0.0.0.0")
    options = dict(arg.split("=", 1) for arg in command if arg.startswith("--") and "=" in arg)
    assert options["--Voila.ip"] == "0.0.0.0"
    assert options["--SiteKernelManager.class_chapter"] == "08-class-quiz"
    assert int(options["--SiteKernelManager.class_pool"]) >= 30
    assert float(options["--SiteKernelManager.class_refill"]) >= 60
    idle = int(options["--MappingKernelManager.cull_idle_timeout"])
    interval = int(options["--MappingKernelManager.cull_interval"])
    assert idle + interval <= 5 * 60
    assert options["--VoilaExecutor.raise_on_iopub_timeout"] == "True"
    by_name = serve_dry_run("--class-size=30", "--chapter=quiz")  # the chapter's slug
    assert "--SiteKernelManager.class_chapter=08-class-quiz" in by_name


def test_a_class_needs_a_chapter_that_exists() -> None:
    for bad in (
        ["--class-size=30"],
        ["--class-size=30", "--chapter=99-nothing"],
        ["--class-size=30", "--chapter=06"],
    ):
        out = subprocess.run(
            [sys.executable, str(ROOT / "site" / "serve.py"), "--dry-run", *bad],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_the_chapter_of_the_day_opens_on_its_pool_and_closed_tabs_go(
    browser: Browser, tmp_path: Path
) -> None:
    for name in ("00-welcome.ipynb", "08-class-quiz.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    site = start_site(
        tmp_path,
        "voila-class.log",
        "--class-size=1",
        "--chapter=08-class-quiz",
        "--cull-idle=2",
        "--cull-interval=1",
        f"--board={tmp_path / 'class-board.sqlite'}",
    )
    try:
        # A classroom server kept on 127.0.0.1 says that no phone can reach it (the one on the
        # room's network names its address: test_the_classroom_server_names_the_students_address).
        said = site.log.read_text()
        assert "only this computer can open the site (it listens on 127.0.0.1)" in said
        pid = site.process.pid
        # 06's pool: the class and two to spare; 00 keeps one warm kernel.
        assert wait_until(lambda: kernels(pid) == 4, 90), "pools of 3 and 1"
        student = new_context(browser)
        page = student.new_page()
        page.goto(site.chapter("08-class-quiz.ipynb"))
        expect(page.locator(".calypso-widget").first).to_be_visible(timeout=30_000)
        expect(page.locator(".calypso-busy")).to_have_count(0)
        # Another chapter's pool refills behind its reader at once, so a second visitor finds
        # a warm kernel; the chapter of the day's waits until the class has arrived (120 s).
        reader = new_context(browser)
        reader.new_page().goto(site.chapter("00-welcome.ipynb"))
        assert wait_until(lambda: kernels(pid) == 5, 60), "00's pool refilled: 3 + 2"
        assert not wait_until(lambda: kernels(pid) > 5, 10), "06's pool waits for the class"
        reader.close()
        student.close()
        assert wait_until(lambda: kernels(pid) == 3, 60), "the closed tabs' kernels are shut down"
    finally:
        stop_site(site)


SLOW = new_notebook(
    cells=[
        markdown("# A slow chapter"),
        code("import time\ntime.sleep(6)\n'drawn too late'"),
        code("import ipywidgets\nipywidgets.Button(description='never shown')"),
    ],
    metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
)
"""A chapter whose first cell outlasts what Voila waits for (built, not registered with the
shared scratch site: it needs a server of its own that waits 2 seconds)."""


def test_a_page_whose_kernel_is_too_slow_says_so_instead_of_showing_no_widgets(
    browser: Browser, tmp_path: Path
) -> None:
    nbformat.write(SLOW, tmp_path / "slow.ipynb")
    # A cell that takes longer than Voila may wait stands for a kernel that cannot keep up.
    site = start_site(tmp_path, "voila-slow.log", "--VoilaExecutor.timeout=2")
    try:
        page = new_context(browser).new_page()
        page.goto(site.chapter("slow.ipynb"))
        busy = page.get_by_role("alert")
        expect(busy).to_contain_text("The server is busy", timeout=60_000)
        expect(busy).to_contain_text("Trying again in")
        expect(busy.get_by_role("button", name="Try again now")).to_be_visible()
        expect(page.locator("body")).to_have_class(re.compile("calypso-incomplete"))
        expect(page.get_by_text("never shown")).to_have_count(0)
        expect(page.get_by_text("timed out")).to_be_hidden()
        page.close()
    finally:
        stop_site(site)


def test_a_class_listens_on_the_rooms_network_unless_kept_on_this_computer() -> None:
    def ip(*options: str) -> str:
        return next(a for a in serve_dry_run(*options) if a.startswith("--Voila.ip="))

    assert ip("--class-size=30", "--chapter=quiz") == "--Voila.ip=0.0.0.0"
    assert ip("--class-size=30", "--chapter=quiz", "--host=127.0.0.1") == "--Voila.ip=127.0.0.1"
    assert ip() == "--Voila.ip=127.0.0.1"


def test_the_classroom_server_names_the_students_address(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "site"))
    from serve import room_address

    shutil.copy(ROOT / "notebooks" / "00-welcome.ipynb", tmp_path / "00-welcome.ipynb")
    board = f"--board={tmp_path / 'class-board.sqlite'}"
    address = room_address()
    if address is None:
        return  # a machine on no network has no room address to name
    room = start_site(
        tmp_path, "voila-room.log", "--class-size=1", "--chapter=welcome", "--host=0.0.0.0", board
    )
    try:
        port = room.url.rsplit(":", 1)[1]
        assert f"Students: http://{address}:{port}/ from any phone" in room.log.read_text()
    finally:
        stop_site(room)
