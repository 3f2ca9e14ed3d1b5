"""The site follows the system's dark mode (issue 30), measured from Chromium's computed styles:
under prefers-color-scheme: dark the page is dark and its text light; the four suits written on
the page (the engine's suit symbols) keep four distinct colours; every suit symbol anywhere on a
page, on the page, on a panel, on the felt or on a white card face, keeps at least 4.5:1 against
what it sits on (WCAG 1.4.3); a focused control's ring stands out at 3:1 (WCAG 1.4.11). In the
light scheme nothing changed: the same paper and the same four colours as the printed sheets.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import pytest
from conftest import Visit
from live_site import Site
from playwright.sync_api import Page
from test_axe import wait_for_widgets

from calypso.drawing.faces import SUIT_COLOURS

#: Chapters with suits in every form: 02 the card table, its trick builder and card picker, and
#: card buttons; 04 the engine's score sheet and chart with a suit symbol per seat; 07 the
#: engine's calypsos in progress, a row of ranks in each suit's colour.
PAGES = ("02-who-wins-the-trick.ipynb", "04-scoring.ipynb", "09-auction-calypso.ipynb")
SUITS = "♠♥♦♣"

BACKGROUND = """element => {
  for (let e = element; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c !== "transparent" && !/^rgba\\(.*,\\s*0\\)$/.test(c)) return c;
  }
  return "rgb(255, 255, 255)";
}"""
"""The colour an element's text is drawn on: its own background or its nearest ancestor's."""

SUIT_TEXT = (
    """() => {
  const background = """
    + BACKGROUND
    + """;
  const found = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const element = node.parentElement;
    const symbols = [...node.textContent].filter(ch => "♠♥♦♣".includes(ch));
    if (!symbols.length || !element.getClientRects().length) continue;
    if (element.closest("[hidden], [inert], :disabled, [aria-disabled='true'], option")) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== "visible") continue;
    const source = element.closest("[style*='--calypso-']");
    for (const suit of new Set(symbols)) {
      found.push({
        suit, colour: style.color, background: background(element),
        engine: source !== null && source.textContent.trim() === suit,
        where: element.outerHTML.slice(0, 120),
      });
    }
  }
  return found;
}"""
)
"""Every visible suit symbol on the page: its suit, colour, background and whether it is one of
the engine's suit symbols (a span coloured by one of the palette's variables holding only it)."""


def rgb(colour: str) -> tuple[int, int, int]:
    red, green, blue = (int(x) for x in re.findall(r"\d+", colour)[:3])
    return red, green, blue


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a CSS rgb() colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two CSS rgb() colours, 1 to 21."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i : i + 2], 16) for i in (1, 3, 5)))


def open_page(visit: Visit, site: Site, name: str, scheme: Literal["light", "dark"]) -> Page:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.goto(site.chapter(name))
    wait_for_widgets(page, name)
    return page


def suit_text(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(SUIT_TEXT)
    return found


@pytest.mark.parametrize("name", PAGES)
def test_in_dark_mode_the_page_is_dark_and_every_suit_readable(
    visit: Visit, site: Site, name: str
) -> None:
    page = open_page(visit, site, name, "dark")
    body = page.locator("body")
    assert luminance(body.evaluate(BACKGROUND)) < 0.02
    paragraph = page.locator(".jp-RenderedHTMLCommon p").first
    assert luminance(paragraph.evaluate("e => getComputedStyle(e).color")) > 0.7
    panel = page.locator(".calypso-widget").first
    assert luminance(panel.evaluate(BACKGROUND)) < 0.03
    symbols = suit_text(page)
    assert {s["suit"] for s in symbols} == set(SUITS)
    faint = [s for s in symbols if contrast(s["colour"], s["background"]) < 4.5]
    assert faint == [], faint[:5]


def test_in_dark_mode_the_engine_writes_the_four_suits_in_four_light_colours(
    visit: Visit, site: Site
) -> None:
    page = open_page(visit, site, "04-scoring.ipynb", "dark")
    engine = [s for s in suit_text(page) if s["engine"]]
    colours = {suit: {s["colour"] for s in engine if s["suit"] == suit} for suit in SUITS}
    assert all(len(found) == 1 for found in colours.values()), colours
    assert len({found.pop() for found in colours.values()}) == 4
    for symbol in engine:
        assert luminance(symbol["background"]) < 0.03, symbol
        assert contrast(symbol["colour"], symbol["background"]) >= 4.5, symbol


def test_in_light_mode_the_page_keeps_its_paper_and_the_four_colours(
    visit: Visit, site: Site
) -> None:
    page = open_page(visit, site, "04-scoring.ipynb", "light")
    assert page.locator("body").evaluate(BACKGROUND) == "rgb(251, 250, 247)"
    palette = {suit.symbol: hex_rgb(colour) for suit, colour in SUIT_COLOURS.items()}
    engine = [s for s in suit_text(page) if s["engine"]]
    assert {s["suit"] for s in engine} == set(SUITS)
    assert all(s["colour"] == palette[s["suit"]] for s in engine), engine


FOCUS_RING = """element => {
  const style = getComputedStyle(element);
  return {colour: style.outlineColor, width: parseFloat(style.outlineWidth),
          shown: style.outlineStyle !== "none"};
}"""


CONTROLS = (
    ".jp-RenderedHTMLCommon a[href]",
    ".calypso-widget button.jupyter-button",
    ".calypso-widget .widget-text input",
    ".calypso-widget .widget-checkbox input",
)
"""A link in the text and the stock controls: a button, a text box, a checkbox."""


def test_in_dark_mode_a_focused_control_shows_its_ring(visit: Visit, site: Site) -> None:
    page = open_page(visit, site, "02-who-wins-the-trick.ipynb", "dark")
    rings = {}
    for _ in range(300):  # Tab through the page until each kind of control had the focus
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        for control in CONTROLS:
            if control not in rings and focused.evaluate("(e, s) => e.matches(s)", control):
                around = focused.evaluate(f"e => ({BACKGROUND})(e.parentElement)")
                rings[control] = focused.evaluate(FOCUS_RING) | {"around": around}
        if len(rings) == len(CONTROLS):
            break
    assert set(rings) == set(CONTROLS)
    for control, ring in rings.items():
        assert ring["shown"] and ring["width"] >= 2, (control, ring)
        assert contrast(ring["colour"], ring["around"]) >= 3, (control, ring)
