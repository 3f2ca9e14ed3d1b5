"""Auction Calypso: comparing bids, the contract calculator, a table to watch or join, and
where the cards go between hands. Each keeps what it shows in the page address, so a link
reproduces it.

>>> compare = BidComparer()
>>> compare.first.value, compare.second.value = "170S", "170C"
>>> "170♠ outranks 170♣" in compare.verdict.value, compare.link.value
(True, '170S.170C')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import ClassVar

import ipywidgets as w

from calypso import render
from calypso.auction import (
    MAX_CALYPSOS,
    MIN_POINTS_WITHOUT_CALYPSOS,
    MULTIPLIERS,
    BadBid,
    Bid,
    Call,
    CallKind,
    calypso_bonus,
    parse_bid,
    score_contract,
)
from calypso.auction.bots import AuctionBot, auction_bots
from calypso.auction.game import SEATS_BY_PLAYERS, SETUPS, AuctionGame, HandRecord, Phase
from calypso.auction.record import SPEC
from calypso.cards import SUITS, Card, Suit
from calypso.i18n import N_, _, ngettext, pgettext, seat_name
from calypso.limits import OutOfRange
from calypso.moves import Declined, TrumpChoice
from calypso.seating import Seating
from calypso.table import play_order
from calypso.widgets.base import (
    Field,
    Panel,
    button,
    number_box,
    range_words,
    seed_box,
    stale,
    suit_dropdown,
)
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.words import declined, higher, refusal_reason, worded

WATCH = "watch"
NEXT_TRICK = N_("Next trick")


def _phase_name(phase: str) -> str:
    """A hand's phase (its value) by name, for the status line."""
    names = {
        "auction": pgettext("phase", "Auction"),
        "trumps": pgettext("phase", "Trumps"),
        "play": pgettext("phase", "Play"),
        "over": pgettext("phase", "Over"),
    }
    return names.get(phase, phase)


def place_name(place: str) -> str:
    """Where cards lie at the start of a hand (a key of :meth:`AuctionGame.places`, A9), by
    name in the page's language.

    >>> from calypso.i18n import language
    >>> place_name("sin-bin"), place_name("green room")
    ('sin-bin', 'green room')
    >>> with language("hu"):
    ...     place_name("sin-bin"), place_name("green room")
    ('büntetőpad', '„zöld szoba”')
    """
    names = {
        "green room": _("green room"),
        "hands": _("hands"),
        "trick": _("trick"),
        "calypsos in progress": _("calypsos in progress"),
        "completed calypsos": _("calypsos completed"),
        "trickpiles": _("trickpiles"),
        "sin-bin": _("sin-bin"),
    }
    return names.get(place, place)


def _seat_options(players: int) -> list[tuple[str, str]]:
    """The seat choice: watch, or one of the seats of a table of ``players``."""
    return [(_("watch"), WATCH), *((seat_name(s), s) for s in SEATS_BY_PLAYERS[players])]


def _setup_name(setup: str) -> str:
    """A setup (:data:`SETUPS`) by name, in the page's language."""
    names = {
        "none": pgettext("setup", "none"),
        "balanced": pgettext("setup", "balanced"),
        "standard": pgettext("setup", "standard"),
        "random": pgettext("setup", "random"),
        "random-equal": pgettext("setup", "random-equal"),
    }
    return names.get(setup, setup)


SETUP_NOTES = {
    "none": N_("Every calypso starts empty."),
    "balanced": N_(
        "Everyone starts with the same cards: the different ones among 30 turned up from the "
        "pack (the recommended setup)."
    ),
    "standard": N_("Everyone starts with the same fixed cards, six in each suit."),
    "random": N_(
        "Each player starts with their own cards: the different ones among 30 drawn for them alone."
    ),
    "random-equal": N_(
        "Each player draws their own cards, until they have as many different ones as the "
        "dealer's balanced start."
    ),
}
"""What each setup (:data:`SETUPS`, A2) puts in the calypsos at the start, in a line."""


BID_WORDS = {
    "form": N_(
        "“{text}” is not a bid: write points and a suit letter, like 170C, or calypsos, "
        "a plus sign, points and a suit, like 1+20S."
    ),
    "step": N_("“{text}” is not a bid: points go in tens (170, 180, ...)."),
    "minimum": N_("“{text}” is too low: a bid with no calypsos needs at least {points} points."),
    "calypsos": N_("“{text}” asks too much: a bid names 0 to {most} calypsos."),
}
"""Why a typed bid cannot be made, in a learner's words, by the engine's reason."""


def bid_words(reason: str, text: str) -> str:
    """Why the bid typed as ``text`` cannot be made, by the engine's ``reason`` (:class:`BadBid`).

    >>> bid_words("minimum", "160C")
    '“160C” is too low: a bid with no calypsos needs at least 170 points.'
    """
    return _(BID_WORDS[reason]).format(
        text=text, points=MIN_POINTS_WITHOUT_CALYPSOS, most=MAX_CALYPSOS
    )


@dataclass(frozen=True)
class BidsLink:
    """What a link to the bid comparer holds: two bids, ``+`` written ``_``.

    >>> link = BidsLink.from_link("1_20S.170C")
    >>> link.first.calypsos, link.second.points, link.to_link()
    (1, 170, '1_20S.170C')
    """

    first: Bid
    second: Bid

    def to_link(self) -> str:
        return f"{self.first}.{self.second}".replace("+", "_")

    @classmethod
    def from_link(cls, text: str) -> BidsLink:
        """Read a link's text; a bid that cannot be made, or not two, raise ``ValueError``."""
        first, second = (parse_bid(bid) for bid in text.replace("_", "+").split("."))
        return cls(first, second)


@dataclass(frozen=True)
class ContractLink:
    """What a link to the contract calculator holds: the six numbers in the order they are
    asked, then 0, 1 or 2 for undoubled, doubled or redoubled (numbers the rules do not allow
    are kept, so that their notes show).

    >>> ContractLink.from_link("240.0.19.5.8.0.0").values[-1], ContractLink((1,) * 7).to_link()
    (0, '1.1.1.1.1.1.1')
    """

    values: tuple[int, ...]

    def to_link(self) -> str:
        return ".".join(str(value) for value in self.values)

    @classmethod
    def from_link(cls, text: str) -> ContractLink:
        """Read a link's text; anything else raises ``ValueError``."""
        numbers = text.split(".")
        if not (
            len(numbers) == 7
            and all(n.isdigit() and len(n) <= 4 for n in numbers)
            and int(numbers[-1]) < len(MULTIPLIERS)
        ):
            raise ValueError(f"bad contract {text!r}")
        return cls(tuple(int(n) for n in numbers))


@dataclass(frozen=True)
class FlowLink:
    """What a link to the cards between hands holds: the game's seed and the hand shown.

    >>> FlowLink.from_link("2.3"), FlowLink(2, 3).to_link()
    (FlowLink(seed=2, hand=3), '2.3')
    """

    seed: int
    hand: int

    def to_link(self) -> str:
        return f"{self.seed}.{self.hand}"

    @classmethod
    def from_link(cls, text: str) -> FlowLink:
        """Read a link's text; anything else raises ``ValueError``."""
        seed, _dot, hand = text.partition(".")
        if not (seed.isdigit() and hand.isdigit()):
            raise ValueError(f"bad flow {text!r}")
        return cls(int(seed), int(hand))


class BidComparer(Panel):
    """Type two bids and see which one outranks the other, and why (A4).

    A bid that cannot be made is marked where it was typed, with a note saying why, and the
    comparison is greyed until it is put right. The page address (key ``bids``) holds the two
    bids as they are written, a ``_`` for each ``+`` (``270S.1_20S``), while both can be made.
    """

    DEFAULT = ("270S", "1+20S")
    """The two bids the comparer starts with."""

    def __init__(
        self, first: str = DEFAULT[0], second: str = DEFAULT[1], link: str = "bids"
    ) -> None:
        self.first = w.Text(value=first, description=_("Bid A"), layout=w.Layout(width="14em"))
        self.second = w.Text(value=second, description=_("Bid B"), layout=w.Layout(width="14em"))
        self.fields = [Field(self.first), Field(self.second)]
        self.verdict = w.HTML()
        self.link = PageLink(key=link)
        for box in (self.first, self.second):
            box.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("Which bid is higher?"),
            [w.HBox(self.fields, layout=w.Layout(flex_flow="row wrap")), self.verdict, self.link],
        )
        self.update()

    def open_link(self, text: str) -> None:
        """Compare the two bids a link holds; a link that holds no two bids shows the usual
        two, and says so."""
        try:
            link = BidsLink.from_link(text)
        except ValueError:  # a bid that cannot be made, or not two of them
            self.first.value, self.second.value = self.DEFAULT
            raise ValueError(
                _("That link does not hold two bids, so here are the usual two.")
            ) from None
        self.first.value, self.second.value = str(link.first), str(link.second)

    def _read(self, field: Field) -> Bid | None:
        field.fine()
        try:
            return parse_bid(field.control.value)
        except BadBid as error:
            field.problem(bid_words(error.reason, field.control.value.strip()))
            return None

    def update(self) -> None:
        a, b = (self._read(field) for field in self.fields)
        stale(self.verdict, a is None or b is None)
        if a is None or b is None:
            self.link.value = ""
            return
        self.link.value = BidsLink(a, b).to_link()
        if a == b:
            text = _("{a} and {b} are the same bid: neither outranks the other.").format(
                a=a.symbol, b=b.symbol
            )
        else:
            high, low = (a, b) if a.beats(b) else (b, a)
            why = high.beats(low)
            assert why is not None
            text = _("{high} outranks {low}: {why}.").format(
                high=high.symbol, low=low.symbol, why=higher(why)
            )
        self.verdict.value = (
            f'<p class="calypso-verdict" style="font-size:1.1em">{escape(text)}</p>'
        )
        self.message.clear()


_int_box = partial(number_box, width="calc(100% - 4px)", label_width="initial")  # 4px: margins
"""The calculator's number boxes: each label as long as its words, the box taking the rest of
its column (so a long label never pushes the box out of a phone's panel)."""


class ContractCalculator(Panel):
    """Declarer's score for a hand, with selling and doubling shown line by line (A7).

    A number the rules do not allow is marked where it was typed, with a note in plain words,
    and the score is greyed until it is put right. The page address (key ``contract``) holds
    the six numbers in the order they are asked, then 0, 1 or 2 for undoubled, doubled or
    redoubled: ``240.0.19.5.8.0.1``.
    """

    WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        "bid calypsos": (N_("calypsos bid"), N_("a bid names 0 to {most} calypsos")),
        "trickpile": (
            N_("cards in the trickpile"),
            N_(
                "a hand deals 51 cards to three players, 52 to four, so a trickpile holds at "
                "most that"
            ),
        ),
        "cards in progress": (N_("cards in progress"), N_("a calypso in progress has 0 to 12")),
        "cards needed": (N_("cards still needed"), N_("a calypso needs 1 to 13 more cards")),
        "completed calypsos": (N_("completed calypsos"), N_("a hand completes 0 to {most}")),
    }
    """For each number the engine checks: what it counts, as a noun after its number ("60
    cards in the trickpile", which a language may word otherwise than the box's label), and
    what the rules allow (catalog messages, ``{most}`` the most calypsos a bid names)."""

    DEFAULT = (240, 0, 19, 5, 8, 0, 0)
    """What the calculator starts with, in a link's order: A7's example contract."""

    def __init__(self, link: str = "contract") -> None:
        self.points = _int_box(_("bid points"), 240, step=10)
        self.calypsos = _int_box(_("bid calypsos"), 0)
        self.trickpile = _int_box(_("trickpile cards"), 19)
        self.in_progress = _int_box(_("cards in progress"), 5)
        self.needed = _int_box(_("needed at the start"), 8)
        self.completed = _int_box(_("calypsos completed"), 0)
        self.doubled = w.ToggleButtons(
            options=[(_("undoubled"), 0), (_("doubled"), 1), (_("redoubled"), 2)],
            value=0,
            style={"button_width": "7em"},
        )
        self.fields = {
            "bid points": Field(self.points),
            "bid calypsos": Field(self.calypsos),
            "trickpile": Field(self.trickpile),
            "cards in progress": Field(self.in_progress),
            "cards needed": Field(self.needed),
            "completed calypsos": Field(self.completed),
        }
        self.result = w.HTML()
        self.link = PageLink(key=link)
        self.score = score_contract(*self.DEFAULT)
        for box in self.controls:
            box.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        grid = w.GridBox(
            list(self.fields.values()),
            layout=w.Layout(
                grid_template_columns="repeat(auto-fill, minmax(min(18em, 100%), 1fr))"
            ),
        )
        super().__init__(_("Contract calculator"), [grid, self.doubled, self.result, self.link])
        self.update()

    @property
    def controls(self) -> list[w.DOMWidget]:
        """The six number boxes and the doubling, in the order a link holds them."""
        return [*(field.control for field in self.fields.values()), self.doubled]

    def open_link(self, text: str) -> None:
        """Score the contract a link holds, even with numbers the rules do not allow (their
        notes show too); a link that holds no contract shows A7's example, and says so."""
        try:
            values, fine = ContractLink.from_link(text).values, True
        except ValueError:
            values, fine = self.DEFAULT, False
        for control, value in zip(self.controls, values, strict=True):
            control.value = value
        if not fine:
            raise ValueError(_("That link does not hold a contract, so here is A7's example."))

    def update(self) -> None:
        for field in self.fields.values():
            field.fine()
        self.link.value = ContractLink(tuple(c.value for c in self.controls)).to_link()
        try:
            self.score = score_contract(
                self.points.value,
                self.calypsos.value,
                self.trickpile.value,
                self.in_progress.value,
                self.needed.value,
                self.completed.value,
                self.doubled.value,
            )
        except OutOfRange as error:
            noun, limits = self.WORDS[error.what]
            allowed = _(limits).format(most=MAX_CALYPSOS)
            self.fields[error.what].problem(range_words(error, _(noun), allowed))
            stale(self.result, True)
            return
        except BadBid as error:
            self.fields["bid points"].problem(
                bid_words(error.reason, _("{points} points").format(points=self.points.value))
            )
            stale(self.result, True)
            return
        stale(self.result, False)
        score = self.score
        steps = [
            ngettext(
                "Card points: {cards} trickpile card × 10 = {points}.",
                "Card points: {cards} trickpile cards × 10 = {points}.",
                self.trickpile.value,
            ).format(cards=self.trickpile.value, points=score.card_points)
        ]
        if not score.calypsos_made:
            steps.append(
                ngettext(
                    "Only {made} of the {bid} bid calypso completed: the contract fails, and "
                    "nothing may be sold.",
                    "Only {made} of the {bid} bid calypsos completed: the contract fails, and "
                    "nothing may be sold.",
                    self.calypsos.value,
                ).format(made=self.completed.value, bid=self.calypsos.value)
            )
        elif score.short:
            steps.append(
                ngettext(
                    "{short} points short of the bid: selling {sell} card(s) at 20 each would "
                    "close the gap; {held} are in progress to sell.",
                    "{short} points short of the bid: selling {sell} card(s) at 20 each would "
                    "close the gap; {held} are in progress to sell.",
                    score.to_sell,
                ).format(short=score.short, sell=score.to_sell, held=self.in_progress.value)
            )
        else:
            steps.append(_("The card points reach the bid: nothing needs selling."))
        steps.append(
            _("The bid points count × {times} ({doubling}).").format(
                times=MULTIPLIERS[self.doubled.value], doubling=self.doubled.label
            )
        )
        self.result.value = render.contract_score(score, steps)
        self.message.clear()


class BonusTable(Panel):
    """The calypso bonus, 40 + 10n² for n cards still needed, as a table drawn to scale (A7)."""

    def __init__(self) -> None:
        bonuses = {n: calypso_bonus(n) for n in range(1, 14)}
        title = _("The calypso bonus by cards still needed at the start of the hand:")
        table = render.bonus_table(bonuses)
        super().__init__(_("The calypso bonus"), [w.HTML(f"<p>{escape(title)}</p>{table}")])


@dataclass(frozen=True)
class AuctionLink:
    """What a link to an auction table holds: the seed, the players, your seat (``watch``:
    you watch), the setup, then your moves (calls with ``_`` for ``+``, ``t`` and the suits
    you hand out, cards, ``n`` for *Next trick*), or, watching, the number of moves watched.

    >>> AuctionLink.from_link("7.3.N.balanced.pass.1_20S")
    AuctionLink(seed=7, players=3, seat='N', setup='balanced', moves=('pass', '1_20S'))
    >>> AuctionLink(4, 4, "watch", "balanced", ("5",)).to_link()
    '4.4.watch.balanced.5'
    >>> AuctionLink.from_link("4.3.S.balanced")
    Traceback (most recent call last):
    ...
    ValueError: bad auction link '4.3.S.balanced'
    """

    seed: int
    players: int
    seat: str
    setup: str
    moves: tuple[str, ...] = ()

    def to_link(self) -> str:
        head = [str(self.seed), str(self.players), self.seat, self.setup]
        return ".".join([*head, *self.moves])

    @classmethod
    def from_link(cls, text: str) -> AuctionLink:
        """Read a link's text; anything else raises ``ValueError``."""
        seed, players, seat, setup, *moves = [*text.split("."), "", "", ""][
            : max(4, len(text.split(".")))
        ]
        seats = SEATS_BY_PLAYERS.get(int(players) if players.isdigit() else 0, ())
        watching = seat == WATCH and (not moves or (len(moves) == 1 and moves[0].isdigit()))
        if not (seed.isdigit() and seats and setup in SETUPS and (watching or seat in seats)):
            raise ValueError(f"bad auction link {text!r}")
        return cls(int(seed), int(players), seat, setup, tuple(moves))


class AuctionTable(Panel):
    """Watch bots bid and play a hand call by call, or take a seat and join in.

    The play is drawn on the card table: your hand along the bottom (the cards you may play
    outlined, the others saying why not), the trick in play order with the card winning so
    far, and when a trick closes, its verdict next to the winning card until you play again
    (or press *Next trick* when another player leads). The deal, the seat and your moves so
    far are in the page address (key ``link``, ``auction`` unless a page has two tables), so
    a link replays the hand to where it was.

    >>> table = AuctionTable(seed=7, seat="N")
    >>> table.human_call(Call(CallKind.PASS))
    >>> table.link.value
    '7.3.N.balanced.pass'
    """

    def __init__(
        self,
        seed: int = 1,
        players: int = 3,
        seat: str = WATCH,
        setup: str = "balanced",
        link: str = "auction",
    ) -> None:
        self.players = w.ToggleButtons(
            options=[(_("three"), 3), (_("four"), 4)],
            value=players,
            description=_("Players"),
            style={"button_width": "5em"},
        )
        self._syncing = False
        self.seat = w.Dropdown(
            options=_seat_options(players),
            value=seat,
            description=_("You"),
            layout=w.Layout(width="11em"),
        )
        self.setup = w.Dropdown(
            options=[(_setup_name(s), s) for s in SETUPS],
            value=setup,
            description=_("Setup"),
            layout=w.Layout(width="13em"),
        )
        self.setup.add_class("calypso-whole-label")  # no language's word for it is cut
        self.setup_note = w.HTML(layout=w.Layout(max_width="26em"))
        self.setup_note.add_class("calypso-setup-note")
        self.seed = seed_box(seed, _("deal seed"))
        self.new = button(_("New hand"), icon="play")
        self.step = button(_("Next move"), icon="step-forward")
        self.finish = button(_("Play out the hand"), icon="fast-forward")
        self.bid_calypsos = w.Dropdown(
            options=list(range(MAX_CALYPSOS + 1)),
            value=0,
            description=_("calypsos"),
            layout=w.Layout(width="10em"),
        )
        self.bid_points = number_box(
            _("points"), 170, low=0, high=990, step=10, width="10em", label_width=None
        )
        self.bid_suit = w.ToggleButtons(
            options=[(s.symbol, s.letter) for s in SUITS], style={"button_width": "2.5em"}
        )
        self.bid = button(pgettext("call", "Bid"))
        self.pass_ = button(pgettext("call", "Pass"))
        self.double = button(pgettext("call", "Double"))
        self.redouble = button(pgettext("call", "Redouble"))
        self.trump_choice = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.status = w.HTML()
        self.calls = w.HTML()
        self.felt = CardTable(
            label=_("The auction table"),
            piles=True,
            layout=w.Layout(flex="1 1 26rem", min_width="0"),
        )
        self.watched_hand = w.HTML()
        self.calypsos = w.HTML()
        self.link = PageLink(key=link)
        self.seating: Seating[AuctionGame] = Seating(
            self._start,
            lambda game: SPEC.seat_bots(game, self.seed.value),
            lambda game: () if self.human is None else (self.human,),
            done=lambda game: bool(game.history),  # the table plays one hand: the first
        )
        self.seed.observe(self.guard(lambda _: self.new_hand()), "value")
        self.players.observe(self.guard(lambda _: self._players_changed()), "value")
        self.setup.observe(self.guard(lambda _: self.new_hand()), "value")
        self.seat.observe(self.guard(lambda _: self.new_hand()), "value")
        self.new.on_click(self.guard(lambda _: self.new_hand()))
        self.step.on_click(self.guard(lambda _: self.advance(1)))
        self.finish.on_click(self.guard(lambda _: self.advance(10_000)))
        self.bid.on_click(
            self.guard(lambda _: self.human_call(Call(CallKind.BID, self._composed())))
        )
        self.pass_.on_click(self.guard(lambda _: self.human_call(Call(CallKind.PASS))))
        self.double.on_click(self.guard(lambda _: self.human_call(Call(CallKind.DOUBLE))))
        self.redouble.on_click(self.guard(lambda _: self.human_call(Call(CallKind.REDOUBLE))))
        self.felt.on_card(self.guard(self.human_card))
        self.felt.on_next(self.guard(self.next_trick))
        self.link.on_open(self.guard(self.open_link))
        self.bidding = w.HBox(
            [
                self.bid_calypsos,
                self.bid_points,
                self.bid_suit,
                self.bid,
                self.pass_,
                self.double,
                self.redouble,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls = w.HBox(
            [self.players, self.seat, w.VBox([self.setup, self.setup_note]), self.seed],
            layout=w.Layout(flex_flow="row wrap"),
        )
        # The status line heads the table while the hand is played; once it is over, the
        # hand's score takes its place beside the felt and its last trick (under it on a phone).
        self.heading = w.VBox([self.status])
        self.beside = w.VBox(layout=w.Layout(flex="1 1 18rem", padding="0 0.5rem"))
        play = w.Box(
            [self.felt, self.beside],
            layout=w.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"),
        )
        actions = w.HBox(
            [self.new, self.step, self.finish, self.link], layout=w.Layout(flex_flow="row wrap")
        )
        super().__init__(
            _("An auction hand"),
            [
                controls,
                actions,
                self.heading,
                self.calls,
                self.bidding,
                self.trump_choice,
                play,
                self.watched_hand,
                self.calypsos,
            ],
        )
        self.add_class("calypso-auction-table")
        self.new_hand()

    # -- the hand ------------------------------------------------------------------------------

    def _players_changed(self) -> None:
        seats = SEATS_BY_PLAYERS[self.players.value]
        keep = self.seat.value if self.seat.value in seats else WATCH
        self._syncing = True
        try:
            self.seat.options = _seat_options(self.players.value)
            self.seat.value = keep
        finally:
            self._syncing = False
        self.new_hand()

    @property
    def human(self) -> str | None:
        return None if self.seat.value == WATCH else str(self.seat.value)

    def new_hand(self) -> None:
        """Deal a fresh hand for the settings shown; the bots move until it is your turn."""
        if self._syncing:
            return
        self.seating.restart()
        self.show()

    def _start(self) -> AuctionGame:
        players = self.players.value
        options = SPEC.options.parse(
            players=players, setup=self.setup.value, hands=3 if players == 3 else 1
        )
        game: AuctionGame = SPEC.start(options, self.seed.value)
        return game

    @property
    def game(self) -> AuctionGame:
        return self.seating.game

    @property
    def moves(self) -> list[str]:
        """Your moves this hand, as the link writes them."""
        return self.seating.moves

    @property
    def watched(self) -> int:
        """Moves the bots made while you watched."""
        return self.seating.watched

    @property
    def record(self) -> HandRecord:
        """The hand on the table (the first of the game: the table plays one)."""
        return self.game.history[0] if self.seating.over else self.game.hand_record

    def advance(self, moves: int) -> None:
        """Let the bots make the next ``moves`` moves (stopping at your turn or the hand's end)."""
        if self.seating.over:
            raise ValueError(_("This hand is over: deal a new hand."))
        if self.seating.yours():
            raise ValueError(_("It is your turn: make your call or play a card."))
        if self.human is not None:  # the bots only wait for you between tricks
            self.next_trick()
            return
        self.seating.advance(moves)
        self.show()

    def _composed(self) -> Bid:
        """The bid the controls compose; one that no auction takes is refused in words."""
        calypsos, points = self.bid_calypsos.value, self.bid_points.value
        suit = Suit.parse(self.bid_suit.value)
        try:
            return Bid(calypsos, points, suit)
        except BadBid as error:
            text = f"{calypsos}+{points}{suit.symbol}" if calypsos else f"{points}{suit.symbol}"
            raise ValueError(bid_words(error.reason, text)) from None

    def _your(self, phase: Phase, move: Call | TrumpChoice | Card) -> None:
        if self.game.phase is not phase:
            raise ValueError(declined(Declined.NOT_YOUR_TURN))
        with worded():
            self.seating.move(move)
        self.show()

    def human_call(self, call: Call) -> None:
        """Make your call in the auction; the bots then move until your turn."""
        self._your(Phase.AUCTION, call)

    def human_trumps(self, choice: dict[str, str]) -> None:
        """Hand out the trumps (you won the auction); the bots then move until your turn."""
        given = tuple((s, Suit.parse(choice[s])) for s in self.game.seats if s in choice)
        suits = [suit for _seat, suit in given]
        if len(set(suits)) != len(suits):  # A5: one suit each, none the declarer's
            raise ValueError(_("Give every other player a different suit."))
        self._your(Phase.TRUMPS, TrumpChoice(given))

    def human_card(self, card: Card) -> None:
        """Play your card; the bots then play until your turn or until a trick closes."""
        self._your(Phase.PLAY, card)

    def next_trick(self) -> None:
        """Go on after a closed trick: the bots lead and play until your turn."""
        with worded():
            self.seating.next_trick()
        self.show()

    # -- links ---------------------------------------------------------------------------------

    def link_text(self) -> str:
        """Seed, players, your seat (or ``watch``), setup, then your moves (or the number of
        moves watched): what the page address holds for this table."""
        tail = self.moves if self.human is not None else [str(self.watched)] * bool(self.watched)
        return AuctionLink(
            self.seed.value, self.players.value, self.seat.value, self.setup.value, tuple(tail)
        ).to_link()

    def open_link(self, text: str) -> None:
        """Replay the hand a link names (see :meth:`link_text`); a link that does not fit
        leaves a fresh hand of the settings shown, and says so."""
        try:
            self._replay(AuctionLink.from_link(text))
        except ValueError:
            self.seating.restart()
            self.show()
            raise ValueError(
                _(
                    "That link does not lead to a hand this table can replay, so here is a fresh "
                    "hand."
                )
            ) from None

    def _replay(self, link: AuctionLink) -> None:
        self._syncing = True
        try:
            self.players.value = link.players
            self.seat.options = _seat_options(link.players)
            self.seat.value, self.setup.value, self.seed.value = link.seat, link.setup, link.seed
        finally:
            self._syncing = False
        if self.human is None:
            self.seating.restart()
            self.seating.advance(int(link.moves[0]) if link.moves else 0)
        else:
            self.seating.replay(link.moves)
        self.show()

    # -- drawing -------------------------------------------------------------------------------

    def show(self) -> None:
        game = self.game
        self.calls.value = render.auction_calls(game.seats, self.record.calls)
        yours = self.human is not None and game.turn == self.human and not self.seating.over
        self.bidding.layout.display = None if yours and game.phase is Phase.AUCTION else "none"
        self.trump_choice.children = (
            self._trump_controls() if (yours and game.phase is Phase.TRUMPS) else ()
        )
        self.step.disabled = self.finish.disabled = self.seating.over or yours
        note = escape(_(SETUP_NOTES[self.setup.value]))
        self.setup_note.value = (
            f'<p class="calypso-muted" style="line-height:1.4;margin:0 0 0.4rem">{note}</p>'
        )
        self.status.value = self._status()
        over = self.seating.over
        self.heading.children = () if over else (self.status,)
        self.beside.children = (self.status,) if over else ()
        self.beside.layout.display = None if over else "none"
        self._draw_felt()
        self.watched_hand.value = self._watched_hand()
        self.calypsos.value = self._calypsos_table()
        self.link.value = self.link_text()
        self.message.clear()

    def _status(self) -> str:
        game = self.game
        if self.seating.over:
            hand = game.history[0]
            over = escape(_("Hand over."))
            return f'<div class="calypso-hand-end"><p><b>{over}</b></p>' + (
                render.hand_summary(hand, game.seats) + "</div>"
            )
        contract = game.auction.contract
        phase = escape(_phase_name(game.phase.value))
        to_move = escape(_("{seat} to move.").format(seat=seat_name(str(game.turn))))
        lines = [f"<b>{phase}</b>: {to_move}"]
        if game.phase is Phase.PLAY:
            no_trump = _("(no trump)")
            trumps = ", ".join(
                f"{seat_name(s)} {t.symbol if t is not None else no_trump}"
                for s, t in zip(game.seats, game.trumps, strict=True)
            )
            what = (
                _("{bid} by {seat}").format(
                    bid=contract.bid.symbol, seat=seat_name(game.seats[contract.declarer])
                )
                if contract
                else _("misère")
            )
            line = _("Contract: {contract}. Trumps: {trumps}.").format(contract=what, trumps=trumps)
            lines.append(escape(line))
        return "<p>" + "<br>".join(lines) + "</p>"

    def _draw_felt(self) -> None:
        game, record, human = self.game, self.record, self.human
        over = self.seating.over
        trumps = dict(zip(game.seats, record.trumps or (None,) * len(game.seats), strict=True))
        held = None if over else {s: len(game.hand(s)) for s in game.seats if s != human}
        with self.felt.hold_sync():
            self.felt.set_table(
                game.seats,
                trumps,
                you=human,
                bottom=game.seats[0],
                partners=game.partnerships,
                hidden=held,
            )
            self._draw_trick()
            self.felt.next_label = _(NEXT_TRICK) if self.seating.waiting() else ""
            self.felt.status = self._felt_status()
            self._draw_hand()

    def _draw_trick(self) -> None:
        """The trick in progress with the card winning so far, or, between tricks, the trick
        just closed with its verdict."""
        game = self.game
        so_far = None if self.seating.over else game.trick_so_far()
        done, verdict = game.last_trick, game.last_verdict()
        if so_far is not None:
            seats = list(play_order(game.trick_leader, game.seats))
            self.felt.show_trick(game.trick, seats, list(so_far.trumps), so_far, turn=game.turn)
        elif done is not None and verdict is not None:
            order = list(verdict.trumps)
            self.felt.show_trick(list(done.cards), list(done.seats), order, verdict)
            self.felt.mark(leader=done.seats[0], turn=None if self.seating.over else game.turn)
        else:
            self.felt.show_trick([], list(game.seats))
            self.felt.mark(leader=game.turn if game.phase is Phase.PLAY else None, turn=game.turn)

    def _draw_hand(self) -> None:
        game, human = self.game, self.human
        if human is None or self.seating.over:
            self.felt.show_hand([])
            return
        hand = game.hand(human)
        if game.phase is not Phase.PLAY:
            why = (
                _("the auction comes first")
                if game.phase is Phase.AUCTION
                else _("the trumps are being handed out")
            )
            self.felt.show_hand(hand, playable=[], why=why)
        elif game.turn != human:
            self.felt.show_hand(
                hand,
                playable=[],
                why=_("wait: it is {seat}'s turn").format(seat=seat_name(str(game.turn))),
            )
        else:
            refused = {card: refusal_reason(r) for card, r in game.refusals().items()}
            self.felt.show_hand(hand, playable=game.legal_plays(), why=refused)

    def _felt_status(self) -> str:
        game, human = self.game, self.human
        if self.seating.over:
            return _("The hand is over: its last trick is on the table.")
        if game.phase is not Phase.PLAY:
            return ""
        if self.seating.waiting():
            return _("{seat} leads the next trick: press Next trick to see it.").format(
                seat=seat_name(str(game.turn))
            )
        if game.turn == human:
            return _("Your turn: play one of the outlined cards.")
        return ""

    def _watched_hand(self) -> str:
        game = self.game
        if self.human is not None or self.seating.over:
            return ""
        seat = str(game.turn)
        whose = escape(_("{seat}'s hand:").format(seat=seat_name(seat)))
        return f"<p><b>{whose}</b> {render.card_row(game.hand(seat))}</p>"

    def _trump_controls(self) -> tuple[w.Widget, ...]:
        game = self.game
        contract = game.auction.contract
        assert contract is not None
        suggestion = AuctionBot(random.Random(0)).trumps(game)
        free = game.suits_to_give()
        pickers = {seat: suit_dropdown(seat, free, suit) for seat, suit in suggestion.items()}
        for picker in pickers.values():
            picker.add_class("calypso-whole-label")
        give = button(_("Give these trumps"))
        give.on_click(
            self.guard(
                lambda _: self.human_trumps({seat: str(p.value) for seat, p in pickers.items()})
            )
        )
        won = _("You won with {bid}: give every other player a suit.").format(
            bid=contract.bid.symbol
        )
        note = w.HTML(escape(won))
        return (note, *pickers.values(), give)

    def _calypsos_table(self) -> str:
        """Each player's calypsos in progress and trickpile; once the hand is over, the
        trickpiles it ended with, which the game has emptied for the next hand."""
        game = self.game
        piles = (
            dict(zip(game.seats, self.record.trickpiles, strict=True))
            if self.seating.over
            else {seat: len(game.trickpile(seat)) for seat in game.seats}
        )
        return render.auction_calypsos(
            {seat: {s: game.calypso(seat, s).cards() for s in SUITS} for seat in game.seats},
            piles,
        )


class CardFlow(Panel):
    """Where the 208 cards are at the start of each hand of a game played by the bots (A9).
    The page address (key ``flow``) holds the game's seed and the hand shown: ``2.3``."""

    def __init__(self, seed: int = 2, players: int = 3, link: str = "flow") -> None:
        self.seed = seed_box(seed, _("game seed"))
        self.hand_slider = w.IntSlider(
            value=1, min=1, max=6, description=_("Hand"), continuous_update=False
        )
        self.view = w.HTML()
        self.snapshots: list[tuple[dict[str, int], list[Card]]] = []
        self._players = players
        self._first_seed = seed
        self.link = PageLink(key=link)
        self.seed.observe(self.guard(lambda _: self.replay()), "value")
        self.hand_slider.observe(self.guard(lambda _: self.show()), "value")
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("The cards between hands"),
            [
                w.HBox([self.seed, self.hand_slider], layout=w.Layout(flex_flow="row wrap")),
                self.view,
                self.link,
            ],
        )
        self.replay()

    def open_link(self, text: str) -> None:
        """Show the game and hand a link holds; a link that holds none shows the first hand
        of the page's own game, and says so."""
        slider = self.hand_slider
        try:
            link = FlowLink.from_link(text)
        except ValueError:
            link = FlowLink(self.seed.max + 1, 0)
        if link.seed > self.seed.max or not slider.min <= link.hand <= slider.max:
            self.seed.value, slider.value = self._first_seed, slider.min
            raise ValueError(_("That link does not name a hand, so here is the page's own game."))
        self.seed.value, slider.value = link.seed, link.hand

    def replay(self) -> None:
        game = AuctionGame(self._players, self.seed.value, hands=6)
        bots = auction_bots(self._players, self.seed.value)
        self.snapshots = []
        seen = -1
        while not game.is_over:
            if len(game.history) != seen:
                seen = len(game.history)
                counts = {place: sum(c.values()) for place, c in game.places().items()}
                self.snapshots.append((counts, sorted(game.sin_bin)))
            game.apply(bots[game.index(str(game.turn))].choose(game))
        self.show()

    def show(self) -> None:
        self.link.value = FlowLink(self.seed.value, self.hand_slider.value).to_link()
        counts, sin_bin = self.snapshots[self.hand_slider.value - 1]
        start = _("At the start of hand {hand}, after the deal:").format(
            hand=self.hand_slider.value
        )
        sitting = _("Sitting out this hand in the sin-bin (last hand's trickpiles and sales):")
        empty = _("The sin-bin is empty before the first hand.")
        self.view.value = (
            f"<p>{escape(start)}</p>"
            + render.places_bar({place_name(place): n for place, n in counts.items()})
            + (
                f"<p>{escape(sitting)}</p>"
                f'<div style="max-height:9em;overflow:auto">{render.card_row(sin_bin)}</div>'
                if sin_bin
                else f"<p>{escape(empty)}</p>"
            )
        )
        self.message.clear()
