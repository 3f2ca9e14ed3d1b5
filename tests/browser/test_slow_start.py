"""A widget that is slow to start still answers, under Voila and on the static site.

anywidget 0.11 gives each widget's script two seconds to load (manzt/anywidget#828); past that,
the widget is drawn but drops every update its kernel sends, so a learner on a slow phone
would click a card and see nothing happen. The pages lift that limit
(site/voila/templates/calypso/static/calypso-widget-wait.js). Here a starved browser is played
by holding the card picker's script for longer than two seconds as it loads: the picker must
then still show the card a learner picks, which only its kernel can tell it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import Visit, is_error
from live_site import FIRST_WIDGET_MS, LIVE_WIDGET, PICTURE, Site, StaticSite, new_context
from playwright.sync_api import Browser, Page, expect

from calypso.widgets.assets import STATIC

CHAPTER = "02-who-wins-the-trick.ipynb"
STALL_MS = 2500
PICKER_START = (STATIC / "picker.js").read_text().splitlines()[0]
"""The picker's script begins so: anywidget makes a module of the script's text."""
HOLD_THE_PICKER = f"""(() => {{
  const Original = Blob;
  window.Blob = function (parts, options) {{
    const blob = new Original(parts, options);
    if (String(parts && parts[0]).startsWith({json.dumps(PICKER_START)})) {{
      const until = performance.now() + {STALL_MS};
      while (performance.now() < until) {{}}
      window.calypsoHeldBack = true;
    }}
    return blob;
  }};
  window.Blob.prototype = Original.prototype;
}})();"""
"""Blocks the page for STALL_MS as anywidget makes the picker's script into a module, and
marks the page (window.calypsoHeldBack) so a test knows the picker was held back."""


def picks_a_card_after_a_slow_start(page: Page, url: str) -> None:
    page.add_init_script(HOLD_THE_PICKER)
    page.goto(url)
    expect(page.locator(LIVE_WIDGET).first).to_be_visible(timeout=FIRST_WIDGET_MS)
    expect(page.locator(PICTURE)).to_have_count(0, timeout=FIRST_WIDGET_MS)  # every cell has run
    builder = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    first = builder.locator(".cp-position").first
    builder.get_by_role("button", name="Clear", exact=True).click()
    expect(first).to_contain_text("—")
    builder.locator(".cp-card[data-card='9H']").click()
    expect(first).to_contain_text("9♥")
    expect(builder.locator(".ct-trick .ct-card")).to_have_count(1)
    assert page.evaluate("window.calypsoHeldBack === true"), "the picker was never held back"


def test_a_widget_slow_to_start_still_answers_under_voila(visit: Visit, site: Site) -> None:
    picks_a_card_after_a_slow_start(visit.page, site.chapter(CHAPTER))
    assert visit.console_errors == []


@pytest.fixture
def static_page(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if is_error(m) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page, errors
    context.close()


def test_a_widget_slow_to_start_still_answers_on_the_static_site(
    static_page: tuple[Page, list[str]], static_site: StaticSite
) -> None:
    page, errors = static_page
    picks_a_card_after_a_slow_start(page, static_site.chapter(CHAPTER))
    assert errors == []
