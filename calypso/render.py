"""HTML drawings of cards, tricks, tables and score sheets, in the four-colour palette.

The engine's ``_repr_html_`` methods and the widgets both draw through this module, so the
whole site shares one look: ♠ black, ♥ red, ♦ blue, ♣ green.

>>> from calypso.cards import parse_card
>>> 'color:#c62828' in card_face(parse_card("10H"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from types import MappingProxyType
from typing import TYPE_CHECKING

from calypso import words
from calypso.cards import Card, Suit
from calypso.glossary import rule_link
from calypso.i18n import (
    N_,
    _,
    card_text,
    current,
    ngettext,
    ordinal,
    rank_text,
    seat_name,
    suit_name,
)
from calypso.table import play_order

if TYPE_CHECKING:
    from calypso.auction import Call, ContractScore
    from calypso.auction.game import HandRecord
    from calypso.examples import ExampleTrick
    from calypso.game import Game
    from calypso.history import TrickStep
    from calypso.quiz import Puzzle
    from calypso.record import Record
    from calypso.scoring import ScoreSheet, SideScore
    from calypso.table import Trick
    from calypso.tricks import Rule, TrickResult

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


def trick_result(result: TrickResult) -> str:
    notes = [
        _("{suit} trump").format(suit=t.symbol) if t is not None else _("no trump")
        for t in result.trumps
    ]
    return (
        f"<div>{card_row(result.cards, highlight=result.winner, notes=notes)}"
        f"<p><b>{rule_link(result.rule.value)}</b>: {escape(words.explain(result))}</p></div>"
    )


def table(
    rows: Sequence[Sequence[str]],
    header: Sequence[str] = (),
    *,
    classes: str = "",
    row_attrs: Sequence[str] = (),
    empty: str = "",
) -> str:
    """A table in the site's style. Cells and headings are HTML (escape plain text first);
    ``row_attrs[i]`` is added to row ``i``'s ``<tr>`` (a ``data-`` mark, a style); ``empty``
    fills a single cell when there are no rows."""
    head = "".join(f"<th>{h}</th>" for h in header)
    attrs = list(row_attrs) + [""] * (len(rows) - len(row_attrs))
    body = "".join(
        f"<tr{' ' + attr if attr else ''}>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
        for row, attr in zip(rows, attrs, strict=False)
    )
    if not rows and empty:
        body = f"<tr><td>{empty}</td></tr>"
    cls = f"calypso-table {classes}".strip()
    thead = f"<thead><tr>{head}</tr></thead>" if header else ""
    return f'<table class="{cls}">{thead}<tbody>{body}</tbody></table>'


def score_sheet(sheet: ScoreSheet) -> str:
    """The score after the fourth deal: four columns, narrow enough for a phone, a block of rows
    per side ending on its total; then who won, and why (C7).

    >>> from calypso.scoring import ScoreSheet, score_side
    >>> ns = score_side("NS", [("N", "H", 2, 5), ("S", "S", 0, 3)], pile=40)
    >>> ew = score_side("EW", [("E", "C", 1, 0), ("W", "D", 1, 12)], pile=60)
    >>> html = score_sheet(ScoreSheet((ns, ew)))
    >>> html.count("<tbody"), 'data-total="1810"' in html, 'data-total="1840"' in html
    (2, True, True)
    >>> result_line(ScoreSheet((ns, ew)))
    'EW win, 1,840 points to 1,810: their pile cards scored 200 more.'
    """
    headings = (_("player"), _("completed<br>calypsos"), _("cards in<br>progress"), _("points"))
    head = "<thead><tr>" + "".join(f"<th>{h}</th>" for h in headings) + "</tr></thead>"
    sides = "".join(_side_rows(side) for side in sheet.sides)
    return (
        f'<table class="calypso-table calypso-sheet">{head}{sides}</table>'
        f'<p class="calypso-result" data-winner="{sheet.winner or "draw"}">'
        f"{escape(result_line(sheet))}</p>"
    )


def _side_rows(side: SideScore) -> str:
    """One side's rows of the score sheet: a row per player, the pile, the total."""
    number = words.number
    rows = "".join(
        f'<tr data-seat="{p.seat}"><th scope="row">{seat_name(p.seat)} {suit_span(p.trump)}</th>'
        f"<td>{p.completed}<br><small>"
        + _("{points} pts").format(points=number(p.calypso_points))
        + f"</small></td><td>{p.in_progress}<br><small>"
        + _("{points} pts").format(points=number(p.in_progress_points))
        + f"</small></td><td>{number(p.total)}</td></tr>"
        for p in side.players
    )
    key, name = escape(side.name), escape(words.side_name(side.name))
    pile = _("{side} pile").format(side=name)
    cards = _("{count} cards × 10").format(count=side.pile)
    total = _("{side} total").format(side=name)
    return (
        f'<tbody data-side="{key}">{rows}'
        f'<tr><th scope="row">{pile}</th><td colspan="2">{cards}</td>'
        f"<td>{number(side.pile_points)}</td></tr>"
        f'<tr class="calypso-total"><th scope="row" colspan="3">{total}</th>'
        f'<td data-total="{side.total}"><b>{number(side.total)}</b></td></tr></tbody>'
    )


def result_line(sheet: ScoreSheet) -> str:
    """Who won and why, in a sentence: the totals, and the part of the score (completed
    calypsos, cards in progress or the pile) that did most for the winner (C7)."""
    totals = sheet.totals
    if sheet.winner is None:
        return _("A draw: both sides scored {points} points.").format(
            points=words.number(max(totals.values()))
        )
    winner = next(s for s in sheet.sides if s.name == sheet.winner)
    loser = next(s for s in sheet.sides if s.name != sheet.winner)

    def parts(side: SideScore) -> dict[str, int]:
        return {
            "calypsos": sum(p.calypso_points for p in side.players),
            "progress": sum(p.in_progress_points for p in side.players),
            "pile": side.pile_points,
        }

    said = {
        "calypsos": _(
            "{side} win, {total} points to {other}: their completed calypsos scored {more} more."
        ),
        "progress": _(
            "{side} win, {total} points to {other}: their cards in progress scored {more} more."
        ),
        "pile": _("{side} win, {total} points to {other}: their pile cards scored {more} more."),
    }
    ours, theirs = parts(winner), parts(loser)
    part = max(ours, key=lambda k: ours[k] - theirs[k])
    return said[part].format(
        side=words.side_name(winner.name),
        total=words.number(winner.total),
        other=words.number(loser.total),
        more=words.number(ours[part] - theirs[part]),
    )


def game_table(game: Game) -> str:
    rows = []
    for seat in game.seats:
        calypso = game.calypso(seat)
        to_play = " " + _("◀ to play") if seat == game.turn else ""
        completed = _("({count} completed)").format(count=calypso.completed)
        rows.append(
            [
                f"<b>{seat_name(seat)}</b> {suit_span(calypso.suit)}{to_play}",
                card_row(game.hand(seat)),
                f"{card_row(calypso.cards())} {completed}",
            ]
        )
    from calypso.game import DEALS  # drawing a card never loads the game itself

    trick = card_row(game.trick) if game.trick else "—"
    if game.is_over:
        status = _("game over")
    else:
        status = _("deal {deal} of {deals}").format(deal=game.deal_number + 1, deals=DEALS)
    said = _("{status}; trick in progress: {trick}").format(status=status, trick=trick)
    return (
        f"<div><p>{said}</p>"
        + table(rows, [_("seat"), _("hand"), _("calypso in progress")])
        + score_sheet(game.score())
        + "</div>"
    )


def seat_label(seat: str, trump: Suit | None, role: str = "") -> str:
    """A seat's name, its role (worded by the caller) and its trump."""
    muted = _("no trump")
    suit = suit_span(trump) if trump is not None else f'<span class="calypso-muted">{muted}</span>'
    name = seat_name(seat)
    label = _("{seat} ({role})").format(seat=name, role=role) if role else name
    return f'<div class="calypso-seat" data-seat="{seat}"><b>{label}</b> {suit}</div>'


def table_view(you: str, trumps: dict[str, Suit], hand: Sequence[Card]) -> str:
    """The table seen from seat ``you``: partner across, opponents left and right."""
    order = list(trumps)
    left, partner, right = play_order(you, order)[1:]
    cell = "padding:0.4rem 0.6rem;text-align:center;"
    across = seat_label(partner, trumps[partner], _("partner"))
    cards = _("13 cards")
    lho = seat_label(left, trumps[left], _("left-hand opponent"))
    rho = seat_label(right, trumps[right], _("right-hand opponent"))
    clockwise = _("clockwise: {seats}").format(seats=" → ".join(seat_name(s) for s in order))
    mine = seat_label(you, trumps[you], _("you"))
    return (
        '<div class="calypso-felt"><table style="margin:auto;border:none">'
        f'<tr><td></td><td style="{cell}">{across}<small>{cards}</small></td><td></td></tr>'
        f'<tr><td style="{cell}">{lho}</td>'
        f'<td style="{cell}"><i class="calypso-muted">{clockwise}</i></td>'
        f'<td style="{cell}">{rho}</td></tr>'
        f'<tr><td></td><td style="{cell}">{mine}{card_row(hand)}</td><td></td></tr></table></div>'
    )


def verdict(result: TrickResult, seats: Sequence[str]) -> str:
    """Who won, with which card, by which rule, and the engine's sentence."""
    win = result.winning_card
    summary = escape(words.rule_summary(result.rule))
    seat, rule = seats[result.winner], result.rule.value
    line = _("{winner} with {card} &middot; rule {rule}").format(
        winner=f'<b data-winner="{seat}">' + _("{seat} wins").format(seat=seat_name(seat)) + "</b>",
        card=f'<span style="color:{suit_ink(win.suit)};font-weight:700">{card_text(win)}</span>',
        rule=rule_link(rule),
    )
    return (
        f'<div class="calypso-verdict"><p style="font-size:1.15em;margin:0.3em 0">{line}</p>'
        f"<p>{escape(words.explain(result))}</p>"
        f'<p class="calypso-muted"><small>{summary}</small></p></div>'
    )


def hands_table(hands: Mapping[str, Sequence[Card]], trumps: Sequence[Suit]) -> str:
    """Each seat's hand, one row per seat."""
    rows = [
        [f"<b>{seat_name(seat)}</b> {suit_span(trump)}", card_row(hand)]
        for (seat, hand), trump in zip(hands.items(), trumps, strict=True)
    ]
    return table(rows, [_("seat"), _("hand")])


def trick_step(step: TrickStep, *, cards: bool = True) -> str:
    """One trick of a game: its cards (unless the trick is drawn elsewhere), where each went,
    events, and the calypsos after it."""
    trick = step.trick
    winner = trick.seats.index(trick.winner)
    moves = [
        [f"<b>{seat_name(seat)}</b>", card_face(card), f"→ {escape(dest)}"]
        for seat, card, dest in zip(trick.seats, trick.cards, step.destinations, strict=True)
    ]
    events = [
        '<p class="calypso-good">'
        + _(
            "{seat} completed a calypso! Spare cards of their suit from this trick, one of each "
            "rank, start the next one."
        ).format(seat=seat_name(seat))
        + "</p>"
        for seat in step.completed
    ]
    said = _("{where}: {leader} led, {won} ({rule}).").format(
        where="<b>"
        + _("Deal {deal}, trick {trick}").format(deal=step.deal, trick=step.number)
        + "</b>",
        leader=seat_name(trick.leader),
        won="<b>" + _("{seat} won").format(seat=seat_name(trick.winner)) + "</b>",
        rule=rule_link(trick.rule.value),
    )
    notes = [seat_name(seat) for seat in trick.seats]
    headings = [_("played by"), _("card"), _("went to")]
    return (
        f'<div class="calypso-step"><p>{said}</p>'
        f'<div style="display:flex;gap:1.5rem;align-items:center;flex-wrap:wrap">'
        f"{card_row(trick.cards, highlight=winner, notes=notes) if cards else ''}"
        f"{table(moves, headings)}</div>{''.join(events)}" + calypsos_after(step) + "</div>"
    )


def calypsos_after(step: TrickStep) -> str:
    """Each seat's calypso in progress after the trick (cards, completed, still needed) and
    the sides' piles."""
    rows = [
        [
            f"<b>{seat_name(seat)}</b> {suit_span(state.suit)}",
            run_text(state.cards, state.suit),
            str(state.completed),
            str(13 - len(state.cards)),
        ]
        for seat, state in step.seats.items()
    ]
    piles = ", ".join(
        ngettext("{side} {count} card", "{side} {count} cards", n).format(
            side=words.side_name(side), count=n
        )
        for side, n in step.piles.items()
    )
    headings = [_("seat"), _("calypso in progress"), _("completed"), _("still needed")]
    return table(rows, headings) + "<p>" + _("Piles: {piles}.").format(piles=piles) + "</p>"


_DASHES = (
    ("none", N_("{seat} {suit} (solid line)")),
    ("9 4", N_("{seat} {suit} (dashed line)")),
    ("2 4", N_("{seat} {suit} (dotted line)")),
    ("12 4 2 4", N_("{seat} {suit} (dash-dot line)")),
)
"""Line patterns for the chart's seats, and each seat's entry in its key (English message ids)."""


def progress_chart(
    series: Mapping[str, Sequence[int]], trumps: Mapping[str, Suit], per_deal: int = 13
) -> str:
    """A line chart of the cards each seat has collected after every trick, deals marked, and
    its key. The chart is as wide as its box and its text keeps the page's size on any screen:
    across, everything is placed in percentages (the lines in a plot stretched to fit);
    down, in pixels. Each seat's line has a pattern of its own and its name at its end, so
    colour is never the only cue.

    >>> from calypso.cards import Suit
    >>> trumps = {"N": Suit.HEARTS, "E": Suit.CLUBS}
    >>> html = progress_chart({"N": [0, 5, 13], "E": [0, 2, 4]}, trumps)
    >>> html.count("<polyline"), "(solid line)" in html, "(dashed line)" in html
    (2, True, True)
    >>> "After the last trick: N 13, E 4." in html
    True
    """
    height, top_px, bottom_px, left, right = 260, 14, 36, 9.0, 91.0
    plot = height - top_px - bottom_px
    points = max(len(v) for v in series.values())
    deals = (points - 1) // per_deal
    top = 13 * max(1, -(-max(max(v) for v in series.values()) // 13))

    def x(i: float) -> str:
        return f"{left + (right - left) * i / max(points - 1, 1):.2f}%"

    def y(v: float) -> float:
        return top_px + plot * (1 - v / top)

    last = ", ".join(f"{seat_name(seat)} {values[-1]}" for seat, values in series.items())
    title = _("Cards collected towards calypsos, trick by trick")
    desc = _("After the last trick: {counts}.").format(counts=last)
    parts = [
        '<figure class="calypso-progress-chart" style="margin:0.6em 0">'
        f'<svg class="calypso-chart" role="img" width="100%" height="{height}" '
        'style="display:block;max-width:46em;background:var(--calypso-surface, #fff);'
        'fill:var(--calypso-chart-text, #000);font-size:13px">'
        f"<title>{title}</title><desc>{desc}</desc>"
    ]
    for deal in range(1, deals):
        gx = x(deal * per_deal)
        parts.append(
            f'<line x1="{gx}" y1="{top_px}" x2="{gx}" y2="{top_px + plot}" '
            'style="stroke:var(--calypso-chart-divider, #bdbab1)" stroke-dasharray="4 3"/>'
        )
    for level in range(0, top + 1, 13):
        parts.append(
            f'<line x1="{left}%" y1="{y(level):.1f}" x2="{right}%" y2="{y(level):.1f}" '
            'style="stroke:var(--calypso-track, #e4e2dc)"/>'
            f'<text x="{left - 1}%" y="{y(level) + 4:.1f}" text-anchor="end">{level}</text>'
        )
    for deal in range(1, deals + 1):
        said = _("deal {deal}").format(deal=deal)
        parts.append(
            f'<text x="{x((deal - 0.5) * per_deal)}" y="{height - 12}" '
            f'text-anchor="middle">{said}</text>'
        )
    parts.append(
        f'<svg x="{left}%" y="{top_px}" width="{right - left}%" height="{plot}" '
        f'viewBox="0 0 {max(points - 1, 1)} {top}" preserveAspectRatio="none" overflow="visible">'
    )
    for n, (seat, values) in enumerate(series.items()):
        dashes = _DASHES[n % len(_DASHES)][0]
        path = " ".join(f"{i},{top - v}" for i, v in enumerate(values))
        parts.append(
            f'<polyline data-seat="{seat}" fill="none" style="stroke:{suit_ink(trumps[seat])}" '
            f'stroke-width="2.5" stroke-dasharray="{dashes}" vector-effect="non-scaling-stroke" '
            f'points="{path}"/>'
        )
    parts.append("</svg>")
    label_y = -99.0
    for seat, values in sorted(series.items(), key=lambda item: -item[1][-1]):
        label_y = max(y(values[-1]) + 4, label_y + 14)  # names of lines that end together
        parts.append(
            f'<text x="{right + 1}%" y="{label_y:.1f}" font-weight="700" '
            f'style="fill:{suit_ink(trumps[seat])}">{seat_name(seat)}</text>'
        )
    key = "".join(
        '<span style="display:inline-flex;align-items:center;gap:0.3em;margin-right:1.2em">'
        '<svg width="30" height="10" aria-hidden="true">'
        f'<line x1="0" y1="5" x2="30" y2="5" style="stroke:{suit_ink(trumps[seat])}" '
        f'stroke-width="2.5" stroke-dasharray="{_DASHES[n % len(_DASHES)][0]}"/></svg>'
        + _(_DASHES[n % len(_DASHES)][1]).format(
            seat=f"<b>{seat_name(seat)}</b>", suit=suit_span(trumps[seat])
        )
        + "</span>"
        for n, seat in enumerate(series)
    )
    parts.append(f'</svg><figcaption style="margin-top:0.3em">{key}</figcaption></figure>')
    return "".join(parts)


def side_breakdown(side: SideScore) -> str:
    """A side's score line by line, the way a score sheet adds it up."""
    rows = []
    for p in side.players:
        rows.append(
            [
                f"{seat_name(p.seat)} {suit_span(p.trump)}",
                ngettext(
                    "{count} completed calypso", "{count} completed calypsos", p.completed
                ).format(count=p.completed),
                str(p.calypso_points),
            ]
        )
        rows.append(
            [
                "",
                _("{count} card(s) in progress × 20").format(count=p.in_progress),
                str(p.in_progress_points),
            ]
        )
    rows.append(
        [
            words.side_name(side.name),
            _("{count} pile card(s) × 10").format(count=side.pile),
            str(side.pile_points),
        ]
    )
    total = _("total")
    rows.append(["", f"<b>{total}</b>", f'<b data-total="{side.total}">{side.total}</b>'])
    return table(rows, [_("who"), _("what"), _("points")])


def trick_explained(result: TrickResult, trick: Trick) -> str:
    """A finished trick, who won it, and why, for a table in play."""
    notes = list(trick.seats)
    said = _("{last}: {seat} won ({rule}).").format(
        last="<b>" + _("Last trick") + "</b>",
        seat=seat_name(trick.winner),
        rule=rule_link(result.rule.value),
    )
    return (
        f"<p>{said}</p>"
        f"{card_row(trick.cards, highlight=result.winner, notes=notes)}"
        f"<p><small>{escape(words.explain(result))}</small></p>"
    )


def calypsos_and_score(game: Game) -> str:
    """Everything face up on the table: each calypso in progress, the piles, the score so far."""
    rows = []
    for seat in game.seats:
        calypso = game.calypso(seat)
        rows.append(
            [
                f"<b>{seat_name(seat)}</b> {suit_span(calypso.suit)}",
                card_row(calypso.cards()),
                str(calypso.completed),
            ]
        )
    totals = game.score().totals
    piles = ", ".join(f"{words.side_name(side)} {len(game.pile(side))}" for side in game.sides)
    score = ", ".join(f"{words.side_name(side)} {points}" for side, points in totals.items())
    said = _("Pile cards: {piles}. Score so far: {score}.").format(
        piles=piles, score=f"<b>{score}</b>"
    )
    return table(rows, [_("seat"), _("calypso in progress"), _("completed")]) + f"<p>{said}</p>"


def trick_cards(
    cards: Sequence[Card],
    seats: Sequence[str],
    trumps: Sequence[Suit | None],
    winner: int | None = None,
) -> str:
    """A trick's cards, each noted with the seat and trump of whoever played it; the winner
    outlined."""
    notes = [
        f"{seat_name(seat)} {t.symbol if t is not None else ''}"
        for seat, t in zip(seats, trumps, strict=True)
    ]
    return card_row(cards, highlight=winner, notes=notes)


def rule_example(rule: Rule, trick: ExampleTrick, result: TrickResult) -> str:
    """A ruling, a trick it decides, and the engine's sentence about that trick."""
    cards = trick_cards(trick.cards, trick.seats, trick.trumps_in_order(), result.winner)
    said = escape(words.explain(result))
    return (
        f'<div style="padding:0.4rem 0"><span class="calypso-rule">{rule.value}</span> '
        f"{escape(words.rule_summary(rule))}<br>{cards}<br><small>{said}</small></div>"
    )


def puzzle(p: Puzzle, *, reveal: bool = False) -> str:
    """A quiz trick: each card with its player's seat and trump; the winner outlined if revealed."""
    trick = p.trick
    winner = p.result.winner if reveal else None
    said = _("{puzzle} {seat} leads. Who wins this trick?").format(
        puzzle="<b>" + _("Puzzle {n}.").format(n=p.number) + "</b>", seat=seat_name(trick.leader)
    )
    return f"<p>{said}</p>" + trick_cards(trick.cards, trick.seats, trick.trumps_in_order(), winner)


PRINT_STYLE = (
    "<style>@page{size:A4;margin:12mm 14mm}"
    "body{font:10pt/1.35 system-ui,sans-serif;max-width:52em;margin:2em auto;color:#1d1d1f}"
    "@media print{body{max-width:none;margin:0}}"
    "h1{font-size:15pt;margin:0 0 0.4em}h2{font-size:11pt;margin:0 0 0.25em}"
    "p,ul{margin:0.3em 0}ul{padding-left:1.3em}table{border-collapse:collapse;margin:0.3em 0}"
    "td,th{border:1px solid #bbb;padding:0.15em 0.45em;text-align:left;vertical-align:top}"
    ".puzzle,.case,.block{break-inside:avoid;page-break-inside:avoid}"
    ".puzzle,.case{display:inline-block;vertical-align:top;width:48%;margin:0 2% 0.9em 0}"
    ".puzzle p,.case p{margin:0.15em 0}.block{margin:0 0 0.7em}"
    ".pair{display:flex;gap:1.8em}.pair>div{flex:1 1 0}.c7 td+td{text-align:right}"
    ".who{border-bottom:1px solid #1d1d1f;padding:1em 0 0.2em;margin:0 0 0.8em}"
    "</style>"
)
"""The look of the printable pages: plain, black on white, on A4 with compact type; puzzles
and worked cases two to a row, and no block (a puzzle, a case, a section) split across pages."""


def printable(title: str, body: str) -> str:
    """A whole HTML page to save and print. It is read without the site's stylesheet, so its
    suits are written in their palette colours."""
    for suit in Suit:
        body = body.replace(suit_ink(suit), suit_colour(suit))
    return (
        f'<!DOCTYPE html><html lang="{current()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>{PRINT_STYLE}</head><body>{body}</body></html>"
    )


def _quiz_title(code: str, level_name: str, version: str) -> str:
    return _("Who wins the trick? ({level}, class {code}, version {version})").format(
        level=level_name, code=code, version=version
    )


def worksheet(puzzles: Sequence[Puzzle], code: str, level_name: str, version: str = "A") -> str:
    """The students' printable worksheet (a whole HTML page): a line for name, class and date,
    a legend of the rulings its puzzles ask about, and puzzles that never break across pages.
    It holds no answers: those are in :func:`answer_key`, a page of its own."""
    blanks = _("Winner: ________ &nbsp; Rule: ________")
    questions = "".join(
        f'<section class="puzzle">{puzzle(p)}<p>{blanks}</p></section>' for p in puzzles
    )
    rules = sorted({p.result.rule for p in puzzles}, key=lambda r: r.value)
    legend = "".join(f"<li><b>{r.value}</b>: {escape(words.rule_summary(r))}</li>" for r in rules)
    who = _("Name: ______________________ &nbsp; Class: __________ &nbsp; Date: ____________")
    n, e, s, w = (seat_name(seat) for seat in "NESW")
    seats = _(
        "Seats play clockwise {n}, {e}, {s}, {w}; partners {n}–{s} and {e}–{w}. Under each "
        "card: who played it and that player's own trump suit."
    ).format(n=n, e=e, s=s, w=w)
    asked = _("The rules these puzzles ask about:")
    return printable(
        _("Calypso quiz {code} {version}").format(code=code, version=version),
        f"<h1>{escape(_quiz_title(code, level_name, version))}</h1>"
        f'<p class="who">{who}</p><p>{seats}</p><p>{asked}</p><ul>{legend}</ul>{questions}',
    )


def answer_key(puzzles: Sequence[Puzzle], code: str, level_name: str, version: str = "A") -> str:
    """The teacher's answer key to :func:`worksheet`'s puzzles (a whole HTML page): each
    puzzle's winner, the ruling that decides it and the engine's sentence."""
    rows = [
        [str(p.number), seat_name(p.answer), p.result.rule.value, escape(words.explain(p.result))]
        for p in puzzles
    ]
    title = escape(_quiz_title(code, level_name, version))
    heading = _("Answer key: {title}").format(title=title)
    return printable(
        _("Calypso quiz {code} {version}: answer key").format(code=code, version=version),
        f"<h1>{heading}</h1>" + table(rows, [_("puzzle"), _("winner"), _("rule"), _("why")]),
    )


def handout(examples: Sequence[tuple[Rule, ExampleTrick]]) -> str:
    """A one-page rules handout (a whole HTML page): partners and personal trumps, following
    suit, what a ruff is, and the five cases of C4, each with ``examples``' trick for it and
    the engine's verdict."""
    from calypso.game import DEFAULT_TRUMPS, SEATS, partner_of

    seats = table(
        [
            [f"<b>{seat_name(seat)}</b>", suit_span(suit), seat_name(partner_of(seat))]
            for seat, suit in zip(SEATS, DEFAULT_TRUMPS, strict=True)
        ],
        [_("seat"), _("own trump"), _("partner")],
    )
    cases = "".join(
        f'<section class="case"><p><b>{rule.value}</b> {escape(words.rule_summary(rule))}</p>'
        f"{trick_cards(t.cards, t.seats, t.trumps_in_order(), t.result().winner)}"
        f"<p><small>{led} {escape(words.explain(t.result()))}</small></p></section>"
        for rule, t in examples
        for led in [_("{seat} leads.").format(seat=seat_name(t.leader))]
    )
    title = _("Calypso: the rules of a trick")
    partners = _(
        "Four players; partners sit opposite. Each player has a trump suit of their own for the "
        "whole game (rule C1):"
    )
    following = _(
        "{heading} If you hold a card of the suit led, you must play one. If you hold none, "
        "play any card. Nobody has to beat the trick or to trump."
    ).format(heading="<b>" + _("Following suit (C3).") + "</b>")
    ruff = _(
        "{term} is a card of your own trump played to a trick led in another suit. Following "
        "suit with your own suit is not a ruff."
    ).format(term="<b>" + _("A ruff") + "</b>")
    wins = _("{heading} The winner leads the next trick.").format(
        heading="<b>" + _("Who wins (C4).") + "</b>"
    )
    return printable(
        title,
        f"<h1>{title}</h1><p>{partners}</p>{seats}<p>{following}</p><p>{ruff}</p>"
        f"<p>{wins}</p>{cases}",
    )


def card_ink(card: Card) -> str:
    """A card written as text in its suit's colour on the page (the scheme's tint), for a
    sentence.

    >>> card_ink(Card.parse("QS"))
    '<b style="color:var(--calypso-spade, #111111)">Q♠</b>'
    """
    return f'<b style="color:{suit_ink(card.suit)}">{escape(card_text(card))}</b>'


def _card_in_text(card: Card) -> str:
    """A card written as text in its suit's printed colour, for a sentence on paper.

    >>> _card_in_text(Card.parse("QS"))
    '<b style="color:#111111">Q♠</b>'
    """
    return f'<b style="color:{suit_colour(card.suit)}">{card_text(card)}</b>'


def game_sheet() -> str:
    """The whole game of Calypso on one printed page (a whole HTML page), each rule with its id:
    the table and personal trumps (C1), the pack and the deals (C2), following suit (C3), who wins
    a trick in one table with its tie (C4), building calypsos (C6), scoring (C7) and the end of
    the game (C7, C8). Cards are written as text, in the four colours.

    >>> page = game_sheet()
    >>> page.count('<section class="block">'), "<b>C4.5</b>" in page, "<td>1,000</td>" in page
    (7, True, True)
    """
    from calypso.cards import parse_cards
    from calypso.examples import ExampleTrick
    from calypso.game import DEALS, DEFAULT_TRUMPS, SEATS, TRICKS_PER_DEAL
    from calypso.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS

    def block(heading: str, body: str) -> str:
        return f'<section class="block"><h2>{heading}</h2>{body}</section>'

    def bold(text: str) -> str:
        return f"<b>{text}</b>"

    n, e, s, w = (seat_name(seat) for seat in SEATS)
    pack = DEALS * len(SEATS) * TRICKS_PER_DEAL
    trumps = table(
        [[f"{suit_span(suit)} {suit_name(suit)}" for suit in DEFAULT_TRUMPS]],
        [seat_name(seat) for seat in SEATS],
    )
    seats = _(
        "Four players sit clockwise {n}, {e}, {s}, {w}; partners sit opposite ({n}–{s} against "
        "{e}–{w}). Each keeps a trump suit of their own for the whole game, no two alike; unless "
        "you agree otherwise:"
    ).format(n=n, e=e, s=s, w=w)
    deals = _(
        "Four 52-card packs mixed make one pack of {pack} cards, each card four times over. "
        "Shuffle it once per game. A game is {deals} deals of {cards} cards each, all from that "
        "pack. The dealer moves one seat left after each deal; the player on the dealer's left "
        "leads first."
    ).format(pack=words.number(pack), deals=DEALS, cards=TRICKS_PER_DEAL)
    follow = _(
        "Everyone plays one card, clockwise. If you hold a card of the suit led, you must play "
        "one; if you hold none, play any card. Nobody ever has to trump or to beat the cards "
        "already played. The trick's winner leads the next one."
    )
    ruff = _(
        "{term} is a card of your own trump played to a trick led in another suit. Following "
        "suit with your own suit is not a ruff."
    ).format(term=bold(_("A ruff")))

    def case(rule: str, text: str, span: int = 1) -> str:
        wide = f' colspan="{span}"' if span > 1 else ""
        return f"<td{wide}>{bold(rule)} {text}</td>"

    own_led, other_led, tie = (
        _("leader's own trump led"),
        _("another suit led"),
        _("highest rank shared"),
    )
    cases = (
        '<table class="calypso-table"><thead><tr><th></th>'
        + "".join(f"<th>{h}</th>" for h in (_("nobody ruffed"), _("someone ruffed")))
        + f"</tr></thead><tbody><tr><th>{own_led}</th>"
        + case("C4.1", _("the leader wins, whatever the ranks"))
        + case("C4.2", _("the highest of the led card and the ruffs"))
        + f"</tr><tr><th>{other_led}</th>"
        + case("C4.3", _("the highest card of the suit led"))
        + case("C4.4", _("the highest ruff"))
        + f"</tr><tr><th>{tie}</th>"
        + case("C4.5", _("the card played first wins"), span=2)
        + "</tr></tbody></table>"
    )
    trick = ExampleTrick("W", tuple(parse_cards("9H 3H 5D KH")))
    led, followed, ruffed, high = (_card_in_text(card) for card in trick.cards)
    example = _(
        "Example: {w} leads {led}; {n} follows suit with {followed} (no ruff, though {suit} is "
        "{n}'s own suit); {e}, out of {suit}, ruffs with {ruffed}; {s} plays {high}. The only "
        "ruff wins: {winner} takes the trick ({rule})."
    ).format(
        suit=suit_span(trick.cards[0].suit),
        w=w,
        n=n,
        e=e,
        s=s,
        led=led,
        followed=followed,
        ruffed=ruffed,
        high=high,
        winner=seat_name(trick.winning_seat()),
        rule=trick.result().rule.value,
    )
    building = [
        _(
            "A {calypso} is all 13 ranks, 2 to A, of your own trump suit. You build one at a "
            "time, face up in front of you, and it carries over from deal to deal."
        ).format(calypso=bold(_("calypso"))),
        _(
            "When a trick is won, first the winner, then the winner's partner, must take from it "
            "each card of their own suit whose rank their calypso still lacks."
        ),
        _(
            "A {spare} is a card of your suit whose rank your calypso already has. If a trick "
            "holds two copies of a card you need, the one played first fills the gap and the "
            "later one is a spare."
        ).format(spare=bold(_("spare"))),
        _(
            "Spares, and every other card of the trick, go onto the winning side's pile of won "
            "cards."
        ),
        _(
            "{completing} When a trick brings the last rank your calypso lacks, put the finished "
            "calypso aside: your spares from that trick start your next one, one card per rank "
            "(further copies stay spares)."
        ).format(completing=bold(_("The completing trick."))),
    ]
    points = [
        [_("{nth} completed calypso").format(nth=ordinal(i)), words.number(value)]
        for i, value in enumerate(CALYPSO_VALUES, start=1)
    ] + [
        [_("each card of the calypso still in progress"), words.number(IN_PROGRESS_POINTS)],
        [_("each card on the side's pile"), words.number(PILE_POINTS)],
    ]
    scoring = table(
        points,
        [_("after the last deal"), _("points")],
        classes="c7",
    )
    end = _(
        "The game ends after deal {deals}, when all {pack} cards have been played; each card "
        "then lies in one place that scores: a finished calypso, a calypso in progress or a "
        "side's pile. Each side adds up its two players' points and its pile. The side with "
        "more points wins; equal points are a draw."
    ).format(deals=DEALS, pack=words.number(pack))
    match = _(
        "{heading} Agree a target first. Play games one after another, adding up each side's "
        "points, until a side has reached the target at the end of a game. The higher total "
        "wins; if the totals are level, play one more game."
    ).format(heading=bold(_("A match (C8).")))
    title = _("Calypso: the whole game")
    intro = _(
        "Four players in two sides build runs of their own trump suit, called calypsos, out of "
        "the tricks their side wins."
    )

    def pair(left: str, right: str) -> str:
        return f'<div class="pair"><div>{left}</div><div>{right}</div></div>'

    body = pair(
        block(_("The table (C1)"), f"<p>{seats}</p>{trumps}")
        + block(_("The pack and the deals (C2)"), f"<p>{deals}</p>")
        + block(_("Playing to a trick (C3)"), f"<p>{follow}</p>")
        + block(_("Who wins a trick (C4)"), f"<p>{ruff}</p>{cases}<p>{example}</p>"),
        block(
            _("Building calypsos (C6)"),
            "<ul>" + "".join(f"<li>{b}</li>" for b in building) + "</ul>",
        )
        + block(_("Scoring (C7)"), scoring)
        + block(_("The end of the game (C7, C8)"), f"<p>{end}</p><p>{match}</p>"),
    )
    return printable(title, f"<h1>{title}</h1><p>{intro}</p>{body}")


def quiz_ending(
    misses: Sequence[tuple[Puzzle, str]],
    *,
    right: int,
    asked: int,
    code: str | None,
) -> str:
    """The end of a quiz: the score, each miss (the trick's number, the learner's answer, the
    right one and the ruling that decides), a tally of the misses by ruling, and the result
    code to hand in (``None`` for a second try)."""
    got = _("You got {right} of {asked} right.").format(right=right, asked=asked)
    parts = [f"<p><b>{got}</b></p>"]
    if misses:
        rows = [
            [
                str(p.number),
                escape(seat_name(seat)),
                f"<b>{seat_name(p.answer)}</b>",
                rule_link(p.result.rule.value),
                escape(words.explain(p.result)),
            ]
            for p, seat in misses
        ]
        again = _("The ones to look at again:")
        headings = [_("puzzle"), _("you said"), _("winner"), _("rule"), _("why")]
        parts.append(f"<p>{again}</p>" + table(rows, headings, classes="calypso-misses"))
        tally = Counter(p.result.rule for p, _seat in misses)
        items = "".join(
            f"<li><b>{rule.value}</b> ({escape(summary)}): {count}</li>"
            for rule, n in tally.most_common()
            for summary, count in [
                (words.rule_summary(rule), ngettext("{n} miss", "{n} misses", n).format(n=n))
            ]
        )
        by_rule = _("Your misses, by rule:")
        parts.append(f"<p>{by_rule}</p><ul>{items}</ul>")
    else:
        parts.append("<p>" + _("Every answer right: try the next level.") + "</p>")
    if code is not None:
        said = _("Your result code (copy it for your teacher): {code}").format(
            code=f'<code class="calypso-result-code" data-result-code>{escape(code)}</code>'
        )
        parts.append(f"<p>{said}</p>")
    return "".join(parts)


def bar_chart(
    values: Mapping[str, int],
    *,
    title: str,
    colour: str = "var(--calypso-accent, #0b6e69)",
    label_width: str = "2em",
) -> str:
    """A bar chart drawn sideways in HTML, a row per value with its label and number, so its
    text keeps its size on a phone (an SVG would shrink it with the chart).

    >>> html = bar_chart({"1": 50, "2": 80}, title="Bonus")
    >>> html.count('class="calypso-bar-row"'), "width:62.5%" in html
    (2, True)
    """
    top = max(values.values(), default=0) or 1
    rows = "".join(
        '<div class="calypso-bar-row" style="display:flex;align-items:center;gap:0.5em;'
        'font-size:0.9em;line-height:1.5">'
        f'<span style="flex:0 0 {label_width};text-align:right">{escape(label)}</span>'
        '<span aria-hidden="true" style="flex:1 1 auto">'
        f'<span style="display:block;height:0.9em;width:{100 * value / top:.1f}%;'
        f'background:{colour}"></span></span>'
        f'<span style="flex:0 0 3.5em;text-align:right">{value}</span></div>'
        for label, value in values.items()
    )
    return (
        f'<figure class="calypso-chart" style="margin:1em 0;max-width:40em">'
        f'<figcaption style="font-weight:600;margin-bottom:0.4em">{escape(title)}</figcaption>'
        f"{rows}</figure>"
    )


def places_bar(counts: Mapping[str, int]) -> str:
    """Where the 208 cards are: one stacked bar, a segment per place, with a legend."""
    colours = [
        f"var(--calypso-{name}, {light})"
        for name, light in [
            ("accent", "#0b6e69"),
            ("violet", "#7a5af8"),
            ("gold", "#f5b700"),
            ("diamond", "#1f5fbf"),
            ("good", "#1a7f37"),
            ("bad", "#b42318"),
            ("muted", "#5b5b66"),
        ]
    ]
    total = sum(counts.values()) or 1
    segments, legend = [], []
    for (place, n), colour in zip(counts.items(), colours, strict=False):
        if n:
            segments.append(
                f'<span title="{escape(place)}: {n}" style="display:inline-block;'
                f'height:1.4em;width:{100 * n / total:.2f}%;background:{colour}"></span>'
            )
        legend.append(
            f'<span data-place="{escape(place)}" style="margin-right:1em">'
            f'<span style="color:{colour}">■</span> {escape(place)} <b>{n}</b></span>'
        )
    return (
        f'<div style="display:flex;border:1px solid #bbb">{"".join(segments)}</div>'
        f'<p style="line-height:1.9">{"".join(legend)}</p>'
    )


def run_text(cards: Sequence[Card], suit: Suit) -> str:
    """A calypso in progress as a compact line of ranks in the suit's colour, with its count."""
    ranks = " ".join(c.rank.text for c in cards) or "—"
    return (
        f'<span style="color:{suit_ink(suit)};font-weight:600">{ranks}</span> '
        f'<small class="calypso-muted">({len(cards)}/13)</small>'
    )


def contract_score(score: ContractScore, steps: Sequence[str]) -> str:
    """A contract's score: the steps that decide it, made or failed, and its lines added up."""
    verdict = "made" if score.made else "failed"
    said = _("Contract made.") if score.made else _("Contract failed.")
    total = _("total")
    rows = [[escape(words.score_line(line)), str(line.points)] for line in score.lines]
    rows.append([f"<b>{total}</b>", f'<b data-total="{score.total}">{score.total}</b>'])
    return (
        "<ol>"
        + "".join(f"<li>{escape(s)}</li>" for s in steps)
        + "</ol>"
        + f'<p><b data-made="{verdict}">{said}</b></p>'
        + table(rows)
    )


def bonus_table(
    bonuses: Mapping[int, int], *, colour: str = "var(--calypso-accent, #0b6e69)"
) -> str:
    """The calypso bonus for each number of cards still needed: a row per number, with its
    bonus and a bar drawn to scale, so the table is its own chart and narrow enough for a
    phone.

    >>> html = bonus_table({1: 50, 2: 80})
    >>> html.count("<tr"), "width:62.5%" in html
    (3, True)
    """
    top = max(bonuses.values(), default=0) or 1
    rows = [
        [
            str(n),
            words.number(bonus),
            f'<span aria-hidden="true" style="display:block;height:0.9em;'
            f'width:{100 * bonus / top:.1f}%;background:{colour}"></span>',
        ]
        for n, bonus in bonuses.items()
    ]
    return table(rows, [_("cards needed"), _("bonus"), _("to scale")], classes="calypso-bonus")


def auction_calls(seats: Sequence[str], calls: Sequence[tuple[int, Call]]) -> str:
    """An auction's calls as a bidding diagram: a column per seat, a row per round of calls."""
    cells = [escape(call.bid.symbol if call.bid else call.kind.value) for _, call in calls]
    cells = [""] * (calls[0][0] if calls else 0) + cells
    rows = [cells[i : i + len(seats)] for i in range(0, len(cells), len(seats))]
    names = [seat_name(seat) for seat in seats]
    return table(rows, names, classes="calypso-auction", empty=_("no calls yet"))


def auction_calypsos(
    runs: Mapping[str, Mapping[Suit, Sequence[Card]]], trickpiles: Mapping[str, int]
) -> str:
    """Each player's four calypsos in progress, a line per suit, and their trickpile: three
    columns, so the trickpile stays in view on a phone."""
    rows = [
        [
            f"<b>{seat_name(seat)}</b>",
            "<br>".join(f"{suit_span(s)} {run_text(cards, s)}" for s, cards in by_suit.items()),
            str(trickpiles[seat]),
        ]
        for seat, by_suit in runs.items()
    ]
    return table(rows, [_("seat"), _("calypsos in progress"), _("trickpile")])


def hand_summary(hand: HandRecord, seats: Sequence[str]) -> str:
    """How an Auction Calypso hand scored, line by line: the contract made or failed, the
    declarer's card points, calypsos, cards sold and doubling (A7), or the misère (A8); with
    four players, each side's score line by line (P4)."""
    if len(seats) == 4:
        return _sides_summary(hand, seats)
    signed = [[escape(seat_name(k)), words.number(v, sign=True)] for k, v in hand.scores.items()]
    scores = table(signed, [_("player"), _("score")])
    if hand.contract is None or hand.contract_score is None:
        rows = [
            [escape(seat_name(seat)), str(10 * pile)]
            for seat, pile in zip(seats, hand.trickpiles, strict=False)
        ]
        misere = _(
            "{misere} Nobody bid, so nobody had a trump. The most card points lose their own and "
            "the fewest's too, the middle loses its own, and the fewest score 0 (A8)."
        ).format(misere="<b>" + _("A misère.") + "</b>")
        return f"<p>{misere}</p>" + table(rows, [_("player"), _("card points")]) + scores
    declarer = escape(seat_name(seats[hand.contract.declarer]))
    took = _("{seat} took {points} card points (10 a trickpile card).").format(
        seat=declarer, points=hand.contract_score.card_points
    )
    lines = [
        [escape(words.score_line(line)), words.number(line.points, sign=True)]
        for line in hand.contract_score.lines
    ]
    defenders = _(
        "The defenders share their card points, and score 500 for any calypso they completed "
        "(A7). The hand's scores:"
    )
    return (
        _contract_steps(hand, seats, took)
        + table(lines, [_("what"), _("points")])
        + f"<p>{defenders}</p>"
        + scores
    )


def _contract_steps(hand: HandRecord, seats: Sequence[str], took: str) -> str:
    """A contract's fate and doubling, then a list: the card points (``took``, already
    worded), the calypsos promised, and the cards sold or the points short (A7)."""
    cs, contract = hand.contract_score, hand.contract
    assert cs is not None and contract is not None
    declarer = escape(seat_name(seats[contract.declarer]))
    if cs.made:
        fate = _("{seat}'s {bid} is made").format(seat=declarer, bid=contract.bid.symbol)
    else:
        fate = _("{seat}'s {bid} fails").format(seat=declarer, bid=contract.bid.symbol)
    doubling = (
        "{fate}.",
        _("{fate}: doubled, so the bid points count twice."),
        _("{fate}: redoubled, so four times."),
    )[contract.doubled]
    promised = contract.bid.calypsos
    parts = [f"<p>{doubling.format(fate=f'<b>{fate}</b>')}</p><ul>", f"<li>{took}</li>"]
    if promised:
        done = (
            ngettext(
                "{count} calypso promised: completed.",
                "{count} calypsos promised: completed.",
                promised,
            )
            if cs.calypsos_made
            else ngettext(
                "{count} calypso promised: not completed.",
                "{count} calypsos promised: not completed.",
                promised,
            )
        )
        parts.append(f"<li>{done.format(count=promised)}</li>")
    if hand.sold:
        sold = " ".join(card_text(c) for c in hand.sold)
        said = _("Sold to reach the bid, 20 points each: {cards}.").format(cards=sold)
        parts.append(f"<li>{said}</li>")
    elif cs.short and not cs.made:
        said = _("{points} points short, and selling could not close the gap.").format(
            points=cs.short
        )
        parts.append(f"<li>{said}</li>")
    return "".join(parts) + "</ul>"


def _sides_summary(hand: HandRecord, seats: Sequence[str]) -> str:
    """A four-player hand by sides (P4): the misère's card points per side, or the contract's
    steps; then each side's score line by line, adding up to the side's score for the hand."""
    signed = [
        [escape(words.side_name(k)), words.number(v, sign=True)] for k, v in hand.scores.items()
    ]
    scores = table(signed, [_("side"), _("score")])
    piles = dict(zip(seats, hand.trickpiles, strict=True))
    if hand.contract is None or hand.contract_score is None:
        rows = [
            [
                escape(words.side_name(side)),
                words.number(sum(10 * piles[s] for s in side))
                + f" ({_players_points(side, piles)})",
            ]
            for side in hand.scores
        ]
        misere = _(
            "{misere} Nobody bid, so nobody had a trump. The side with more card points loses "
            "that many, and the other side scores 0; level sides both lose their own (P4)."
        ).format(misere="<b>" + _("A misère.") + "</b>")
        return f"<p>{misere}</p>" + table(rows, [_("side"), _("card points")]) + scores
    declarer = seats[hand.contract.declarer]
    ours = next(side for side in hand.scores if declarer in side)
    theirs = next(side for side in hand.scores if side != ours)
    took = _(
        "{side} took {points} card points, 10 a card in both partners' trickpiles ({piles})."
    ).format(
        side=escape(words.side_name(ours)),
        points=hand.contract_score.card_points,
        piles=_players_points(ours, piles),
    )
    return (
        _contract_steps(hand, seats, took)
        + _declaring_side(hand, seats, ours)
        + _defending_side(hand, seats, theirs)
        + "<p>"
        + _("The hand's scores:")
        + "</p>"
        + scores
    )


def _players_points(side: str, piles: Mapping[str, int]) -> str:
    """A side's card points player by player, from their trickpiles (``N 80 + S 360``)."""
    return escape(" + ".join(f"{seat_name(s)} {words.number(10 * piles[s])}" for s in side))


def _declaring_side(hand: HandRecord, seats: Sequence[str], side: str) -> str:
    """The declaring side's score lines (P4): the contract's lines as A7 scores them, each
    calypso completed named by its player, and, when the contract is made, the partner's."""
    from calypso.auction.bidding import Item  # here, not at load, as in words.score_line

    cs, contract = hand.contract_score, hand.contract
    assert cs is not None and contract is not None
    declarer = seats[contract.declarer]
    partner = next(s for s in side if s != declarer)
    lines = [
        (
            words.completed_by(line.count, declarer)
            if line.item is Item.COMPLETED
            else words.score_line(line),
            line.points,
        )
        for line in cs.lines
    ]
    by_partner = hand.completed[seats.index(partner)]
    if cs.made and by_partner:
        lines.append((words.completed_by(by_partner, partner), 500 * by_partner))
    said = (
        _(
            "The declaring side, {side}, scores the contract and 500 for each calypso either "
            "partner completed (P4):"
        )
        if cs.made
        else _(
            "The declaring side, {side}, scores only the failed contract's penalty: no card "
            "points and no 500s (P4):"
        )
    )
    return _side_lines(said.format(side=escape(words.side_name(side))), side, lines, hand.scores)


def _defending_side(hand: HandRecord, seats: Sequence[str], side: str) -> str:
    """The defending side's score lines (P4): both trickpiles' card points in full, and 500
    for each calypso one of its players completed."""
    from calypso.auction.bidding import Item, ScoreLine  # here, not at load

    piles = sum(hand.trickpiles[seats.index(s)] for s in side)
    lines = [(words.score_line(ScoreLine(Item.TRICKPILE, piles, 10 * piles)), 10 * piles)]
    for seat in side:
        completed = hand.completed[seats.index(seat)]
        if completed:
            lines.append((words.completed_by(completed, seat), 500 * completed))
    said = _(
        "The defending side, {side}, scores its card points in full, and 500 for each calypso "
        "its players completed (P4):"
    ).format(side=escape(words.side_name(side)))
    return _side_lines(said, side, lines, hand.scores)


def _side_lines(
    said: str, side: str, lines: Sequence[tuple[str, int]], scores: Mapping[str, int]
) -> str:
    """A side's score: ``said`` over its lines (words, points) and a total row marked with the
    side, showing the engine's score for the hand (``scores[side]``), which the lines add up
    to."""
    total = scores[side]
    rows = [[escape(what), words.number(points, sign=True)] for what, points in lines]
    rows.append(
        [
            "<b>" + _("total") + "</b>",
            f'<b data-total="{total}">{words.number(total, sign=True)}</b>',
        ]
    )
    attrs = [""] * len(lines) + [f'data-side="{side}"']
    return f"<p>{said}</p>" + table(rows, [_("what"), _("points")], row_attrs=attrs)


def trick_in_games(games: Sequence[tuple[str, str, Sequence[str], TrickResult, str]]) -> str:
    """One trick as several games decide it: per game its trumps, the winner, the ruling (by
    the id each game reports it under) and the engine's sentence."""
    rows = [
        [
            f"<b>{name}</b><br><small>{trumps}</small>",
            f"<b>{winner}</b> ({rule_link(rule)})<br><small>{escape(said)}</small>",
        ]
        for name, trumps, seats, r, rule in games
        for said, winner in [(words.explain(r), seat_name(seats[r.winner]))]
    ]
    attrs = [f'data-game="{escape(name)}"' for name, *_ in games]
    return table(rows, [_("game"), _("winner")], row_attrs=attrs)


def special_rounds(special: Mapping[int, tuple[str, str]]) -> str:
    """The rounds of a game that differ from the rest: number, name and what changes (the name
    and what changes are English message ids, worded here)."""
    rows = [[str(n), escape(_(name)), escape(_(what))] for n, (name, what) in special.items()]
    return table(rows, [_("round"), _("name"), _("what changes")])


def record_summary(record: Record) -> str:
    """A game record in brief: the final scores, and a row per deal with its scores."""
    scorers = list(record.final_scores)
    rows = [
        [str(i + 1), str(d.dealer), str(len(d.tricks)), *(str(d.score.get(s, "")) for s in scorers)]
        for i, d in enumerate(record.deals)
    ]
    final = ", ".join(f"{seat_name(k)} {v}" for k, v in record.final_scores.items())
    said = _("{game}, seed {seed}: final {scores}").format(
        game=escape(record.game), seed=record.seed, scores=final
    )
    headings = [_("deal"), _("dealer"), _("tricks"), *(seat_name(s) for s in scorers)]
    return f"<p>{said}</p>" + table(rows, headings)
