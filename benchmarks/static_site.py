"""How fast the static site (`make site`) shows a chapter, next to the Voila site, in Chromium.

    python benchmarks/static_site.py [--site DIR] [--chapters 00,02,05] [--warm 2]
                                     [--voila-loads 3] [--no-voila] [--throttle] [--python 3]

For every chapter, served from the site folder (default _site/, or CALYPSO_SITE_OUT) by
site/serve_static.py, as `make serve-static` serves it, on a free port of 127.0.0.1:

- cold: a fresh browser profile (a new context: empty cache), one load;
- warm: the same profile loading the chapter again (the median of --warm loads, the lower one
  of two);
- Voila: the same chapter from site/serve.py, as `make serve` runs it (preheated kernels), in a
  fresh profile (cold) and then again in it (warm), the median of --voila-loads of each.

The clock runs from navigation. Each static load prints where its seconds go:

- text: the chapter's first heading is visible (its prose, with a note in each widget's place);
- picture: the first picture of a widget is visible (site/paint_static.py: each widget as it
  first draws itself, put into the page at build time, shown until the live widget replaces it);
- files: Pyodide's WebAssembly has arrived in the kernel's worker;
- Python: Pyodide has started (the first package it installs one by one; none when it preloads
  them all while starting);
- packages: the last of the kernel's packages has arrived, or been installed if Pyodide logs it;
- kernel: the kernel is ready and the first cell starts (IPython, ipywidgets, ... imported);
- widget: the first live widget is visible (a cell has run and drawn it);
- all: every cell has run;
- CPU: the CPU seconds the browser (all its processes) used for the load, until all; unlike
  the clock, a busy machine does not lengthen it much;
- MB: what the load transferred (compressed bytes, as the server sent them).

then, per chapter, the ratios of the static site's first picture and first live widget to
Voila's first widget (cold to cold, warm to warm), and, with Node.js, where Python's own start
goes, which the browser does not show (benchmarks/static_python.mjs: Pyodide started with its
packages, then the kernel's imports and a first cell's, in CPU milliseconds, the median of
--python runs per site).

--throttle slows the page's connection to a slow 4G one (Chromium's network
emulation: 150 ms round trips, 1.6 Mbit/s down) to time the text under it.

Run with `make bench-static` (it builds the site first).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Request, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from live_site import (  # noqa: E402
    CHAPTERS,
    LIVE_WIDGET,
    SLOW_4G,
    Site,
    launch_chromium,
    serve_built_site,
    start_site,
    stop_site,
)

TIMEOUT_MS = 120_000
PHASES = ("text", "picture", "files", "Python", "packages", "kernel", "widget", "all", "CPU")
SHOWN_PICTURE = ".calypso-painted:not([hidden]) .jupyter-widgets"


@dataclass
class Load:
    """One page load: when each phase ended, in seconds from navigation, and bytes sent."""

    seconds: dict[str, float] = field(default_factory=dict)
    transferred: int = 0


def browser_cpu_seconds() -> float:
    """The CPU seconds used so far by the browser: every process under Playwright's driver."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        # its own time and that of its children that have ended (a closed page's renderer)
        times[int(entry.name)] = sum(int(f) for f in fields[11:15]) / tick
    # the browser hangs from Playwright's driver; not the file servers, nor Voila
    driver = [
        pid
        for pid in children.get(os.getpid(), [])
        if b"playwright" in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    total, todo = 0.0, driver
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    return total


def serve_static(directory: pathlib.Path) -> Site:
    """The site folder served by site/serve_static.py on a free port of 127.0.0.1."""
    site = serve_built_site(directory)
    # every file once, so no timed load waits for the server to compress it the first time
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            url = f"{site.url}/{urllib.parse.quote(path.relative_to(directory).as_posix())}"
            request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(request, timeout=60) as response:
                response.read()
    return site


def static_load(context: BrowserContext, url: str, throttle: bool) -> Load:
    """Open url in a new page of context; the phases of that load (see the module's doc)."""
    load = Load()
    messages: list[tuple[float, str]] = []
    requests: list[Request] = []

    def on_console(message: ConsoleMessage) -> None:
        messages.append((time.time() * 1000, message.text))

    def on_finished(request: Request) -> None:
        requests.append(request)

    page = context.new_page()
    page.on("console", on_console)
    context.on("requestfinished", on_finished)
    try:
        if throttle:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cpu = browser_cpu_seconds()
        start = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.locator("h1").first.wait_for(state="visible", timeout=TIMEOUT_MS)
        load.seconds["text"] = time.perf_counter() - start
        if page.locator(".calypso-painted").count():
            page.locator(SHOWN_PICTURE).first.wait_for(state="visible", timeout=TIMEOUT_MS)
            load.seconds["picture"] = time.perf_counter() - start
        page.locator(LIVE_WIDGET).first.wait_for(state="visible", timeout=TIMEOUT_MS)
        load.seconds["widget"] = time.perf_counter() - start
        if page.locator(".calypso-waiting").count():
            page.wait_for_function(
                "performance.getEntriesByName('calypso-all').length > 0", timeout=TIMEOUT_MS
            )
        load.seconds["CPU"] = browser_cpu_seconds() - cpu
        origin = float(page.evaluate("performance.timeOrigin"))
        marks = page.evaluate(
            "Object.fromEntries(performance.getEntriesByType('mark')"
            ".map(m => [m.name, m.startTime]))"
        )
        load.seconds["kernel"] = marks.get("calypso-kernel", float("nan")) / 1000
        # a page without the marks (an older build) shows its widgets only once all cells ran
        load.seconds["all"] = marks.get("calypso-all", load.seconds["widget"] * 1000) / 1000
        # an older build has no marks: its kernel was ready some time before the widget
        kernel_at = origin + marks.get("calypso-kernel", load.seconds["widget"] * 1000)
        loading = [t for t, text in messages if text.startswith("Loading ")]
        loaded = [t for t, text in messages if text.startswith("Loaded ") and t <= kernel_at]
        load.seconds["Python"] = (min(loading) - origin) / 1000 if loading else float("nan")
        wheels = [
            r.timing["startTime"] + r.timing["responseEnd"]
            for r in requests
            if ".whl" in r.url and r.timing["responseEnd"] > 0
        ]
        # Pyodide logs the packages it installs one by one, not those it preloads while starting
        finished = max(loaded + [t for t in wheels if t <= kernel_at], default=float("nan"))
        load.seconds["packages"] = (finished - origin) / 1000
        seen: set[str] = set()
        for request in requests:
            if request.url in seen:
                continue
            timing = request.timing
            if request.url.endswith("pyodide.asm.wasm") and timing["responseEnd"] > 0:
                load.seconds["files"] = (
                    timing["startTime"] + timing["responseEnd"] - origin
                ) / 1000
            body = request.sizes()["responseBodySize"]
            if body > 0:
                seen.add(request.url)
                load.transferred += body
    finally:
        context.remove_listener("requestfinished", on_finished)
        page.close()
    return load


def voila_seconds(browser: Browser, url: str, loads: int) -> tuple[float, float]:
    """Voila's first widget for url: (cold, warm), the median of `loads` of each."""
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(loads):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        for times in (cold, warm):
            page = context.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=TIMEOUT_MS)
            times.append(time.perf_counter() - start)
            page.close()
            time.sleep(3)  # the used preheated kernel is replaced off the clock
        context.close()
    return statistics.median(cold), statistics.median(warm)


def row(label: str, load: Load) -> str:
    cells = [f"{load.seconds.get(p, float('nan')):.1f}" for p in PHASES]
    return f"| {label} | {' | '.join(cells)} | {load.transferred / 1e6:.1f} |"


def folder_size(folder: pathlib.Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def chapter_loads(browser: Browser, url: str, warm_loads: int, throttle: bool) -> tuple[Load, Load]:
    """A chapter's cold load and its warm one (the median of warm_loads, the lower of two)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        cold = static_load(context, url, throttle)
        warm = sorted(
            (static_load(context, url, throttle) for _ in range(warm_loads)),
            key=lambda w: w.seconds["widget"],
        )
    finally:
        context.close()
    return cold, warm[(len(warm) - 1) // 2]


PYTHON_STEPS = ("pyodide", "piplite", "kernel", "widgets", "modules")


def python_steps(sites: list[pathlib.Path], runs: int) -> dict[pathlib.Path, dict[str, float]]:
    """Each site's Python start-up under Node.js (benchmarks/static_python.mjs): the median of
    `runs` runs per step, the sites taken in turn; nothing without Node.js."""
    if shutil.which("node") is None or runs < 1:
        return {}
    seen: dict[pathlib.Path, list[dict[str, float]]] = {folder: [] for folder in sites}
    for _ in range(runs):
        for folder in sites:
            done = subprocess.run(
                ["node", str(ROOT / "benchmarks" / "static_python.mjs"), str(folder)],
                capture_output=True,
                text=True,
                check=True,
            )
            seen[folder].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {
        folder: {step: statistics.median(run[step] for run in runs_) for step in PYTHON_STEPS}
        for folder, runs_ in seen.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site",
        type=pathlib.Path,
        action="append",
        help="a site folder; several, say an older build and this one, are timed in one run",
    )
    parser.add_argument("--chapters", default="", help="chapter numbers, say 00,02,05 (all)")
    parser.add_argument("--warm", type=int, default=2, help="warm loads per chapter")
    parser.add_argument("--voila-loads", type=int, default=3, help="Voila loads (median)")
    parser.add_argument("--no-voila", action="store_true", help="time the static site only")
    parser.add_argument("--throttle", action="store_true", help="a slow 4G connection")
    parser.add_argument(
        "--python", type=int, default=3, help="runs of Python's start under Node.js (0: none)"
    )
    args = parser.parse_args()
    sites: list[pathlib.Path] = args.site or [
        pathlib.Path(os.environ.get("CALYPSO_SITE_OUT") or ROOT / "_site")
    ]
    for folder in sites:
        if not (folder / "index.html").exists():
            raise SystemExit(f"no site in {folder}: run `make site` first")
    wanted = [c for c in args.chapters.split(",") if c]
    chapters = [c.removesuffix(".ipynb") for c in CHAPTERS if not wanted or c[:2] in wanted]
    widget: dict[tuple[pathlib.Path, str], tuple[float, float]] = {}
    picture: dict[tuple[pathlib.Path, str], tuple[float, float]] = {}
    voila_widget: dict[str, tuple[float, float]] = {}
    for folder in sites:
        print(f"{folder}: {folder_size(folder) / 1e6:.0f} MB")
    steps = python_steps(sites, args.python)
    if steps:
        print("\nPython's start under Node.js, CPU ms (median; modules: how many imported)\n")
        print(f"| site | {' | '.join(PYTHON_STEPS)} |")
        print(f"|---|{'---|' * len(PYTHON_STEPS)}")
        for folder, step in steps.items():
            print(f"| {folder.name} | {' | '.join(f'{step[s]:.0f}' for s in PYTHON_STEPS)} |")
    servers = {folder: serve_static(folder) for folder in sites}
    voila = None if args.no_voila else start_site(ROOT / "notebooks", "voila-bench.log")
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            if voila is not None:
                time.sleep(10)  # let every preheated kernel finish running its notebook
            print(f"\n| load | {' | '.join(PHASES)} | MB |")
            print(f"|---|{'---|' * len(PHASES)}---|")
            # chapter by chapter, each site in turn, so a busy moment of the machine weighs on
            # every site alike
            for chapter in chapters:
                for folder, server in servers.items():
                    url = f"{server.url}/voici/render/{chapter}.html"
                    cold, warm = chapter_loads(browser, url, args.warm, args.throttle)
                    label = f"{chapter[:2]} {folder.name}" if len(sites) > 1 else chapter[:2]
                    print(row(f"{label} cold", cold), flush=True)
                    print(row(f"{label} warm", warm), flush=True)
                    widget[folder, chapter] = (cold.seconds["widget"], warm.seconds["widget"])
                    picture[folder, chapter] = (
                        cold.seconds.get("picture", cold.seconds["widget"]),
                        warm.seconds.get("picture", warm.seconds["widget"]),
                    )
                if voila is not None:
                    voila_widget[chapter] = voila_seconds(
                        browser, voila.chapter(chapter + ".ipynb"), args.voila_loads
                    )
            browser.close()
    finally:
        for server in servers.values():
            stop_site(server)
        if voila is not None:
            stop_site(voila)
    if voila_widget:
        for title, seen in (("first picture of a widget", picture), ("first live widget", widget)):
            print(f"\n{title}: static site, Voila's first widget, and their ratios\n")
            print("| site | chapter | static cold | warm | Voila cold | warm | ratio cold | warm |")
            print("|---|---|---|---|---|---|---|---|")
            for (folder, chapter), (cold_s, warm_s) in seen.items():
                voila_cold, voila_warm = voila_widget[chapter]
                print(
                    f"| {folder.name} | {chapter[:2]} | {cold_s:.1f} s | {warm_s:.1f} s | "
                    f"{voila_cold:.1f} s | {voila_warm:.1f} s | {cold_s / voila_cold:.1f}× | "
                    f"{warm_s / voila_warm:.1f}× |"
                )


if __name__ == "__main__":
    main()
