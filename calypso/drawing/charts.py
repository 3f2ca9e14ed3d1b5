"""Charts: each player's progress through a game (inline SVG), and bar charts of figures drawn in
HTML so that their text keeps its size on a phone.

>>> "calypso-bar-row" in bar_chart({"N": 3, "S": 5}, title="Calypsos")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from calypso.drawing.faces import suit_ink, suit_span
from calypso.engine.cards import Suit
from calypso.i18n import (
    N_,
    _,
    seat_name,
)

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

    >>> from calypso.engine.cards import Suit
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
    """Where the 208 cards are: one stacked bar, a segment per place, with a legend whose
    entries (a colour square, the place, its count) each keep to one line.

    >>> html = places_bar({"hands": 52, "green room": 156})
    >>> html.count("white-space:nowrap"), "width:75.00%" in html
    (2, True)
    """
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
        legend.append(  # each entry whole on one line: a square never wraps from its label
            f'<span data-place="{escape(place)}" '
            'style="display:inline-block;white-space:nowrap;margin-right:1em">'
            f'<span style="color:{colour}">■</span> {escape(place)} <b>{n}</b></span>'
        )
    return (
        f'<div style="display:flex;border:1px solid #bbb">{"".join(segments)}</div>'
        f'<p style="line-height:1.9">{"".join(legend)}</p>'
    )
