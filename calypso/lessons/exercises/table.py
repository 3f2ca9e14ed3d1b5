"""Chapter "table": who is whose partner, and whose trump is which (C1)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso.engine.cards import Suit
from calypso.i18n import _, seat_name, suit_name
from calypso.lessons.exercises.base import (
    Choice,
    Exercise,
    any_trumps,
    seat_choices,
)
from calypso.partnership.game import SEATS, partner_of

DEFAULT_SHARE = 0.1
"""How often the seats hold C1's default trumps: rarely, so that an answer remembered from
the default table is right in only about a third of the questions on trumps."""


def table_question(rng: random.Random, kinds: Sequence[int] = (0, 1, 2)) -> Exercise:
    """Who is whose partner, and whose trump is which (C1): two steps from the table.

    ``kinds`` are the questions drawn from: 0 asks for a partner, 1 for the partner's trump,
    2 for whose partner owns a suit. Its words are in the page's language."""
    trumps = any_trumps(rng, default=DEFAULT_SHARE)
    mine = dict(zip(SEATS, trumps, strict=True))
    facts = tuple(
        _("{seat}'s personal trump is {trump}").format(seat=seat_name(seat), trump=suit.symbol)
        for seat, suit in mine.items()
    )
    kind = rng.choice(kinds)
    seat = rng.choice(SEATS)
    partner = partner_of(seat)
    owner = {suit: who for who, suit in mine.items()}
    names = {"seat": seat_name(seat), "partner": seat_name(partner)}
    if kind == 0:
        why = tuple(
            (
                other,
                (
                    _("{other} is the player asked about, and nobody is their own partner")
                    if other == seat
                    else _(
                        "{other} sits next to {seat}, so {other} is an opponent: partners sit "
                        "opposite each other"
                    )
                ).format(other=seat_name(other), **names),
            )
            for other in SEATS
            if other != partner
        )
        return Exercise(
            question=_("Who is {seat}'s partner?").format(**names),
            choices=seat_choices(),
            answer=partner,
            explanation=_(
                "Partners sit opposite each other: {n} with {s}, {e} with {w}. So {seat} plays "
                "with {partner}, and the other two are {seat}'s opponents."
            ).format(**names, **{s.lower(): seat_name(s) for s in SEATS}),
            rule="C1",
            trumps=trumps,
            why=why,
        )
    if kind == 1:
        suit = mine[partner]
        why = tuple(
            (
                other.letter,
                (
                    _("{suit} is {seat}'s own trump, not the partner's: look across the table")
                    if owner[other] == seat
                    else _(
                        "{suit} is {owner}'s trump, and {owner} sits next to {seat}: an "
                        "opponent, not the partner"
                    )
                ).format(suit=other.symbol, owner=seat_name(owner[other]), **names),
            )
            for other in Suit
            if other != suit
        )
        return Exercise(
            question=_("Which suit is the personal trump of {seat}'s partner?").format(**names),
            choices=tuple(Choice(s.letter, f"{s.symbol}\u00a0{suit_name(s)}") for s in Suit),
            answer=suit.letter,
            explanation=_(
                "{seat}'s partner is {partner}, the player opposite, and {partner}'s own suit "
                "is {suit}."
            ).format(suit=suit.symbol, **names),
            rule="C1",
            trumps=trumps,
            facts=facts,
            why=why,
        )
    suit = mine[seat]
    why = tuple(
        (
            other,
            _("{other}'s partner is {partner}, whose trump is {trump}, not {suit}").format(
                other=seat_name(other),
                partner=seat_name(partner_of(other)),
                trump=mine[partner_of(other)].symbol,
                suit=suit.symbol,
            ),
        )
        for other in SEATS
        if other != partner
    )
    return Exercise(
        question=_("Whose partner has {suit} {name} as their personal trump?").format(
            suit=suit.symbol, name=suit_name(suit)
        ),
        choices=seat_choices(),
        answer=partner,
        explanation=_(
            "{suit} belongs to {seat}, and nobody else shares it. {seat}'s partner, the player "
            "opposite, is {partner}."
        ).format(suit=suit.symbol, **names),
        rule="C1",
        trumps=trumps,
        facts=facts,
        why=why,
    )
