"""Chapter "scoring": what a side scores (C7)."""

from __future__ import annotations

import random
from functools import partial

from calypso.exercises.base import Exercise, figure_choices, spread
from calypso.game import DEFAULT_TRUMPS, SEATS
from calypso.i18n import _, ngettext, seat_name
from calypso.scoring import (
    CALYPSO_VALUES,
    IN_PROGRESS_POINTS,
    PILE_POINTS,
    SideScore,
    calypso_points,
    score_side,
)
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


COMPLETED = (0, 1, 1, 2, 2, 3)
"""How many calypsos a player has completed, each as likely: most often one or two, so that
counting every calypso as 500 rarely adds up right."""
CALYPSO_CARDS = 13


def _slips(side: SideScore) -> list[tuple[int, str]]:
    """The side's total as a learner might misadd it, each with what went wrong (C7)."""
    right = side.total
    named = side_name(side.name)
    pile = side.pile
    done = [p.completed for p in side.players]
    progress = sum(p.in_progress for p in side.players)
    flat = right - sum(calypso_points(c) for c in done)
    slips = [
        (
            right - side.pile_points,
            _("{value} leaves out {side}'s pile: {pile} cards × {each}").format(
                value=number(right - side.pile_points), side=named, pile=pile, each=PILE_POINTS
            ),
        ),
        (
            right + side.pile_points,
            _("{value} counts {double} a pile card, but each scores {each}").format(
                value=number(right + side.pile_points), double=2 * PILE_POINTS, each=PILE_POINTS
            ),
        ),
        (
            right - progress * IN_PROGRESS_POINTS // 2,
            _("{value} counts {half} a card in progress, but each scores {each}").format(
                value=number(right - progress * IN_PROGRESS_POINTS // 2),
                half=IN_PROGRESS_POINTS // 2,
                each=IN_PROGRESS_POINTS,
            ),
        ),
        (
            right - progress * IN_PROGRESS_POINTS,
            ngettext(
                "{value} leaves out the card in progress: {count} card × {each}",
                "{value} leaves out the cards in progress: {count} cards × {each}",
                progress,
            ).format(
                value=number(right - progress * IN_PROGRESS_POINTS),
                count=progress,
                each=IN_PROGRESS_POINTS,
            ),
        ),
        (
            flat + CALYPSO_VALUES[0] * sum(done),
            _(
                "{value} counts every calypso as {first}, but a player's second scores {second} "
                "and a third or fourth {third}"
            ).format(
                value=number(flat + CALYPSO_VALUES[0] * sum(done)),
                first=CALYPSO_VALUES[0],
                second=CALYPSO_VALUES[1],
                third=number(CALYPSO_VALUES[2]),
            ),
        ),
        (
            flat + CALYPSO_VALUES[2] * sum(done),
            _(
                "{value} counts every calypso as {third}, but a player's first scores {first} "
                "and second {second}"
            ).format(
                value=number(flat + CALYPSO_VALUES[2] * sum(done)),
                first=CALYPSO_VALUES[0],
                second=CALYPSO_VALUES[1],
                third=number(CALYPSO_VALUES[2]),
            ),
        ),
        (
            right + CALYPSO_CARDS * IN_PROGRESS_POINTS * sum(done),
            _(
                "{value} also counts the {count} cards of the completed calypsos at {each} "
                "each, but only a card in a calypso in progress scores {each}"
            ).format(
                value=number(right + CALYPSO_CARDS * IN_PROGRESS_POINTS * sum(done)),
                count=CALYPSO_CARDS * sum(done),
                each=IN_PROGRESS_POINTS,
            ),
        ),
    ]
    slips += [
        (
            right - p.total,
            _(
                "{value} leaves out {seat}'s {points} points, but a side scores both its "
                "players' points and its pile"
            ).format(value=number(right - p.total), seat=seat_name(p.seat), points=number(p.total)),
        )
        for p in side.players
    ]
    return slips


def score_question(rng: random.Random) -> Exercise:
    """What does this side score (C7)? How many of the four options lie below the right total
    is drawn first, each number as likely, and the side's calypsos, cards and pile after it."""
    below = rng.randrange(4)
    mine = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
    while True:
        seats = rng.choice([("N", "S"), ("E", "W")])
        players = [(seat, mine[seat], rng.choice(COMPLETED), rng.randint(0, 12)) for seat in seats]
        pile = rng.randint(0, 40)
        name = "".join(seats)
        side = score_side(name, players, pile)
        right = side.total
        wrong = spread(
            rng,
            right,
            _slips(side),
            below,
            partial(_off_by, right=right),
            allowed=lambda value: value > 0,
        )
        if wrong is not None:
            break
    named = side_name(name)
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
            calypsos=number(p.calypso_points),
            points=p.in_progress_points,
            count=p.in_progress,
        )
        for p in side.players
    ]
    return Exercise(
        question=_("What does {side} score?").format(side=named),
        choices=figure_choices(rng, right, wrong, number),
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
        why=tuple((str(v), why) for v, why in wrong),
    )


# -- chapter "play": playing -----------------------------------------------------------------------
