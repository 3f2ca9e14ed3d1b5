"""Every chapter in a real browser against the live site, checked as a person would see it."""

import pytest
from conftest import CHAPTERS, Site, Visit
from playwright.sync_api import expect

ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


def open_chapter(visit: Visit, site: Site, name: str) -> None:
    visit.page.goto(site.chapter(name))
    expect(visit.page.locator(".calypso-widget").first).to_be_visible()


@pytest.mark.parametrize("name", CHAPTERS)
def test_chapter_loads_cleanly_and_offline(visit, site, name):
    open_chapter(visit, site, name)
    page = visit.page
    expect(page.locator(".jupyter-widgets").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    visit.screenshot(name.removesuffix(".ipynb"))
    assert page.locator(ERROR_OUTPUT).count() == 0
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error" not in body.replace("error", "")
    assert "import" not in body, "code cells must not be shown"
    assert visit.console_errors == []
    assert visit.foreign_requests == []


def test_front_page_lands_on_the_welcome_chapter_and_every_contents_link_works(visit, site):
    page = visit.page
    page.goto(site.url + "/")
    page.wait_for_url("**/voila/render/00-welcome.ipynb")
    expect(page.get_by_role("heading", name="Calypso: a rules tutorial")).to_be_visible()
    links = page.locator("#Contents ~ ol a, h2:has-text('Contents') + ol a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == CHAPTERS[1:]
    for href in hrefs:
        response = page.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
        assert response.ok, href


def test_00_dealing_another_hand_changes_the_seed_and_the_cards(visit, site):
    open_chapter(visit, site, "00-welcome.ipynb")
    page = visit.page
    first = page.locator(".calypso-felt .calypso-card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert len(first) == 13
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator(".widget-text input").first).to_have_value("2")
    page.wait_for_function(
        "first => [...document.querySelectorAll('.calypso-felt .calypso-card')]"
        ".map(e => e.dataset.card).join() !== first.join()",
        arg=first,
    )


def test_01_choosing_a_taken_suit_swaps_trumps_and_the_view_turns(visit, site):
    open_chapter(visit, site, "01-the-table.ipynb")
    page = visit.page
    page.locator(".widget-dropdown select").first.select_option(label="♦ diamonds")
    expect(page.get_by_text("N and E swapped trumps")).to_be_visible()
    expect(page.locator(".widget-dropdown select").nth(1)).to_have_value("♥ hearts")
    page.get_by_role("button", name="East").click()
    expect(page.locator("[data-seat='W']")).to_contain_text("W (partner)")


def test_02_the_jack_of_diamonds_preset_shows_the_spade_ruff_winning(visit, site):
    open_chapter(visit, site, "02-who-wins-the-trick.ipynb")
    page = visit.page
    builder = page.locator(".calypso-widget").first
    builder.get_by_role("button", name="J♦ led, Q♠ ruffs").click()
    verdict = builder.locator(".calypso-verdict")
    expect(verdict).to_contain_text("S wins")
    expect(verdict).to_contain_text("Q♠")
    expect(verdict.locator("[data-rule]")).to_have_text("C4.2")
    expect(builder.get_by_text("the engine agrees")).to_be_visible()


def test_02_switching_to_ruff_wins_changes_the_winner(visit, site):
    open_chapter(visit, site, "02-who-wins-the-trick.ipynb")
    second = visit.page.locator(".calypso-widget").nth(1)
    expect(second.locator("[data-winner]")).to_have_text("E wins")
    second.get_by_role("button", name="ruff-wins").click()
    expect(second.locator("[data-winner]")).to_have_text("S wins")
    expect(second.locator(".calypso-variants")).to_contain_text("differs")


def test_02_edge_case_explorer_draws_another_example(visit, site):
    open_chapter(visit, site, "02-who-wins-the-trick.ipynb")
    explorer = visit.page.locator(".calypso-widget").nth(2)
    rows = explorer.locator(".calypso-rule")
    expect(rows).to_have_count(6)
    first = explorer.locator(".calypso-cards").first.inner_html()
    explorer.get_by_role("button", name="Draw another").first.click()
    expect(explorer.locator(".calypso-cards").first).not_to_have_attribute("data-x", "")
    visit.page.wait_for_function(
        "old => document.querySelectorAll('.calypso-widget')[2]"
        ".querySelector('.calypso-cards').innerHTML !== old",
        arg=first,
    )
