"""A hand as the card table draws it along the bottom: each card a button, playable or saying
why not, one perhaps marked as the hint, with what each card costs (the card table's ``hand``,
``hint`` and ``hint_notes``).

>>> from calypso.engine.cards import parse_cards
>>> two, king = parse_cards("2H KH")
>>> view = hand_view([two, king], [two], why="follow suit", hint=two, hint_why="Best.")
>>> [(c["text"], c["playable"], c["why"], c["hint"]) for c in view.hand]
[('2H', True, '', True), ('KH', False, 'follow suit', False)]
>>> view.hint, view.hint_notes
('Best.', [])
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from calypso.engine.cards import Card
from calypso.i18n import _, number
from calypso.widgets.tabledata import MINUS, HandCard, face


@dataclass(frozen=True)
class HandView:
    """What the page is sent of the hand."""

    hand: list[HandCard]
    """Each card, in hand order."""
    hint: str
    """Why the card marked as the hint is suggested, in a sentence; empty for no hint."""
    hint_notes: list[str]
    """With a hint that values every card: a sentence for each card that costs points."""


class HandOptions(TypedDict, total=False):
    """How :func:`hand_view` marks the cards, each option as it names it."""

    why: Mapping[Card, str] | Callable[[Card], str] | str | None
    hint: Card | None
    hint_why: str
    wrong: Collection[Card]
    costs: Mapping[Card, tuple[int, str]] | None


def _reason(card: Card, why: Mapping[Card, str] | Callable[[Card], str] | str) -> str:
    """Why ``card`` cannot be played: one sentence for all, one per card, or a function's."""
    if isinstance(why, str):
        return why
    if isinstance(why, Mapping):
        return why.get(card, _("not playable now"))
    return why(card)


def hand_view(
    cards: Sequence[Card],
    playable: Collection[Card] | None = None,
    *,
    why: Mapping[Card, str] | Callable[[Card], str] | str | None = None,
    hint: Card | None = None,
    hint_why: str = "",
    wrong: Collection[Card] = (),
    costs: Mapping[Card, tuple[int, str]] | None = None,
) -> HandView:
    """The hand ``cards``: each card in ``playable`` (all, if not given) can be played; the
    others say ``why`` not (a sentence, one per card, or a function of the card). ``hint``
    marks a suggested card and ``hint_why`` says why in a sentence; cards in ``wrong`` are
    marked as answers already tried. With the hint, ``costs`` gives the cards that cost points
    their cost and its sentence: the cost is drawn on the card (a minus sign, :data:`MINUS`,
    and the points) and the sentences are listed under the hint.

    >>> from calypso.engine.cards import parse_cards
    >>> two, king = parse_cards("2H KH")
    >>> view = hand_view([two, king], hint=two, hint_why="Best.", costs={king: (30, "K.")})
    >>> [(c["text"], c["hint"], c["cost"] == MINUS + "30") for c in view.hand]
    [('2H', True, False), ('KH', False, True)]
    >>> view.hint_notes
    ['K.']
    """
    allowed = set(cards if playable is None else playable)
    said = _("not playable now") if why is None else why
    valued = costs if costs and hint is not None else {}
    hand = []
    for i, card in enumerate(cards):
        ok = card in allowed
        cost, cost_why = valued.get(card, (0, ""))
        hand.append(
            HandCard(
                **face(card),
                playable=ok,
                why="" if ok else _reason(card, said),
                hint=card == hint and hint not in cards[:i],
                mark="wrong" if card in wrong else "",
                cost=MINUS + number(cost) if cost else "",
                cost_why=cost_why,
            )
        )
    if hint is None:
        return HandView(hand, "", [])
    return HandView(hand, hint_why, [note for _cost, note in (costs or {}).values()])
