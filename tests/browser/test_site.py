"""Every chapter in a real browser against the live site, checked as a person would see it (and
by axe-core: tests/browser/test_axe.py)."""

import pathlib
import re
from collections.abc import Callable

import pytest
from conftest import Visit
from interactions import (
    answer_the_quiz,
    compare_bids,
    deal_another_hand,
    one_trick_three_games,
    preset_trick,
    score_two_calypsos,
    step_through_a_game,
    swap_trumps,
)
from live_site import CHAPTERS, Site
from page_audit import passes_axe
from playwright.sync_api import Locator, Page, expect

ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
# How wide the page's scrolling content is (Voila scrolls inside its own container).
WIDEST = """Math.max(...[document.documentElement, document.body,
    ...document.querySelectorAll('#rendered_cells, .jp-Notebook')].map(e => e.scrollWidth))"""


def upload(visit: Visit, widget: Locator, path: pathlib.Path) -> None:
    with visit.page.expect_file_chooser() as chooser:
        widget.get_by_role("button", name=re.compile("Load a record")).click()
    chooser.value.set_files(str(path))


def widget(page: Page, title: str, index: int = 0) -> Locator:
    """The ``index``-th widget on the page whose title (or text) holds ``title``: widgets are
    found by name, since each chapter opens with its progress bar and has practice stages."""
    return page.locator(".calypso-widget").filter(has_text=title).nth(index)


def open_chapter(visit: Visit, site: Site, name: str) -> None:
    """The chapter, once its first widget is drawn (within the page's 30 s, not expect's 5 s:
    on a busy machine a chapter's kernel may take longer)."""
    visit.page.goto(site.chapter(name))
    expect(visit.page.locator(".calypso-widget").first).to_be_visible(timeout=30_000)


@pytest.mark.parametrize("name", CHAPTERS)
def test_chapter_loads_cleanly_and_offline_and_its_widgets_work(
    visit: Visit, site: Site, name: str, tmp_path: pathlib.Path
) -> None:
    """The chapter as first drawn, then its widgets at work (:data:`ON_THE_PAGE`), on the one
    page: a chapter's load is most of the time of a check of one of its widgets."""
    open_chapter(visit, site, name)
    page = visit.page
    # axe-core on the page as first drawn (tests/browser/test_axe.py's audit), here rather
    # than on a page of its own: a chapter's load is most of its audit's time
    passes_axe(page, name, name)
    expect(page.locator(".jupyter-widgets").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert "Calypso" in page.title() and ".ipynb" not in page.title()
    visit.screenshot(name.removesuffix(".ipynb"))
    visit.screenshot(name.removesuffix(".ipynb") + "-390", width=390)
    assert page.evaluate(WIDEST) <= 390, "nothing may stick out sideways on a phone"
    assert page.locator(ERROR_OUTPUT).count() == 0
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error" not in body.replace("error", "")
    assert "import" not in body, "code cells must not be shown"
    assert page.locator(".calypso-busy").count() == 0, "a whole chapter is not a busy page"
    expected = page.evaluate("Number(document.getElementById('calypso-expected').dataset.cells)")
    assert page.locator(".calypso-cell-mark").count() == expected
    assert visit.console_errors == []
    assert visit.foreign_requests == []
    page.set_viewport_size({"width": 1280, "height": 900})  # as the page was opened
    for works in ON_THE_PAGE.get(name, ()):
        works(visit, tmp_path)


def test_front_page_lands_on_the_welcome_chapter_and_every_contents_link_works(
    visit: Visit, site: Site
) -> None:
    page = visit.page
    page.goto(site.url + "/")
    page.wait_for_url("**/voila/render/00-welcome.ipynb")
    expect(page.get_by_role("heading", name="Calypso: a rules tutorial")).to_be_visible()
    links = page.locator("#Contents ~ ol a, h2:has-text('Contents') + ol a")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert hrefs == CHAPTERS[1:]
    for href in hrefs:
        response = page.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
        assert response.ok, href


def dealing_another_hand_changes_the_seed_and_the_cards(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    deal_another_hand(visit.page, tmp_path)


def choosing_a_taken_suit_swaps_trumps_and_the_view_turns(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    swap_trumps(visit.page, tmp_path)


def the_jack_of_diamonds_preset_shows_the_spade_ruff_winning(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    preset_trick(visit.page, tmp_path)
    assert visit.console_errors == [] and visit.foreign_requests == []


def switching_to_ruff_wins_changes_the_winner(visit: Visit, tmp_path: pathlib.Path) -> None:
    second = widget(visit.page, "Trick builder", 1)
    expect(second.locator("[data-winner]")).to_have_text("E wins")
    second.get_by_role("button", name="ruff wins", exact=True).click()
    expect(second.locator("[data-winner]")).to_have_text("S wins")
    expect(second.locator(".calypso-variants")).to_contain_text("differs")
    visit.page.wait_for_url(re.compile(r"[#&]rules=E\.KD-4S-2D-3D\.HDSC\.ruff-wins(&|$)"))


def the_edge_case_explorer_draws_each_case_on_the_table(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    explorer = widget(visit.page, "Every case, with an example")
    cases = explorer.locator(".widget-toggle-buttons button")
    expect(cases).to_have_count(6)
    expect(explorer.locator(".ct-verdict [data-rule]")).to_have_text("C4.1")
    explorer.get_by_role("button", name="C4.5", exact=True).click()
    expect(explorer.locator(".ct-verdict [data-rule]")).to_have_text("C4.5")
    cards = "els => els.map(e => e.dataset.card).join()"
    first = explorer.locator(".ct-trick .ct-card").evaluate_all(cards)
    explorer.get_by_role("button", name="Draw another").click()
    visit.page.wait_for_function(
        "([panel, old]) => [...panel.querySelectorAll('.ct-trick .ct-card')]"
        ".map(e => e.dataset.card).join() !== old",
        arg=[explorer.element_handle(), first],
    )
    expect(explorer.locator(".ct-verdict [data-rule]")).to_have_text("C4.5")
    assert visit.console_errors == [] and visit.foreign_requests == []


def stepping_shows_each_trick_and_a_completed_calypso(visit: Visit, tmp_path: pathlib.Path) -> None:
    step_through_a_game(visit.page, tmp_path)
    expect(visit.page.locator(".calypso-step").first).to_contain_text("→")


def the_calculator_adds_up_and_refuses_impossible_numbers(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    page = visit.page
    score_two_calypsos(page, tmp_path)
    calculator = widget(page, "Score calculator")
    expect(calculator.locator("[data-total]")).to_have_text("1250")
    report = widget(page, "A whole game, scored")
    expect(report.locator("svg.calypso-chart polyline")).to_have_count(4)
    expect(report.locator("table.calypso-table")).to_contain_text("total")


def playing_a_card_hint_and_undo(visit: Visit, tmp_path: pathlib.Path) -> None:
    table = visit.page.locator(".calypso-widget").filter(has_text="Play Calypso")
    status = table.locator(".ct-status")
    expect(status).to_contain_text("trick 1 of 13: your turn, S")
    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".ct-hand .ct-hinted")).to_have_count(1)
    table.locator(".ct-hand .ct-playable").first.click()
    next_trick = table.get_by_role("button", name="Next trick")
    expect(status).to_contain_text("trick 2 of 13")
    if next_trick.is_visible():
        expect(table.locator(".ct-verdict [data-winner]")).to_be_visible()
        next_trick.click()
    expect(status).to_contain_text("your turn, S")
    table.get_by_role("button", name="Undo").click()
    expect(status).to_contain_text("trick 1 of 13: your turn, S")
    expect(table.get_by_text("were taken back")).to_be_visible()


def a_right_answer_raises_the_score_and_a_wrong_one_explains(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    answer_the_quiz(visit.page, tmp_path)
    quiz = visit.page.locator(".calypso-quiz")
    expect(quiz.locator("[data-score]")).to_have_text("1 / 2")
    expect(quiz.get_by_role("link", name=re.compile("worksheet|answer key", re.I))).to_have_count(0)


def loading_a_record_shows_the_finished_game_and_offers_its_download(
    visit: Visit, tmp_path: pathlib.Path
) -> None:
    from calypso import simulate

    record = simulate("calypso", seed=4, bots="greedy")
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    table = visit.page.locator(".calypso-widget").filter(has_text="Play Calypso")
    upload(visit, table, path)
    expect(table.get_by_text("Loaded the game of seed 4")).to_be_visible()
    totals = record.final_scores
    won = (
        "A draw"
        if totals["NS"] == totals["EW"]
        else max(totals, key=lambda side: totals[side]) + " wins"
    )
    expect(table.locator(".ct-status")).to_contain_text(
        f"Game over. {won}: NS {totals['NS']:,} to EW {totals['EW']:,}"
    )
    link = table.get_by_role("link", name=re.compile("Download the game record"))
    expect(link).to_have_attribute("download", "calypso-seed-4.json")


def a_bad_record_gets_a_message_not_a_traceback(visit: Visit, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "calypso-record/1", "game": "euchre"}')
    table = visit.page.locator(".calypso-widget").filter(has_text="Play Calypso")
    upload(visit, table, path)
    expect(table.get_by_role("alert")).to_have_text(
        "That file is not a Calypso game record this page can open: it records a game this "
        "table does not play."
    )
    expect(table.locator(".ct-status")).to_contain_text("your turn, S")


def bids_compare_and_the_calculator_doubles(visit: Visit, tmp_path: pathlib.Path) -> None:
    page = visit.page
    compare_bids(page, tmp_path)
    comparer = widget(page, "Which bid is higher?").filter(has=page.locator("input"))
    first = comparer.locator("input").first
    first.fill("160C")
    first.press("Enter")
    expect(comparer.get_by_role("alert")).to_have_text(
        "“160C” is too low: a bid with no calypsos needs at least 170 points."
    )
    expect(comparer.locator(".calypso-stale")).to_have_count(1)
    calculator = widget(page, "Contract calculator")
    expect(calculator.locator("[data-total]")).to_have_text("490")
    calculator.get_by_role("button", name="doubled", exact=True).click()
    expect(calculator.locator("[data-total]")).to_have_text("730")


def watching_a_hand_and_joining_one(visit: Visit, tmp_path: pathlib.Path) -> None:
    page = visit.page
    watch = widget(page, "An auction hand")
    expect(watch).to_contain_text("Auction: E to move")
    watch.get_by_role("button", name=re.compile("Next move$")).click()
    expect(watch.locator(".calypso-auction td").nth(1)).not_to_have_text("")
    watch.get_by_role("button", name=re.compile("Play out the hand$")).click()
    expect(watch).to_contain_text("hand over", ignore_case=True)
    join = widget(page, "An auction hand", 1)
    expect(join).to_contain_text("N to move")
    join.get_by_role("button", name="Pass", exact=True).click()
    expect(join.locator(".calypso-auction")).to_contain_text("pass")
    flow = widget(page, "The cards between hands")
    expect(flow.locator("[data-place='green room']")).to_be_visible()


def one_trick_three_games_and_the_overtrump_rule(visit: Visit, tmp_path: pathlib.Path) -> None:
    page = visit.page
    one_trick_three_games(page, tmp_path)
    trainer = widget(page, "Must you beat the spades?")
    trainer.locator("button.calypso-card-button").first.click()
    expect(trainer.locator("[data-legal]")).to_be_visible()


def a_round_of_call_bridge_against_the_bots(visit: Visit, tmp_path: pathlib.Path) -> None:
    table = visit.page.locator(".calypso-widget").filter(has_text="Play a round").first
    status = table.locator(".ct-status")
    expect(status).to_contain_text("Call Bridge, round 1")
    expect(status).to_contain_text("trump for everyone: ♠ spades")
    table.get_by_role("button", name="Call", exact=True).click()
    playable = table.locator(".ct-hand .ct-playable")
    expect(playable.first).to_be_visible()
    card = playable.first.get_attribute("data-card")
    playable.first.click()
    expect(table.locator(f".ct-trick .ct-card[data-card='{card}']")).to_be_visible()
    expect(table.locator(".ct-seat").first).to_contain_text("called")
    assert visit.console_errors == [] and visit.foreign_requests == []


ON_THE_PAGE: dict[str, tuple[Callable[[Visit, pathlib.Path], None], ...]] = {
    "00-welcome.ipynb": (dealing_another_hand_changes_the_seed_and_the_cards,),
    "01-the-table.ipynb": (choosing_a_taken_suit_swaps_trumps_and_the_view_turns,),
    "02-who-wins-the-trick.ipynb": (
        the_jack_of_diamonds_preset_shows_the_spade_ruff_winning,
        switching_to_ruff_wins_changes_the_winner,
        the_edge_case_explorer_draws_each_case_on_the_table,
    ),
    "03-building-calypsos.ipynb": (stepping_shows_each_trick_and_a_completed_calypso,),
    "04-scoring.ipynb": (the_calculator_adds_up_and_refuses_impossible_numbers,),
    "05-play-a-game.ipynb": (
        playing_a_card_hint_and_undo,
        a_bad_record_gets_a_message_not_a_traceback,  # the game in play is kept
        loading_a_record_shows_the_finished_game_and_offers_its_download,
    ),
    "08-class-quiz.ipynb": (a_right_answer_raises_the_score_and_a_wrong_one_explains,),
    "09-auction-calypso.ipynb": (
        bids_compare_and_the_calculator_doubles,
        watching_a_hand_and_joining_one,
    ),
    "10-cousins.ipynb": (
        one_trick_three_games_and_the_overtrump_rule,
        a_round_of_call_bridge_against_the_bots,
    ),
}
"""Each chapter's checks of its widgets at work, each on the page as the one before left it
(every one on a widget of its own, or after the one before on the same widget as a reader
would go on), run by the chapter's test once the page as first drawn has passed."""
