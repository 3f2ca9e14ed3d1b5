"""The table: dealing from the 208-card pack, seats, partners and personal trumps.

Both widgets keep their state in the page address, so a link shows the same: the hand
dealer its seed (key ``hand``), the table view the seat it is seen from and the four trumps
(key ``table``).

>>> viewer = TableView(seed=1)
>>> viewer.view.value = "E"
>>> [(seat["seat"], seat["role"]) for seat in viewer.table.seats]
[('E', 'you'), ('S', 'left-hand opponent'), ('W', 'partner'), ('N', 'right-hand opponent')]
>>> viewer.link.value
'E.HDSC'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from calypso.engine.cards import Suit
from calypso.i18n import _, card_text, seat_name
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS, Game, parse_trumps, partner_of
from calypso.widgets.base import (
    SEED_MAX,
    Message,
    Panel,
    button,
    cards_html,
    seed_box,
    suit_dropdown,
)
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink

SUITS_HIGH_FIRST = tuple(reversed(Suit))


@dataclass(frozen=True)
class HandLink:
    """What a link to the hand dealer holds: the seed of the deal.

    >>> HandLink.from_link("12"), HandLink(7).to_link()
    (HandLink(seed=12), '7')
    >>> HandLink.from_link("x")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a deal: here is the first hand.
    """

    seed: int

    def to_link(self) -> str:
        return str(self.seed)

    @classmethod
    def from_link(cls, text: str) -> HandLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        if not text.isdigit() or int(text) > SEED_MAX:
            raise ValueError(_("That link does not name a deal: here is the first hand."))
        return cls(int(text))


@dataclass(frozen=True)
class TableLink:
    """What a link to the table view holds: the seat it is seen from, then the trumps of N, E,
    S and W as suit letters (C1).

    >>> TableLink.from_link("E.HDSC").to_link(), TableLink.from_link("E.HDSC").you
    ('E.HDSC', 'E')
    >>> TableLink.from_link("E.HHSC")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a seat and four trumps: here is the table from S.
    """

    you: str
    trumps: tuple[Suit, ...]

    def to_link(self) -> str:
        return f"{self.you}.{''.join(s.letter for s in self.trumps)}"

    @classmethod
    def from_link(cls, text: str) -> TableLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        you, _dot, trumps = text.partition(".")
        try:
            if you not in SEATS:
                raise ValueError(you)
            return cls(you, parse_trumps(trumps))
        except ValueError:
            raise ValueError(
                _("That link does not name a seat and four trumps: here is the table from S.")
            ) from None


class HandDealer(Panel):
    """Deal one 13-card hand from a freshly shuffled 208-card pack, and spot the duplicates."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed_box(seed)
        self.deal = button(_("Deal another hand"), icon="random")
        self.hand = w.HTML()
        self.link = PageLink(key="hand")
        self.seed.observe(self.guard(lambda _: self.show()), "value")
        self.deal.on_click(self.guard(lambda _: self.next()))
        self.link.on_open(self.guard(self.open_link))
        controls = w.HBox(
            [self.seed, self.deal], layout=w.Layout(flex_flow="row wrap", align_items="center")
        )
        super().__init__(_("A hand from the 208-card pack"), [controls, self.hand, self.link])
        self.show()

    def open_link(self, text: str) -> None:
        """Deal the hand of the seed a link names (:class:`HandLink`)."""
        self.seed.value = HandLink.from_link(text).seed

    def next(self) -> None:
        self.seed.value += 1

    def show(self) -> None:
        hand = Game(self.seed.value).hand("N")
        twins = [card for card, n in Counter(hand).items() if n > 1]
        note = (
            _(
                "Two or more copies of {cards}: with four packs mixed, identical cards are common."
            ).format(cards=", ".join(card_text(c) for c in twins))
            if twins
            else _("No duplicates this time, but with four packs mixed they are common.")
        )
        self.hand.value = f'<div class="calypso-felt">{cards_html(hand)}</div><p>{escape(note)}</p>'
        self.link.value = HandLink(self.seed.value).to_link()
        self.message.clear()


class TrumpPicker(w.HBox):
    """Four suit pickers, one per seat, that always hold four different suits.

    Choosing a suit another seat holds makes the two seats swap. ``on_change`` is called with
    the new trumps (N, E, S, W) after every change.
    """

    def __init__(self, message: Message, on_change: Callable[[tuple[Suit, ...]], None]) -> None:
        self.trumps = DEFAULT_TRUMPS
        self._message, self._on_change, self._syncing = message, on_change, False
        self.pickers = {
            seat: suit_dropdown(seat, SUITS_HIGH_FIRST, suit)
            for seat, suit in zip(SEATS, DEFAULT_TRUMPS, strict=True)
        }
        for picker in self.pickers.values():
            picker.observe(self._picked, "value")
        self.reset = button(_("Default trumps"), icon="undo")
        self.reset.on_click(lambda _: self.set(DEFAULT_TRUMPS))
        super().__init__(
            [*self.pickers.values(), self.reset], layout=w.Layout(flex_flow="row wrap")
        )

    def _picked(self, change: dict[str, object]) -> None:
        if self._syncing:
            return
        seat = next(s for s, picker in self.pickers.items() if picker is change["owner"])
        new, old = Suit.parse(str(change["new"])), Suit.parse(str(change["old"]))
        other = next(s for s, t in zip(SEATS, self.trumps, strict=True) if t == new)
        trumps = [old if s == other else t for s, t in zip(SEATS, self.trumps, strict=True)]
        trumps[SEATS.index(seat)] = new
        self.set(parse_trumps(trumps))
        if other != seat:
            self._message.info(
                _("{seat} and {other} swapped trumps: every seat keeps a different suit.").format(
                    seat=seat_name(seat), other=seat_name(other)
                )
            )

    def set(self, trumps: tuple[Suit, ...]) -> None:
        """Show ``trumps`` in the pickers and report them once."""
        self._message.clear()
        self.trumps = trumps
        self._syncing = True
        try:
            for seat, suit in zip(SEATS, trumps, strict=True):
                self.pickers[seat].value = suit.letter
        finally:
            self._syncing = False
        self._on_change(trumps)


class TableView(Panel):
    """Assign the four personal trumps and look at the table from any seat: your hand face up
    at the bottom, your partner across, the opponents left and right."""

    def __init__(self, seed: int = 1) -> None:
        self._seed = seed
        self.table = CardTable(label=_("The table"), empty_text="")
        self.view = w.ToggleButtons(
            options=[(seat_name(s, full=True), s) for s in SEATS],
            value="S",
            description=_("View from"),
            style={"button_width": "5.5em", "description_width": "initial"},
        )
        message = Message()
        self.trump_picker = TrumpPicker(message, self.guard(lambda _: self.show()))
        self.link = PageLink(key="table")
        self.view.observe(self.guard(lambda _: self.show()), "value")
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("The table"),
            [self.trump_picker, self.view, self.table, self.link],
            message=message,
        )
        self.show()

    def open_link(self, text: str) -> None:
        """Show the table a link names (:class:`TableLink`)."""
        link = TableLink.from_link(text)
        self.trump_picker.set(link.trumps)
        self.view.value = link.you

    def show(self) -> None:
        you = self.view.value
        trumps = self.trump_picker.trumps
        game = Game(self._seed, trumps=[s.letter for s in trumps])
        with self.table.hold_sync():
            self.table.label = _("The table seen from {seat}").format(
                seat=seat_name(you, full=True)
            )
            self.table.set_table(SEATS, trumps, you=you, partners=True, hidden=13)
            self.table.show_hand(
                game.hand(you), playable=(), why=_("a hand to look at: no trick is being played")
            )
            self.table.status = _(
                "Play goes clockwise: {order}. You are {seat}; your partner {partner} sits across."
            ).format(
                order=" → ".join(seat_name(s) for s in SEATS),
                seat=seat_name(you),
                partner=seat_name(partner_of(you)),
            )
        self.link.value = TableLink(you, trumps).to_link()
