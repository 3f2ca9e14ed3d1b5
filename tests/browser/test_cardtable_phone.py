"""The card table on a 390 px phone, in English and Hungarian (issue 34, the Hungarian reader):
chapter 03's answers wrap inside their buttons, the quiz's seat buttons show whole names, and a
Hungarian quiz takes the Hungarian seat keys (É, K, D, N for Észak, Kelet, Dél, Nyugat, as
../shared/HUNGARIAN-TERMS.md names the seats) that its question names.
"""

from __future__ import annotations

import pytest
from conftest import Visit
from live_site import ARTIFACTS, Site
from playwright.sync_api import Page, ViewportSize, expect

PHONE = ViewportSize(width=390, height=844)

OUTSIDE = """table => [...table.querySelectorAll(".ct-choice")].flatMap((button) => {
  const box = button.getBoundingClientRect();
  const words = button.querySelector(".ct-choice-label").getBoundingClientRect();
  const out = words.left < box.left - 1 || words.right > box.right + 1 ||
    words.right > document.documentElement.clientWidth;
  return out ? [button.textContent] : [];
})"""
"""The answers whose words reach out of their button or off the screen."""


def page_of(site: Site, lang: str, chapter: str) -> str:
    return site.chapter(f"hu/{chapter}" if lang == "hu" else chapter)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_chapter_03_s_answers_wrap_inside_their_buttons(
    visit: Visit, site: Site, lang: str
) -> None:
    page = visit.page
    page.set_viewport_size(PHONE)
    page.goto(page_of(site, lang, "03-building-calypsos.ipynb"))
    table = page.locator(".ct:has(.ct-choice)").first
    expect(table.locator(".ct-choice")).to_have_count(4, timeout=60_000)
    table.scroll_into_view_if_needed()
    assert table.evaluate(OUTSIDE) == []
    table.locator(".ct-choice").nth(1).click()  # a wrong answer: its mark joins the words
    expect(table.locator(".ct-choice[aria-disabled='true']")).to_have_count(1)
    assert table.evaluate(OUTSIDE) == []
    table.screenshot(path=str(ARTIFACTS / f"03-answers-{lang}-390.png"))


def quiz_at_390(page: Page, site: Site) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site.chapter("hu/08-class-quiz.ipynb"))
    quiz = page.locator(".calypso-quiz")
    expect(quiz.locator(".ct-trick .ct-card")).to_have_count(4, timeout=60_000)
    quiz.get_by_label("Neved vagy monogramod").fill("Anna")


def test_the_hungarian_quiz_takes_hungarian_seat_keys_and_shows_whole_seat_names(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    quiz_at_390(page, site)
    quiz = page.locator(".calypso-quiz")
    table = quiz.locator(".ct").first
    expect(table.locator(".ct-verdict")).to_contain_text("(É, K, D vagy N)")
    shortcuts = {
        panel.locator(".ct-name").inner_text(): panel.get_attribute("aria-keyshortcuts")
        for panel in table.locator(".ct-pickable").all()
    }
    assert shortcuts == {"É": "É", "K": "K", "D": "D", "Ny": "N"}
    names = ["Észak", "Kelet", "Dél", "Nyugat"]
    buttons = [quiz.get_by_role("button", name=name, exact=True) for name in names]
    for button, name in zip(buttons, names, strict=True):
        expect(button).to_have_text(name)
        box = button.bounding_box()
        assert box is not None and box["height"] < 40, f"{name} wraps"  # one line, no break
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{name} is cut"
    table.locator(".ct-pickable").first.focus()
    page.keyboard.press("k")
    expect(table.locator(".ct-feedback")).to_contain_text("a tipped Kelet volt")
