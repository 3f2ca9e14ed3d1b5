"""The drawing's primitives: the four-colour palette, card faces and rows, seat labels and the
site's table.

Every drawing of the site is made of these, so the whole site shares one look: ♠ black,
♥ red, ♦ blue, ♣ green.

>>> from calypso.engine.cards import parse_card
>>> 'color:#c62828' in card_face(parse_card("10H"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from types import MappingProxyType
from typing import TYPE_CHECKING

from calypso.engine.cards import Card, Suit
from calypso.i18n import (
    _,
    card_text,
    rank_text,
    seat_name,
    suit_name,
)

if TYPE_CHECKING:
    pass


CARD_STYLE = (
    "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
    "width:2.6em;height:3.6em;margin:0.15em;border:1px solid #888;border-radius:0.35em;"
    "background:#fff;font:600 1.05em/1.1 system-ui,sans-serif;box-shadow:0 1px 2px #0003;"
)


HIGHLIGHT = "outline:3px solid #f5b700;outline-offset:1px;"


SUIT_COLOURS: Mapping[Suit, str] = MappingProxyType(
    {
        Suit.CLUBS: "#1a7f37",
        Suit.DIAMONDS: "#1f5fbf",
        Suit.HEARTS: "#c62828",
        Suit.SPADES: "#111111",
    }
)
"""The four-colour palette (CSS colour values): ♣ green, ♦ blue, ♥ red, ♠ black."""


SUIT_VARIABLES: Mapping[Suit, str] = MappingProxyType(
    {
        Suit.CLUBS: "--calypso-club",
        Suit.DIAMONDS: "--calypso-diamond",
        Suit.HEARTS: "--calypso-heart",
        Suit.SPADES: "--calypso-spade",
    }
)
"""Each suit's colour on the page as the site's stylesheet names it; its dark scheme lightens it."""


def suit_colour(suit: Suit) -> str:
    """A suit's colour in the four-colour palette: for a white card face, a chart on white,
    and a printed page.

    >>> suit_colour(Suit.HEARTS)
    '#c62828'
    """
    return SUIT_COLOURS[suit]


def suit_ink(suit: Suit) -> str:
    """A suit's colour for a symbol or a card written on the page: the site's stylesheet
    gives it (a lighter tint in the dark scheme); without it, the palette colour.

    >>> suit_ink(Suit.SPADES)
    'var(--calypso-spade, #111111)'
    """
    return f"var({SUIT_VARIABLES[suit]}, {SUIT_COLOURS[suit]})"


def suit_span(suit: Suit) -> str:
    """A suit symbol in its palette colour."""
    colour = suit_ink(suit)
    return f'<span style="color:{colour}" title="{suit_name(suit)}">{suit.symbol}</span>'


def card_face(card: Card, *, highlight: bool = False, note: str = "") -> str:
    """One card face; ``title`` and ``aria-label`` carry the text form for readers and tests."""
    colour = suit_colour(card.suit)
    style = CARD_STYLE + f"color:{colour};" + (HIGHLIGHT if highlight else "")
    caption = f'<small style="font-weight:400;color:#555">{escape(note)}</small>' if note else ""
    text = card_text(card)
    return (
        f'<span class="calypso-card" data-card="{card}" title="{text}" '
        f'aria-label="{text}" style="{style}"><span>{rank_text(card.rank)}</span>'
        f"<span>{card.suit.symbol}</span>{caption}</span>"
    )


def card_row(
    cards: Iterable[Card], *, highlight: int | None = None, notes: Sequence[str] = ()
) -> str:
    """Cards side by side, optionally one highlighted and each with a small note below."""
    faces = [
        card_face(c, highlight=i == highlight, note=notes[i] if i < len(notes) else "")
        for i, c in enumerate(cards)
    ]
    return f'<span class="calypso-cards">{"".join(faces) or "—"}</span>'


def table(
    rows: Sequence[Sequence[str]],
    header: Sequence[str] = (),
    *,
    classes: str = "",
    row_attrs: Sequence[str] = (),
    empty: str = "",
    caption: str = "",
    attrs: str = "",
    row_headers: bool = False,
) -> str:
    """A table in the site's style. Cells and headings are HTML (escape plain text first);
    ``row_attrs[i]`` is added to row ``i``'s ``<tr>`` (a ``data-`` mark, a style) and ``attrs``
    to the ``<table>``; ``empty`` fills a single cell when there are no rows; ``caption`` names
    the table (HTML); with ``row_headers`` each row's first cell heads its row.

    >>> html = table([["N", "3"]], ["seat", "tricks"], caption="Tricks", row_headers=True)
    >>> html.count("<th>"), '<th scope="row">N</th><td>3</td>' in html
    (2, True)
    """
    head = "".join(f"<th>{h}</th>" for h in header)
    marks = list(row_attrs) + [""] * (len(rows) - len(row_attrs))

    def cells(row: Sequence[str]) -> str:
        first = f'<th scope="row">{row[0]}</th>' if row_headers and row else ""
        rest = row[1:] if row_headers else row
        return first + "".join(f"<td>{c}</td>" for c in rest)

    body = "".join(
        f"<tr{' ' + mark if mark else ''}>{cells(row)}</tr>"
        for row, mark in zip(rows, marks, strict=False)
    )
    if not rows and empty:
        body = f"<tr><td>{empty}</td></tr>"
    cls = f"calypso-table {classes}".strip()
    named = f"<caption>{caption}</caption>" if caption else ""
    thead = f"<thead><tr>{head}</tr></thead>" if header else ""
    more = f" {attrs}" if attrs else ""
    return f'<table class="{cls}"{more}>{named}{thead}<tbody>{body}</tbody></table>'


def seat_label(seat: str, trump: Suit | None, role: str = "") -> str:
    """A seat's name, its role (worded by the caller) and its trump."""
    muted = _("no trump")
    suit = suit_span(trump) if trump is not None else f'<span class="calypso-muted">{muted}</span>'
    name = seat_name(seat)
    label = _("{seat} ({role})").format(seat=name, role=role) if role else name
    return f'<div class="calypso-seat" data-seat="{seat}"><b>{label}</b> {suit}</div>'


def card_ink(card: Card) -> str:
    """A card written as text in its suit's colour on the page (the scheme's tint), for a
    sentence.

    >>> card_ink(Card.parse("QS"))
    '<b style="color:var(--calypso-spade, #111111)">Q♠</b>'
    """
    return f'<b style="color:{suit_ink(card.suit)}">{escape(card_text(card))}</b>'


def run_text(cards: Sequence[Card], suit: Suit) -> str:
    """A calypso in progress as a compact line of ranks in the suit's colour, with its count."""
    ranks = " ".join(rank_text(c.rank) for c in cards) or "—"
    return (
        f'<span style="color:{suit_ink(suit)};font-weight:600">{ranks}</span> '
        f'<small class="calypso-muted">({len(cards)}/13)</small>'
    )
