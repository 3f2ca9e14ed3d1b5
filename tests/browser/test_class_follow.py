"""The desk and the quiz agree on the class, through a real classroom server: the live board
shows the class set up above it and names it; the teacher's browser keeps the class and the key
across a reload and a fresh visit, until told to forget them; and a class's link fixes the
quiz's level and version, named in words on the student's page with no control to change them.

Every expected value comes from what the test set up (the class code, level and version typed
into the desk, the key the server printed) and from the rulings (``c4_winner``), never from a
widget's own output."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_site import ARTIFACTS, ROOT, Site, new_context, start_site, stop_site
from playwright.sync_api import Browser, Locator, Page, expect
from test_live_board import answer_puzzle, printed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_chapters import c4_winner

from calypso.lessons.quiz import LEVELS, make_quiz
from calypso.widgets.quiz import QuizLink

DESK, QUIZ = "teachers-desk.ipynb", "08-class-quiz.ipynb"
SIZES = ((1280, 900), (390, 844), (853, 480))
"""A laptop, a phone, and a 1280 by 720 projector at 150 %."""
DRAWN = 60_000
"""How long a page may take to draw its widgets, or to restore them, on a busy machine (ms)."""


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("class-follow")
    for name in (QUIZ, DESK):
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    site = start_site(
        folder,
        "voila-class-follow.log",
        "--class-size=1",
        "--chapter=08-class-quiz",
        f"--board={folder / 'class-data' / 'class-board.sqlite'}",
        # a chapter's one preheated kernel comes back in seconds, not the class's two minutes:
        # the desk is opened again here, and its second opening would wait for the refill
        "--refill-after=5",
    )
    yield site
    stop_site(site)


def new_page(browser: Browser) -> Page:
    page = new_context(browser, viewport={"width": 1280, "height": 900}).new_page()
    return page


def desk_parts(page: Page) -> tuple[Locator, Locator]:
    """The class setup and the live board of the desk on ``page``, once drawn."""
    setup = page.locator(".calypso-desk")
    board = page.locator(".calypso-widget").filter(has_text="Live class board")
    expect(setup).to_be_visible(timeout=DRAWN)
    expect(board.get_by_label("Teacher key")).to_be_visible(timeout=DRAWN)
    return setup, board


def set_code(setup: Locator, code: str) -> None:
    box = setup.get_by_label("Class code")
    box.fill(code)
    box.press("Enter")


def shots(page: Page, part: Locator, name: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        part.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_board_follows_the_class_set_up_above_it_and_names_it(
    browser: Browser, classroom: Site
) -> None:
    code, other = "ROOM12", "ROOM8"
    key = printed(classroom, "Teacher key")
    student = new_page(browser)
    student.goto(classroom.chapter(f"{QUIZ}#quiz={QuizLink(code, 1, 1, fixed=True).to_link()}"))
    student.locator(".calypso-quiz").get_by_label("Your name or initials").fill("Ann K")
    answer_puzzle(student, code, 1)

    desk = new_page(browser)
    desk.goto(classroom.chapter(DESK))
    setup, board = desk_parts(desk)
    board.get_by_label("Teacher key").fill(key)
    board.get_by_role("button", name="Show the class").click()
    set_code(setup, code.lower())  # set up above, never typed into the board
    shown = board.locator("[data-class-shown]")
    expect(shown).to_have_text(f"The board shows class {code}, the class set up above.")
    expect(board.locator("tr", has_text="Ann K").locator("td")).to_have_text(
        ["Ann K", "answered 1 of 10, 1 right so far", "—", "—"]
    )
    # A second answer reaches the board by itself: it watches the class set up.
    student.locator(".calypso-quiz").get_by_role("button", name="Next puzzle").click()
    answer_puzzle(student, code, 2, right=False)
    expect(board.locator("tr", has_text="Ann K").locator("td")).to_have_text(
        ["Ann K", "answered 2 of 10, 1 right so far", "1A: 2", "—"], timeout=20_000
    )
    shots(desk, board, "class-follow-board")

    # Another class on purpose, in the board's own box; the setup's next class is followed.
    box = board.get_by_label("Class shown")
    box.fill(other)
    box.press("Enter")
    expect(shown).to_have_text(f"The board shows class {other}; the class set up above is {code}.")
    expect(board.locator("td", has_text="Ann K")).to_have_count(0)
    set_code(setup, other)
    expect(shown).to_have_text(f"The board shows class {other}, the class set up above.")
    set_code(setup, code)
    expect(board.locator("td", has_text="Ann K")).to_have_count(1)
    expect(box).to_have_value(code)
    desk.context.close()
    student.context.close()


def level_label(level: int) -> str:
    """How the desk's level list names ``level``."""
    return f"{level}: {LEVELS[level][0]}"


def restored(page: Page, code: str, level: int, version: str, key: str) -> tuple[Locator, Locator]:
    """Check that the desk on ``page`` came back with the class and the key it was given."""
    setup, board = desk_parts(page)
    expect(setup.get_by_label("Class code")).to_have_value(code, timeout=DRAWN)
    expect(setup.get_by_label("Level").locator("option:checked")).to_have_text(level_label(level))
    expect(setup.get_by_role("button", name=f"version {version}")).to_have_class(
        re.compile(r"\bmod-active\b")
    )
    expect(board.get_by_label("Teacher key")).to_have_value(key, timeout=DRAWN)
    expect(board.locator("[data-class-shown]")).to_have_text(
        f"The board shows class {code}, the class set up above."
    )
    expect(board.locator("tr", has_text="Bo").locator("td")).to_have_text(
        ["Bo", "answered 1 of 10, 1 right so far", "—", "—"], timeout=DRAWN
    )
    page.wait_for_url(f"**#class={code}.{level}.{version}")
    return setup, board


def test_the_desk_keeps_the_class_and_key_in_this_browser_until_told_to_forget(
    browser: Browser, classroom: Site
) -> None:
    code, level, version = "ROOM21", 2, "B"
    key = printed(classroom, "Teacher key")
    student = new_page(browser)
    link = QuizLink(code, level, 1, version, fixed=True).to_link()
    student.goto(classroom.chapter(f"{QUIZ}#quiz={link}"))
    student.locator(".calypso-quiz").get_by_label("Your name or initials").fill("Bo")
    trick = make_quiz(code, level, version=version)[0].trick
    winner = c4_winner(trick.leader, list(trick.cards))
    table = student.locator(".calypso-quiz").get_by_role("group", name="Quiz table")
    expect(table.locator(".ct-trick .ct-card")).to_have_count(4)
    table.get_by_role("button", name=f"Choose {winner}").click()
    expect(table.locator(".ct-verdict")).to_contain_text("Right!")

    desk = new_page(browser)
    desk.goto(classroom.chapter(DESK))
    setup, board = desk_parts(desk)
    set_code(setup, code)
    setup.get_by_label("Level").select_option(label=level_label(level))
    setup.get_by_role("button", name=f"version {version}").click()
    desk.wait_for_url(f"**#class={code}.{level}.{version}")
    board.get_by_label("Teacher key").fill(key)
    board.get_by_role("button", name="Show the class").click()
    row = board.locator("tr", has_text="Bo").locator("td")
    expect(row).to_have_text(["Bo", "answered 1 of 10, 1 right so far", "—", "—"])

    # A reload of the desk at the address the server printed (no setup in it): the class and
    # the key come back from this browser, and the board shows the class at once.
    desk.evaluate("history.replaceState(null, '', location.pathname)")
    desk.reload(wait_until="commit")  # then the widgets, however long the kernel takes
    setup, board = restored(desk, code, level, version, key)
    shots(desk, setup, "class-follow-desk")

    # Forgetting asks first; then this browser keeps neither.
    assert key in str(desk.evaluate("localStorage.getItem('calypso-desk')"))
    board.get_by_role("button", name="Forget the class and key").click()
    board.get_by_role("button", name="Yes, forget them").click()
    expect(board).to_contain_text("This browser no longer keeps the class or the teacher key.")
    expect(board.get_by_label("Teacher key")).to_have_value("")
    expect(board.locator("td", has_text="Bo")).to_have_count(0)
    assert desk.evaluate("localStorage.getItem('calypso-desk')") is None
    desk.context.close()
    student.context.close()


def test_a_class_link_shows_level_and_version_as_fixed_text(
    browser: Browser, classroom: Site
) -> None:
    code, level, version = "ROOM30", 3, "B"
    page = new_page(browser)
    page.goto(classroom.chapter(QUIZ))
    quiz = page.locator(".calypso-quiz")
    # The quiz without a class link keeps its controls.
    expect(quiz.get_by_role("button", name=f"version {version}")).to_be_visible()
    expect(quiz.locator("[data-fixed]")).to_have_count(0)

    page.goto("about:blank")
    page.goto(
        classroom.chapter(f"{QUIZ}#quiz={QuizLink(code, level, 1, version, fixed=True).to_link()}")
    )
    quiz = page.locator(".calypso-quiz")
    name = LEVELS[level][0]
    fixed = quiz.locator("[data-fixed]")
    expect(fixed).to_have_text(
        f"Level {level}: {name} · version {version}, as your teacher's link set them."
    )
    first = make_quiz(code, level, version=version)[0]
    cards = quiz.locator(".ct-trick .ct-card")
    for i, card in enumerate(first.trick.cards):
        expect(cards.nth(i)).to_have_attribute("data-card", str(card))
    for label in [f"{n}. {LEVELS[n][0]}" for n in LEVELS] + ["version A", "version B"]:
        expect(quiz.get_by_role("button", name=label)).to_have_count(0)
    expect(quiz.get_by_label("Class code")).to_have_value(code)
    shots(page, quiz, "class-follow-student")
    page.context.close()
