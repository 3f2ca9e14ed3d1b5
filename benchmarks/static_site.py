"""How fast the static site (`make site`) gets to its first widget, in Debian's Chromium.

For every chapter, served from _site/ by `python -m http.server` on 127.0.0.1:

- cold: a fresh browser profile (a new context: empty cache, no service worker), one load;
- warm: the same profile loading the chapter again (median of --warm loads).

The clock runs from navigation until the first `.jupyter-widgets` element is visible; nearly
all of it is Python starting in the browser (Pyodide), not download.

Run with `make bench-static` (it builds the site first).
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from live_site import CHAPTERS, launch_chromium, serve_files, stop_site  # noqa: E402


def first_widget_seconds(context: BrowserContext, url: str) -> float:
    page = context.new_page()
    try:
        start = time.perf_counter()
        page.goto(url)
        page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=120_000)
        return time.perf_counter() - start
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warm", type=int, default=2, help="warm loads per chapter (median)")
    args = parser.parse_args()
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        raise SystemExit("no _site/: run `make site` first")
    server = serve_files(site)
    url = server.url
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            print("| chapter | first widget, cold | first widget, warm |")
            print("|---|---|---|")
            for name in CHAPTERS:
                page_url = f"{url}/voici/render/{name.removesuffix('.ipynb')}.html"
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                cold = first_widget_seconds(context, page_url)
                warm = statistics.median(
                    first_widget_seconds(context, page_url) for _ in range(args.warm)
                )
                context.close()
                print(
                    f"| {name.removesuffix('.ipynb')} | {cold:.1f} s | {warm:.1f} s |", flush=True
                )
            browser.close()
    finally:
        stop_site(server)


if __name__ == "__main__":
    main()
