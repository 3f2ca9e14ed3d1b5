"""Tricks drawn: a trick's cards with its verdict and ruling, worked examples, quiz puzzles and
the quiz's ending.

>>> from calypso.engine.tricks import resolve_trick
>>> result = resolve_trick(["9H", "4C", "6D", "2H"], ["S", "C", "D", "H"])
>>> 'data-winner="S"' in verdict(result, "NESW")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from calypso.drawing.faces import card_row, suit_ink, table
from calypso.engine.cards import Card, Suit
from calypso.i18n import (
    _,
    card_text,
    ngettext,
    seat_name,
)
from calypso.lessons.glossary import rule_link, rule_words
from calypso.words.tricks import explain, rule_summary

if TYPE_CHECKING:
    from calypso.engine.table import Trick
    from calypso.engine.tricks import Rule, TrickResult
    from calypso.lessons.examples import ExampleTrick
    from calypso.lessons.quiz import Puzzle


def trick_result(result: TrickResult) -> str:
    notes = [
        _("{suit} trump").format(suit=t.symbol) if t is not None else _("no trump")
        for t in result.trumps
    ]
    return (
        f"<div>{card_row(result.cards, highlight=result.winner, notes=notes)}"
        f"<p><b>{rule_link(result.rule.value)}</b>: {escape(explain(result))}</p></div>"
    )


def verdict(result: TrickResult, seats: Sequence[str]) -> str:
    """Who won, with which card, by which rule, and the engine's sentence."""
    win = result.winning_card
    summary = escape(rule_summary(result.rule))
    seat, rule = seats[result.winner], result.rule.value
    line = _("{winner} with {card} &middot; rule {rule}").format(
        winner=f'<b data-winner="{seat}">' + _("{seat} wins").format(seat=seat_name(seat)) + "</b>",
        card=f'<span style="color:{suit_ink(win.suit)};font-weight:700">{card_text(win)}</span>',
        rule=rule_link(rule),
    )
    return (
        f'<div class="calypso-verdict"><p style="font-size:1.15em;margin:0.3em 0">{line}</p>'
        f"<p>{escape(explain(result))}</p>"
        f'<p class="calypso-muted"><small>{summary}</small></p></div>'
    )


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
        f"<p><small>{escape(explain(result))}</small></p>"
    )


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
    said = escape(explain(result))
    return (
        f'<div style="padding:0.4rem 0"><span class="calypso-rule">{rule.value}</span> '
        f"{escape(rule_summary(rule))}<br>{cards}<br><small>{said}</small></div>"
    )


def puzzle(p: Puzzle, *, reveal: bool = False) -> str:
    """A quiz trick: each card with its player's seat and trump; the winner outlined if revealed."""
    trick = p.trick
    winner = p.result.winner if reveal else None
    said = _("{puzzle} {seat} leads. Who wins this trick?").format(
        puzzle="<b>" + _("Puzzle {n}.").format(n=p.number) + "</b>", seat=seat_name(trick.leader)
    )
    return f"<p>{said}</p>" + trick_cards(trick.cards, trick.seats, trick.trumps_in_order(), winner)


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
                escape(explain(p.result)),
            ]
            for p, seat in misses
        ]
        again = _("The ones to look at again:")
        headings = [_("puzzle"), _("you said"), _("winner"), _("rule"), _("why")]
        parts.append(f"<p>{again}</p>" + table(rows, headings, classes="calypso-misses"))
        tally = Counter(p.result.rule for p, _seat in misses)
        items = "".join(  # the ruling's short title (no full stop) fits in brackets
            f"<li><b>{rule.value}</b> ({escape(title)}): {count}</li>"
            for rule, n in tally.most_common()
            for title, count in [
                (rule_words(rule.value), ngettext("{n} miss", "{n} misses", n).format(n=n))
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
