"""A 1280 x 720 projector with the page at 150 % is 853 x 480 CSS pixels: every card table a
teacher shows (02's presenter, 03's stepper, 05's game, 06's quiz with big cards, before and
after an answer) fits on that screen with its Next button, once scrolled to the table."""

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


def test_06_the_quiz_fits_with_big_cards_before_and_after_an_answer(
    visit: Visit, site: Site
) -> None:
    from calypso.quiz import make_quiz

    page = open_at_projector_size(visit, site, "06-class-quiz.ipynb")
    quiz = page.locator(".calypso-quiz")
    quiz.get_by_text("Big cards for a projector").click()
    quiz.get_by_label("Your name or initials").fill("Class")
    felt = quiz.locator(".ct").first
    expect(felt).to_have_class("ct ct-presenter")
    fits(page, felt, "06-asked")
    answer = make_quiz("CLASS-1", 1)[0].answer
    felt.get_by_role("button", name=f"Choose {answer}").click()
    next_button = felt.get_by_role("button", name="Next puzzle")
    expect(next_button).to_be_visible()
    fits(page, felt, "06-answered", next_button)
