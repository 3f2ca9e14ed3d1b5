"""HTML drawings of cards, tricks, tables and score sheets, in the four-colour palette.

The engine's ``_repr_html_`` methods and the widgets both draw through this module, so the
whole site shares one look: ♠ black, ♥ red, ♦ blue, ♣ green.

>>> from calypso.cards import parse_card
>>> 'color:#c62828' in card_face(parse_card("10H"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from calypso.cards import Card, Suit

if TYPE_CHECKING:
    from collections.abc import Mapping

    from calypso.game import Game
    from calypso.scoring import ScoreSheet
    from calypso.tricks import TrickResult

CARD_STYLE = (
    "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
    "width:2.6em;height:3.6em;margin:0.15em;border:1px solid #888;border-radius:0.35em;"
    "background:#fff;font:600 1.05em/1.1 system-ui,sans-serif;box-shadow:0 1px 2px #0003;"
)
HIGHLIGHT = "outline:3px solid #f5b700;outline-offset:1px;"


def suit_span(suit: Suit) -> str:
    """A suit symbol in its palette colour."""
    return f'<span style="color:{suit.colour}" title="{suit.name.lower()}">{suit.symbol}</span>'


def card_face(card: Card, *, highlight: bool = False, note: str = "") -> str:
    """One card face; ``title`` and ``aria-label`` carry the text form for readers and tests."""
    style = CARD_STYLE + f"color:{card.suit.colour};" + (HIGHLIGHT if highlight else "")
    caption = f'<small style="font-weight:400;color:#555">{escape(note)}</small>' if note else ""
    return (
        f'<span class="calypso-card" data-card="{card}" title="{card.symbol}" '
        f'aria-label="{card.symbol}" style="{style}"><span>{card.rank.text}</span>'
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


def trick_result(result: TrickResult) -> str:
    notes = [f"{t.symbol} trump" if t is not None else "no trump" for t in result.trumps]
    return (
        f"<div>{card_row(result.cards, highlight=result.winner, notes=notes)}"
        f"<p><b>{result.rule.value}</b>: {escape(result.explanation)}</p></div>"
    )


def _table(rows: Sequence[Sequence[str]], header: Sequence[str]) -> str:
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<table class="calypso-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    )


def score_sheet(sheet: ScoreSheet) -> str:
    rows = []
    for side in sheet.sides:
        for p in side.players:
            rows.append(
                [
                    f"{p.seat} {suit_span(p.trump)}",
                    side.name,
                    str(p.completed),
                    str(p.calypso_points),
                    str(p.in_progress),
                    str(p.in_progress_points),
                    "",
                    "",
                ]
            )
        rows.append(
            [
                "",
                f"<b>{side.name}</b>",
                "",
                "",
                "",
                "",
                str(side.pile),
                f"<b>{side.total}</b>",
            ]
        )
    header = ["player", "side", "calypsos", "points", "in progress", "points", "pile", "total"]
    verdict = f"{sheet.winner} wins" if sheet.winner else "a draw"
    return _table(rows, header) + f"<p>{verdict}.</p>"


def game_table(game: Game) -> str:
    rows = []
    for seat in game.seats:
        calypso = game.calypso(seat)
        rows.append(
            [
                f"<b>{seat}</b> {suit_span(calypso.suit)}"
                + (" ◀ to play" if seat == game.turn else ""),
                card_row(game.hand(seat)),
                card_row(calypso.cards()) + f" ({calypso.completed} completed)",
            ]
        )
    trick = card_row(game.trick) if game.trick else "—"
    status = "game over" if game.is_over else f"deal {game.deal_number + 1} of 4"
    return (
        f"<div><p>{status}; trick in progress: {trick}</p>"
        + _table(rows, ["seat", "hand", "calypso in progress"])
        + score_sheet(game.score())
        + "</div>"
    )


def seat_label(seat: str, trump: Suit | None, role: str = "") -> str:
    suit = suit_span(trump) if trump is not None else '<span class="calypso-muted">no trump</span>'
    extra = f" ({role})" if role else ""
    return f'<div class="calypso-seat" data-seat="{seat}"><b>{seat}{extra}</b> {suit}</div>'


def table_view(you: str, trumps: dict[str, Suit], hand: Sequence[Card]) -> str:
    """The table seen from seat ``you``: partner across, opponents left and right."""
    order = list(trumps)
    at = order.index(you)
    left, partner, right = (order[(at + k) % 4] for k in (1, 2, 3))
    cell = "padding:0.4rem 0.6rem;text-align:center;"
    return (
        '<div class="calypso-felt"><table style="margin:auto;border:none">'
        f'<tr><td></td><td style="{cell}">{seat_label(partner, trumps[partner], "partner")}'
        "<small>13 cards</small></td><td></td></tr>"
        f'<tr><td style="{cell}">{seat_label(left, trumps[left], "left-hand opponent")}</td>'
        f'<td style="{cell}"><i class="calypso-muted">clockwise: {" → ".join(order)}</i></td>'
        f'<td style="{cell}">{seat_label(right, trumps[right], "right-hand opponent")}</td></tr>'
        f'<tr><td></td><td style="{cell}">{seat_label(you, trumps[you], "you")}'
        f"{card_row(hand)}</td><td></td></tr></table></div>"
    )


def verdict(result: TrickResult, seats: Sequence[str]) -> str:
    """Who won, with which card, by which rule, and the engine's sentence."""
    win = result.winning_card
    return (
        f'<div class="calypso-verdict"><p style="font-size:1.15em;margin:0.3em 0">'
        f'<b data-winner="{seats[result.winner]}">{seats[result.winner]} wins</b> with '
        f'<span style="color:{win.suit.colour};font-weight:700">{win.symbol}</span> '
        f'&middot; rule <span class="calypso-rule" data-rule="{result.rule.value}">'
        f"{result.rule.value}</span></p><p>{escape(result.explanation)}</p>"
        f'<p class="calypso-muted"><small>{escape(result.rule.summary)}</small></p></div>'
    )


def variant_table(results: Mapping[str, TrickResult], seats: Sequence[str], active: str) -> str:
    """The same trick under each rule variant; rows that disagree with the default stand out."""
    default = results["ranked"].winner
    rows = []
    for name, result in results.items():
        differs = result.winner != default
        mark = " ◀ differs" if differs else ""
        style = ' style="background:#fff4cc"' if differs else ""
        chosen = " (shown above)" if name == active else ""
        rows.append(
            f"<tr{style}><td>{name}{chosen}</td><td><b>{seats[result.winner]}</b> "
            f"({result.winning_card.symbol})</td><td>{result.rule.value}{mark}</td></tr>"
        )
    return (
        '<table class="calypso-table calypso-variants"><thead><tr><th>rule variant</th>'
        f"<th>winner</th><th>rule</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        '<p class="calypso-muted"><small>all-fours changes what may be played (your own trump at '
        "any time), not who wins a given trick.</small></p>"
    )


def hands_table(hands: Mapping[str, Sequence[Card]], trumps: Sequence[Suit]) -> str:
    """Each seat's hand, one row per seat."""
    rows = [
        [f"<b>{seat}</b> {suit_span(trump)}", card_row(hand)]
        for (seat, hand), trump in zip(hands.items(), trumps, strict=True)
    ]
    return _table(rows, ["seat", "hand"])
