"""A class opening the same chapter at the same moment: does every student get the widgets?

N students (browser contexts of one headless Chromium, each with its own cache) open a chapter
at once and each answers a quiz question. One Chromium with a context per student costs this
machine less than a browser per student (tried: twice the CPU); either way the browsers, not
the server, take most of the machine, which a real class's own laptops would not.

Printed per run: how many pages got all their widgets, time to first widget (min, median, p95,
max), when the server had sent the whole page, the click round trip, and for the classroom
server its peak memory, kernel count and CPU time and the kernels left a while after the tabs
close; for the static site, the file server's own CPU time. One student alone is the reference.
For the classroom server, two visitors then open a lesson-plan chapter (``--lesson``) one
after the other while the quiz's pool refills behind the class: the first byte and the first
widget of each (the second finds the chapter's one warm kernel taken).

Browsers run at the lowest CPU priority (``nice``) unless ``--normal-priority`` is given, so the
server's share comes closer to a class whose browsers run on their own laptops.

    python benchmarks/classroom.py --server class --students 30
    python benchmarks/classroom.py --server static --students 30   (after `make site`)

``make bench-class`` runs the set of configurations the README reports.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from playwright.async_api import Browser, Page, async_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from live_site import CHROMIUM_FLAGS, Site, serve_files, start_site, stop_site  # noqa: E402

SITE = ROOT / "_site"
DEADLINE = 300.0
REFILL = 120.0
"""Seconds after a class takes its kernels before the quiz's pool refills (site/serve.py)."""
"""Seconds a page may take before it counts as one that did not get its widgets."""

DRAWN = ".jp-OutputArea-output > .lm-Widget:first-child"
"""A cell's drawn widget: an ipywidgets box or an anywidget view (the progress bar)."""

ANSWER = """
async () => {
  const quiz = document.querySelector('.calypso-quiz');
  const score = () => (quiz.querySelector('[data-score]') || {}).textContent;
  const before = score();
  const button = [...quiz.querySelectorAll('button')].find(b => b.textContent.trim() === 'N');
  const start = performance.now();
  return await new Promise(resolve => {
    const watch = new MutationObserver(() => {
      if (score() !== before) { watch.disconnect(); resolve(performance.now() - start); }
    });
    watch.observe(quiz, {subtree: true, childList: true, characterData: true});
    setTimeout(() => resolve(-1), 60000);
    button.click();
  });
}
"""


@dataclass
class Student:
    first_widget: float | None = None
    complete: bool = False
    busy: bool = False
    click_ms: float | None = None
    warm_widget: float | None = None
    """With ``warm``: the first widget again on a reload, the browser's cache warm."""
    page_delivered: float | None = None
    """Seconds until the server had sent the whole page (its part of the load)."""


@dataclass
class Usage:
    """The server's peak memory and kernel count, sampled while the class works."""

    peak_mb: float = 0.0
    peak_kernels: int = 0
    samples: list[tuple[float, int]] = field(default_factory=list)


def _family(root: int) -> list[int]:
    """The process and all its descendants (Voila and the kernels it started)."""
    children: dict[int, list[int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def _kernels_and_memory(leader: int) -> tuple[int, float]:
    kernels, rss = 0, 0
    page = os.sysconf("SC_PAGE_SIZE")
    for pid in _family(leader):
        with contextlib.suppress(OSError):
            rss += int(pathlib.Path(f"/proc/{pid}/statm").read_text().split()[1]) * page
            if b"ipykernel" in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():
                kernels += 1
    return kernels, rss / 2**20


@contextlib.contextmanager
def sampling(leader: int) -> Iterator[Usage]:
    usage = Usage()
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            kernels, mb = _kernels_and_memory(leader)
            usage.peak_mb = max(usage.peak_mb, mb)
            usage.peak_kernels = max(usage.peak_kernels, kernels)
            usage.samples.append((time.monotonic(), kernels))
            stop.wait(0.5)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield usage
    finally:
        stop.set()
        thread.join()


def _browsers() -> list[int]:
    """Every Chromium process on the machine (the class's browsers, during a run)."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == "chromium":
                found.append(int(entry.name))
    return found


def _cpu_seconds(root: int | None = None) -> float:
    """CPU time of a process and its descendants, or of every browser process: each one's own
    time and its reaped children's (a kernel shut down as its tab closed still counts)."""
    ticks = 0
    for pid in _family(root) if root is not None else _browsers():
        with contextlib.suppress(OSError):
            fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += sum(int(field) for field in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def wait_until_idle(site: Site, seconds: float) -> float:
    """Seconds until the server and its kernels have all started and gone quiet (every pool
    kernel has run its chapter): under a tenth of a core for three seconds running."""
    start = time.monotonic()
    quiet, before = 0, _cpu_seconds(site.process.pid)
    while time.monotonic() - start < seconds:
        time.sleep(1)
        now = _cpu_seconds(site.process.pid)
        quiet = quiet + 1 if now - before < 0.1 else 0
        before = now
        if quiet >= 3 and "is filled with" in site.log.read_text(errors="replace"):
            return time.monotonic() - start
    raise RuntimeError(f"the server did not settle within {seconds:.0f} s")


async def first_widget(page: Page, url: str) -> float:
    start = time.monotonic()
    await page.goto(url, timeout=DEADLINE * 1000)
    await page.locator(".jupyter-widgets").first.wait_for(timeout=DEADLINE * 1000)
    return time.monotonic() - start


async def answer(page: Page) -> float | None:
    """Milliseconds from a student's pick (N, after typing a name, which a pick asks for
    first) to the score that answers it; None if it never came."""
    try:
        await page.locator(".calypso-quiz").get_by_label("Your name or initials").fill("Bench")
        await page.wait_for_timeout(500)  # the name reaches the kernel
        clicked = await page.evaluate(ANSWER)
    except Exception:  # no quiz on the page, or no N button: no round trip to time
        return None
    return clicked if clicked >= 0 else None


async def visit(browser: Browser, url: str, widgets: int, go: asyncio.Event, warm: bool) -> Student:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page: Page = await context.new_page()
    student = Student()
    await go.wait()
    start = time.monotonic()
    try:
        await page.goto(url, timeout=DEADLINE * 1000)
        await page.locator(".jupyter-widgets").first.wait_for(timeout=DEADLINE * 1000)
        student.first_widget = time.monotonic() - start
        delivered = await page.evaluate(
            "performance.getEntriesByType('navigation')[0].responseEnd / 1000"
        )
        student.page_delivered = float(delivered)
        left = max(1.0, DEADLINE - student.first_widget) * 1000
        await page.wait_for_function(
            f"document.querySelector('.calypso-busy') || "
            f"document.querySelectorAll('{DRAWN}').length >= {widgets}",
            timeout=left,
        )
        student.busy = await page.locator(".calypso-busy").count() > 0
        student.complete = not student.busy
        if student.complete:
            student.click_ms = await answer(page)
        if warm:
            student.warm_widget = await first_widget(page, url)
    except Exception:  # a page that times out is a student without widgets, not a crash
        student.complete = False
    finally:
        with contextlib.suppress(Exception):
            await page.close(run_before_unload=True)  # as a tab closes: beforeunload, unload
        await context.close()
    return student


async def run_class(
    url: str, students: int, widgets: int, niced: bool, warm: bool = False
) -> list[Student]:
    executable = shutil.which("chromium")
    if executable is None:
        raise RuntimeError("Debian's chromium is not installed: run `make browser`")
    with tempfile.TemporaryDirectory() as folder:
        if niced:
            wrapper = pathlib.Path(folder) / "chromium"
            wrapper.write_text(f'#!/bin/sh\nexec nice -n 19 {executable} "$@"\n')
            wrapper.chmod(0o755)
            executable = str(wrapper)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
            go = asyncio.Event()
            tasks = [
                asyncio.create_task(visit(browser, url, widgets, go, warm)) for _ in range(students)
            ]
            await asyncio.sleep(1)
            before = _cpu_seconds()
            go.set()
            done = await asyncio.gather(*tasks)
            print(f"  (browsers' CPU time for this run: {_cpu_seconds() - before:.0f} s)")
            await browser.close()
    return list(done)


async def lesson_visitors(url: str) -> list[tuple[float, float]]:
    """Two visitors open ``url`` one after the other, the first tab left open: for each, the
    seconds to the page's first byte and to its first widget."""
    executable = shutil.which("chromium")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        times = []
        for _ in range(2):
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            page = await context.new_page()
            widget = await first_widget(page, url)
            first_byte = await page.evaluate(
                "performance.getEntriesByType('navigation')[0].responseStart / 1000"
            )
            times.append((float(first_byte), widget))
        await browser.close()
    return times


def spread(values: Sequence[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"min {ordered[0]:.1f}  median {statistics.median(ordered):.1f}  p95 {p95:.1f}  "
        f"max {ordered[-1]:.1f} s"
    )


def report(label: str, result: list[Student]) -> None:
    firsts = [s.first_widget for s in result if s.first_widget is not None]
    clicks = [s.click_ms for s in result if s.click_ms is not None]
    busy = sum(s.busy for s in result)
    print(f"{label}")
    print(
        f"  pages with all their widgets: {sum(s.complete for s in result)} of {len(result)}"
        + (f" ({busy} said the server was busy)" if busy else "")
    )
    print(f"  first widget: {spread(firsts)}")
    delivered = [s.page_delivered for s in result if s.page_delivered is not None]
    print(f"  whole page sent by the server: {spread(delivered)}")
    warm = [s.warm_widget for s in result if s.warm_widget is not None]
    if warm:
        print(f"  first widget again, browser cache warm: {spread(warm)}")
    if clicks:
        print(
            f"  quiz answer round trip: median {statistics.median(clicks):.0f} ms, "
            f"max {max(clicks):.0f} ms"
        )


def expected_widgets(chapter: str) -> int:
    """Widgets a chapter shows: one per code cell (each ends in a widget)."""
    cells = json.loads((ROOT / "notebooks" / f"{chapter}.ipynb").read_text())["cells"]
    return sum(c["cell_type"] == "code" for c in cells)


def server_run(args: argparse.Namespace, widgets: int) -> None:
    options = (
        []
        if args.server == "plain"
        else [
            f"--class-size={args.students}",
            f"--chapter={args.chapter}",
        ]
    )
    site: Site = start_site(ROOT / "notebooks", "voila-classroom.log", *options)
    try:
        chapters = len(list((ROOT / "notebooks").glob("*.ipynb")))
        pool = args.students + max(2, args.students // 10) if options else 1
        warm = wait_until_idle(site, 900)
        print(f"server ({args.server}): {pool + chapters - 1} kernels warm after {warm:.0f} s")
        url = site.chapter(f"{args.chapter}.ipynb")
        alone = asyncio.run(run_class(url, 1, widgets, not args.normal_priority))
        report("one student alone", alone)
        time.sleep(3)
        with sampling(site.process.pid) as usage:
            server_cpu = _cpu_seconds(site.process.pid)
            arrived = time.monotonic()
            result = asyncio.run(run_class(url, args.students, widgets, not args.normal_priority))
            closed = time.monotonic()
            server_cpu = _cpu_seconds(site.process.pid) - server_cpu
            report(
                f"{args.students} students at once, browsers "
                + ("at normal priority" if args.normal_priority else "niced"),
                result,
            )
            print(f"  server peak: {usage.peak_mb:,.0f} MB, {usage.peak_kernels} kernels")
            print(f"  server and kernels' CPU time while the class loaded: {server_cpu:.0f} s")
            if options:
                # The quiz's pool refills REFILL seconds after the class took its kernels.
                time.sleep(max(0.0, arrived + REFILL + 2 - time.monotonic()))
                lesson = site.chapter(f"{args.lesson}.ipynb")
                refilling = usage.samples[-1][1] if usage.samples else 0
                print(
                    f"  two visitors to {args.lesson} while the quiz's pool refills "
                    f"({refilling} kernels running):"
                )
                for n, (byte, widget) in enumerate(asyncio.run(lesson_visitors(lesson)), 1):
                    print(f"    visitor {n}: first byte {byte:.1f} s, first widget {widget:.1f} s")
            if args.linger:
                time.sleep(args.linger)
        after = [(t - closed, k) for t, k in usage.samples if t >= closed]
        print(
            f"  kernels {args.linger:.0f} s after the tabs closed: "
            f"{after[-1][1] if after else '?'} (warm pools: {pool + chapters - 1})"
        )
        if after:
            fewest = min(k for _, k in after)
            when = next(t for t, k in after if k == fewest)
            print(f"  fewest kernels after the tabs closed: {fewest}, {when:.0f} s after")
    finally:
        stop_site(site)


def static_run(args: argparse.Namespace, widgets: int) -> None:
    if not (SITE / "index.html").exists():
        raise SystemExit("no static site in _site/: run `make site` first")
    server = serve_files(SITE)
    try:
        url = f"{server.url}/voici/render/{args.chapter}.html"
        alone = asyncio.run(run_class(url, 1, widgets, not args.normal_priority, warm=True))
        report("one student alone", alone)
        result = asyncio.run(
            run_class(url, args.students, widgets, not args.normal_priority, warm=True)
        )
        report(f"{args.students} students at once from one file server, cold caches", result)
        print(f"  file server CPU time: {_cpu_seconds(server.process.pid):.2f} s")
    finally:
        stop_site(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", choices=["class", "plain", "static"], default="class")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--chapter", default="08-class-quiz")
    parser.add_argument(
        "--lesson", default="02-who-wins-the-trick", help="a lesson-plan chapter to open twice"
    )
    parser.add_argument("--normal-priority", action="store_true", help="do not nice the browsers")
    parser.add_argument(
        "--linger", type=float, default=240, help="seconds to watch kernels after tabs close"
    )
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; chapter {args.chapter}")
    widgets = expected_widgets(args.chapter)
    if args.server == "static":
        static_run(args, widgets)
    else:
        server_run(args, widgets)


if __name__ == "__main__":
    main()
