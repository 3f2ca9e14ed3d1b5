"""What the card table's page is sent: the payload of each trait, a card's face, a ruling's data
and the words the page draws by itself.

Every payload is a ``TypedDict`` of display data, built in Python from engine values; the page
(``static/cardtable-*.js``) draws it as it comes and holds no suit, rank, rule or word of its own.

>>> face(Card.parse("QS"))["label"], trump_mark(Suit.HEARTS)
('queen of spades', {'symbol': '♥', 'name': 'hearts', 'colour': '#c62828'})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NotRequired, TypedDict

from calypso.drawing.faces import suit_colour
from calypso.engine.cards import Card, Suit, parse_card
from calypso.i18n import _, card_label, rank_text, rule_label, suit_name
from calypso.lessons import glossary

MINUS = "\u2212"
"""The minus sign a card's cost is drawn with (a hyphen reads as a dash)."""


def table_words() -> dict[str, str]:
    """Every word the table's page draws by itself, in the page's language: the JavaScript
    holds none. ``{name}``-style fields are filled in on the page.

    >>> table_words()["reveal"], table_words()["headline"]
    ('Reveal', '{who} with {card}')
    """
    return {
        "trick": _("The trick, in play order"),
        "answers": _("Answers"),
        "reveal": _("Reveal"),
        "your_hand": _("Your hand"),
        "your_hand_of": _("Your hand ({name})"),
        "personal_trump": _("personal trump: {name}"),
        "played_by": _("{order}, {name}: {card}"),
        "played_by_trump": _("{order}, {name} (trump {trump}): {card}"),
        "trump_caption": _("trump {symbol}"),
        "right_mark": _("✓ right"),
        "wrong_mark": _("✗ not this"),
        "chosen_mark": _("your card"),
        "choose_seat": _("Choose {name}"),
        "seat_right": _("{name}: right"),
        "seat_tried": _("{name}: tried, not this one"),
        "side": _("side {side}"),
        "leads": _("leads"),
        "to_play": _("to play"),
        "face_down": _("face down"),
        "cards_of": _("{name}'s cards, face up"),
        "rule": _("Rule {rule}"),
        "rule_summary": _("Rule {rule}: {summary}"),
        "rule_open": _("Rule {rule} in words"),
        "rule_taught": _("Where it is taught"),
        "rule_all": _("All rule ids"),
        "ask_seat": _("Choose the seat: click it"),
        "ask_seat_keys": _(", or press its letter ({keys})"),
        "ask_seat_trick": _("Who wins this trick? Choose the seat: click it"),
        "ask_reveal": _("Who wins this trick? Decide, then press Reveal"),
        "ask_reveal_keys": _(" (or the R key)"),
        "headline": _("{who} with {card}"),
        "headline_rule": _("{who} with {card} · rule {rule}"),
        "hint_badge": _("hint"),
        "hint": _("Hint:"),
        "hint_notes": _("What the other cards cost"),
        "cannot_play": _("{card} cannot be played: {why}"),
    }


class Face(TypedDict):
    """A card as the table draws it: text only, in its suit's palette colour."""

    text: str  # "10H", what a click sends back
    rank: str  # "10"
    symbol: str  # "♥"
    colour: str  # "#c62828"
    label: str  # "10 of hearts", for screen readers


class TrumpMark(TypedDict):
    symbol: str
    name: str  # "hearts"
    colour: str


class SeatData(TypedDict):
    seat: str
    name: str
    place: str  # "bottom", "left", "top" or "right": where it sits round the felt
    role: str  # "you", "partner", "left-hand opponent", ... or "": what the seat is to you
    role_name: str  # the role in the page's language, as the table shows it
    side: str  # the two partners' seats joined by a dash, else ""
    trump: TrumpMark | None
    count: int | None  # cards held face down (drawn as backs), None to draw none
    held: str  # the count in words: "13 cards"
    shown: list[Face]  # cards held face up in the seat's panel (every hand shown), else []
    leader: bool
    turn: bool
    key: str  # the key that picks it (seat_pick): its name's first letter, "" when shared


class TrickCard(TypedDict):
    seat: str
    name: str
    order: str  # "1st", "2nd", ...
    trump: TrumpMark | None  # the personal trump of whoever played it
    card: Face
    winning: bool  # the card that wins the trick, or is winning it so far
    mark: str  # the words on the winning card: "wins", or "winning so far"; "" for the others


class HandCard(Face):
    playable: bool
    why: str  # why it cannot be played now ("" when it can)
    hint: bool
    mark: str  # "wrong" for a card already tried as an answer, else ""
    cost: str  # with a hint that values every card, what this one costs: MINUS + "30"; else ""
    cost_why: str  # ...and why, in a sentence (read with the card); else ""


class ChoiceData(TypedDict):
    """An answer drawn as a big button in the table's answer area."""

    key: str  # what a press sends back
    label: str  # what the button says
    mark: str  # "wrong" once tried, "right" once found, else ""
    why: NotRequired[str]  # for a wrong one, why, in a sentence (its tooltip, read with it)


class Reply(TypedDict):
    """What the table says of an answer, in its announced answer area."""

    tone: str  # "right" or "wrong"
    title: str  # "Right: N." or "Not W:"
    text: str  # the reason, or the one explanation of the right answer
    rule: NotRequired[str]  # the ruling as its label shows it, with a right answer
    rule_id: NotRequired[str]  # ...and the rest of its RuleData
    rule_words: NotRequired[str]
    rule_href: NotRequired[str]
    rule_taught: NotRequired[str]
    summary: NotRequired[str]  # the ruling in one sentence


class Ending(TypedDict):
    """The end of a stage of exercises, drawn under the felt."""

    title: str  # "Stage complete: 12 of 15 stars"
    text: str  # what more can be earned, and how
    stars: str  # the stars per exercise, as text: "★★★ ★★☆ ..."
    celebrate: bool  # every star earned, or the stage just finished: a small burst of stars
    go_label: NotRequired[str]  # the link onward: "Next: A lead in the leader's own suit"
    go_stage: NotRequired[str]  # ...to this stage on the same page (its table's ``stage``)
    go_href: NotRequired[str]  # ...or to this page


class RuleData(TypedDict):
    """A ruling as the table shows it: its id, a button that opens its words in place."""

    rule: str  # the id as its label shows it: "C4.4", "C5 (adu mindig üt)"
    rule_id: str  # the id itself, "C4.4"
    rule_words: str  # the ruling in plain words (calypso.lessons.glossary)
    rule_href: str  # its entry in chapter 00's list of rule ids
    rule_taught: str  # the section of the chapter that teaches it


def rule_data(rule_id: str, *, named: bool = True) -> RuleData:
    """The display data of the ruling ``rule_id``; ``named`` as
    :func:`calypso.i18n.rule_label`.

    >>> data = rule_data("C4.4")
    >>> data["rule"], data["rule_words"]
    ('C4.4', 'Another suit was led and someone ruffed: the highest ruff wins')
    >>> data["rule_href"], data["rule_taught"]
    ('00-welcome.ipynb#rule-C4.4', '02-who-wins-the-trick.ipynb#The-five-cases')
    """
    return RuleData(
        rule=rule_label(rule_id, named=named),
        rule_id=rule_id,
        rule_words=glossary.rule_words(rule_id),
        rule_href=glossary.rule_href(rule_id),
        rule_taught=glossary.taught_in(rule_id),
    )


class Verdict(RuleData):
    seat: str
    who: str  # "E wins"
    card: Face
    headline: str  # "E wins with 6♦"
    summary: str  # the ruling in one sentence
    sentence: str  # the engine's explanation of this trick
    feedback: NotRequired[str]  # what the page says of the learner's answer: "Right! ..."
    tone: NotRequired[str]  # "right" or "wrong", for the feedback's colour


def face(card: Card) -> Face:
    """A card's display data.

    >>> face(Card.parse("10H"))
    {'text': '10H', 'rank': '10', 'symbol': '♥', 'colour': '#c62828', 'label': '10 of hearts'}
    """
    return Face(
        text=str(card),
        rank=rank_text(card.rank),
        symbol=card.suit.symbol,
        colour=suit_colour(card.suit),
        label=card_label(card),
    )


def trump_mark(suit: Suit | None) -> TrumpMark | None:
    if suit is None:
        return None
    return TrumpMark(symbol=suit.symbol, name=suit_name(suit), colour=suit_colour(suit))


def offered_card(text: object, faces: Iterable[Mapping[str, Any]]) -> Card | None:
    """The card a message from the page names (``text``, as :class:`Face` writes it), if it
    is one of the playable ``faces`` on offer; ``None`` for anything else.

    >>> two, five = face(Card.parse("2H")), face(Card.parse("5C"))
    >>> hand = [{**two, "playable": True}, {**five, "playable": False}]
    >>> offered_card("2H", hand), offered_card("5C", hand), offered_card("ZZ", hand)
    (Card.parse('2H'), None, None)
    """
    if not isinstance(text, str):
        return None
    try:
        card = parse_card(text)
    except ValueError:
        return None
    held = (f for f in faces if f.get("text") == str(card) and f.get("playable"))
    return card if any(held) else None
