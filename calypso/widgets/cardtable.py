"""The card table: seats round a felt, the trick in the middle, your hand along the bottom.

A custom widget made with anywidget: its state is a few traitlets of display data built here
from engine values (cards, suits, seat names, a trick's result), and its JavaScript (the files
``static/cardtable-*.js``, joined) only draws that data and reports clicks. It knows no suit,
rank or rule; everything it shows, the reasons a card cannot be played included, comes from Python.

>>> from calypso.engine.cards import parse_cards
>>> from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
>>> from calypso.engine.tricks import resolve_trick
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
>>> table.seat_keys  # the keys that pick the seats, named by the question
'N, E, S or W'
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

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Unpack

import anywidget
import traitlets as t

from calypso.engine.cards import Card, Suit
from calypso.engine.tricks import TrickResult, TrumpLead
from calypso.i18n import _
from calypso.widgets.assets import CARD_TABLE, STATIC, joined
from calypso.widgets.handview import HandOptions, hand_view
from calypso.widgets.tabledata import offered_card, table_words
from calypso.widgets.tableseats import SeatOptions, keys_said, seat_data
from calypso.widgets.trickview import trick_view

MESSAGES = ("card", "reveal", "seat", "next", "choice", "key")
"""The kinds of message the page sends, each heard by the callbacks given for it."""


class CardTable(anywidget.AnyWidget):
    """Seats round a felt, the trick in play order with its winner (or the card winning so
    far, until every seat has played), and a hand of buttons.

    Python sets what is drawn (``set_table``, ``show_trick``, ``show_hand``, or the traitlets
    themselves); the page reports a click on a playable card (``on_card``), a press of
    *Reveal* (``on_reveal``), a seat picked (``on_seat``, with ``seat_pick`` on) and a press of
    the button under the verdict (``on_next``, when ``next_label`` names it). Messages the table
    does not expect are ignored.
    """

    _esm = joined(CARD_TABLE)
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
    trick_done = t.Bool(False).tag(sync=True)
    """Every seat at the table has played to the trick shown: it is over (the page gathers
    its cards onto the winner's seat when the next one replaces it, with ``piles`` on)."""
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
    """When on, every seat is a button: a click on it, or its key (the first letter of its name
    as the page's language writes it: N, E, S, W; É, K, D, N), reports the seat (``on_seat``);
    in reveal mode the question asks for a seat instead of *Reveal*."""
    seat_keys = t.Unicode("").tag(sync=True)
    """The seats' keys as the question names them (:func:`~calypso.widgets.tableseats.keys_said`:
    ``"N, E, S or W"``), kept in step with ``seats``."""
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
        self._heard: dict[str, list[Callable[..., object]]] = {kind: [] for kind in MESSAGES}
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

    @t.observe("seats")
    def _seats_changed(self, change: Mapping[str, Any]) -> None:
        self.seat_keys = keys_said(change["new"])

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
        **how: Unpack[SeatOptions],
    ) -> None:
        """Seat the players: ``seats`` clockwise as they sit, each with a personal trump
        (``trumps`` by seat, or in the order of ``seats``); ``how`` as
        :func:`~calypso.widgets.tableseats.seat_data` takes it (``you``, ``bottom``,
        ``partners``, ``names``, ``hidden``, ``shown``, ``leader``, ``turn``, ``rotate``)."""
        self.seats = seat_data(seats, trumps, **how)

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
        known = {s["seat"] for s in self.seats}
        if any(seat not in known for seat in seats[: len(cards)]):
            self.set_table(seats, list(trumps or [None] * len(seats))[: len(seats)])
        view = trick_view(
            cards, seats, trumps, result, table=self.seats, rule=rule, trump_lead=trump_lead
        )
        self.mark(leader=seats[0] if cards else None, turn=turn)
        with self.hold_sync():
            if [e["card"]["text"] for e in view.trick] != [
                e["card"]["text"] for e in self._answer["trick"]
            ]:
                self.revealed = False
            verdict = {} if view.verdict is None else dict(view.verdict)
            self._answer = {"trick": view.trick, "verdict": verdict, "standing": view.standing}
            self.trick_done = view.done
            self._publish()

    def show_hand(
        self,
        cards: Sequence[Card],
        playable: Collection[Card] | None = None,
        **how: Unpack[HandOptions],
    ) -> None:
        """Put a hand along the bottom: each card in ``playable`` (all, if not given) can be
        played; ``how`` as :func:`~calypso.widgets.handview.hand_view` takes it (``why``,
        ``hint``, ``hint_why``, ``wrong``, ``costs``).

        >>> from calypso.engine.cards import parse_cards
        >>> from calypso.widgets.tabledata import MINUS
        >>> table = CardTable()
        >>> two, king = parse_cards("2H KH")
        >>> table.show_hand([two, king], hint=two, hint_why="Best.", costs={king: (30, "K.")})
        >>> [(c["text"], c["hint"], c["cost"] == MINUS + "30") for c in table.hand]
        [('2H', True, False), ('KH', False, True)]
        >>> table.hint_notes
        ['K.']
        """
        view = hand_view(cards, playable, **how)
        with self.hold_sync():
            self.hand, self.hint, self.hint_notes = view.hand, view.hint, view.hint_notes

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
            self.trick_done = False
            self._publish()
            self.hand, self.hint, self.hint_notes = [], "", []
            self.mark()

    # -- what comes back from the page ---------------------------------------------------------

    def on_card(self, callback: Callable[[Card], object]) -> None:
        """Call ``callback(card)`` when a playable card of the hand is clicked (or played
        from the keyboard)."""
        self._heard["card"].append(callback)

    def on_reveal(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` when the verdict is revealed (reveal mode only)."""
        self._heard["reveal"].append(callback)

    def on_seat(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(seat)`` when a seat is picked (``seat_pick`` on)."""
        self._heard["seat"].append(callback)

    def on_next(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` when the button named by ``next_label`` is pressed."""
        self._heard["next"].append(callback)

    def on_choice(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(key)`` when one of the ``choices`` not yet marked is pressed."""
        self._heard["choice"].append(callback)

    def on_key(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(name)`` when a key named in ``key_names`` is pressed."""
        self._heard["key"].append(callback)

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
            kind = content.get("type")
            heard = self._heard_in(kind, content)
            if heard is not None:
                for callback in list(self._heard[str(kind)]):
                    callback(*heard)
        finally:
            if isinstance(ask, str) and ask:
                self.answered = ask

    def _heard_in(self, kind: object, content: Mapping[str, Any]) -> tuple[object, ...] | None:
        """What the callbacks for a message of this ``kind`` are called with; ``None`` for a
        message the table does not expect now (a reveal is recorded here)."""
        value = content.get("key" if kind in ("choice", "key") else str(kind))
        if kind == "card":
            card = offered_card(value, self.hand)
            return None if card is None else (card,)
        if kind == "reveal" and self.reveal_mode and not self.revealed:
            self.revealed = True
            return ()
        if kind == "seat" and self.seat_pick and any(s["seat"] == value for s in self.seats):
            return (str(value),)
        if kind == "next" and self.next_label:
            return ()
        if kind == "choice" and any(
            c.get("key") == value and not c.get("mark") for c in self.choices
        ):
            return (str(value),)
        if kind == "key" and value in self.key_names.values():
            return (str(value),)
        return None
