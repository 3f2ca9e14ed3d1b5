"""Stages of exercises in Chromium under Voila, answered on the card table with the keyboard and
the mouse: a wrong seat is marked with its reason, a right answer moves the focus to *Next*, *Next*
to the new question, and a reload keeps the stars and "Stage complete".

Expected answers come from the rulings through the engine: the trick and the trumps are read
off the felt as the learner sees them and decided by ``resolve_trick`` (docs/rulings.md C4);
the scores from ``score_side`` (C7) fed with the facts shown.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import Visit
from live_site import Site
from playwright.sync_api import Locator, Page, expect
from scratch import code, markdown, scratch

from calypso.engine.cards import Suit, parse_card
from calypso.engine.tricks import resolve_trick
from calypso.lessons.exercises import make_stage

SOURCE = """\
import ipywidgets as w
from calypso.widgets.exercise import ExerciseSet
STAGES = (
    ("who-wins-plain", 7),
    ("who-wins-own", 1),
    ("scoring-worth", 3),
    ("play", 2),
    ("table-follow", 18),
)
w.VBox([ExerciseSet(stage, seed=seed) for stage, seed in STAGES])
"""

NAME = "exercises.ipynb"


scratch(NAME, "Exercises", markdown("# Exercises"), code(SOURCE))


@pytest.fixture
def stage_site(scratch_site: Site) -> Site:
    return scratch_site


STAGES = "() => localStorage.getItem('calypso-stages')"
"""Where this browser keeps each stage's place (progress.js)."""


def stage(page: Page, stage_id: str) -> Locator:
    table = page.locator(f".ct[data-stage='{stage_id}']")
    expect(table).to_be_visible(timeout=60_000)
    return table


def focused(page: Page) -> str:
    """What holds the focus: its class names, and whether it is inside a card table."""
    return str(
        page.evaluate(
            "(() => { const e = document.activeElement;"
            " return `${e.className} ${e.closest('.ct') ? 'in-table' : 'outside'}`; })()"
        )
    )


def shown_trick(table: Locator) -> tuple[list[str], list[str], list[Suit]]:
    """The trick as the felt shows it: cards, who played them and each player's own trump."""
    cards = table.locator(".ct-trick .ct-card").evaluate_all("els => els.map(e => e.dataset.card)")
    seats = table.locator(".ct-trick .ct-who").all_inner_texts()
    trumps = [
        Suit.parse(table.locator(f"[data-ct-seat='{seat}'] .ct-trump-symbol").inner_text())
        for seat in seats
    ]
    return cards, seats, trumps


def test_a_stage_answered_on_the_felt_by_keyboard_and_mouse_and_kept_over_a_reload(
    visit: Visit, stage_site: Site
) -> None:
    page = visit.page
    page.goto(stage_site.chapter(NAME))
    table = stage(page, "who-wins-plain")
    expect(table.locator(".ct-question")).to_have_text(make_stage("who-wins-plain", 7)[0].question)
    expect(table.locator(".ct-trick .ct-card")).to_have_count(4)
    cards, seats, trumps = shown_trick(table)
    result = resolve_trick(cards, trumps)  # C4, from the trick on the felt
    winner = seats[result.winner]
    wrong = next(i for i, seat in enumerate(seats) if seat != winner)

    # The keyboard: the first seat takes the focus, a wrong seat's letter is pressed.
    table.locator(".ct-pickable").first.focus()
    page.keyboard.press(seats[wrong])
    marked = table.locator(f"[data-ct-seat='{seats[wrong]}']")
    expect(marked).to_have_attribute("data-mark", "wrong")
    expect(marked).to_contain_text("not this")
    expect(marked).to_have_accessible_description(re.compile(f"^{seats[wrong]}'s "))
    reason = table.locator(".ct-reason")
    card = parse_card(cards[wrong])
    expect(reason).to_contain_text(f"{seats[wrong]}'s {card.symbol}")
    led = parse_card(cards[0]).suit
    if card.suit != led and card.suit != trumps[wrong]:  # C4: neither following nor a ruff
        expect(reason).to_contain_text(f"trump is {trumps[wrong].symbol}")
    else:
        expect(reason).to_contain_text(f"{winner}'s {result.winning_card.symbol}")
    assert focused(page).endswith("in-table"), "after a wrong answer the focus stays on the table"
    visit.screenshot("exercise-wrong-seat")
    visit.screenshot("exercise-wrong-seat-390", width=390)

    # The mouse: the right seat is clicked; the focus moves to Next.
    table.locator(f"[data-ct-seat='{winner}']").click()
    expect(table.locator(".ct-feedback.ct-tone-right")).to_contain_text(f"Right: {winner}.")
    expect(table.locator(".ct-verdict [data-rule]")).to_have_text(result.rule.value)
    expect(table.locator(".ct-next")).to_be_focused()
    assert table.locator(".ct-sentence").count() == 1, "one explanation"

    # Enter on Next: the new question takes the focus; the rest of the stage by keyboard.
    for number, exercise in list(enumerate(make_stage("who-wins-plain", 7)))[1:]:
        page.keyboard.press("Enter")
        expect(table.locator(".ct-question")).to_have_text(exercise.question)
        expect(table.locator(".ct-question")).to_be_focused()
        assert exercise.trick is not None
        for i, card in enumerate(exercise.trick.cards):
            expect(table.locator(".ct-trick .ct-card").nth(i)).to_have_attribute(
                "data-card", str(card)
            )
        cards, seats, trumps = shown_trick(table)
        page.keyboard.press(seats[resolve_trick(cards, trumps).winner])
        if number < 2:
            expect(table.locator(".ct-next")).to_be_focused()
    ending = table.locator(".ct-ending")
    expect(ending.locator(".ct-ending-title")).to_have_text("Stage complete: 8 of 9 stars")
    expect(ending.locator(".ct-ending-title")).to_be_focused()
    expect(ending).to_contain_text("1 more star can be earned")
    expect(ending.get_by_role("link")).to_have_text(
        "Next: Practice: A lead in the leader's own suit"
    )
    expect(ending.locator(".ct-burst")).to_be_visible()  # a small celebration...
    page.emulate_media(reduced_motion="reduce")
    expect(ending.locator(".ct-burst")).to_be_hidden()  # ...none for a reader who asks for less
    page.emulate_media(reduced_motion="no-preference")
    visit.screenshot("exercise-stage-complete")
    # the stage's own progress line, drawn once the stars are kept in this browser
    plain = page.locator(".calypso-exercises:has(.ct[data-stage='who-wins-plain'])")
    expect(plain.locator(".pg-line")).to_contain_text("8 of 9")

    page.reload()
    table = stage(page, "who-wins-plain")
    expect(table.locator(".ct-ending-title")).to_have_text("Stage complete: 8 of 9 stars")
    expect(table.locator(".ct-seat[data-mark='right']")).to_have_count(1)

    # Begun again from its end, with new exercises (the next seed's), the stage gives the
    # keyboard its first question; the widget is headed by the stage's name, not its seed.
    block = page.locator(".calypso-exercises:has(.ct[data-stage='who-wins-plain'])")
    expect(block).to_contain_text("Practice: A lead in another suit")
    expect(block).to_contain_text("Exercise 3 of 3")
    expect(block).not_to_contain_text("stage 7")
    kept = page.evaluate(STAGES)
    block.get_by_role("button", name="Try this stage again").click()
    expect(table.locator(".ct-question")).to_be_focused()
    expect(table.locator(".ct-ending")).to_be_hidden()
    # the progress view keeps the fresh start when its own message from the kernel arrives
    page.wait_for_function(f"kept => ({STAGES})() !== kept", arg=kept)
    page.reload()
    table = stage(page, "who-wins-plain")
    expect(table.locator(".ct-ending")).to_be_hidden()  # the fresh start is what was kept
    expect(page).to_have_url(re.compile(r".*[#&]ex-plain=8\.0\b.*"))
    for number, exercise in enumerate(make_stage("who-wins-plain", 8)):
        assert exercise.trick is not None
        for i, card in enumerate(exercise.trick.cards):  # the new trick is on the felt
            expect(table.locator(".ct-trick .ct-card").nth(i)).to_have_attribute(
                "data-card", str(card)
            )
        cards, seats, trumps = shown_trick(table)
        table.locator(f"[data-ct-seat='{seats[resolve_trick(cards, trumps).winner]}']").click()
        if number < 2:
            table.locator(".ct-next").click()
    expect(table.locator(".ct-ending-title")).to_have_text("Stage complete: 9 of 9 stars")
    expect(table.locator(".ct-ending")).to_contain_text("Every star of this stage is yours")
    expect(table.locator(".ct-ending")).not_to_contain_text("again")

    # The way on: the next stage of the chapter, on the same page, with its question focused.
    table.locator(".ct-go").click()
    following = page.locator(".ct[data-stage='who-wins-own']")
    expect(following.locator(".ct-question")).to_be_focused()
    expect(following.locator(".ct-question")).to_be_in_viewport()
    assert visit.console_errors == [] and visit.foreign_requests == []


def c7_total(table: Locator) -> int:
    """C7: 500, 750, 1,000, 1,000 for a player's calypsos, 20 a card in progress, 10 a pile card."""
    values = [0, 500, 1250, 2250, 3250]
    total = 0
    for fact in table.locator(".ct-facts li").all_inner_texts():
        numbers = [int(n) for n in re.findall(r"\d+", fact)]
        total += 10 * numbers[0] if "pile" in fact else values[numbers[0]] + 20 * numbers[1]
    return total


TARGETS = """
(root) => [...root.querySelectorAll(
    '.ct-choice, .ct-pickable, .ct-hand .ct-card, .ct-next, .ct-go')]
  .filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.className.split(' ')[0], Math.round(r.width), Math.round(r.height)]; })
"""


def test_choices_take_number_keys_and_every_target_is_big_enough_on_a_phone(
    visit: Visit, stage_site: Site
) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(stage_site.chapter(NAME))
    table = stage(page, "scoring-worth")
    choices = table.locator(".ct-choice")
    expect(choices).to_have_count(4)
    right = f"{c7_total(table):,}"
    labels = table.locator(".ct-choice-label").all_inner_texts()
    wrong = next(i for i, label in enumerate(labels) if label != right)
    choices.nth(wrong).focus()
    page.keyboard.press(str(wrong + 1))
    expect(choices.nth(wrong)).to_have_attribute("aria-disabled", "true")
    expect(table.locator(".ct-reason")).to_contain_text(labels[wrong])
    choices.nth(labels.index(right)).click()
    expect(table.locator(".ct-feedback.ct-tone-right")).to_contain_text(f"Right: {right}.")
    # on a table with no seats too (its seat areas are hidden, its reply never)
    expect(table.locator(".ct-feedback.ct-tone-right")).to_be_visible()
    expect(table.locator(".ct-summary")).to_contain_text("Rule C7")
    expect(table.locator(".ct-next")).to_be_focused()

    sizes = []
    for stage_id in ("who-wins-plain", "scoring-worth", "play"):
        sizes += stage(page, stage_id).evaluate(TARGETS)
    print("tap targets at 390 px (class, width, height):", sizes)
    assert all(w >= 24 and h >= 24 for _, w, h in sizes), sizes
    assert all(h >= 44 for name, _, h in sizes if name in ("ct-choice", "ct-card")), sizes
    assert all(w >= 44 for name, w, _ in sizes if name == "ct-card"), sizes
    visit.screenshot("exercise-choices-390", width=390)
    for stage_id in ("who-wins-plain", "play"):  # each table alone, to look at closely
        stage(page, stage_id).screenshot(path=str(visit_artifact(f"exercise-{stage_id}-390")))
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_a_card_answer_is_played_from_the_hand_and_a_wrong_one_marked_with_its_reason(
    visit: Visit, stage_site: Site
) -> None:
    page = visit.page
    page.goto(stage_site.chapter(NAME))
    table = stage(page, "play")
    exercise = make_stage("play", 2)[0]
    playable = table.locator(".ct-hand .ct-playable")
    expect(playable).to_have_count(len(exercise.choices))
    wrong = next(k for k, _ in exercise.why)
    table.locator(f".ct-hand [data-card='{wrong}']").click()
    marked = table.locator(f".ct-hand [data-card='{wrong}']")
    expect(marked).to_have_class(re.compile("ct-marked-wrong"))
    expect(table.locator(".ct-reason")).to_contain_text(f"{parse_card(wrong).symbol} costs")
    # The keyboard: the arrow keys move along the hand, Enter plays the card.
    hand = [
        c
        for c in table.locator(".ct-hand .ct-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    ]
    marked.focus()
    for _ in range(hand.index(exercise.answer) - hand.index(wrong)):
        page.keyboard.press("ArrowRight")
    for _ in range(hand.index(wrong) - hand.index(exercise.answer)):
        page.keyboard.press("ArrowLeft")
    expect(table.locator(f".ct-hand [data-card='{exercise.answer}']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(table.locator(".ct-next")).to_be_focused()
    visit.screenshot("exercise-card-1280")
    page.set_viewport_size({"width": 853, "height": 480})
    visit.page.locator(".ct[data-stage='who-wins-plain']").scroll_into_view_if_needed()
    page.screenshot(path=str(visit_artifact("exercise-853x480")))
    assert visit.console_errors == [] and visit.foreign_requests == []


def cards_in(table: Locator, where: str) -> list[str]:
    return list(
        table.locator(f"{where} .ct-card").evaluate_all("els => els.map(e => e.dataset.card)")
    )


def test_chapter_01_practises_following_suit_on_the_felt(visit: Visit, stage_site: Site) -> None:
    """C3 on the felt: of a hand that holds the suit led, a card of another suit may not be
    played (a revoke), and it is not played when named; the one card of the suit led is the
    one that may, and it is played; a card of another suit on the table shows a void."""
    page = visit.page
    page.goto(stage_site.chapter(NAME))
    table = stage(page, "table-follow")
    block = page.locator(".calypso-exercises:has(.ct[data-stage='table-follow'])")
    expect(block).to_contain_text("Practice: Following suit")
    right = table.locator(".ct-feedback.ct-tone-right")

    expect(table.locator(".ct-question")).to_contain_text("may you not play?")
    trick, hand = cards_in(table, ".ct-trick"), cards_in(table, ".ct-hand")
    led = parse_card(trick[0]).suit
    other = [c for c in hand if parse_card(c).suit != led]
    assert len(other) == 1 < len(hand), hand  # the one card that C3 forbids
    expect(table.locator(".ct-hand .ct-playable")).to_have_count(len(hand))
    following = next(c for c in hand if c not in other)
    table.locator(f".ct-hand [data-card='{following}']").click()
    expect(table.locator(".ct-reason")).to_contain_text("follows the suit led")
    table.locator(f".ct-hand [data-card='{other[0]}']").click()
    expect(right).to_contain_text(f"Right: {parse_card(other[0]).symbol}.")
    expect(table).to_contain_text("would be a revoke")  # the explanation
    expect(table.locator(".ct-trick .ct-card")).to_have_count(len(trick))  # a revoke is not played
    visit.screenshot("exercise-follow-revoke")
    table.locator(".ct-next").click()

    expect(table.locator(".ct-question")).to_contain_text("may you play?")
    trick, hand = cards_in(table, ".ct-trick"), cards_in(table, ".ct-hand")
    led = parse_card(trick[0]).suit
    of_led = [c for c in hand if parse_card(c).suit == led]
    assert len(of_led) == 1 < len(hand), hand  # the one card that C3 allows
    table.locator(f".ct-hand [data-card='{next(c for c in hand if c not in of_led)}']").click()
    expect(table.locator(".ct-reason")).to_contain_text(f"you must follow {led.symbol}")
    table.locator(f".ct-hand [data-card='{of_led[0]}']").click()
    expect(right).to_contain_text("Right:")
    expect(table.locator(".ct-trick .ct-card")).to_have_count(len(trick) + 1)
    table.locator(".ct-next").click()

    expect(table.locator(".ct-question")).to_contain_text("has shown that they hold no")
    cards, seats, _ = shown_trick(table)
    led = parse_card(cards[0]).suit
    void = [seat for card, seat in zip(cards, seats, strict=True) if parse_card(card).suit != led]
    assert len(void) == 1, cards
    table.locator(f"[data-ct-seat='{void[0]}']").click()
    expect(right).to_contain_text(f"Right: {void[0]}.")
    expect(table.locator(".ct-ending-title")).to_have_text("Stage complete: 7 of 9 stars")
    assert visit.console_errors == [] and visit.foreign_requests == []


def visit_artifact(name: str) -> Path:
    from live_site import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"
