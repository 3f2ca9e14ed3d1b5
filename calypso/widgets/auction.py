"""Auction Calypso's table: watch the bots bid and play a hand, or take a seat and join in.
The deal, the seat and your moves are in the page address, so a link replays the hand.

The comparer of bids, the contract calculator and the bonus table are in
:mod:`calypso.widgets.contract`, the cards between hands in :mod:`calypso.widgets.cardflow`.

>>> table = AuctionTable(seed=7, seat="N")
>>> table.human_call(Call(CallKind.PASS))
>>> table.link.value
'7.3.N.balanced.pass'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from calypso.auction import MAX_CALYPSOS, BadBid, Bid, Call, CallKind
from calypso.auction.bots import AuctionBot
from calypso.auction.game import SEATS_BY_PLAYERS, SETUPS, AuctionGame, HandRecord, Phase
from calypso.auction.record import SPEC
from calypso.drawing import auction, faces
from calypso.drawing.ending import ending_block
from calypso.engine.cards import SUITS, Card, Suit
from calypso.engine.moves import TrumpChoice
from calypso.engine.seating import Declined, Seating
from calypso.i18n import N_, _, pgettext, seat_name
from calypso.widgets.base import Panel, button, number_box, seed_box, suit_dropdown
from calypso.widgets.cardtable import CardTable
from calypso.widgets.contract import bid_words
from calypso.widgets.felt import draw_hand, draw_trick
from calypso.widgets.link import PageLink
from calypso.words.refusals import worded
from calypso.words.tricks import declined

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
        above = [controls, actions, self.heading, self.calls]
        below = [self.bidding, self.trump_choice, play, self.watched_hand, self.calypsos]
        super().__init__(_("An auction hand"), [*above, *below])
        # The message line (a refused bid, call or card) goes just above the controls you used,
        # where you are looking even when they sit at the foot of the screen, not under the
        # calypso table at the panel's foot.
        title = self.children[0]
        self.set_trait("children", (title, *above, self.message, *below))
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
        self.calls.value = auction.auction_calls(game.seats, self.record.calls)
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
            summary = auction.hand_summary(hand, game.seats)
            return ending_block(hand.outcome(sides=game.partnerships), summary)
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
            draw_trick(
                self.felt,
                game,
                None if over else game.turn,
                over=over,
                lead_marked=game.phase is Phase.PLAY,
            )
            self.felt.next_label = _(NEXT_TRICK) if self.seating.waiting() else ""
            self.felt.status = self._felt_status()
            first = (
                _("the auction comes first")
                if game.phase is Phase.AUCTION
                else _("the trumps are being handed out")
            )
            draw_hand(self.felt, game, human, before_play=first, over=over)

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
        return f"<p><b>{whose}</b> {faces.card_row(game.hand(seat))}</p>"

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
        return auction.auction_calypsos(
            {seat: {s: game.calypso(seat, s).cards() for s in SUITS} for seat in game.seats},
            piles,
        )
