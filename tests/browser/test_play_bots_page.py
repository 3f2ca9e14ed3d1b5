"""Chapter 05 with expert opponents, in Chromium under Voila (and on the static site, where
Python runs in the browser): the choice is made from its labelled field, a card is played by
keyboard, the table says *W is thinking…* at once and takes it away when the bots' cards
arrive; on a phone-sized page (390 px), for a reader who asks for less motion, with nothing
for axe-core to find."""

from __future__ import annotations

import random
import re

from accessibility import audit, report
from conftest import Visit
from interactions import play_by_keys
from live_site import ARTIFACTS, FIRST_WIDGET_MS, Site, StaticSite, new_context
from playwright.sync_api import Browser, Locator, Page, expect

PLAY = "05-play-a-game.ipynb"
WIDTH = 390

RECORD = """table => {
  const mark = table.querySelector(".ct-thinking");
  const root = table.querySelector(".ct");
  window.thinkingSeen = [];
  new MutationObserver(() => {
    const box = mark.getBoundingClientRect();
    window.thinkingSeen.push({
      text: mark.textContent,
      at: performance.now(),
      busy: root.classList.contains("ct-busy"),
      left: box.left,
      right: box.right,
      live: mark.getAttribute("aria-live"),
      pulse: getComputedStyle(mark, "::before").animationName,
    });
  }).observe(mark, { childList: true, characterData: true, subtree: true });
}"""
"""Record every change of the table's thinking mark, as the page draws it then."""


def expected_trick(seed: int, card: str) -> list[str]:
    """The trick on the table once the bots have answered S's first card: the registry's bots,
    seeded per seat as every table seeds them (E and W the expert), played by hand here."""
    from calypso.engine.cards import Card
    from calypso.partnership.bots import make_bot
    from calypso.partnership.game import Game

    names = dict(zip("NESW", ("greedy", "expert", "greedy", "expert"), strict=True))
    bots = {s: make_bot(n, random.Random(f"calypso-bot/{seed}/{s}/{n}")) for s, n in names.items()}
    game = Game(seed=seed)
    while game.turn != "S":
        game.play(bots[str(game.turn)].choose(game))
    game.play(Card.parse(card))
    while game.trick and game.turn != "S":
        game.play(bots[str(game.turn)].choose(game))
    done = game.trick if game.trick or game.last_trick is None else game.last_trick.cards
    return [str(c) for c in done]


def choose_expert_and_play(page: Page, table: Locator, name: str) -> None:
    """Choose expert opponents, play S's first playable card by keyboard, and check the mark
    came at once, was read politely, stood still, fitted the page, and went with the answer;
    how long it stood goes to test-artifacts/``name``-thinking-ms.txt."""
    table.get_by_role("combobox", name="Opponents").select_option(label="Expert")
    expect(table.get_by_text("starts over")).to_be_visible()
    expect(table.locator(".ct-status")).to_contain_text("your turn, S")
    assert "never looks at a hidden card" in table.inner_text()
    table.evaluate(RECORD)
    card = table.locator(".ct-hand .ct-playable").first.get_attribute("data-card")
    assert card is not None
    play_by_keys(page, table.locator(".ct-hand button"), card)
    trick = expected_trick(5, card)
    cards = table.locator(".ct-trick .ct-card")
    expect(cards).to_have_count(len(trick), timeout=60_000)
    assert cards.evaluate_all("els => els.map(e => e.dataset.card)") == trick
    expect(table.locator(".ct-thinking")).to_have_text("")
    seen = page.evaluate("window.thinkingSeen")
    assert seen[0]["text"] == "W is thinking…" and seen[0]["busy"], seen
    assert seen[0]["live"] == "polite" and seen[0]["pulse"] == "none", seen
    assert seen[0]["left"] >= 0 and seen[0]["right"] <= WIDTH, seen
    assert seen[-1]["text"] == "" and not seen[-1]["busy"], seen
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}-thinking-ms.txt").write_text(f"{seen[-1]['at'] - seen[0]['at']:.0f}\n")
    page.wait_for_url(re.compile(r"[#&]play=5\.S\.expert-greedy\." + re.escape(card)))


def test_05_expert_opponents_think_with_a_mark_by_keyboard_on_a_phone(
    browser: Browser, site: Site
) -> None:
    context = new_context(
        browser, viewport={"width": WIDTH, "height": 844}, reduced_motion="reduce"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.chapter(PLAY) + "#play=5.S")
    table = page.locator(".calypso-widget").filter(has_text="Play Calypso")
    expect(table.locator(".ct-hand button")).to_have_count(13)
    choose_expert_and_play(page, table, "05-expert")
    for field in ("Opponents", "Partner"):
        box = table.get_by_role("combobox", name=field).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 1
    assert table.evaluate("w => w.scrollWidth <= w.clientWidth + 1")
    for scheme in ("light", "dark"):  # the fields and their words pass axe-core
        page.emulate_media(color_scheme=scheme)
        found = audit(page)
        assert found == [], f"{scheme} scheme:\n{report(found)}"
    Visit(page).screenshot("05-expert-390", width=WIDTH)
    table.screenshot(path=str(ARTIFACTS / "05-expert-table-390.png"))
    context.close()
    assert errors == []


def test_static_05_expert_opponents_think_with_a_mark_in_the_browsers_python(
    browser: Browser, static_site: StaticSite
) -> None:
    context = new_context(
        browser, viewport={"width": WIDTH, "height": 844}, reduced_motion="reduce"
    )
    page = context.new_page()
    page.goto(static_site.chapter(PLAY) + "#play=5.S")
    table = page.locator("[cell-index] .calypso-widget").filter(has_text="Play Calypso")
    expect(table.locator(".ct-hand button")).to_have_count(13, timeout=FIRST_WIDGET_MS)
    choose_expert_and_play(page, table, "static-05-expert")
    Visit(page).screenshot("static-05-expert-390", width=WIDTH)
    context.close()
