"""The teacher's house rule travels with the class link, as a student sees it (issue 33 item 3).

The desk, opened at a setup with the house rule ruff-wins, gives the students' link ending in
``.w0``; a student who opens it reads the rule's words above the quiz, and every chapter they
open afterwards in that browser plays under it and says so (chapter 02's practice, chapter
05's table, chapter 06's Endings). A class's link without a house rule takes it away again.
What is expected comes from the setup typed into the desk's address.
"""

from __future__ import annotations

import re

from conftest import Visit
from live_site import Site
from playwright.sync_api import expect

RULE_LINE = "[data-house-rule]"
DRAWN = 90_000
"""How long a page may take to draw its widgets on a busy machine (ms)."""


def open_chapter(visit: Visit, site: Site, address: str) -> None:
    visit.page.goto(site.chapter(address), timeout=DRAWN)
    expect(visit.page.locator(".calypso-widget").first).to_be_visible(timeout=DRAWN)


def wait_until_kept(visit: Visit, rule: str | None) -> None:
    """Wait until the browser keeps ``rule`` for its class (None: no house rule). The quiz
    draws the rule its link gave at once; the browser keeps it when the kernel's word reaches
    the page's class member, a message of its own that can come later on a busy machine."""
    visit.page.wait_for_function(
        "rule => (JSON.parse(localStorage.getItem('calypso-class') || '{}').rule || null) === rule",
        arg=rule,
        timeout=DRAWN,
    )


def test_a_house_rule_goes_from_the_desk_to_every_chapter_a_student_opens(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    open_chapter(visit, site, "teachers-desk.ipynb#class=ROOM7.2.A.w0")
    link = page.locator("[data-students-link] a").first
    expect(link).to_have_attribute(
        "href", f"{site.chapter('08-class-quiz.ipynb')}#quiz=ROOM7.2.1.A.c.w0", timeout=DRAWN
    )
    href = link.get_attribute("href")
    assert href is not None
    page.goto(href, timeout=DRAWN)
    quiz = page.locator(".calypso-quiz").first
    expect(quiz.locator(RULE_LINE)).to_contain_text("House rule: a ruff beats", timeout=DRAWN)
    expect(page.locator(".calypso-quiz-fixed")).to_contain_text("Level 2")
    visit.screenshot("house-rule-quiz", 390)
    wait_until_kept(visit, "w0")

    open_chapter(visit, site, "02-who-wins-the-trick.ipynb")
    stage = page.locator(".calypso-exercises").first
    expect(stage.locator(RULE_LINE)).to_contain_text("House rule: a ruff beats", timeout=DRAWN)

    open_chapter(visit, site, "05-play-a-game.ipynb")
    expect(page.locator(RULE_LINE).first).to_contain_text("House rule", timeout=DRAWN)
    expect(page).to_have_url(re.compile(r"play=\d+\.S\.w0"), timeout=DRAWN)

    open_chapter(visit, site, "06-endings.ipynb")
    expect(page.locator(RULE_LINE).first).to_contain_text("House rule", timeout=DRAWN)

    open_chapter(visit, site, "08-class-quiz.ipynb#quiz=ROOM7.2.1.A.c")
    expect(page.locator(".calypso-quiz-fixed")).to_contain_text("Level 2", timeout=DRAWN)
    expect(page.locator(".calypso-quiz").first.locator(RULE_LINE)).to_have_count(0)
    wait_until_kept(visit, None)
    open_chapter(visit, site, "02-who-wins-the-trick.ipynb")
    expect(page.locator(".calypso-exercises").first).to_contain_text("Exercise 1", timeout=DRAWN)
    expect(page.locator(RULE_LINE)).to_have_count(0)
    assert not visit.console_errors, visit.console_errors
