"""How fast the tutorial site feels, measured in Debian's Chromium against a live Voila.

1. Navigation to the first widget on screen, for every chapter and for a one-widget baseline
   notebook served by the same Voila in the same run; chapters are reported as a ratio to
   the baseline (the machine is noisy; ratios travel better than seconds). Target <= 1.5x.
2. Click to updated table: a click on the card table (or the control beside it) until the
   table's text changes, timed inside the page, for the trick builder's worked examples
   (chapter 02) and for playing a card against the bots (chapter 05, where the update waits
   for the kernel to play the bots' answers; between tricks the click is Next trick).
   Target median <= 100 ms.

Run with `make bench-site` (after `make install` and `make browser`).
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

from playwright.sync_api import Page, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from live_site import CHAPTERS, launch_chromium, start_site, stop_site  # noqa: E402

BASELINE = "baseline.ipynb"
# Click the first element matching the selector (and holding the text, if one is given), and
# time how long until the card table of its widget (or, on a page without one, the widget) reads
# differently: the table redrawn from the kernel's answer.
ROUND_TRIP = """
async ([selector, text]) => {
  const target = [...document.querySelectorAll(selector)].find(e => e.textContent.includes(text));
  const panel = target.closest('.calypso-widget');
  const widget = panel.querySelector('.ct') || panel;
  const before = widget.innerText;
  const start = performance.now();
  return await new Promise(resolve => {
    const watch = new MutationObserver(() => {
      if (widget.innerText !== before) {
        watch.disconnect();
        resolve(performance.now() - start);
      }
    });
    watch.observe(widget, {subtree: true, childList: true, characterData: true, attributes: true});
    target.click();
  });
}
"""
# What to click in each timed chapter: the new card table's controls, else the old page's.
CLICKS = {
    "02-who-wins-the-trick.ipynb": (
        "worked example",
        [("button", "Q♠ ruffs"), ("button", "4♣ and 6♦")],
    ),
    "05-play-a-game.ipynb": (
        "play a card",
        # a card, or Next trick when a finished trick waits on the table
        [(".ct-hand button.ct-playable, .ct-next:not([hidden]), button.calypso-legal", "")],
    ),
}


def first_widget_seconds(page: Page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=60_000)
    return time.perf_counter() - start


def click_figures(
    page: Page, url: str, what: str, clicks: list[tuple[str, str]], args: argparse.Namespace
) -> str:
    """Median and 90th percentile of ``args.clicks`` timed clicks, taking turns at ``clicks``."""
    page.goto(url)
    times = []
    for i in range(args.clicks):
        selector, text = clicks[i % len(clicks)]
        page.locator(selector, has_text=text).first.wait_for(timeout=60_000)
        times.append(page.evaluate(ROUND_TRIP, [selector, text]))
    page.close()
    times.sort()
    return (
        f"click to updated table, {what} ({url.rsplit('/', 1)[-1][:2]}), {args.clicks} clicks: "
        f"median {statistics.median(times):.0f} ms, "
        f"90th percentile {times[int(0.9 * len(times)) - 1]:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="page loads per notebook (median)")
    parser.add_argument("--clicks", type=int, default=40, help="round trips to time")
    parser.add_argument(
        "--settle",
        type=float,
        default=3.0,
        help="seconds to wait after each load, while Voila refills that chapter's pool",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        served = pathlib.Path(folder)
        for name in CHAPTERS:
            shutil.copy(ROOT / "notebooks" / name, served / name)
        shutil.copy(ROOT / "benchmarks" / BASELINE, served / BASELINE)
        site = start_site(served, "voila-bench.log")
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                time.sleep(10)  # let every preheated kernel finish running its notebook
                loads: dict[str, list[float]] = {name: [] for name in [BASELINE, *CHAPTERS]}
                for _ in range(args.rounds):
                    for name in loads:
                        context = browser.new_context()
                        loads[name].append(
                            first_widget_seconds(context.new_page(), site.chapter(name))
                        )
                        context.close()
                        time.sleep(args.settle)  # the used pool refills off the clock
                base = statistics.median(loads[BASELINE])
                print(f"first widget visible (median of {args.rounds}), ratio to the baseline:")
                print(f"  {'baseline (one widget)':<32} {base:6.2f} s   1.00x")
                for name in CHAPTERS:
                    median = statistics.median(loads[name])
                    print(f"  {name:<32} {median:6.2f} s   {median / base:4.2f}x")

                for name, (what, clicks) in CLICKS.items():
                    print(click_figures(browser.new_page(), site.chapter(name), what, clicks, args))
                browser.close()
        finally:
            stop_site(site)


if __name__ == "__main__":
    main()
