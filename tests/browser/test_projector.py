"""A 1280 x 720 projector with the page at 150 % is 853 x 480 CSS pixels: every card table a
teacher shows (02's presenter, 03's stepper, 05's game, 06's quiz with big cards, before and
after an answer) fits on that screen with its Next button, once scrolled to the table. The
quiz's projector view (a projector's link, or *Big cards* ticked) is the question and the
trick alone, the student's controls hidden, and after the winner is chosen the verdict sits
beside the four cards, all on that one screen."""

from conftest import Visit
from live_site import ARTIFACTS, Site
from playwright.sync_api import Locator, Page, expect

WIDTH, HEIGHT = 853, 480


def fits(page: Page, felt: Locator, name: str, *also: Locator) -> None:
    felt.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)  # the layout settles
    page.screenshot(path=str(ARTIFACTS / f"projector-{name}.png"))
    for part in (felt, *also):
        box = part.bounding_box()
        assert box is not None, name
        assert box["y"] >= -1 and box["y"] + box["height"] <= HEIGHT + 1, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 1, (name, box)


def open_at_projector_size(visit: Visit, site: Site, chapter: str) -> Page:
    page = visit.page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(site.chapter(chapter))
    expect(page.locator(".ct").first).to_be_visible()
    return page


def test_02_the_presenter_table_fits(visit: Visit, site: Site) -> None:
    page = open_at_projector_size(visit, site, "02-who-wins-the-trick.ipynb")
    builder = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    builder.get_by_text("Presenter: bigger cards").click()
    felt = builder.locator(".ct.ct-presenter")
    expect(felt).to_have_count(1)
    fits(page, felt, "02")


def test_02_a_lesson_plan_link_opens_the_presenter_table(visit: Visit, site: Site) -> None:
    page = visit.page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(site.chapter("02-who-wins-the-trick.ipynb#trick=N.2H-AH-AH-AH.HDSC.ranked.r.p"))
    builder = page.locator(".calypso-widget").filter(has_text="Trick builder").first
    felt = builder.locator(".ct.ct-presenter")
    expect(felt).to_have_count(1, timeout=60_000)
    expect(builder.get_by_label("Presenter: bigger cards")).to_be_checked()
    expect(felt.locator(".ct-trick .ct-card")).to_have_count(4)
    expect(felt.locator(".ct-winner, [data-winner]")).to_have_count(0)  # hidden until Reveal
    fits(page, felt, "02-link")


def test_03_the_stepper_fits_with_its_next_button(visit: Visit, site: Site) -> None:
    page = open_at_projector_size(visit, site, "03-building-calypsos.ipynb")
    stepper = page.locator(".calypso-widget").filter(has_text="Step through a game")
    felt = stepper.locator(".ct").first
    fits(page, felt, "03", felt.locator(".ct-next"))


def test_05_the_game_fits_with_your_hand(visit: Visit, site: Site) -> None:
    page = open_at_projector_size(visit, site, "05-play-a-game.ipynb")
    felt = page.locator(".calypso-widget").filter(has_text="Play Calypso").locator(".ct").first
    expect(felt.locator(".ct-hand .ct-card").first).to_be_visible()
    fits(page, felt, "05", felt.locator(".ct-hand"))


def student_controls_hidden(quiz: Locator) -> None:
    """None of a student's controls shows in a projector's view of the quiz."""
    for label in ("Your name or initials", "Class code"):
        expect(quiz.get_by_label(label)).to_be_hidden()
    for name in ("Start the quiz", "version A", "version B", "Copy code"):
        expect(quiz.get_by_role("button", name=name, exact=True)).to_be_hidden()
    expect(quiz.get_by_text("Or choose the winner here")).to_be_hidden()
    expect(quiz.get_by_text("Your best scores in this browser")).to_be_hidden()
    expect(quiz.locator("[data-fixed]")).to_be_hidden()


def the_class_sees(page: Page, quiz: Locator, number: int, leader: str, name: str) -> None:
    """The projector's view of puzzle ``number``: its question above the four cards, all in
    the 853 x 480 box."""
    line = quiz.locator(".calypso-quiz-line")
    expect(line).to_have_text(f"Puzzle {number} of 10: {leader} leads. Who wins this trick?")
    felt = quiz.locator(".ct").first
    expect(felt).to_have_class("ct ct-presenter")
    cards = felt.locator(".ct-trick .ct-card")
    expect(cards).to_have_count(4)
    student_controls_hidden(quiz)
    fits(page, line, name, felt.locator(".ct-felt"), *[cards.nth(i) for i in range(4)])


def revealed_beside(page: Page, quiz: Locator, winner: str, name: str) -> None:
    """The teacher chooses the winner (its letter, from the keyboard): the verdict shows
    beside the four cards, not over or below them, all in the box with the question and
    *Next puzzle*."""
    page.keyboard.press(winner)
    felt = quiz.locator(".ct").first
    verdict = felt.locator(".ct-verdict-box")
    expect(verdict).to_contain_text("takes the trick")
    next_button = felt.get_by_role("button", name="Next puzzle")
    expect(next_button).to_be_visible()
    student_controls_hidden(quiz)
    cards = [felt.locator(".ct-trick .ct-card").nth(i) for i in range(4)]
    line = quiz.locator(".calypso-quiz-line")
    fits(page, line, name, felt.locator(".ct-felt"), verdict, next_button, *cards)
    box = verdict.bounding_box()
    assert box is not None
    for card in cards:
        face = card.bounding_box()
        assert face is not None
        beside = box["x"] >= face["x"] + face["width"] or box["x"] + box["width"] <= face["x"]
        assert beside, (name, box, face)


def test_06_a_projector_link_shows_the_question_the_trick_and_the_verdict_beside_it(
    visit: Visit, site: Site
) -> None:
    from calypso.lessons.quiz import make_quiz
    from calypso.widgets.quiz import QuizLink

    puzzle = make_quiz("ROOM7", 2, version="B")[2]
    page = visit.page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    link = QuizLink("ROOM7", 2, 3, "B", projector=True).to_link()
    page.goto(site.chapter(f"08-class-quiz.ipynb#quiz={link}"))
    quiz = page.locator(".calypso-quiz")
    expect(quiz.locator(".ct-trick .ct-card").first).to_have_attribute(
        "data-card", str(puzzle.trick.cards[0]), timeout=60_000
    )
    the_class_sees(page, quiz, 3, puzzle.trick.leader, "06-link-asked")
    revealed_beside(page, quiz, puzzle.answer, "06-link-revealed")


def test_06_the_quiz_fits_with_big_cards_before_and_after_an_answer(
    visit: Visit, site: Site
) -> None:
    from calypso.lessons.quiz import make_quiz

    page = open_at_projector_size(visit, site, "08-class-quiz.ipynb")
    quiz = page.locator(".calypso-quiz")
    quiz.get_by_text("Big cards for a projector").click()
    puzzle = make_quiz("CLASS-1", 1)[0]
    the_class_sees(page, quiz, 1, puzzle.trick.leader, "06-asked")
    revealed_beside(page, quiz, puzzle.answer, "06-answered")
    # Unticked, the student's view comes back.
    quiz.get_by_text("Big cards for a projector").click()
    expect(quiz.get_by_label("Your name or initials")).to_be_visible()
    expect(quiz.get_by_text("Or choose the winner here")).to_be_visible()
