"""The map of chapters and stages, in Chromium under Voila: every entry lands on its stage.

Stage names are the headings ``calypso.lessons.exercises.STAGES`` gives each stage ("Practice: " and
its title for a practice stage, "Exercises: " for a chapter's closing one); a stage lands when its
heading is near the top of the view once the chapter has finished drawing. The stars checked
are the ones this test earns, with an answer worked out from the facts shown and the scoring
ruling (docs/rulings.md, C7), never read off the widget.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import Visit
from interactions import c7_score
from live_site import Site
from playwright.sync_api import Page, expect

from calypso.lessons.chapters import CHAPTERS, find_chapter
from calypso.lessons.exercises import STAGES, stages_of

WELCOME = "00-welcome.ipynb"


def heading_of(stage_id: str) -> str:
    stage = STAGES[stage_id]
    return f"{'Practice' if stage.practice else 'Exercises'}: {stage.title}"


def drawn(page: Page) -> None:
    """Wait until Voila has drawn every cell of the chapter."""
    expected = page.locator("#calypso-expected")
    expect(expected).to_be_attached(timeout=60_000)
    cells = int(expected.get_attribute("data-cells") or 0)
    expect(page.locator(".calypso-cell-mark")).to_have_count(cells, timeout=60_000)


BOTTOM = """() => Math.max(...[...document.querySelectorAll('.jp-Cell')].map(
    c => c.getBoundingClientRect().bottom)) <= window.innerHeight + 2"""
"""Whether the page is scrolled to its end: a heading near the end cannot come to the top."""


def landed(page: Page, stage_id: str) -> None:
    """The stage's heading is at the top of the view (the upper third of it), or as near it as
    the end of the page allows."""
    heading = page.get_by_role("heading", name=heading_of(stage_id), exact=True)
    expect(heading).to_be_in_viewport()
    # the cells above may still grow on a busy machine: the page keeps it in place meanwhile
    page.wait_for_function(
        f"""(h) => {{ const y = h.getBoundingClientRect().top;
            return y >= -2 && (y <= window.innerHeight / 3 || ({BOTTOM})()); }}""",
        arg=heading.element_handle(),
        timeout=15_000,
    )
    page.wait_for_timeout(500)  # and it stays there
    top = heading.bounding_box()
    assert top is not None and top["y"] >= -2, top
    view = page.viewport_size
    assert view is not None
    assert top["y"] <= view["height"] / 3 or page.evaluate(BOTTOM), top


PAGES = [(c.slug, c.file) for c in CHAPTERS if c.on_path and stages_of(c.slug)]


@pytest.mark.parametrize(("chapter", "name"), PAGES, ids=[c for c, _ in PAGES])
def test_every_map_entry_lands_on_its_stage(
    visit: Visit, site: Site, chapter: str, name: str
) -> None:
    page = visit.page
    page.goto(site.chapter(WELCOME))
    drawn(page)
    stages = [stage.id for stage in stages_of(chapter)]
    whole = page.locator(".pg-map")
    for stage_id in stages:
        expect(whole.get_by_role("link", name=heading_of(stage_id), exact=True)).to_be_visible()
    whole.get_by_role("link", name=heading_of(stages[0]), exact=True).click()
    page.wait_for_url(re.compile(re.escape(name) + "#"))
    drawn(page)
    landed(page, stages[0])
    bar = page.locator(".pg-compact")
    for stage_id in reversed(stages):  # the bar's links, on the page itself
        item = bar.locator(f".pg-item[data-stage='{stage_id}']")
        expect(item).to_contain_text(heading_of(stage_id))
        before = page.url
        item.get_by_role("link", name=STAGES[stage_id].title, exact=True).click()
        landed(page, stage_id)
        assert page.url == before, "a link on the page itself leaves the address as it was"
    bar.get_by_text("All chapters").click()
    mapped = bar.locator(f".pg-chapter[data-chapter='{chapter}']")
    expect(mapped.get_by_role("link", name=re.compile(r"^\d+\. "))).to_have_attribute(
        "aria-current", "page"
    )
    mapped.get_by_role("link", name=heading_of(stages[-1]), exact=True).click()
    landed(page, stages[-1])
    expect(bar.locator(".pg-more")).not_to_have_attribute("open", "")
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_stars_earned_show_on_the_bar_and_the_map_and_its_link_lands(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    page.goto(site.chapter("04-scoring.ipynb"))
    drawn(page)
    stage = page.locator(".calypso-exercises").first
    expect(stage.locator(".calypso-question + ul li").first).to_be_visible()
    right = f"{c7_score(stage):,}"
    stage.get_by_role("button", name=re.compile(rf"^{re.escape(right)}(\D|$)")).click()
    count = page.locator(".pg-compact .pg-item[data-stage='scoring-worth'] .pg-count")
    expect(count).to_have_text("★ 3/9")
    expect(count).to_have_attribute("aria-label", "3 of 9 stars")
    page.goto(site.chapter(WELCOME))
    drawn(page)
    row = page.locator(".pg-map .pg-stage[data-stage='scoring-worth']")
    expect(row.get_by_role("img")).to_have_text("★★★ ☆☆☆ ☆☆☆")
    expect(row.get_by_role("img")).to_have_attribute(
        "aria-label", re.compile(r"exercise 1: 3 stars, exercise 2: none yet")
    )
    first = heading_of(next(iter(STAGES)))  # the first stage with an exercise not yet answered
    expect(page.locator(".pg-line").get_by_role("link")).to_have_text(first)
    row.get_by_role("link", name=heading_of("scoring-worth"), exact=True).click()
    drawn(page)
    landed(page, "scoring-worth")
    assert visit.console_errors == [] and visit.foreign_requests == []


VIEWPORTS = ((1280, 900), (853, 480), (390, 900))
"""A laptop, a projector's short screen and a phone: each chapter is opened once and resized
through them (the bar's layout follows the window, CSS media queries and the box's width)."""


def bar_fits(page: Page, chapter: str, width: int) -> int:
    """The bar's height in px, once it is checked to fit ``width``: nothing in it cut off, and at
    most two lines at 1280 px, three at 853, one for each stage and two more on a phone."""
    bar = page.locator(".pg-compact")
    box = bar.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (chapter, width, box)
    assert bar.evaluate("e => e.scrollWidth <= e.clientWidth"), (chapter, width)
    inside = bar.evaluate(
        "e => Math.max(...[...e.querySelectorAll('*')].map(c => c.getBoundingClientRect().right))"
    )
    assert inside <= box["x"] + box["width"], (chapter, width, inside, box)
    line = float(bar.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
    lines = {1280: 2, 853: 3}.get(width, (len(stages_of(chapter)) or 3) + 2)  # 06: levels
    assert box["height"] <= lines * line + 20, (chapter, width, box)
    return round(box["height"])


def test_the_bar_is_small_and_nothing_in_it_is_cut_off(visit: Visit, site: Site) -> None:
    page = visit.page
    heights: dict[int, dict[str, int]] = {width: {} for width, _ in VIEWPORTS}
    for chapter in (c.slug for c in CHAPTERS if c.on_path):
        page.set_viewport_size({"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]})
        page.goto(site.chapter(find_chapter(chapter).file))
        expect(page.locator(".pg-compact")).to_be_visible(timeout=60_000)
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
            heights[width][chapter] = bar_fits(page, chapter, width)
    for width, found in heights.items():
        print(f"bar heights at {width} px:", found)


def test_the_opened_map_has_no_wcag_violations(visit: Visit, site: Site) -> None:
    """axe-core (WCAG 2.0 to 2.2, A and AA) on the class quiz's bar with its map open, with stars
    and a quiz best in storage, so that every kind of entry is drawn: at 1280 px, then on the
    same page narrowed to a phone's 390 px (the bar follows the window's width)."""
    page = visit.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site.chapter("08-class-quiz.ipynb"))
    page.evaluate(
        """localStorage.setItem('calypso-progress', '{"02-own": [3, 1], "05": [2]}');
        localStorage.setItem('calypso-quiz', '{"1": {"right": 7, "count": 10}}')"""
    )
    page.reload()
    drawn(page)
    bar = page.locator(".pg-compact")
    bar.get_by_text("All chapters").click()
    tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
    options = {"runOnly": {"type": "tag", "values": tags}, "resultTypes": ["violations"]}
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        expect(bar.locator(".pg-more")).to_have_attribute("open", "")
        # stored under the numbered ids of old ("02-own"), shown under the stage's slug
        own = bar.locator(".pg-stage[data-stage='who-wins-own'] .pg-stars")
        expect(own).to_have_text("★★★ ★☆☆ ☆☆☆")
        expect(bar.locator(".pg-item[data-level='1']")).to_have_text("Level 1: best 7 of 10")
        page.wait_for_load_state("networkidle")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
        found = Axe().run(page, context=".pg-compact", options=options).response["violations"]
        assert found == [], (
            width,
            [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found],
        )
        small = bar.evaluate(
            """bar => [...bar.querySelectorAll("a, summary, button")]
                .map(e => e.getBoundingClientRect())
                .filter(r => r.width > 0 && (r.height < 24 || r.width < 24))
                .map(r => [Math.round(r.width), Math.round(r.height)])"""
        )
        assert small == [], (
            f"every link and button of the map is a tap target of 24 px or more at {width} px"
        )
