"""Chapter 09's auction table at the end of a hand, in Chromium under Voila (issue 30): the
hand's score sits beside the felt and its last trick on a laptop, so both are in view at once
at 1280 by 800, and right under them on a phone, where nothing sticks out; the table below lists
the trickpiles the hand ended with (the game record's, A6), not the next hand's empty ones.
Every setup of A2 is explained next to its field."""

from __future__ import annotations

import re

from conftest import Visit
from live_site import ARTIFACTS, Site
from playwright.sync_api import expect
from test_scoring_page import TOO_WIDE

from calypso.widgets import AuctionTable

AUCTION = "09-auction-calypso.ipynb"


def test_07_the_hands_score_and_its_last_trick_are_in_view_together(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.chapter(AUCTION))
    table = page.locator(".calypso-auction-table").first  # "watch", seed 4
    expect(table.locator(".calypso-setup-note")).to_have_text(
        re.compile(r"^Everyone starts with the same cards: .* 30 ")
    )
    table.get_by_role("button", name="Play out the hand").click()
    summary = table.locator(".calypso-hand-end")
    expect(summary).to_contain_text("Hand over.")
    felt = table.get_by_role("group", name="The auction table")
    last = felt.locator(".ct-trick .ct-card")
    expect(last).to_have_count(3)  # A3: three players, the hand's last trick stays shown

    # The shadow plays the same hand in Python: the trickpiles it ended with (A6).
    shadow = AuctionTable(seed=4)
    shadow.advance(10_000)
    ended = dict(zip(shadow.game.seats, shadow.game.history[0].trickpiles, strict=True))
    assert sum(ended.values()) > 0
    rows = table.locator("table").last.locator("tbody tr")
    expect(rows).to_have_count(len(ended))
    for i, count in enumerate(ended.values()):
        expect(rows.nth(i).locator("td").last).to_have_text(str(count))

    # A laptop: the score beside the felt, all of it and the last trick in one screen.
    summary.evaluate("e => e.scrollIntoView({block: 'center'})")
    expect(summary).to_be_in_viewport(ratio=1)
    for i in range(3):
        expect(last.nth(i)).to_be_in_viewport(ratio=1)
    beside = summary.bounding_box()
    cards = felt.bounding_box()
    assert beside is not None and cards is not None
    assert beside["x"] >= cards["x"] + cards["width"] - 1  # beside, not under
    table.screenshot(path=str(ARTIFACTS / "07-auction-hand-end-1280.png"))

    # A phone: the score right under the felt, nothing wider than the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    summary.scroll_into_view_if_needed()
    beside = summary.bounding_box()
    cards = felt.bounding_box()
    assert beside is not None and cards is not None
    assert cards["y"] + cards["height"] - 1 <= beside["y"] <= cards["y"] + cards["height"] + 40
    assert beside["x"] + beside["width"] <= 390 + 1
    assert table.evaluate(TOO_WIDE) == 0
    table.screenshot(path=str(ARTIFACTS / "07-auction-hand-end-390.png"))
    note = table.locator(".calypso-setup-note")
    note.scroll_into_view_if_needed()
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1
    page.screenshot(path=str(ARTIFACTS / "07-auction-setup-390.png"))
    assert visit.console_errors == []
    assert visit.foreign_requests == []
