"""The card table component in Chromium under Voila: drawn from Python's data, played with the
mouse and with the keyboard alone, revealing on request, readable at 1280 and 390 px wide.

A small notebook is written to a temporary folder and served as the site serves the chapters.
Expected winners come from the rulings (../shared/RULINGS.md): W leads 9♥ (W's trump is ♣),
N follows with K♥ and E, void in hearts, ruffs with 2♦, E's own trump: C4.4, the ruff wins.
"""

from __future__ import annotations

import pytest
from conftest import Visit
from live_site import ARTIFACTS, Site, new_context
from playwright.sync_api import Browser, Locator, Page, expect
from scratch import code, markdown, scratch

SETUP = """\
import ipywidgets as w
from calypso.engine.cards import parse_cards
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.engine.table import play_order
from calypso.engine.tricks import refusals, resolve_trick
from calypso.widgets.cardtable import CardTable
from calypso.words.tricks import refusal_reason

TRUMPS = dict(zip(SEATS, DEFAULT_TRUMPS))
"""

PRACTICE = """\
seats = play_order("W", SEATS)
trick = parse_cards("9H KH 2D")
hand = parse_cards("2H 7H 10S QS 3C 8D")
table = CardTable(label="Practice table")
table.set_table(SEATS, TRUMPS, you="S", partners=True, hidden={"W": 12, "N": 12, "E": 12})

def show(cards, turn=None):
    trumps = [TRUMPS[seat] for seat in seats[: len(cards)]]
    table.show_trick(cards, seats, trumps, resolve_trick(cards, trumps), turn=turn)

def play(card):
    hand.remove(card)
    trick.append(card)
    show(trick)
    table.show_hand(hand, playable=[])
    table.status = f"You played {card.symbol}."

show(trick, turn="S")
refused = refusals(hand, trick, TRUMPS["S"])
table.show_hand(
    hand,
    playable=[c for c in hand if c not in refused],
    why={card: refusal_reason(why) for card, why in refused.items()},
    hint=parse_cards("2H")[0],
    hint_why="E's ruff beats every heart, so play your lowest heart and keep the 7.",
)
table.on_card(play)
table.piles = True
next_trick = w.Button(description="Next trick")
next_trick.on_click(lambda _: table.show_trick([], seats))
w.VBox([table, next_trick])
"""

REVEAL = """\
quiz = CardTable(label="Quiz table", reveal_mode=True, presenter=True, page_keys=True)
quiz.set_table(SEATS, TRUMPS, bottom="S", partners=True)
cards = parse_cards("KD 4S 2D 3D")
order = play_order("E", SEATS)
trumps = [TRUMPS[seat] for seat in order]
quiz.show_trick(cards, order, trumps, resolve_trick(cards, trumps))
quiz.on_reveal(lambda: setattr(quiz, "status", "Revealed."))
quiz
"""

NAME = "cardtable.ipynb"


scratch(
    NAME,
    "The card table",
    markdown("# The card table"),
    code(SETUP + PRACTICE),
    code(REVEAL),
)


@pytest.fixture
def table_site(scratch_site: Site) -> Site:
    return scratch_site


def open_tables(visit: Visit, site: Site) -> tuple[Locator, Locator]:
    visit.page.goto(site.chapter(NAME))
    practice = visit.page.get_by_role("group", name="Practice table")
    quiz = visit.page.get_by_role("group", name="Quiz table")
    expect(practice.locator(".ct-hand button")).to_have_count(6)
    expect(quiz.locator(".ct-trick .ct-card")).to_have_count(4)
    return practice, quiz


def focused_card(page: Page) -> str | None:
    card = page.evaluate("document.activeElement && document.activeElement.dataset.card")
    return None if card is None else str(card)


def assert_clean(visit: Visit) -> None:
    assert visit.console_errors == []
    assert visit.foreign_requests == []


CONTRAST = """
(root) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (node) => {
    for (; node; node = node.parentElement) {
      const c = rgb(getComputedStyle(node).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const low = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const node = text.parentElement;
    if (!text.textContent.trim() || node.closest(".ct-sr") || !node.getClientRects().length) {
      continue;
    }
    const a = lum(rgb(getComputedStyle(node).color)), b = lum(background(node));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.push(`${text.textContent.trim()} ${ratio.toFixed(2)}`);
  }
  return low;
}
"""


OUTSIDE = """
(root) => {
  const edge = root.getBoundingClientRect();
  const clipped = (e) =>
    e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible";
  return [...root.querySelectorAll("*")]
    .filter((e) => e.getClientRects().length && !e.closest(".ct-sr"))
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.left < edge.left - 1 || r.right > edge.right + 1 || clipped(e);
    })
    .map((e) => `${e.className} ${e.textContent.slice(0, 30)}`);
}
"""


def test_the_table_draws_the_trick_the_winner_and_the_verdict_beside_it(
    visit: Visit, table_site: Site
) -> None:
    practice, _ = open_tables(visit, table_site)
    trick = practice.locator(".ct-trick .ct-card")
    assert trick.evaluate_all("els => els.map(e => e.dataset.card)") == ["9H", "KH", "2D"]
    expect(trick.nth(0)).to_contain_text("9")
    expect(trick.nth(0)).to_contain_text("♥")
    expect(practice.locator(".ct-trick .ct-caption")).to_have_text(
        ["1st · W trump ♣", "2nd · N trump ♥", "3rd · E trump ♦"]
    )
    winner = practice.locator(".ct-winning .ct-card")
    expect(winner).to_have_attribute("data-card", "2D")
    expect(winner).to_contain_text("winning so far")
    verdict = practice.locator(".ct-verdict")
    expect(verdict).to_have_attribute("aria-live", "polite")
    # W led 9♥ and E ruffed with 2♦ (C4.4), but S is still to play: no winner yet.
    expect(verdict).to_contain_text(
        "E's 2♦ is winning so far (C4.4 as things stand); S is still to play."
    )
    expect(verdict.locator("[data-rule]")).to_have_count(0)
    card, box = winner.bounding_box(), practice.locator(".ct-verdict-box").bounding_box()
    assert card is not None and box is not None
    assert 0 <= box["y"] - (card["y"] + card["height"]) < 80, "the verdict sits under the trick"
    seats = practice.locator(".ct-seat")
    expect(seats.filter(has_text="partner")).to_contain_text("N")
    expect(seats.filter(has_text="leads")).to_contain_text("W")
    expect(seats.filter(has_text="to play")).to_contain_text("S")
    expect(practice.locator("[data-ct-seat='E'] .ct-count")).to_contain_text("12 cards")
    expect(practice.locator("[data-ct-seat='S'] .ct-backs")).to_have_count(0)
    expect(practice.locator(".ct-hint")).to_contain_text("play your lowest heart")
    expect(practice.locator(".ct-hinted")).to_have_attribute("data-card", "2H")
    assert practice.evaluate(CONTRAST) == []
    assert_clean(visit)


def test_a_click_reaches_python_and_an_unplayable_card_says_why(
    visit: Visit, table_site: Site
) -> None:
    practice, _ = open_tables(visit, table_site)
    queen = practice.locator(".ct-hand [data-card='QS']")
    expect(queen).to_have_attribute("aria-disabled", "true")
    expect(queen).to_have_attribute("title", "you must follow ♥ (you hold 2♥ 7♥)")
    queen.click(force=True)  # a person can click it; Playwright waits for "enabled"
    expect(practice.locator(".ct-note")).to_have_text(
        "Q♠ cannot be played: you must follow ♥ (you hold 2♥ 7♥)"
    )
    visit.page.wait_for_timeout(500)
    expect(practice.locator(".ct-status")).to_be_hidden()
    expect(practice.locator(".ct-hand [data-card='QS']")).to_be_visible()
    practice.locator(".ct-hand [data-card='7H']").click()
    expect(practice.locator(".ct-status")).to_have_text("You played 7♥.")
    expect(practice.locator(".ct-trick .ct-card")).to_have_count(4)
    expect(practice.locator(".ct-verdict")).to_contain_text("E wins with 2♦")
    expect(practice.locator(".ct-hand button")).to_have_count(5)
    assert_clean(visit)


def test_a_finished_trick_slides_onto_its_winners_pile(visit: Visit, table_site: Site) -> None:
    practice, _ = open_tables(visit, table_site)
    practice.locator(".ct-hand [data-card='7H']").click()
    expect(practice.locator(".ct-trick .ct-card")).to_have_count(4)
    start = practice.locator(".ct-trick .ct-slot").first.bounding_box()
    visit.page.get_by_role("button", name="Next trick").click()
    ghosts = practice.locator(".ct-ghost")
    ghosts.first.wait_for(state="attached")
    visit.page.wait_for_timeout(250)
    # read at once, without waiting: on a loaded machine the slide may be over already, and a
    # ghost whose slide has ended may still be in the page for a moment with no box (0 wide)
    moved = ghosts.evaluate_all(
        "gs => gs.map((g) => g.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => r.x)"
    )
    assert start is not None
    if moved:  # still on its way to the winner E, who sits on the right
        assert moved[0] > start["x"] + 20
    expect(practice.locator(".ct-ghost")).to_have_count(0)
    expect(practice.locator(".ct-trick .ct-card")).to_have_count(0)
    expect(practice.locator(".ct-empty")).to_be_visible()
    assert_clean(visit)


def test_the_keyboard_alone_moves_between_cards_and_plays_one(
    visit: Visit, table_site: Site
) -> None:
    practice, _ = open_tables(visit, table_site)
    page = visit.page
    hand = practice.locator(".ct-hand button")
    expect(hand.first).to_have_attribute("tabindex", "0")
    assert hand.evaluate_all("els => els.filter(e => e.tabIndex === 0).length") == 1
    hand.first.focus()
    assert focused_card(page) == "2H"
    ring = hand.first.evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).boxShadow]"
    )
    assert ring[0] == "solid", "a visible focus ring"
    assert "rgb(245, 183, 0)" in ring[1], "the gold playable outline stays with the focus"
    page.keyboard.press("ArrowRight")
    assert focused_card(page) == "7H"
    page.keyboard.press("End")
    assert focused_card(page) == "8D"
    page.keyboard.press("Enter")
    expect(practice.locator(".ct-note")).to_contain_text("8♦ cannot be played")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert focused_card(page) == "7H"
    page.keyboard.press(" ")
    expect(practice.locator(".ct-status")).to_have_text("You played 7♥.")
    expect(hand).to_have_count(5)
    assert focused_card(page) is not None, "the focus stays in the hand"
    assert_clean(visit)


def test_reveal_mode_hides_the_verdict_until_revealed(visit: Visit, table_site: Site) -> None:
    _, quiz = open_tables(visit, table_site)
    verdict = quiz.locator(".ct-verdict")
    expect(verdict).to_contain_text("Who wins this trick?")
    expect(verdict).not_to_contain_text("wins with")
    expect(quiz.locator(".ct-winning")).to_have_count(0)
    reveal = quiz.get_by_role("button", name="Reveal")
    reveal.focus()
    visit.page.keyboard.press("r")
    expect(verdict).to_contain_text("E wins with K♦")
    expect(verdict).to_contain_text("rule C4.2")
    expect(quiz.locator(".ct-winning .ct-card")).to_have_attribute("data-card", "KD")
    expect(quiz.locator(".ct-status")).to_have_text("Revealed.")
    expect(reveal).to_be_hidden()
    assert_clean(visit)


def test_screenshots_at_1280_and_390_px_fit_their_width(visit: Visit, table_site: Site) -> None:
    practice, quiz = open_tables(visit, table_site)
    page = visit.page
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        overflow = page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= width, f"{overflow} px wide at {width}"
        for table in (practice, quiz):
            assert table.evaluate(CONTRAST) == []
            inside = table.evaluate(OUTSIDE)
            assert inside == [], f"cut off or overflowing at {width} px: {inside}"
        card = practice.locator(".ct-trick .ct-card").first.bounding_box()
        assert card is not None and card["width"] >= 40, "cards big enough to read"
        height = page.evaluate(
            "Math.max(document.body.scrollHeight, "
            "...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"
        )
        page.set_viewport_size({"width": width, "height": min(int(height), 20_000)})
        page.screenshot(path=str(ARTIFACTS / f"cardtable-{width}.png"), full_page=True)
    quiz.get_by_role("button", name="Reveal").click()
    expect(quiz.locator(".ct-verdict")).to_contain_text("E wins with K♦")
    assert_clean(visit)


def test_r_reveals_from_anywhere_on_the_page_for_a_table_that_opted_in(
    visit: Visit, table_site: Site
) -> None:
    practice, quiz = open_tables(visit, table_site)
    page = visit.page
    quiz.scroll_into_view_if_needed()
    verdict = quiz.locator(".ct-verdict")
    expect(verdict).to_contain_text("Who wins this trick?")
    expect(quiz.locator(".ct-keys-hint")).to_have_text(" (or the R key)")
    expect(quiz.locator(".ct-keys-hint")).to_be_visible()
    assert not practice.evaluate("e => e.contains(document.activeElement)")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("r")  # nothing clicked: the page has the focus
    expect(verdict).to_contain_text("E wins with K♦")
    expect(quiz.locator(".ct-status")).to_have_text("Revealed.")
    assert_clean(visit)


def test_a_touch_screen_hears_no_sentence_about_keys(browser: Browser, table_site: Site) -> None:
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(table_site.chapter(NAME))
        assert page.evaluate('matchMedia("(hover: none) and (pointer: coarse)").matches')
        quiz = page.get_by_role("group", name="Quiz table")
        verdict = quiz.locator(".ct-verdict")
        expect(verdict).to_contain_text("Who wins this trick? Decide, then press Reveal")
        expect(quiz.locator(".ct-keys-hint")).to_be_hidden()
        assert "key" not in verdict.inner_text()
        quiz.get_by_role("button", name="Reveal").tap()
        expect(verdict).to_contain_text("E wins with K♦")
    finally:
        context.close()
