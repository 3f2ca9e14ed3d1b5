"""Chapter 05 on the card table in Chromium under Voila: the keyboard alone plays a card, an
unplayable card says why (C3: follow suit when you can), a hint marks a card, and a link opened
in a fresh page shows the same position."""

from __future__ import annotations

import re

from accessibility import audit, report
from conftest import Visit
from live_site import Site, new_context
from playwright.sync_api import Browser, Locator, expect

PLAY = "05-play-a-game.ipynb"


def play_table(visit: Visit, site: Site) -> Locator:
    visit.page.goto(site.chapter(PLAY))
    table = visit.page.locator(".calypso-widget").filter(has_text="Play Calypso")
    expect(table.locator(".ct-hand button")).to_have_count(13)
    return table


def test_05_keyboard_play_why_not_and_a_link(visit: Visit, site: Site, browser: Browser) -> None:
    page = visit.page
    table = play_table(visit, site)
    hand = table.locator(".ct-hand button")
    # Tab into the hand, Home, then Enter plays the first playable card.
    for _ in range(40):
        if hand.evaluate_all("bs => bs.includes(document.activeElement)"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Home")
    first = table.locator(".ct-hand .ct-playable").first.get_attribute("data-card")
    while page.evaluate("document.activeElement.dataset.card") != first:
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(table.locator(f".ct-trick .ct-card[data-card='{first}']")).to_be_visible()
    next_trick = table.get_by_role("button", name="Next trick")
    if next_trick.is_visible():
        next_trick.focus()
        page.keyboard.press("Enter")
    expect(table.locator(".ct-status")).to_contain_text("your turn, S")

    # Whatever is led now, a card of another suit is unplayable while S holds the suit led.
    unplayable = table.locator(".ct-hand .ct-unplayable")
    if unplayable.count():
        unplayable.first.click(force=True)
        expect(table.locator(".ct-note")).to_contain_text("cannot be played: you must follow")

    page.wait_for_url(re.compile(r"[#&]play=1\.S\."))
    fresh = new_context(browser).new_page()
    fresh.goto(page.url)
    again = fresh.locator(".calypso-widget").filter(has_text="Play Calypso")
    cards = "els => els.map(e => e.dataset.card)"
    expect(again.locator(".ct-hand button")).to_have_count(hand.count())
    assert again.locator(".ct-hand button").evaluate_all(cards) == hand.evaluate_all(cards)
    assert again.locator(".ct-trick .ct-card").evaluate_all(cards) == table.locator(
        ".ct-trick .ct-card"
    ).evaluate_all(cards)
    fresh.context.close()
    visit.screenshot("05-play")
    visit.screenshot("05-play-390", width=390)
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_03_step_by_keyboard_and_open_a_trick_by_link(
    visit: Visit, site: Site, browser: Browser
) -> None:
    from calypso.partnership.bots import make_players
    from calypso.partnership.game import Game
    from calypso.partnership.history import trick_steps

    game = Game(3)  # the chapter's game: the greedy bots' game of seed 3
    game.play_out(make_players("greedy", 3))
    steps = trick_steps(game)
    first = steps[0].trick
    page = visit.page
    page.goto(site.chapter("03-building-calypsos.ipynb"))
    stepper = page.locator(".calypso-widget").filter(has_text="Step through a game")
    status = stepper.locator(".ct-status")
    expect(status).to_contain_text("Deal 1, trick 1")
    verdict = stepper.locator(".ct-verdict [data-winner]")
    expect(verdict).to_have_attribute("data-winner", first.winner)
    stepper.get_by_role("button", name="Next trick").focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Deal 1, trick 2")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Deal 1, trick 3")
    page.wait_for_url(re.compile(r"[#&]build=3\.3(&|$)"))
    fresh = new_context(browser).new_page()
    fresh.goto(page.url.replace("build=3.3", "build=3.20"))
    again = fresh.locator(".calypso-widget").filter(has_text="Step through a game")
    expect(again.locator(".ct-status")).to_contain_text("Deal 2, trick 7")
    twentieth = steps[19].trick.winner
    expect(again.locator(".ct-verdict [data-winner]")).to_have_attribute("data-winner", twentieth)
    fresh.context.close()
    visit.screenshot("03-stepper")
    visit.screenshot("03-stepper-390", width=390)
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_08_a_whist_round_by_keyboard_and_links_for_both_tables(
    visit: Visit, site: Site, browser: Browser
) -> None:
    page = visit.page
    page.goto(site.chapter("10-cousins.ipynb"))
    table = page.locator(".calypso-widget").filter(has_text="Play a round").first
    expect(table.locator(".ct-status")).to_contain_text("your turn")
    table.get_by_role("button", name="Call", exact=True).click()
    hand = table.locator(".ct-hand button")
    expect(table.locator(".ct-hand .ct-playable").first).to_be_visible()
    for _ in range(60):
        if hand.evaluate_all("bs => bs.includes(document.activeElement)"):
            break
        page.keyboard.press("Tab")
    first = table.locator(".ct-hand .ct-playable").first.get_attribute("data-card")
    page.keyboard.press("Home")
    while page.evaluate("document.activeElement.dataset.card") != first:
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(table.locator(f".ct-trick .ct-card[data-card='{first}']")).to_be_visible()
    page.wait_for_url(re.compile(r"[#&]whist=call-bridge\.4\.1\.5\.c2\."))
    three = page.locator(".calypso-widget:not(.calypso-exercises)").filter(
        has_text="One trick, three games"
    )
    box = three.locator("input").first
    box.fill("2S AS KS QS")
    box.press("Enter")
    page.wait_for_url(re.compile(r"[#&]three=S\.2S-AS-KS-QS\.D(&|$)"))

    fresh = new_context(browser).new_page()
    fresh.goto(page.url)
    again = fresh.locator(".calypso-widget").filter(has_text="Play a round").first
    expect(again.locator(f".ct-trick .ct-card[data-card='{first}']")).to_be_visible()
    bridge = fresh.get_by_role("group", name="Call Bridge: the trick")
    expect(bridge.locator(".ct-verdict [data-winner]")).to_have_attribute("data-winner", "E")
    fresh.context.close()
    visit.screenshot("10-cousins-play")
    visit.screenshot("10-cousins-play-390", width=390)
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_08_links_open_the_overtrump_trainer_and_the_scores_whole_on_a_phone(
    visit: Visit, site: Site
) -> None:
    import random

    from test_scoring_page import SMALL_TARGETS, TOO_WIDE, widget

    from calypso.engine.tricks import IllegalPlay, check_play
    from calypso.lessons.examples import overtrump_situation
    from calypso.whist import call_bridge

    hand, trick = overtrump_situation(random.Random("overtrump/4"))
    card = hand[-1]
    try:  # B3: out of the suit led, a player must beat the spades if they can
        check_play(hand, trick, card, must_overtrump=call_bridge.VARIANT.must_overtrump)
        legal = "yes"
    except IllegalPlay:
        legal = "no"
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(site.chapter("10-cousins.ipynb") + f"#overtrump=4.{card}&scores=8.9.3.2.2")
    trainer = widget(page, "Must you beat the spades?")
    expect(trainer.locator("input").first).to_have_value("4")
    expect(trainer.locator(f"[data-legal='{legal}']")).to_be_visible()
    scores = widget(page, "Scoring calculators")
    readouts = scores.locator(".widget-readout")
    expect(readouts).to_have_count(5)
    expect(readouts).to_have_text(["8", "9", "3", "2", "2"])  # once the page's link arrives
    # B5: a bonus call of 8 made with 9 tricks scores 13; W6: 2 called and taken, 3 + 2.
    expect(scores.locator("[data-score]").first).to_have_attribute("data-score", "13")
    expect(scores.locator("[data-score]").last).to_have_attribute("data-score", "5")

    # A phone: readouts in view, labels whole, no table hides a column, big enough targets.
    assert readouts.evaluate_all(
        "rs => rs.every(r => r.getBoundingClientRect().width > 0 && "
        "r.getBoundingClientRect().right <= r.closest('.calypso-widget')"
        ".getBoundingClientRect().right)"
    )
    three = widget(page, "One trick, three games")
    label = three.get_by_text("Whist trump")
    assert label.evaluate("l => l.scrollWidth <= l.clientWidth")
    select = three.locator("select")
    assert select.evaluate(
        "s => { const c = document.createElement('canvas').getContext('2d');"
        " c.font = getComputedStyle(s).font;"
        " return c.measureText(s.options[s.selectedIndex].text).width < s.clientWidth; }"
    )
    for box in (three, trainer, scores):
        assert box.evaluate(TOO_WIDE) == 0
        assert box.evaluate(SMALL_TARGETS) == 0
    visit.screenshot("10-cousins-390", width=390)
    # And wide: the two calculators side by side, each slider long enough to set by hand.
    page.set_viewport_size({"width": 1280, "height": 900})
    # the sliders take their new width once the widgets have laid themselves out again
    tracks = scores.locator(".noUi-target")
    expect(tracks).to_have_count(5)
    page.wait_for_function(
        "ts => ts.every(t => t.getBoundingClientRect().width >= 150)",
        arg=tracks.element_handles(),
    )
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_05_a_late_hint_puts_each_cards_cost_on_it(visit: Visit, site: Site) -> None:
    # Seed 3, S playing its last legal card each turn, to trick 11 of deal 1: with every hand
    # shown A♦ is best, 7♦ costs 110 and 3♠ 340 (tests/test_widgets.py, from the brute force).
    moves = "9H.n.8H.n.4H.n.3H.n.AC.n.6C.n.AS.10S.10S.6S"
    visit.page.goto(site.chapter(PLAY) + f"#play=3.S.{moves}")
    table = visit.page.locator(".calypso-widget").filter(has_text="Play Calypso")
    expect(table.locator(".ct-hand button")).to_have_count(3)
    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".ct-hint")).to_contain_text("With every hand shown, A♦ is best.")
    expect(table.locator(".ct-hand [data-card='3S'] .ct-cost-badge")).to_have_text("−340")
    expect(table.locator(".ct-hand [data-card='AD'] .ct-hint-badge")).to_be_visible()
    expect(table.locator(".ct-hint-notes li")).to_have_count(2)
    for scheme in ("light", "dark"):  # the costs and their words pass axe-core as the page does
        visit.page.emulate_media(color_scheme=scheme)
        found = audit(visit.page)
        assert found == [], f"{scheme} scheme:\n{report(found)}"
    assert visit.console_errors == []
