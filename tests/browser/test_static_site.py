"""The static site (`make site`: Voici, Python in the browser) from a plain static file server.

The site is built once per session through the entry point `make site` runs (reusing its cache
under build/static/), then served from _site/ by `python -m http.server` on a free port of
127.0.0.1. Every chapter is opened in one shared browser context, as a student going through
the chapters would (Pyodide starts afresh on every page, about ten seconds): its widgets render,
no request leaves 127.0.0.1, the console shows no error, and one interaction works as it does
under Voila (tests/browser/test_site.py). Time to first widget per chapter goes to
test-artifacts/static-timings.json, a screenshot of each chapter to static-<chapter>.png.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from live_site import ARTIFACTS, CHAPTERS, ROOT, free_port, wait_for
from playwright.sync_api import Browser, BrowserContext, Page, expect

sys.path.insert(0, str(ROOT / "site"))
import build_static

ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
#: Pyodide starts on every page before the first widget shows.
FIRST_WIDGET_MS = 90_000
TIMINGS: dict[str, float] = {}


def html_name(chapter: str) -> str:
    return chapter.removesuffix(".ipynb") + ".html"


def code_cells(chapter: str) -> int:
    notebook = json.loads((ROOT / "notebooks" / chapter).read_text())
    return sum(1 for c in notebook["cells"] if c["cell_type"] == "code" and "".join(c["source"]))


@dataclass
class StaticSite:
    url: str
    requests: list[str] = field(default_factory=list)

    def chapter(self, name: str) -> str:
        return f"{self.url}/voici/render/{html_name(name)}"


@pytest.fixture(scope="session")
def static_site() -> Iterator[StaticSite]:
    output = build_static.build()
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
            output,
            str(port),
        ],
        stdout=(ARTIFACTS / "static-server.log").open("wb"),
        stderr=subprocess.STDOUT,
    )
    try:
        site = StaticSite(f"http://127.0.0.1:{port}")
        wait_for(site.url + "/", 30)
        yield site
    finally:
        server.terminate()
        server.wait(timeout=10)
        ARTIFACTS.joinpath("static-timings.json").write_text(json.dumps(TIMINGS, indent=1))


@pytest.fixture(scope="module")
def static_context(browser: Browser, static_site: StaticSite) -> Iterator[BrowserContext]:
    """One context for every chapter, so the browser cache is shared as a student's would be.
    Every request of the context is recorded: pages, the kernel's worker, the service worker."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", lambda r: static_site.requests.append(r.url))
    yield context
    context.close()


@dataclass
class StaticVisit:
    page: Page
    site: StaticSite
    console_errors: list[str] = field(default_factory=list)

    def open(self, url: str) -> float:
        """Go to url; the seconds until the first widget is visible."""
        start = time.monotonic()
        self.page.goto(url)
        expect(self.page.locator(".jupyter-widgets").first).to_be_visible(timeout=FIRST_WIDGET_MS)
        return time.monotonic() - start

    def foreign_requests(self) -> list[str]:
        return [
            url
            for url in self.site.requests
            if not url.startswith((self.site.url + "/", "data:", "blob:"))
        ]

    def screenshot(self, name: str) -> None:
        """The whole chapter as a person scrolls it, 1280 px wide."""
        height = self.page.evaluate(
            "Math.max(document.body.scrollHeight, "
            "...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"
        )
        self.page.set_viewport_size({"width": 1280, "height": min(int(height), 20_000)})
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def static_visit(static_context: BrowserContext, static_site: StaticSite) -> Iterator[StaticVisit]:
    static_site.requests.clear()
    page = static_context.new_page()
    page.set_default_timeout(30_000)
    visit = StaticVisit(page, static_site)
    page.on("console", lambda m: visit.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: visit.console_errors.append(str(e)))
    yield visit
    page.close()


# One interaction per chapter, as under Voila (tests/browser/test_site.py).


def deal_another_hand(page: Page, tmp_path: Path) -> None:
    cards = "els => els.map(e => e.dataset.card)"
    first = page.locator(".calypso-felt .calypso-card").evaluate_all(cards)
    assert len(first) == 13
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator(".widget-text input").first).to_have_value("2")
    page.wait_for_function(
        "first => [...document.querySelectorAll('.calypso-felt .calypso-card')]"
        ".map(e => e.dataset.card).join() !== first.join()",
        arg=first,
    )


def swap_trumps(page: Page, tmp_path: Path) -> None:
    page.locator(".widget-dropdown select").first.select_option(label="♦ diamonds")
    expect(page.get_by_text("N and E swapped trumps")).to_be_visible()
    expect(page.locator(".widget-dropdown select").nth(1)).to_have_value("♥ hearts")
    page.get_by_role("button", name="East").click()
    expect(page.locator("[data-seat='W']")).to_contain_text("W (partner)")


def preset_trick(page: Page, tmp_path: Path) -> None:
    builder = page.locator(".calypso-widget").first
    builder.get_by_role("button", name="J♦ led, Q♠ ruffs").click()
    verdict = builder.locator(".calypso-verdict")
    expect(verdict).to_contain_text("S wins")
    expect(verdict.locator("[data-rule]")).to_have_text("C4.2")
    expect(builder.get_by_text("the engine agrees")).to_be_visible()


def step_through_a_game(page: Page, tmp_path: Path) -> None:
    stepper = page.locator(".calypso-widget").first
    expect(stepper.locator(".calypso-step")).to_contain_text("Deal 1, trick 1")
    stepper.get_by_role("button", name=re.compile(r"\bNext$")).click()
    expect(stepper.locator(".calypso-step")).to_contain_text("Deal 1, trick 2")
    stepper.get_by_role("button", name="Next completed calypso").click()
    expect(stepper.locator(".calypso-step")).to_contain_text("completed a calypso!")


def score_two_calypsos(page: Page, tmp_path: Path) -> None:
    calculator = page.locator(".calypso-widget").first
    calculator.locator("input").nth(0).fill("2")
    calculator.locator("input").nth(0).press("Enter")
    expect(calculator.locator("[data-total]")).to_have_text("1250")
    calculator.locator("input").nth(3).fill("13")
    calculator.locator("input").nth(3).press("Enter")
    expect(calculator.get_by_role("alert")).to_contain_text("expected 0 to 12")


def play_a_card_and_load_a_record(page: Page, tmp_path: Path) -> None:
    from calypso import simulate

    table = page.locator(".calypso-widget").first
    expect(table).to_contain_text("S to play")
    table.get_by_role("button", name="Hint").click()
    expect(table.get_by_text("The greedy bot would play")).to_be_visible()
    table.locator("button.calypso-legal:not([disabled])").first.click()
    expect(table).to_contain_text("trick 2 of 13")
    # The record upload: a file read in the browser and handed to Python in the browser.
    record = simulate("calypso", seed=4, bots="greedy")
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    with page.expect_file_chooser() as chooser:
        table.get_by_role("button", name=re.compile("Load a record")).click()
    chooser.value.set_files(str(path))
    expect(table.get_by_text("Loaded the game of seed 4")).to_be_visible()
    link = table.get_by_role("link", name=re.compile("Download the game record"))
    expect(link).to_have_attribute("download", "calypso-seed-4.json")


def answer_the_quiz(page: Page, tmp_path: Path) -> None:
    from calypso.quiz import make_quiz

    (first,) = make_quiz("CLASS-1", level=1, count=1)
    quiz = page.locator(".calypso-widget").first
    expect(quiz.locator("[data-score]")).to_have_text("0 / 0")
    quiz.get_by_role("button", name=first.answer, exact=True).click()
    expect(quiz.locator("[data-verdict]")).to_have_attribute("data-verdict", "right")
    expect(quiz.locator("[data-score]")).to_have_text("1 / 1")


def compare_bids(page: Page, tmp_path: Path) -> None:
    comparer = page.locator(".calypso-widget").first
    expect(comparer.locator(".calypso-verdict")).to_contain_text("1+20♠ outranks 270♠")
    first = comparer.locator("input").first
    first.fill("2+0C")
    first.press("Enter")
    expect(comparer.locator(".calypso-verdict")).to_contain_text("2+0♣ outranks 1+20♠")


def one_trick_three_games(page: Page, tmp_path: Path) -> None:
    three = page.locator(".calypso-widget").first
    box = three.locator("input").first
    box.fill("2S AS KS QS")
    box.press("Enter")
    three.get_by_role("button", name="S", exact=True).click()
    expect(three.locator("tr[data-game='Calypso']")).to_contain_text("S (C4.1)")
    expect(three.locator("tr[data-game='Call Bridge']")).to_contain_text("E (W5.1)")


INTERACTIONS: dict[str, Callable[[Page, Path], None]] = {
    "00-welcome.ipynb": deal_another_hand,
    "01-the-table.ipynb": swap_trumps,
    "02-who-wins-the-trick.ipynb": preset_trick,
    "03-building-calypsos.ipynb": step_through_a_game,
    "04-scoring.ipynb": score_two_calypsos,
    "05-play-a-game.ipynb": play_a_card_and_load_a_record,
    "06-class-quiz.ipynb": answer_the_quiz,
    "07-auction-calypso.ipynb": compare_bids,
    "08-cousins.ipynb": one_trick_three_games,
}


def test_every_chapter_has_an_interaction():
    assert sorted(INTERACTIONS) == CHAPTERS


@pytest.mark.parametrize("name", CHAPTERS)
def test_static_chapter_renders_works_and_stays_offline(static_visit, static_site, name, tmp_path):
    page = static_visit.page
    TIMINGS[name] = round(static_visit.open(static_site.chapter(name)), 2)
    expect(page.locator(".calypso-widget")).to_have_count(code_cells(name), timeout=60_000)
    INTERACTIONS[name](page, tmp_path)
    static_visit.screenshot("static-" + name.removesuffix(".ipynb"))
    assert page.locator(ERROR_OUTPUT).count() == 0
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error" not in body.replace("error", "")
    assert "import" not in body, "code cells must not be shown"
    assert static_visit.console_errors == []
    assert static_visit.foreign_requests() == []


def test_static_front_page_opens_the_welcome_chapter_and_every_contents_link_works(
    static_visit, static_site
):
    page = static_visit.page
    page.goto(static_site.url + "/")
    page.wait_for_url("**/voici/render/00-welcome.html")
    # The chapter's text shows once Python has started in the browser and run its cells.
    expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=FIRST_WIDGET_MS)
    expect(page.get_by_role("heading", name="Calypso: a rules tutorial")).to_be_visible()
    links = page.locator("#Contents ~ ol a, h2:has-text('Contents') + ol a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [html_name(c) for c in CHAPTERS[1:]]
    for href in hrefs:
        response = page.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
        assert response.ok, href
    assert static_visit.console_errors == []
    assert static_visit.foreign_requests() == []
