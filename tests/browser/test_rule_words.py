"""Each rule id a learner sees on the card table opens its words, by click, tap or keyboard,
in place under the verdict, with links to chapter 00's list of every id and to the chapter
that teaches it (calypso/lessons/glossary.py, held to docs/rulings.md by tests/test_glossary.py).

The trick is the rulings' own worked example (docs/rulings.md, C4): E (diamonds) leads J♦ and
S (spades), out of diamonds, ruffs with Q♠; the leader's own suit was led and ruffed, so the
led card and the ruff compete on rank and S wins by C4.2.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Visit, is_error
from live_site import ARTIFACTS, Site, new_context
from playwright.sync_api import Browser, Locator, Page, expect

from calypso.lessons.glossary import rule_words

CHAPTER = "02-who-wins-the-trick.ipynb"


def preset_verdict(page: Page, site: Site) -> Locator:
    """Chapter 02's trick builder with the worked example's trick: its verdict box."""
    page.goto(site.chapter(CHAPTER))
    builder = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    builder.get_by_role("button", name="J♦ led, Q♠ ruffs").click()
    expect(builder.locator(".ct-verdict")).to_contain_text("S wins with Q♠")
    return builder.locator(".ct-verdict-box")


@pytest.fixture
def phone(browser: Browser) -> Iterator[Visit]:
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    seen = Visit(page)
    page.on("console", lambda m: seen.console_errors.append(m.text) if is_error(m) else None)
    page.on("pageerror", lambda e: seen.console_errors.append(str(e)))
    yield seen
    context.close()


def test_the_verdicts_rule_id_opens_its_words_by_keyboard_and_links_to_every_id(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    box = preset_verdict(page, site)
    rule = box.locator(".ct-verdict button.ct-rule")
    expect(rule).to_have_text("C4.2")
    expect(rule).to_have_attribute("aria-expanded", "false")
    words = box.locator(".ct-rule-words")
    expect(words).to_be_hidden()
    rule.focus()
    page.keyboard.press("Enter")
    expect(rule).to_have_attribute("aria-expanded", "true")
    expect(words).to_be_visible()
    expect(words).to_contain_text(f"C4.2: {rule_words('C4.2')}.")
    page.keyboard.press("Space")
    expect(words).to_be_hidden()
    rule.click()
    expect(words).to_be_visible()
    words.get_by_role("link", name="All rule ids").click()
    page.wait_for_url("**/00-welcome.ipynb#rule-C4.2")
    entry = page.locator("[id='rule-C4.2']")
    expect(entry).to_be_in_viewport()
    expect(page.locator("[id='rule-C4.2'] + dd")).to_contain_text(rule_words("C4.2"))
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_a_tap_on_the_rule_id_shows_its_words_on_a_phone(phone: Visit, site: Site) -> None:
    page = phone.page
    box = preset_verdict(page, site)
    rule = box.locator(".ct-verdict button.ct-rule")
    size = rule.bounding_box()
    assert size is not None and size["height"] >= 24, "a target a finger can hit"
    rule.tap()
    words = box.locator(".ct-rule-words")
    expect(words).to_be_visible()
    expect(words).to_contain_text(rule_words("C4.2"))
    expect(words).to_be_in_viewport()
    taught = words.get_by_role("link", name="Where it is taught")
    expect(taught).to_have_attribute("href", "02-who-wins-the-trick.ipynb#The-five-cases")
    words.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "rule-words-phone.png"))
    assert phone.console_errors == []


def test_chapter_00_lists_every_rule_id_with_its_words(visit: Visit, site: Site) -> None:
    page = visit.page
    page.goto(site.chapter("00-welcome.ipynb#rule-W5.1"))
    expect(page.locator("[id='rule-W5.1']")).to_be_in_viewport()
    listed = page.locator(".calypso-glossary dt")
    expect(listed).to_have_count(46)
    visit.screenshot("rule-ids-00")
    expect(page.locator("[id='rule-C1'] + dd")).to_contain_text(rule_words("C1"))
    assert visit.console_errors == [] and visit.foreign_requests == []
