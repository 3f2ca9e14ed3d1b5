"""Pages to print, each a whole HTML page: the class worksheet, its answer key, the rules handout
and the one-page sheet of the whole game.

>>> printable("Sheet", "<p>x</p>").startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from calypso.drawing.faces import suit_colour, suit_ink, suit_span, table
from calypso.drawing.tricks import puzzle, trick_cards
from calypso.engine.cards import Card, Suit
from calypso.i18n import (
    _,
    card_text,
    current,
    number,
    ordinal,
    pgettext,
    rule_label,
    seat_name,
    suit_name,
)
from calypso.words.tricks import explain, rule_summary

if TYPE_CHECKING:
    from calypso.engine.tricks import Rule
    from calypso.lessons.examples import ExampleTrick
    from calypso.lessons.quiz import Puzzle


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
    legend = "".join(
        f"<li><b>{escape(rule_label(r.value, named=False))}</b>: {escape(rule_summary(r))}</li>"
        for r in rules
    )
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
        [
            str(p.number),
            seat_name(p.answer),
            escape(rule_label(p.result.rule.value, named=False)),
            escape(explain(p.result)),
        ]
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
    from calypso.partnership.game import DEFAULT_TRUMPS, SEATS, partner_of

    seats = table(
        [
            [f"<b>{seat_name(seat)}</b>", suit_span(suit), seat_name(partner_of(seat))]
            for seat, suit in zip(SEATS, DEFAULT_TRUMPS, strict=True)
        ],
        [_("seat"), _("own trump"), _("partner")],
    )
    cases = "".join(
        f'<section class="case"><p><b>{escape(rule_label(rule.value, named=False))}</b> '
        f"{escape(rule_summary(rule))}</p>"
        f"{trick_cards(t.cards, t.seats, t.trumps_in_order(), t.result().winner)}"
        f"<p><small>{led} {escape(explain(t.result()))}</small></p></section>"
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
    from calypso.engine.cards import parse_cards
    from calypso.lessons.examples import ExampleTrick
    from calypso.partnership.game import DEALS, DEFAULT_TRUMPS, SEATS, TRICKS_PER_DEAL
    from calypso.partnership.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS

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
    ).format(pack=number(pack), deals=DEALS, cards=TRICKS_PER_DEAL)
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
        + case("C4.4", pgettext("case table", "the highest ruff"))
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
            "A {b}calypso{end} is all 13 ranks, 2 to A, of your own trump suit. You build one at "
            "a time, face up in front of you, and it carries over from deal to deal."
        ).format(b="<b>", end="</b>"),
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
        [_("{nth} completed calypso").format(nth=ordinal(i)), number(value)]
        for i, value in enumerate(CALYPSO_VALUES, start=1)
    ] + [
        [_("each card of the calypso still in progress"), number(IN_PROGRESS_POINTS)],
        [_("each card on the side's pile"), number(PILE_POINTS)],
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
    ).format(deals=DEALS, pack=number(pack))
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
