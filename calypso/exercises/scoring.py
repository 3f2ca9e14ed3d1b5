"""Chapter "scoring": what a side scores (C7)."""

from __future__ import annotations

import random

from calypso.exercises.base import (
    Choice,
    Exercise,
    distinct_slips,
)
from calypso.game import DEFAULT_TRUMPS, SEATS
from calypso.i18n import _, ngettext, seat_name
from calypso.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS, score_side
from calypso.words import number, side_name


def _off_by(value: int, right: int) -> str:
    """A wrong figure's generic reason: how far it is from what a side's parts add up to."""
    if value > right:
        text = _(
            "{value} is {off} more than the calypsos, the cards in progress and the pile add up to"
        )
    else:
        text = _(
            "{value} is {off} less than the calypsos, the cards in progress and the pile add up to"
        )
    return text.format(value=number(value), off=number(abs(value - right)))


def score_question(rng: random.Random) -> Exercise:
    """What does this side score (C7)?"""
    seats = rng.choice([("N", "S"), ("E", "W")])
    mine = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
    players = [(seat, mine[seat], rng.randint(0, 2), rng.randint(0, 12)) for seat in seats]
    pile = rng.randint(0, 40)
    name = "".join(seats)
    side = score_side(name, players, pile)
    named = side_name(name)
    right = side.total
    flat = sum(500 * c + IN_PROGRESS_POINTS * p for _, _, c, p in players) + PILE_POINTS * pile
    half = right - sum(p.in_progress_points for p in side.players) // 2
    slips = [
        (
            right - side.pile_points,
            _("{value} leaves out {side}'s pile: {pile} cards × {each}").format(
                value=number(right - side.pile_points), side=named, pile=pile, each=PILE_POINTS
            ),
        ),
        (
            flat,
            _(
                "{value} counts a second calypso as 500, but a player's second scores {second}"
            ).format(value=number(flat), second=CALYPSO_VALUES[1]),
        ),
        (
            half,
            _("{value} counts {half} a card in progress, but each scores {each}").format(
                value=number(half), half=IN_PROGRESS_POINTS // 2, each=IN_PROGRESS_POINTS
            ),
        ),
        (
            right + PILE_POINTS * pile,
            _("{value} counts {double} a pile card, but each scores {each}").format(
                value=number(right + PILE_POINTS * pile), double=2 * PILE_POINTS, each=PILE_POINTS
            ),
        ),
        (right + 250, _off_by(right + 250, right)),
        (right - 250, _off_by(right - 250, right)),
        (right + 20, _off_by(right + 20, right)),
    ]
    wrong = distinct_slips(right, slips, keep=lambda v: v > 0)
    if len(wrong) < 3:  # a side with next to nothing: too few slips differ, so add near misses
        near = [(right + more, _off_by(right + more, right)) for more in (10, 500, 40)]
        wrong = distinct_slips(right, [*wrong, *near], keep=lambda v: v > 0)
    picked = rng.sample(wrong, 3)
    options = [right, *(v for v, _ in picked)]
    rng.shuffle(options)
    facts = (
        *(
            _("{seat}: {calypsos}, {cards}").format(
                seat=seat_name(seat),
                calypsos=ngettext(
                    "{count} completed calypso", "{count} completed calypsos", completed
                ).format(count=completed),
                cards=ngettext(
                    "{count} card in the calypso in progress",
                    "{count} cards in the calypso in progress",
                    progress,
                ).format(count=progress),
            )
            for seat, _suit, completed, progress in players
        ),
        ngettext("{side}'s pile: {count} card", "{side}'s pile: {count} cards", pile).format(
            side=named, count=pile
        ),
    )
    parts = [
        ngettext(
            "{seat}: {calypsos} for calypsos + {points} for {count} card in progress",
            "{seat}: {calypsos} for calypsos + {points} for {count} cards in progress",
            p.in_progress,
        ).format(
            seat=seat_name(p.seat),
            calypsos=p.calypso_points,
            points=p.in_progress_points,
            count=p.in_progress,
        )
        for p in side.players
    ]
    return Exercise(
        question=_("What does {side} score?").format(side=named),
        choices=tuple(Choice(str(v), number(v)) for v in options),
        answer=str(right),
        explanation=_(
            "{parts}; the pile: {pile} × {each} = {points}. Together {total}. (Calypsos score "
            "{values} for the first, second, third and fourth; {in_progress} a card in progress.)"
        ).format(
            parts="; ".join(parts),
            pile=pile,
            each=PILE_POINTS,
            points=side.pile_points,
            total=number(right),
            values=", ".join(map(str, CALYPSO_VALUES)),
            in_progress=IN_PROGRESS_POINTS,
        ),
        rule="C7",
        facts=facts,
        why=tuple((str(v), why) for v, why in picked),
    )


# -- chapter "play": playing -----------------------------------------------------------------------
