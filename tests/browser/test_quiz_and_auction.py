"""Chapters 08 (class quiz) and 09 (an auction hand played on the card table) in Chromium under
Voila: answered with the mouse and with the keyboard alone, and opened again from their links.
The quiz asks for a name first, ends on *See my result*, and keeps the result code (with *Copy
code*) through any number of Enter presses until *Start again* is confirmed.

Expected winners come from the rulings (../shared/RULINGS.md): the quiz's answers are C4's
winners (worked out in tests/test_chapters.py's ``c4_winner``), and an auction trick's winner
is C4's under the trumps handed out in that hand (A5).
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

from conftest import Visit
from live_site import ARTIFACTS, Site, new_context
from playwright.sync_api import Browser, Locator, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_chapters import c4_winner, personal_winner

from calypso.lessons.quiz import make_quiz

QUIZ = "08-class-quiz.ipynb"
AUCTION = "09-auction-calypso.ipynb"


def quiz_table(page: Page) -> tuple[Locator, Locator]:
    quiz = page.locator(".calypso-quiz")
    expect(quiz).to_be_visible()
    table = quiz.get_by_role("group", name="Quiz table")
    expect(table.locator(".ct-trick .ct-card")).to_have_count(4)
    return quiz, table


def sign_in(quiz: Locator, name: str) -> None:
    """Type the student's name, which the quiz asks for before the first answer."""
    quiz.get_by_label("Your name or initials").fill(name)
    expect(quiz.locator(".calypso-field-note")).to_have_count(0)


def winner_of(code: str, level: int, number: int) -> str:
    trick = make_quiz(code, level=level)[number - 1].trick
    return c4_winner(trick.leader, list(trick.cards))


def test_06_pick_a_seat_see_the_verdict_by_the_winner_by_mouse_keys_and_link(
    visit: Visit, site: Site, browser: Browser
) -> None:
    page = visit.page
    page.goto(site.chapter(QUIZ))
    quiz, table = quiz_table(page)
    # Reveal mode: no winner marked and no verdict until a seat is chosen.
    expect(table.locator(".ct-winning")).to_have_count(0)
    expect(table.locator(".ct-verdict")).to_contain_text("Who wins this trick? Choose the seat")
    expect(table.locator("[data-winner]")).to_have_count(0)
    # A seat picked before the student has typed a name only asks for one.
    table.get_by_role("button", name="Choose N").click()
    expect(quiz.locator(".calypso-field-note")).to_contain_text("your name or initials")
    expect(table.locator("[data-winner]")).to_have_count(0)
    expect(quiz.locator("[data-score]")).to_have_text("0 / 0")
    sign_in(quiz, "Ann")

    # Puzzle 1 with the mouse: click the winning seat.
    first = winner_of("CLASS-1", 1, 1)
    table.get_by_role("button", name=f"Choose {first}").click()
    feedback = table.locator(".ct-feedback")
    expect(feedback).to_have_attribute("data-verdict", "right")
    expect(table.locator("[data-winner]")).to_have_attribute("data-winner", first)
    winning = table.locator(".ct-winning")
    expect(winning).to_have_count(1)
    expect(winning.locator(".ct-who")).to_have_text(re.compile(f"^{first}"))
    expect(quiz.locator("[data-score]")).to_have_text("1 / 1")
    next_button = table.get_by_role("button", name="Next puzzle")
    expect(next_button).to_be_focused()  # the keyboard is ready to go on

    # Puzzle 2 with the keyboard alone: Enter goes on, a letter answers (here wrongly).
    page.keyboard.press("Enter")
    page.wait_for_url("**#quiz=CLASS-1.1.2")
    expect(table.locator(".ct-winning")).to_have_count(0)
    expect(table.locator(".ct-pickable").first).to_be_focused()
    second = winner_of("CLASS-1", 1, 2)
    wrong = next(s for s in "NESW" if s != second)
    page.keyboard.press(wrong.lower())
    expect(feedback).to_have_attribute("data-verdict", "wrong")
    expect(feedback).to_contain_text(f"you chose {wrong}, but {second} takes the trick")
    expect(table.locator("[data-winner]")).to_have_attribute("data-winner", second)
    expect(quiz.locator("[data-score]")).to_have_text("1 / 2")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        quiz.screenshot(path=str(ARTIFACTS / f"06-quiz-answered-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.keyboard.press("Enter")
    page.wait_for_url("**#quiz=CLASS-1.1.3")

    # Choosing a level changes the puzzles and the link at once; Enter in the class-code box
    # starts that class's quiz.
    quiz.get_by_role("button", name="2. Own-trump leads and plain leads").click()
    page.wait_for_url("**#quiz=CLASS-1.2.1")
    box = quiz.get_by_label("Class code")
    box.fill("room7")
    box.press("Enter")
    page.wait_for_url("**#quiz=ROOM7.2.1")
    expect(box).to_have_value("ROOM7")
    table.get_by_role("button", name="Choose N").focus()
    page.keyboard.press("Enter")  # answer N, then on through puzzle 2 by keyboard
    expect(next_button).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**#quiz=ROOM7.2.2")
    expect(table.locator(".ct-pickable").first).to_be_focused()
    page.keyboard.press("w")
    expect(next_button).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**#quiz=ROOM7.2.3")

    # The link in a fresh page: same class, level and puzzle, winner still hidden.
    fresh = new_context(browser).new_page()
    fresh.goto(page.url)
    other_quiz, other_table = quiz_table(fresh)
    expect(other_quiz.get_by_label("Class code")).to_have_value("ROOM7")
    expect(other_quiz.locator("[data-score]")).to_have_text("0 / 0")
    expect(other_quiz.get_by_text(re.compile(r"Puzzle 3 of 10"))).to_be_visible()
    expect(other_table.locator(".ct-winning")).to_have_count(0)
    sign_in(other_quiz, "Ann")
    third = winner_of("ROOM7", 2, 3)
    other_table.get_by_role("button", name=f"Choose {third}").click()
    expect(other_table.locator("[data-winner]")).to_have_attribute("data-winner", third)
    expect(other_table.locator(".ct-feedback")).to_have_attribute("data-verdict", "right")
    fresh.context.close()
    assert visit.console_errors == []
    assert visit.foreign_requests == []


def test_07_play_a_card_see_the_trick_and_its_verdict_by_mouse_keys_and_link(
    visit: Visit, site: Site, browser: Browser
) -> None:
    from calypso.auction import Call, CallKind
    from calypso.widgets import AuctionTable

    # The chapter's "Play a hand": seed 7, you are N. E and W pass, and when N passes too the
    # hand is a misère (A4): no trumps (A8), so C4.3 decides every trick.
    page = visit.page
    page.goto(site.chapter(AUCTION))
    table = page.locator(".calypso-auction-table").nth(1)
    felt = table.get_by_role("group", name="The auction table")
    expect(felt.locator(".ct-hand button")).to_have_count(17)  # A3: 17 cards each
    table.get_by_role("button", name="Pass", exact=True).click()
    trick = felt.locator(".ct-trick .ct-slot")
    expect(trick).to_have_count(2)  # E led, W followed; N to play
    shadow = AuctionTable(seed=7, seat="N")  # the same hand in Python, to read the cards
    shadow.human_call(Call(CallKind.PASS))
    none = dict.fromkeys("NEW")
    seats = ["E", "W"]
    so_far = personal_winner(seats, shadow.game.trick, none)
    expect(felt.locator(".ct-winning .ct-who")).to_have_text(so_far)
    expect(felt.locator("[data-winner]")).to_have_count(0)  # no verdict before the trick ends

    # An unplayable card says why; a playable one joins the trick, which closes with its verdict.
    led = shadow.game.trick[0].suit
    other = next(c for c in shadow.game.hand("N") if c.suit != led)
    felt.locator(f".ct-hand button[data-card='{other}']").first.click(force=True)
    expect(felt.locator(".ct-note")).to_contain_text("cannot be played: you must follow")
    card = next(c for c in shadow.game.legal_plays())
    felt.locator(f".ct-hand button[data-card='{card}']").first.click()
    winner = personal_winner([*seats, "N"], [*shadow.game.trick, card], none)
    shadow.human_card(card)
    expect(felt.locator("[data-winner]")).to_have_attribute("data-winner", winner)
    expect(felt.locator(".ct-winning .ct-who")).to_have_text(winner)
    expect(trick).to_have_count(3)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        table.screenshot(path=str(ARTIFACTS / f"07-auction-trick-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})

    # The keyboard alone: the focus is in the hand (or on Next trick); play the first card.
    if shadow.seating.waiting():
        expect(felt.get_by_role("button", name="Next trick")).to_be_focused()
        page.keyboard.press("Enter")
        shadow.next_trick()
    expect(felt.locator(".ct-hand button:focus")).to_have_count(1)
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    first = shadow.game.hand("N")[0]
    before = list(shadow.game.trick)
    shadow.human_card(first)
    closed = shadow.record.tricks[-1]
    assert [*before, first] == list(closed.cards)[: len(before) + 1]
    winner = personal_winner(list(closed.seats), list(closed.cards), none)
    expect(felt.locator("[data-winner]")).to_have_attribute("data-winner", winner)
    page.wait_for_url(re.compile(f"[#&]auction={re.escape(shadow.link.value)}(&|$)"))

    # The link in a fresh page: the same hand, as far as it was played, the verdict still there.
    fresh = new_context(browser).new_page()
    fresh.goto(page.url)
    again = fresh.locator(".calypso-auction-table").nth(1)
    other_felt = again.get_by_role("group", name="The auction table")
    expect(other_felt.locator("[data-winner]")).to_have_attribute("data-winner", winner)
    count = len(shadow.game.hand("N"))
    expect(other_felt.locator(".ct-hand button")).to_have_count(count)
    fresh.context.close()
    assert visit.console_errors == []
    assert visit.foreign_requests == []


def test_06_the_quiz_ends_with_the_misses_and_a_code_the_teachers_panel_reads(
    visit: Visit, site: Site
) -> None:
    from calypso.classroom.results import QuizResult, decode_result

    page = visit.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site.chapter(QUIZ))
    quiz, table = quiz_table(page)
    name = quiz.get_by_label("Your name or initials")
    name.fill("x" * 25)
    expect(quiz.locator(".calypso-field-note")).to_contain_text("too long")
    sign_in(quiz, "Kovács Ádám")
    wrong = {3, 7}
    for number in range(1, 11):
        right = winner_of("CLASS-1", 1, number)
        seat = next(s for s in "NESW" if s != right) if number in wrong else right
        table.get_by_role("button", name=f"Choose {seat}").click()
        expect(table.locator(".ct-feedback")).to_have_attribute(
            "data-verdict", "wrong" if number in wrong else "right"
        )
        if number < 10:
            table.get_by_role("button", name="Next puzzle").click()
            expect(quiz.locator("[data-score]")).to_have_text(
                f"{number - len(wrong & set(range(number + 1)))} / {number}"
            )
    ending = quiz.locator(".calypso-quiz-ending")
    expect(ending).to_contain_text("You got 8 of 10 right.")
    misses = ending.locator(".calypso-misses tbody tr")
    expect(misses).to_have_count(2)
    expect(misses.nth(0).locator("td").nth(2)).to_have_text(winner_of("CLASS-1", 1, 3))
    code = ending.locator("[data-result-code]").inner_text()
    expected = QuizResult("CLASS-1", 1, "A", 10, frozenset(wrong), "Kovács Ádám")
    assert decode_result(code) == expected

    # After the tenth answer, Enter is on See my result, which leads to Copy code; no number of
    # Enter presses starts the quiz again.
    see = table.get_by_role("button", name="See my result")
    expect(see).to_be_focused()
    page.keyboard.press("Enter")
    copy = quiz.get_by_role("button", name="Copy code")
    expect(copy).to_be_focused()
    expect(copy).to_be_in_viewport()
    for _ in range(4):
        page.keyboard.press("Enter")
    expect(quiz.get_by_role("status").filter(has_text="Code copied.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == code
    expect(ending.locator("[data-result-code]")).to_have_text(code)
    expect(quiz.locator("[data-score]")).to_have_text("8 / 10")
    visit.screenshot("06-quiz-ending")
    visit.screenshot("06-quiz-ending-390", width=390)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Without the clipboard, the code is shown selected, to copy by hand.
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    copy.click()
    expect(quiz.get_by_label("Your result code")).to_have_value(code)

    # Start again asks first; No keeps everything.
    quiz.get_by_role("button", name="Start again").click()
    confirm = quiz.locator(".calypso-quiz-confirm")
    expect(confirm).to_contain_text("Start again? Your score and result code will be cleared.")
    confirm.get_by_role("button", name="No", exact=True).click()
    expect(confirm).to_be_hidden()
    expect(ending.locator("[data-result-code]")).to_have_text(code)

    # Yes clears the score and the code.
    quiz.get_by_role("button", name="Start again").click()
    confirm.get_by_role("button", name="Yes", exact=True).click()
    expect(quiz.locator("[data-score]")).to_have_text("0 / 0")
    expect(quiz.locator("[data-result-code]")).to_have_count(0)
    expect(copy).to_be_hidden()

    # The teacher pastes the codes into the panel on the teacher's desk.
    page.goto(site.chapter("teachers-desk.ipynb"))
    panel = page.locator(".calypso-widget").filter(has_text="Teacher's panel")
    box = panel.locator("textarea")
    typo = code[:-4] + ("0" if code[-4] != "0" else "1") + code[-3:]
    old = QuizResult("CLASS-1", 1, "A", 10, frozenset({3, 5, 9})).encode()  # no name
    box.fill(f"{code}\n{typo}\nBob: {old}\n{code}")
    box.blur()
    mine = panel.locator("[data-score='8']")
    expect(mine).to_contain_text("Kovács Ádám")
    expect(mine).to_contain_text("8 of 10")
    expect(mine).to_contain_text("3, 7")
    expect(mine).to_contain_text("counted once")
    expect(panel.get_by_role("alert")).to_contain_text("Line 2 has a typo or was changed")
    expect(panel.locator("[data-most-missed]")).to_contain_text("Most missed: puzzle 3 of level 1")
    expect(panel).to_contain_text("2 students")
    expect(panel.locator("tbody tr").first).to_contain_text("Bob")  # by name, at first
    table_csv = panel.get_by_role("link", name="Download the table (CSV)")
    by_name = table_csv.get_attribute("href") or ""
    panel.get_by_role("button", name="score, highest first").click()
    expect(panel.locator("tbody tr").first).to_contain_text("Kovács Ádám")
    expect(table_csv).not_to_have_attribute("href", by_name)  # the sorted table's file now
    with page.expect_download() as download:
        table_csv.click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(text.splitlines()))
    assert [(r["name"], r["score"], r["code"]) for r in rows] == [
        ("Kovács Ádám", "8", code),
        ("Bob", "7", old),
    ]

    assert visit.console_errors == [] and visit.foreign_requests == []


def test_07_links_open_the_bids_the_contract_and_the_card_flow_whole_on_a_phone(
    visit: Visit, site: Site
) -> None:
    from test_scoring_page import SMALL_TARGETS, TOO_WIDE, widget

    page = visit.page
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(site.chapter(AUCTION) + "#bids=990S.1_0C&contract=240.0.19.5.8.0.1&flow=5.3")
    comparer = widget(page, "Which bid is higher?")
    expect(comparer.get_by_label("Bid A")).to_have_value("990S")
    expect(comparer.get_by_label("Bid B")).to_have_value("1+0C")
    # A4: bids rank by calypsos first, so one calypso for 0 points outranks 990 with none.
    expect(comparer.locator(".calypso-verdict")).to_contain_text("1+0♣ outranks 990♠")
    calculator = widget(page, "Contract calculator")
    # A7's own check: 240 bid, 19 trickpile cards, 3 sold, doubled: 190 + 60 + 480.
    expect(calculator.locator("[data-total]")).to_have_text(str(190 + 60 + 480))
    expect(calculator.get_by_role("button", name="doubled", exact=True)).to_have_class(
        re.compile("mod-active")
    )
    flow = widget(page, "The cards between hands")
    expect(flow.locator("input").first).to_have_value("5")
    expect(flow).to_contain_text("At the start of hand 3")

    # A phone: no table hides a column, every control at least 24 by 24 px.
    tables = page.locator(".calypso-auction-table")
    expect(tables.nth(1).locator("table").first).to_be_visible()
    for box in (comparer, calculator, flow, widget(page, "The calypso bonus"), tables.nth(0)):
        assert box.evaluate(TOO_WIDE) == 0
        assert box.evaluate(SMALL_TARGETS) == 0
    assert tables.nth(1).evaluate(TOO_WIDE) == 0
    visit.screenshot("07-auction-390", width=390)
    visit.screenshot("07-auction")
    assert visit.console_errors == []
    assert visit.foreign_requests == []
