"""The teacher's desk in a real browser: reached from the welcome page, its students' link and
QR code, its sheets, and a lesson-plan link that lands on the trick it names, winner hidden.
Under a classroom server that knows the room's address, the link and its QR code carry that
address, whatever address the desk was opened at."""

import re
import shutil
from pathlib import Path

import live_site
import pytest
import segno
from conftest import Visit
from live_site import ARTIFACTS, ROOT, Site, new_context, start_site, stop_site
from playwright.sync_api import Browser, expect

from calypso.classroom.board import ROOM_ENV
from calypso.lessons.examples import WORKED_EXAMPLES
from calypso.lessons.quiz import make_quiz

DESK = "teachers-desk.ipynb"


def test_the_desk_is_reached_from_the_welcome_page_and_sets_up_a_class(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    page.goto(site.chapter("00-welcome.ipynb"))
    page.get_by_role("link", name="the teacher's desk").click()
    page.wait_for_url(f"**/{DESK}")
    setup = page.locator(".calypso-desk")
    expect(setup).to_be_visible()
    code = setup.get_by_label("Class code")
    code.fill("room7")
    code.press("Enter")
    setup.get_by_role("button", name="version B").click()
    page.wait_for_url("**#class=ROOM7.1.B")
    students = f"{site.url}/voila/render/08-class-quiz.ipynb#quiz=ROOM7.1.1.B.c"
    expect(setup.get_by_role("link", name=students)).to_be_visible()
    expect(setup.get_by_role("img", name="QR code of the students' link")).to_be_visible()
    # The test site listens on 127.0.0.1, which a phone cannot reach: the desk says so, and
    # that a plain server's quiz reaches no board; it never asks for HOST=0.0.0.0.
    expect(setup).to_contain_text("phones cannot open it")
    expect(setup).to_contain_text("answers reach no live board")
    expect(setup).not_to_contain_text("HOST=")
    for name in (
        "Worksheet, version B",
        "Answer key (for you only)",
        "Rules handout (one page)",
        "The whole game (one page)",
    ):
        expect(setup.get_by_role("link", name=re.compile(re.escape(name)))).to_be_visible()
    # A laptop, a phone, and a 1280 by 720 projector at 150 % (853 by 480 CSS pixels).
    for width, height in ((1280, 900), (390, 844), (853, 480)):
        page.set_viewport_size({"width": width, "height": height})
        setup.scroll_into_view_if_needed()
        setup.screenshot(path=str(ARTIFACTS / f"desk-setup-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    visit.screenshot("teachers-desk")
    visit.screenshot("teachers-desk-390", width=390)
    assert visit.console_errors == []
    assert visit.foreign_requests == []

    # The students' link opens the quiz on that class's first puzzle of version B.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(students)
    quiz = page.locator(".calypso-quiz")
    expect(quiz.get_by_label("Class code")).to_have_value("ROOM7")
    first = make_quiz("ROOM7", 1, version="B")[0]
    trick = quiz.locator(".ct-trick .ct-card")
    # The page may draw a trick before the link's arrives: wait for each card, never read once.
    for i, card in enumerate(first.trick.cards):
        expect(trick.nth(i)).to_have_attribute("data-card", str(card))
    expect(trick).to_have_count(4)


def test_a_lesson_plan_link_lands_on_its_trick_with_the_winner_hidden_and_big_cards(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    page.goto(site.chapter(DESK))
    expect(page.locator(".calypso-desk")).to_be_visible()
    page.get_by_role("link", name="J♦ led, Q♠ ruffs, hidden").click()
    page.wait_for_url("**/02-who-wins-the-trick.ipynb#trick=E.JD-QS-5D-9D.HDSC.ranked.r.p")
    example = next(e for e in WORKED_EXAMPLES if e.key == "jack-diamonds-queen-spades")
    builder = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    cards = builder.locator(".ct-trick .ct-card")
    # The first worked example is drawn before the link's trick replaces it: wait for each card.
    for i, card in enumerate(example.cards):
        expect(cards.nth(i)).to_have_attribute("data-card", str(card))
    expect(cards).to_have_count(4)
    expect(builder.locator(".ct-winning")).to_have_count(0)  # hidden until Reveal
    expect(builder.locator(".ct.ct-presenter")).to_have_count(1)  # big cards for a projector
    expect(builder.locator(".ct-trick")).to_be_in_viewport()


def test_the_desk_gives_the_room_s_address_and_its_qr_code(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in (DESK, "08-class-quiz.ipynb", "00-welcome.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    # The classroom server gives its kernels the room's address (CALYPSO_ROOM_URL); here the
    # room is reached as "localhost", which the desk's own address (127.0.0.1) is not.
    port = live_site.free_port()
    room = f"http://localhost:{port}/"
    monkeypatch.setattr(live_site, "free_port", lambda: port)
    monkeypatch.setenv(ROOM_ENV, room)
    site = start_site(
        tmp_path,
        "voila-room-desk.log",
        "--class-size=1",
        "--chapter=welcome",
        f"--board={tmp_path / 'class-data' / 'class-board.sqlite'}",
    )
    try:
        context = new_context(browser, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(site.chapter(f"{DESK}#class=ROOM7.2.B"))
        setup = page.locator(".calypso-desk")
        students = f"{room}voila/render/08-class-quiz.ipynb#quiz=ROOM7.2.1.B.c"
        link = setup.get_by_role("link", name=students)
        expect(link).to_be_visible()
        expect(setup).to_contain_text("Students' phones and laptops on this network open:")
        for said in ("phones cannot open it", "HOST=", "no live board", "127.0.0.1"):
            expect(setup).not_to_contain_text(said)
        # The QR code is the room's link: its one path is the one segno draws for that link.
        qr = setup.get_by_role("img", name="QR code of the students' link")
        expect(qr).to_be_visible()
        drawn = qr.locator("svg path").first.get_attribute("d")
        wanted = segno.make(students, error="m")
        expected = re.search(r'\bd="([^"]+)"', wanted.svg_inline(border=2, dark="#1d1d1f"))
        assert expected and drawn == expected.group(1)
        # drawn whole at any width: the code's own square, quiet zone included, is scaled
        size = wanted.symbol_size(border=2)[0]
        expect(qr.locator("svg")).to_have_attribute("viewBox", f"0 0 {size} {size}")
        for width, height in ((1280, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            setup.scroll_into_view_if_needed()
            square = qr.locator("svg").bounding_box()
            assert square is not None and abs(square["width"] - square["height"]) < 1, square
            setup.screenshot(path=str(ARTIFACTS / f"desk-room-address-{width}.png"))
        # The link opens the class's quiz at the room's address, level and version fixed.
        page.set_viewport_size({"width": 1280, "height": 900})
        link.click()
        page.wait_for_url(students)
        quiz = page.locator(".calypso-quiz")
        expect(quiz.get_by_label("Class code")).to_have_value("ROOM7")
        first = make_quiz("ROOM7", 2, version="B")[0]
        trick = quiz.locator(".ct-trick .ct-card")
        for i, card in enumerate(first.trick.cards):
            expect(trick.nth(i)).to_have_attribute("data-card", str(card))
        context.close()
    finally:
        stop_site(site)
