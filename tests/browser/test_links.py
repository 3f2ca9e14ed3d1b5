"""Links that reproduce what a learner sees, and the pages around them, in Chromium under Voila.

A small notebook with two linked counters is served as the site serves the chapters: each
counter owns one key of the page address. Working one writes its key (and leaves the other's
alone), moved to the front of the fragment; a fresh page opened at that address shows the same
counts, scrolled to the widget its first key names, below a long text; a heading's id in the
fragment is kept beside the keys and lands on its heading; *Copy link* copies it. The chapters'
own links are tested with each chapter (and chapters 00-03's landing here); here is the part
they share, and the two page-level promises: human titles and a "Contents" link that lands on
the contents.
"""

from __future__ import annotations

import pytest
from conftest import Visit
from live_site import Site, new_context
from playwright.sync_api import Browser, expect
from scratch import code, markdown, scratch

COUNTER = """\
import ipywidgets as w
from calypso.widgets.link import PageLink

def counter(key):
    link = PageLink(key=key)
    count = w.IntText(value=0, description=key)
    more = w.Button(description=f"More {key}")
    more.on_click(lambda _: setattr(count, "value", count.value + 1))
    count.observe(lambda _: setattr(link, "value", str(count.value or "")), "value")
    link.on_open(lambda text: setattr(count, "value", int(text)))
    return w.VBox([count, more, link])

w.HBox([counter("apples"), counter("pears")])
"""

NAME = "links.ipynb"


LONG_TEXT = "\n\n".join(f"Paragraph {i} of a long text above the counters." for i in range(60))


scratch(
    NAME,
    "Links",
    markdown("# Links"),
    markdown("## Far below"),
    markdown(LONG_TEXT),
    code(COUNTER),
)


@pytest.fixture
def link_site(scratch_site: Site) -> Site:
    return scratch_site


def count(visit: Visit, key: str) -> int:
    return int(visit.page.get_by_label(key).input_value())


def test_working_a_widget_writes_its_key_and_a_fresh_page_shows_the_same(
    visit: Visit, link_site: Site, browser: Browser
) -> None:
    page = visit.page
    page.goto(link_site.chapter(NAME))
    for _ in range(3):
        page.get_by_role("button", name="More apples").click()
    page.wait_for_url("**#apples=3")
    page.get_by_role("button", name="More pears").click()
    page.wait_for_url("**#pears=1&apples=3")
    assert page.title() == "Links · Calypso"

    fresh = new_context(browser).new_page()
    fresh.goto(page.url)
    expect(fresh.get_by_label("apples")).to_have_value("3")
    expect(fresh.get_by_label("pears")).to_have_value("1")
    fresh.get_by_role("button", name="More apples").click()
    fresh.wait_for_url("**#apples=4&pears=1")
    fresh.context.close()
    assert visit.console_errors == [] and visit.foreign_requests == []


def test_a_link_opens_scrolled_to_the_widget_its_first_key_names(
    visit: Visit, link_site: Site
) -> None:
    page = visit.page
    page.goto(link_site.chapter(NAME) + "#pears=5&apples=2")
    expect(page.get_by_label("pears")).to_have_value("5")
    expect(page.get_by_label("apples")).to_have_value("2")
    expect(page.get_by_label("pears")).to_be_in_viewport()
    expect(page.get_by_role("heading", name="Links")).not_to_be_in_viewport()
    # A page opened without a key stays at its top.
    page.goto("about:blank")
    page.goto(link_site.chapter(NAME))
    expect(page.get_by_label("pears")).to_have_value("0")
    expect(page.get_by_role("heading", name="Links")).to_be_in_viewport()


def test_a_headings_id_in_the_fragment_is_kept_beside_the_keys_and_lands_first(
    visit: Visit, link_site: Site
) -> None:
    page = visit.page
    page.goto(link_site.chapter(NAME) + "#Far-below")
    expect(page.get_by_label("apples")).to_have_value("0")
    page.get_by_role("button", name="More apples").click()
    page.wait_for_url("**#Far-below&apples=1")
    page.goto("about:blank")
    page.goto(link_site.chapter(NAME) + "#Far-below&apples=4")
    expect(page.get_by_label("apples")).to_have_value("4")
    expect(page.get_by_role("heading", name="Far below")).to_be_in_viewport()
    page.get_by_role("button", name="More pears").click()
    page.wait_for_url("**#Far-below&pears=1&apples=4")


def test_copy_link_copies_the_address_or_shows_it_to_copy(
    visit: Visit, link_site: Site, browser: Browser
) -> None:
    page = visit.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(link_site.chapter(NAME))
    page.get_by_role("button", name="More apples").click()
    page.get_by_role("button", name="More pears").click()
    page.wait_for_url("**#pears=1&apples=1")
    # The widget whose link is copied comes first, so the link lands on it.
    page.get_by_role("button", name="Copy link").first.click()
    page.wait_for_url("**#apples=1&pears=1")
    expect(page.get_by_role("status").filter(has_text="Link copied.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == page.url

    # Without the clipboard (a page not served from this machine, say), the link is shown,
    # selected, ready to copy by hand.
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.get_by_role("button", name="Copy link").first.click()
    expect(page.get_by_label("Link to what this widget shows").first).to_have_value(page.url)


def test_a_contents_link_lands_on_the_contents(visit: Visit, site: Site) -> None:
    page = visit.page
    page.goto(site.chapter("03-building-calypsos.ipynb"))
    expect(page.locator(".calypso-widget").first).to_be_visible()
    page.get_by_role("link", name="Contents").first.click()
    page.wait_for_url("**/00-welcome.ipynb#Contents")
    expect(page.locator(".calypso-widget").first).to_be_visible()
    expect(page.get_by_role("heading", name="Contents")).to_be_in_viewport()
    cousins = page.get_by_role("link", name="Cousins: Call Bridge and Collett Whist", exact=True)
    cousins = cousins.first  # the contents' own link, before the rule ids' links to 08
    expect(cousins).to_be_in_viewport()
