"""Chapter "scoring": what a side scores (C7)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from calypso.i18n import N_, _, ngettext, number, seat_name, side_name
from calypso.lessons.exercises.base import Exercise, figure_choices, spread
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.partnership.scoring import (
    CALYPSO_VALUES,
    IN_PROGRESS_POINTS,
    PILE_POINTS,
    SideScore,
    calypso_points,
    score_side,
)

PILE_MISCOUNT = 9
"""The most cards a learner miscounts a pile by."""
IN_PROGRESS_MISCOUNT = 4
"""The most cards a learner miscounts a calypso in progress by."""
NTH_CALYPSO = (
    N_("{seat}'s first calypso"),
    N_("{seat}'s second calypso"),
    N_("{seat}'s third calypso"),
    N_("{seat}'s fourth calypso"),
)


def _miscounts(side: SideScore) -> list[tuple[int, int, str]]:
    """The side's total with one part miscounted, each with how many cards or calypsos it is
    off by and the part (C7): a few cards more or fewer on the pile or in a calypso in
    progress, a completed calypso more or fewer, or one scored at another's value."""
    right = side.total
    found = []
    for held in range(max(0, side.pile - PILE_MISCOUNT), side.pile + PILE_MISCOUNT + 1):
        value = right + PILE_POINTS * (held - side.pile)
        text = ngettext(
            "{value} counts {count} card in {side}'s pile, but it holds {held}",
            "{value} counts {count} cards in {side}'s pile, but it holds {held}",
            held,
        ).format(value=number(value), count=held, side=side_name(side.name), held=side.pile)
        found.append((abs(held - side.pile), value, text))
    for p in side.players:
        seat = seat_name(p.seat)
        low, high = p.in_progress - IN_PROGRESS_MISCOUNT, p.in_progress + IN_PROGRESS_MISCOUNT
        for held in range(max(0, low), min(12, high) + 1):
            value = right + IN_PROGRESS_POINTS * (held - p.in_progress)
            text = ngettext(
                "{value} counts {count} card in {seat}'s calypso in progress, but it holds {held}",
                "{value} counts {count} cards in {seat}'s calypso in progress, but it holds {held}",
                held,
            ).format(value=number(value), count=held, seat=seat, held=p.in_progress)
            found.append((abs(held - p.in_progress), value, text))
        for done in range(max(0, p.completed - 1), min(len(CALYPSO_VALUES), p.completed + 1) + 1):
            value = right + calypso_points(done) - p.calypso_points
            text = ngettext(
                "{value} counts {count} completed calypso for {seat}, who completed {done}",
                "{value} counts {count} completed calypsos for {seat}, who completed {done}",
                done,
            ).format(value=number(value), count=done, seat=seat, done=p.completed)
            found.append((1, value, text))
        for nth, worth in enumerate(CALYPSO_VALUES[: p.completed]):
            for taken in sorted(set(CALYPSO_VALUES) - {worth}):
                value = right + taken - worth
                text = _("{value} counts {calypso} as {taken}, but it scores {worth}").format(
                    value=number(value),
                    calypso=_(NTH_CALYPSO[nth]).format(seat=seat),
                    taken=number(taken),
                    worth=number(worth),
                )
                found.append((1, value, text))
    return [(off, value, text) for off, value, text in found if value != right]


def near_reasons(
    rng: random.Random,
    slips: Sequence[tuple[int, str]],
    miscounts: list[tuple[int, int, str]],
    allowed: Callable[[int], bool] = lambda value: True,
) -> tuple[Callable[[int], str], Callable[[int], bool]]:
    """For :func:`~calypso.lessons.exercises.base.spread`, a near miss's reason and the figures it
    may take: those ``allowed`` of a slip, with the slip's reason, or of a miscount of one part
    (``(off, value, reason)``), with the smallest such miscount's, one at random on a tie."""
    rng.shuffle(miscounts)
    miscounts.sort(key=lambda miscount: miscount[0])
    reasons: dict[int, str] = {}
    for value, why in [*slips, *((value, why) for _off, value, why in miscounts)]:
        if allowed(value):
            reasons.setdefault(value, why)
    return reasons.__getitem__, reasons.__contains__


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
        slips = _slips(side)
        near, allowed = near_reasons(rng, slips, _miscounts(side), allowed=lambda v: v > 0)
        wrong = spread(rng, right, slips, below, near, allowed)
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
