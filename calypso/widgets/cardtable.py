"""The card table: seats round a felt, the trick in the middle, your hand along the bottom.

A custom widget made with anywidget: its state is a few traitlets of display data built here
from engine values (cards, suits, seat names, a trick's result), and its JavaScript
(``static/cardtable.js``) only draws that data and reports clicks. It knows no suit, rank or
rule; everything it shows, the reasons a card cannot be played included, comes from Python.

>>> from calypso.cards import parse_cards
>>> from calypso.game import DEFAULT_TRUMPS, SEATS
>>> from calypso.tricks import resolve_trick
>>> table = CardTable()
>>> table.set_table(SEATS, DEFAULT_TRUMPS, you="S", partners=True, hidden=13)
>>> for seat in table.seats:
...     print(seat["seat"], seat["place"], seat["role"], seat["trump"]["symbol"], seat["count"])
S bottom you ♠ None
W left left-hand opponent ♣ 13
N top partner ♥ 13
E right right-hand opponent ♦ 13
>>> table.set_table(SEATS, DEFAULT_TRUMPS, you="E", partners=True, rotate=True)
>>> [(seat["seat"], seat["place"]) for seat in table.seats]  # turned: E at the bottom
[('E', 'bottom'), ('S', 'left'), ('W', 'top'), ('N', 'right')]
>>> cards = parse_cards("9H 4C 2D")
>>> trumps = [Suit.parse(t) for t in "HDS"]
>>> table.show_trick(cards, ["N", "E", "S"], trumps, resolve_trick(cards, trumps))
>>> [(t["seat"], t["card"]["text"], t["mark"]) for t in table.trick]
[('N', '9H', 'winning so far'), ('E', '4C', ''), ('S', '2D', '')]
>>> table.verdict, table.standing
({}, "N's 9♥ is winning so far (C4.1 as things stand); one player still to play.")
>>> cards.append(Card.parse("6C"))
>>> trumps.append(Suit.CLUBS)
>>> table.show_trick(cards, ["N", "E", "S", "W"], trumps, resolve_trick(cards, trumps))
>>> table.verdict["headline"], table.verdict["rule"], table.standing
('N wins with 9♥', 'C4.2', '')
>>> played = []
>>> table.on_card(played.append)
>>> table.show_hand(parse_cards("2H 5C"), playable=parse_cards("2H"), why="follow suit")
>>> table.receive({"type": "card", "card": "2H"})
>>> table.receive({"type": "card", "card": "5C"})  # not playable: ignored
>>> table.receive({"nonsense": True})  # malformed: ignored
>>> played
[Card.parse('2H')]

With ``seat_pick`` on, the seats are buttons and a pick is reported (a quiz asks "who wins?"):

>>> picked = []
>>> table.on_seat(picked.append)
>>> table.seat_pick = True
>>> table.receive({"type": "seat", "seat": "E"})
>>> table.receive({"type": "seat", "seat": "X"})  # no such seat: ignored
>>> picked
['E']

An exercise asks its question on the table and takes its answer there: a seat, a card of the
hand, or one of the ``choices`` drawn as big buttons (number keys 1-9); a wrong one is marked
where it was given and ``reply`` says why:

>>> chosen = []
>>> table.on_choice(chosen.append)
>>> table.choices = [{"key": "pile", "label": "onto the pile", "mark": ""}]
>>> table.receive({"type": "choice", "key": "pile"})
>>> table.receive({"type": "choice", "key": "nowhere"})  # not offered: ignored
>>> chosen
['pile']
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, NotRequired, TypedDict

import anywidget
import traitlets as t

from calypso import glossary, words
from calypso.cards import Card, Suit, parse_card
from calypso.i18n import (
    _,
    card_label,
    card_text,
    ngettext,
    ordinal,
    rank_text,
    rule_label,
    seat_name,
    suit_name,
)
from calypso.render import suit_colour
from calypso.tricks import TrickResult, TrumpLead

STATIC = pathlib.Path(__file__).resolve().parent / "static"
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
        "ask_seat_keys": _(", or press its letter"),
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
    rule_words: str  # the ruling in plain words (calypso.glossary)
    rule_href: str  # its entry in chapter 00's list of rule ids
    rule_taught: str  # the section of the chapter that teaches it


def rule_data(rule_id: str, *, named: bool = True) -> RuleData:
    """The display data of the ruling ``rule_id``; ``named`` as :func:`calypso.i18n.rule_label`.

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


COMPASS = {"N": "top", "E": "right", "S": "bottom", "W": "left"}
"""Where the compass seats sit on every table, whoever is playing: N top, E right, S bottom,
W left (your hand is still drawn along the bottom, named as yours)."""


_ROLE_NAMES: dict[str, Callable[[], str]] = {
    "": lambda: "",
    "you": lambda: _("you"),
    "partner": lambda: _("partner"),
    "left-hand opponent": lambda: _("left-hand opponent"),
    "right-hand opponent": lambda: _("right-hand opponent"),
    "opponent": lambda: _("opponent"),
}
"""Each role's name as the table shows it, worded when it is drawn."""


def _held(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _places(count: int) -> list[str]:
    """Where each seat sits, clockwise from the one at the bottom (seats not named by the
    compass)."""
    if count == 1:
        return ["bottom"]
    if count == 2:
        return ["bottom", "top"]
    return ["bottom", "left", *["top"] * (count - 3), "right"]


class CardTable(anywidget.AnyWidget):
    """Seats round a felt, the trick in play order with its winner (or the card winning so
    far, until every seat has played), and a hand of buttons.

    Python sets what is drawn (``set_table``, ``show_trick``, ``show_hand``, or the traitlets
    themselves); the page reports a click on a playable card (``on_card``), a press of
    *Reveal* (``on_reveal``), a seat picked (``on_seat``, with ``seat_pick`` on) and a press of
    the button under the verdict (``on_next``, when ``next_label`` names it). Messages the table
    does not expect are ignored.
    """

    _esm = STATIC / "cardtable.js"
    _css = STATIC / "cardtable.css"

    words = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """Every word the page draws by itself (:func:`table_words`), in the page's language."""
    label = t.Unicode("Card table").tag(sync=True)
    """The table's accessible name."""
    seats: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """:class:`SeatData` for each seat, clockwise from the one at the bottom."""
    trick: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """:class:`TrickCard` for each card of the trick, in play order."""
    hand: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """:class:`HandCard` for each card of the hand at the bottom, in hand order."""
    verdict: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """:class:`Verdict` of the trick shown once every seat has played, else empty."""
    standing = t.Unicode("").tag(sync=True)
    """While a trick is in progress: the card winning so far and how many players are still
    to play (a trick has no verdict until every seat at the table has played to it)."""
    hint = t.Unicode("").tag(sync=True)
    """A sentence saying why the card marked as the hint is suggested."""
    hint_notes: t.List[Any] = t.List(t.Unicode()).tag(sync=True)
    """With a hint that values every card: a sentence for each card that costs points, listed
    under the hint."""
    status = t.Unicode("").tag(sync=True)
    """A line of news under the table (announced to screen readers)."""
    reveal_mode = t.Bool(False).tag(sync=True)
    """When on, the winner and the verdict stay hidden until *Reveal* (or the R key): until
    then the traits sent to the page hold no verdict, no standing and no winning mark (the
    page is told only that a verdict is ``waiting``); :attr:`answer` keeps them in Python."""
    revealed = t.Bool(False).tag(sync=True)
    waiting = t.Bool(False).tag(sync=True)
    """In reveal mode before *Reveal*: a finished trick's verdict is waiting to be shown."""
    page_keys = t.Bool(False).tag(sync=True)
    """When on, the table's shortcut keys (R, the seat letters, and ``key_names``) work from
    anywhere on the page, not only from inside the table, unless the focus is in a text field;
    of several such tables, the first one in view takes the key."""
    key_names = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """More shortcut keys, a letter each, reported by name (``on_key``): ``{"n": "next"}``."""
    presenter = t.Bool(False).tag(sync=True)
    """Bigger cards, for a projector."""
    compact = t.Bool(False).tag(sync=True)
    """On a wide table, the other seats share the top row and the verdict sits beside the
    trick, so the table takes less height (always so for a presenter)."""
    animate = t.Bool(True).tag(sync=True)
    """A short slide as a card arrives on the trick (never when the reader asks for less
    motion)."""
    piles = t.Bool(False).tag(sync=True)
    """For a game being played: when a finished trick makes way for the next, its cards slide
    onto the winner's seat (when ``animate`` is on)."""
    seat_pick = t.Bool(False).tag(sync=True)
    """When on, every seat is a button: a click on it, or its name's key (N, E, S, W), reports
    the seat (``on_seat``); in reveal mode the question asks for a seat instead of *Reveal*."""
    empty_text = t.Unicode("No card played yet.").tag(sync=True)
    """What the felt says while no card is on it; empty says nothing (a table that only shows
    the seats and a hand)."""
    next_label = t.Unicode("").tag(sync=True)
    """When set, a button of that name shows under a verdict (or a ``reply``) on view
    (``on_next``); after a pick the keyboard focus moves to it."""
    stage = t.Unicode("").tag(sync=True)
    """The stage of exercises this table asks (its id), so a link can scroll to it."""
    question = t.Unicode("").tag(sync=True)
    """A question asked above the felt, announced when it changes; after *Next* the keyboard
    focus moves to it."""
    facts = t.List(t.Unicode()).tag(sync=True)
    """What the learner needs besides the table, a sentence each, under the question."""
    choices: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """:class:`ChoiceData` for answers that are neither a seat nor a card, drawn as big
    buttons in the answer area (``on_choice``; number keys 1-9)."""
    seat_marks = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """Seats marked as answers: ``"wrong"`` (tried) or ``"right"``."""
    seat_why = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """Why each seat marked wrong is wrong, a sentence each: its tooltip, read with it."""
    reply: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """:class:`Reply` to the last answer, drawn (and announced) in the answer area above the
    verdict; empty for none."""
    ending: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """:class:`Ending` of a stage of exercises, drawn under the felt; empty for none."""
    thinking = t.Unicode("").tag(sync=True)
    """Words the page shows on the felt (announced politely) from the moment a card is played
    or the button under the verdict pressed until Python has answered: ``"W is thinking…"``
    when a slow bot answers. Python cannot draw it itself, since the kernel is busy until the
    answer; so the page marks the table at once, and ignores more cards and presses until
    then. Empty (the default): no mark."""
    answered = t.Unicode("").tag(sync=True)
    """The ``ask`` token of the last card or press the page sent with the mark on, set once
    Python has acted on it: the page takes the mark off then."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Card table"))
        kwargs.setdefault("empty_text", _("No card played yet."))
        super().__init__(words=table_words(), **kwargs)
        self._card_callbacks: list[Callable[[Card], object]] = []
        self._reveal_callbacks: list[Callable[[], object]] = []
        self._seat_callbacks: list[Callable[[str], object]] = []
        self._next_callbacks: list[Callable[[], object]] = []
        self._key_callbacks: list[Callable[[str], object]] = []
        self._choice_callbacks: list[Callable[[str], object]] = []
        self._answer: dict[str, Any] = {
            "trick": list(self.trick),
            "verdict": dict(self.verdict),
            "standing": self.standing,
        }
        self._publishing = False
        self.on_msg(self._on_message)
        self._publish()

    # -- what the page may see -----------------------------------------------------------------

    @property
    def hidden(self) -> bool:
        """The winner is hidden: reveal mode is on and *Reveal* not pressed yet."""
        return self.reveal_mode and not self.revealed

    @property
    def answer(self) -> dict[str, Any]:
        """The verdict of the trick shown, even while reveal mode hides it from the page
        (``verdict`` is what the page is sent)."""
        return dict(self._answer["verdict"])

    @t.observe("trick", "verdict", "standing")
    def _kept(self, change: Mapping[str, Any]) -> None:
        """A trait set from outside (``table.verdict = ...``) is what the table shows: kept,
        then sent as reveal mode allows."""
        if "_answer" not in self.__dict__ or self._publishing:
            return
        self._answer[change["name"]] = change["new"]
        if self.hidden:
            self._publish()

    @t.observe("reveal_mode", "revealed")
    def _reveal_changed(self, _change: object) -> None:
        if "_answer" in self.__dict__:
            self._publish()

    def _publish(self) -> None:
        """Send the page the trick, verdict and standing, with every sign of the winner left
        out while it is hidden."""
        hidden = self.hidden
        trick = [
            {**entry, "winning": False, "mark": ""} if hidden else entry
            for entry in self._answer["trick"]
        ]
        self._publishing = True
        try:
            with self.hold_sync():
                self.trick = trick
                self.verdict = {} if hidden else self._answer["verdict"]
                self.standing = "" if hidden else self._answer["standing"]
                self.waiting = hidden and bool(self._answer["verdict"])
        finally:
            self._publishing = False

    # -- building the display data -----------------------------------------------------------

    def set_table(
        self,
        seats: Sequence[str],
        trumps: Mapping[str, Suit | None] | Sequence[Suit | None] = (),
        *,
        you: str | None = None,
        bottom: str | None = None,
        partners: bool = False,
        names: Mapping[str, str] | None = None,
        hidden: Mapping[str, int] | int | None = None,
        shown: Mapping[str, Sequence[Card]] | None = None,
        leader: str | None = None,
        turn: str | None = None,
        rotate: bool = False,
    ) -> None:
        """Seat the players: ``seats`` clockwise as they sit, each with a personal trump
        (``trumps`` by seat, or in the order of ``seats``; none for a game without them).

        Seats named N, E, S and W sit where the compass puts them (:data:`COMPASS`), unless
        ``rotate`` turns the table so that ``you`` sit at the bottom with your hand, as a bridge
        program turns it; other names always ring the felt clockwise with ``you`` at the bottom
        (else ``bottom``, else the first seat). The roles are told from ``you``; with ``partners``
        each seat's partner is the one across (seats ``i`` and ``i + 2`` of four). ``hidden``
        gives the cards held face down, per seat or one number for everyone but ``you``;
        ``shown`` the cards held face up, drawn in their seat's panel (every hand shown).
        """
        order = list(seats)
        if len(set(order)) != len(order) or not 1 <= len(order) <= 7:
            raise ValueError(f"bad seats {order!r}: expected 1 to 7 different seat names")
        by_seat = (
            dict(trumps)
            if isinstance(trumps, Mapping)
            else dict(zip(order, list(trumps) or [None] * len(order), strict=True))
        )
        first = you or bottom or order[0]
        if first not in order:
            raise ValueError(f"bad seat {first!r}: expected one of {', '.join(order)}")
        start = order.index(first)
        ring = order[start:] + order[:start]
        n = len(ring)
        compass = set(ring) <= COMPASS.keys() and not rotate
        places = [COMPASS[s] for s in ring] if compass else _places(n)
        data = []
        for i, (seat, place) in enumerate(zip(ring, places, strict=True)):
            across = ring[(i + n // 2) % n] if partners and n % 2 == 0 else None
            if isinstance(hidden, int):
                count: int | None = None if seat == you else hidden
            else:
                count = None if hidden is None else hidden.get(seat)
            role = self._role(i, n, you is not None, partners)
            data.append(
                SeatData(
                    seat=seat,
                    name=(names or {}).get(seat) or seat_name(seat, short=True),
                    place=place,
                    role=role,
                    role_name=_ROLE_NAMES[role](),
                    side="–".join(
                        seat_name(s, short=True) for s in sorted((seat, across), key=order.index)
                    )
                    if across
                    else "",
                    trump=trump_mark(by_seat.get(seat)),
                    count=count,
                    held="" if count is None else _held(count),
                    shown=[face(card) for card in (shown or {}).get(seat, ())],
                    leader=seat == leader,
                    turn=seat == turn,
                )
            )
        self.seats = data

    @staticmethod
    def _role(i: int, n: int, seen_from_you: bool, partners: bool) -> str:
        if not seen_from_you:
            return ""
        if i == 0:
            return "you"
        if partners and n % 2 == 0 and i == n // 2:
            return "partner"
        if n == 4:
            return {1: "left-hand opponent", 3: "right-hand opponent"}.get(i, "opponent")
        return "opponent"

    def mark(self, *, leader: str | None = None, turn: str | None = None) -> None:
        """Mark who led the trick and whose turn it is (``None``: nobody)."""
        self.seats = [
            {**seat, "leader": seat["seat"] == leader, "turn": seat["seat"] == turn}
            for seat in self.seats
        ]

    def show_trick(
        self,
        cards: Sequence[Card],
        seats: Sequence[str],
        trumps: Sequence[Suit | None] | None = None,
        result: TrickResult | None = None,
        *,
        turn: str | None = None,
        rule: str | None = None,
        trump_lead: TrumpLead | None = None,
    ) -> None:
        """Put a trick on the felt: ``cards`` in play order, ``seats[i]`` played ``cards[i]``
        with personal trump ``trumps[i]``; with the engine's ``result``, its winning card is
        marked and the verdict shown next to it. The first seat is marked as the leader.

        A trick with fewer cards than seats at the table is not over: its card winning so far
        is marked as such and ``standing`` says so, and no verdict is shown. ``rule`` is the
        ruling's id as the page names it (Call Bridge's B4 ids); the engine's id by default.
        ``trump_lead`` is the C5 rule the trick was decided under, for the verdict's words.
        Seats not at the table yet are seated, clockwise in the order given.
        """
        if len(seats) < len(cards) or (trumps is not None and len(trumps) < len(cards)):
            raise ValueError(
                f"bad trick: {len(cards)} card(s) but {len(seats)} seat(s) and "
                f"{'no' if trumps is None else len(trumps)} trump(s)"
            )
        known = {s["seat"]: s for s in self.seats}
        if any(seat not in known for seat in seats[: len(cards)]):
            self.set_table(seats, list(trumps or [None] * len(seats))[: len(seats)])
            known = {s["seat"]: s for s in self.seats}
        winner = None if result is None else result.winner
        to_play = len(self.seats) - len(cards)
        entries = []
        for i, card in enumerate(cards):
            seat = seats[i]
            mark = trump_mark(trumps[i]) if trumps is not None else known[seat]["trump"]
            entries.append(
                TrickCard(
                    seat=seat,
                    name=known[seat]["name"],
                    order=ordinal(i + 1),
                    trump=mark,
                    card=face(card),
                    winning=i == winner,
                    mark="" if i != winner else _("winning so far") if to_play > 0 else _("wins"),
                )
            )
        self.mark(leader=seats[0] if cards else None, turn=turn)
        ruling = rule or (result.rule.value if result is not None else "")
        if result is None or to_play > 0:
            verdict: dict[str, Any] = {}
            standing = "" if result is None else self._standing(result, seats, rule_label(ruling))
        else:
            verdict = dict(self._verdict(result, list(seats), ruling, trump_lead))
            standing = ""
        with self.hold_sync():
            if [e["card"]["text"] for e in entries] != [
                e["card"]["text"] for e in self._answer["trick"]
            ]:
                self.revealed = False
            self._answer = {"trick": entries, "verdict": verdict, "standing": standing}
            self._publish()

    @staticmethod
    def _verdict(
        result: TrickResult, seats: list[str], rule: str, trump_lead: TrumpLead | None
    ) -> Verdict:
        """The finished trick's verdict, a sentence naming the winner's seat as a sentence
        writes it (``Észak``, where the badge shows ``É``), never the badge's own text, which
        may carry more (``W · called 3 · won 1``)."""
        seat = seats[result.winner]
        win = result.winning_card
        who = _("{name} wins").format(name=seat_name(seat))
        ruling = rule_data(rule)
        return Verdict(
            seat=seat,
            who=who,
            card=face(win),
            headline=_("{who} with {card}").format(who=who, card=card_text(win)),
            summary=words.rule_summary(result.rule),
            sentence=words.explain(result, trump_lead),
            rule=ruling["rule"],
            rule_id=ruling["rule_id"],
            rule_words=ruling["rule_words"],
            rule_href=ruling["rule_href"],
            rule_taught=ruling["rule_taught"],
        )

    def _standing(self, result: TrickResult, seats: Sequence[str], rule: str) -> str:
        """The trick in progress in a sentence: the card winning so far, under which ruling as
        things stand, and who is still to play (named when ``seats`` gives the whole order)."""
        played = len(result.cards)
        to_play = len(self.seats) - played
        if len(seats) == len(self.seats):
            still = words.still_to_play(seats[played:])
        else:
            still = words.players_to_play(to_play)
        return _("{seat}'s {card} is winning so far ({rule} as things stand); {still}.").format(
            seat=seat_name(seats[result.winner]),
            card=card_text(result.winning_card),
            rule=rule,
            still=still,
        )

    def show_hand(
        self,
        cards: Sequence[Card],
        playable: Collection[Card] | None = None,
        *,
        why: Mapping[Card, str] | Callable[[Card], str] | str | None = None,
        hint: Card | None = None,
        hint_why: str = "",
        wrong: Collection[Card] = (),
        costs: Mapping[Card, tuple[int, str]] | None = None,
    ) -> None:
        """Put a hand along the bottom: each card in ``playable`` (all, if not given) can be
        played; the others say ``why`` not (a sentence, one per card, or a function of the
        card). ``hint`` marks a suggested card and ``hint_why`` says why in a sentence; cards
        in ``wrong`` are marked as answers already tried. With the hint, ``costs`` gives the
        cards that cost points their cost and its sentence: the cost is drawn on the card
        (a minus sign, :data:`MINUS`, and the points) and the sentences are listed under the hint.

        >>> from calypso.cards import parse_cards
        >>> table = CardTable()
        >>> two, king = parse_cards("2H KH")
        >>> table.show_hand([two, king], hint=two, hint_why="Best.", costs={king: (30, "K.")})
        >>> [(c["text"], c["hint"], c["cost"] == MINUS + "30") for c in table.hand]
        [('2H', True, False), ('KH', False, True)]
        >>> table.hint_notes
        ['K.']
        """
        allowed = set(cards if playable is None else playable)
        why = _("not playable now") if why is None else why
        marked = False
        hand = []
        for card in cards:
            ok = card in allowed
            if ok:
                reason = ""
            elif isinstance(why, str):
                reason = why
            elif isinstance(why, Mapping):
                reason = why.get(card, _("not playable now"))
            else:
                reason = why(card)
            is_hint = card == hint and not marked
            marked = marked or is_hint
            cost, cost_why = costs.get(card, (0, "")) if costs and hint is not None else (0, "")
            hand.append(
                HandCard(
                    **face(card),
                    playable=ok,
                    why=reason,
                    hint=is_hint,
                    mark="wrong" if card in wrong else "",
                    cost=MINUS + words.number(cost) if cost else "",
                    cost_why=cost_why,
                )
            )
        with self.hold_sync():
            self.hand = hand
            self.hint = hint_why if hint is not None else ""
            self.hint_notes = (
                [note for _cost, note in (costs or {}).values()] if hint is not None else []
            )

    def give_feedback(self, text: str, *, right: bool) -> None:
        """Say what the learner's answer was worth, at the top of the verdict (shown with it)."""
        verdict = self._answer["verdict"]
        if not verdict:
            raise ValueError("there is no verdict to add feedback to: show a trick's result first")
        tone = "right" if right else "wrong"
        self._answer["verdict"] = {**verdict, "feedback": text, "tone": tone}
        self._publish()

    def focus_question(self) -> None:
        """Ask the page to move the keyboard focus to the question (a stage begun again from
        a button that then hides)."""
        self.send({"type": "focus"})

    def clear(self) -> None:
        """Take the trick, the verdict, the hand and the hint off the table."""
        with self.hold_sync():
            self._answer = {"trick": [], "verdict": {}, "standing": ""}
            self._publish()
            self.hand, self.hint, self.hint_notes = [], "", []
            self.mark()

    # -- what comes back from the page ---------------------------------------------------------

    def on_card(self, callback: Callable[[Card], object]) -> None:
        """Call ``callback(card)`` when a playable card of the hand is clicked (or played
        from the keyboard)."""
        self._card_callbacks.append(callback)

    def on_reveal(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` when the verdict is revealed (reveal mode only)."""
        self._reveal_callbacks.append(callback)

    def on_seat(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(seat)`` when a seat is picked (``seat_pick`` on)."""
        self._seat_callbacks.append(callback)

    def on_next(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` when the button named by ``next_label`` is pressed."""
        self._next_callbacks.append(callback)

    def on_choice(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(key)`` when one of the ``choices`` not yet marked is pressed."""
        self._choice_callbacks.append(callback)

    def on_key(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(name)`` when a key named in ``key_names`` is pressed."""
        self._key_callbacks.append(callback)

    def _on_message(self, _widget: object, content: object, _buffers: object = None) -> None:
        self.receive(content)

    def receive(self, content: object) -> None:
        """Act on a message from the page: ``{"type": "card", "card": "10H"}`` for a playable
        card of the hand, ``{"type": "reveal"}`` in reveal mode, ``{"type": "seat", "seat": "N"}``
        for a seat at the table when ``seat_pick`` is on, ``{"type": "next"}`` when
        ``next_label`` is set, ``{"type": "key", "key": "next"}`` for a key named in ``key_names``,
        ``{"type": "choice", "key": "pile"}`` for one of the ``choices`` not yet marked.
        Anything else is ignored. A message with an ``ask`` token (the page showed the
        ``thinking`` mark) is answered, once acted on, by setting :attr:`answered` to it.

        >>> table = CardTable(thinking="W is thinking…")
        >>> table.receive({"type": "next", "ask": "ct1-1"})
        >>> table.answered
        'ct1-1'
        """
        if not isinstance(content, Mapping):
            return
        ask = content.get("ask")
        try:
            self._act(content)
        finally:
            if isinstance(ask, str) and ask:
                self.answered = ask

    def _act(self, content: Mapping[str, Any]) -> None:
        kind = content.get("type")
        if kind == "card":
            card = self._playable(content.get("card"))
            if card is not None:
                for callback in list(self._card_callbacks):
                    callback(card)
        elif kind == "reveal" and self.reveal_mode and not self.revealed:
            self.revealed = True
            for reveal in list(self._reveal_callbacks):
                reveal()
        elif kind == "seat" and self.seat_pick:
            seat = content.get("seat")
            if any(s["seat"] == seat for s in self.seats):
                for pick in list(self._seat_callbacks):
                    pick(str(seat))
        elif kind == "next" and self.next_label:
            for go in list(self._next_callbacks):
                go()
        elif kind == "choice":
            key = content.get("key")
            if any(c.get("key") == key and not c.get("mark") for c in self.choices):
                for chosen in list(self._choice_callbacks):
                    chosen(str(key))
        elif kind == "key" and content.get("key") in self.key_names.values():
            for heard in list(self._key_callbacks):
                heard(str(content["key"]))

    def _playable(self, text: object) -> Card | None:
        """The card named by ``text`` if it is a playable card of the hand shown."""
        if not isinstance(text, str):
            return None
        try:
            card = parse_card(text)
        except ValueError:
            return None
        held = (c for c in self.hand if c.get("text") == str(card) and c.get("playable"))
        return card if any(held) else None
