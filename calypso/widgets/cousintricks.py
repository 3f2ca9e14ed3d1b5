"""Calypso's cousins, trick by trick: one trick under three games' rules (Calypso, Call Bridge,
Collett Whist), each on a card table seated in its game's order of play, and Call Bridge's
must-overtrump. Each keeps what it shows in the page address, so a link reproduces it.

South leads 2♠, South's own suit in Calypso and a plain ♠ in the whist games; the A♠ comes
second, from West in the clockwise games and from East in Call Bridge, which plays
counter-clockwise.

>>> three = ThreeRules(leader="S")
>>> three.cards.value = "2S AS KS QS"
>>> [row["winner"] for row in three.rows]
['S', 'E', 'W']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from calypso.drawing import faces, whist
from calypso.engine.cards import Card, Suit, parse_card, parse_cards
from calypso.engine.games import OneTrick, find_game
from calypso.engine.tricks import refusal
from calypso.i18n import _, card_text, seat_name, suit_name
from calypso.lessons.examples import overtrump_situation
from calypso.partnership.game import SEATS
from calypso.whist import call_bridge
from calypso.widgets.base import Field, Panel, button, card_button, seed_box, stale
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.words.tricks import refusal_reason, still_to_play

NO_TRUMP = "none"
GAMES = ("calypso", "call-bridge", "collett-whist")
"""The games one trick is shown under, by registered name."""


@dataclass(frozen=True)
class ThreeLink:
    """What a link to *One trick, three games* holds (key ``three``): the leader, the cards
    as typed (joined by dashes) and the whist trump's letter (``none``: no trump).

    >>> ThreeLink.from_link("S.2S-AS.D")
    ThreeLink(leader='S', cards='2S AS', trump='D')
    >>> ThreeLink("N", "9H 4C", "none").to_link()
    'N.9H-4C.none'
    """

    leader: str
    cards: str
    trump: str

    def to_link(self) -> str:
        return f"{self.leader}.{self.cards.replace(' ', '-')}.{self.trump}"

    @classmethod
    def from_link(cls, text: str) -> ThreeLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        leader, cards, trump = [*text.split("."), "", ""][:3]
        if leader not in SEATS or trump not in (*(s.letter for s in Suit), NO_TRUMP):
            raise ValueError(_("That link does not name a trick: here is the usual one."))
        return cls(leader, cards.replace("-", " "), trump)


@dataclass(frozen=True)
class OvertrumpLink:
    """What a link to the overtrump trainer holds: the situation's number and the card last
    tried, if any.

    >>> OvertrumpLink.from_link("5.QS"), OvertrumpLink(5).to_link()
    (OvertrumpLink(situation=5, tried=Card.parse('QS')), '5')
    """

    situation: int
    tried: Card | None = None

    def to_link(self) -> str:
        return str(self.situation) + ("" if self.tried is None else f".{self.tried}")

    @classmethod
    def from_link(cls, text: str) -> OvertrumpLink:
        """Read a link's text; anything else raises ``ValueError``."""
        seed, _, tried = text.partition(".")
        if not seed.isdigit():
            raise ValueError(f"bad situation {seed!r}")
        return cls(int(seed), parse_card(tried) if tried else None)


def game_heading(text: str) -> w.HTML:
    """A game's name (or any short text) in bold, over what is drawn under that game."""
    return w.HTML(f"<b>{escape(text)}</b>")


def _trumps_words(one: OneTrick) -> str:
    """Whose trump counts in ``one`` trick, in a few words."""
    rules = one.game.rules
    if not rules.shared:
        own = one.game.own_by_seat
        suits = ", ".join(f"{seat_name(s)} {t.symbol}" for s, t in own.items())
        return _("each player's own suit ({suits})").format(suits=suits)
    if rules.fixed_trump is not None:
        return _("{trump} for everyone").format(trump=rules.fixed_trump.symbol)
    trump = one.trumps[0] if one.trumps else None
    if trump is None:
        return _("no trump")
    return _("{trump} for everyone (the turned card)").format(trump=trump.symbol)


class ThreeRules(Panel):
    """Type a trick once and see who wins it in Calypso, Call Bridge and Collett Whist, each on
    a card table of its own, seated in that game's order of play.

    A trick of one to three cards is not over: each game then shows only the card winning so
    far and who is still to play, and ``rows[i]["winner"]`` is the seat winning so far.
    """

    def __init__(self, cards: str = "9H 4C 6D 2H", leader: str = "S", trump: str = "D") -> None:
        self.cards = w.Text(
            value=cards, description=_("Cards"), layout=w.Layout(width="min(20em, 100%)")
        )
        self.field = Field(self.cards)
        seats = [(seat_name(s), s) for s in SEATS]
        widest = max(len(name) for name, _seat in seats)  # Nyugat, where English says W
        self.leader = w.ToggleButtons(
            options=seats,
            value=leader,
            description=_("Leader"),
            style={"button_width": f"{max(3, widest * 0.6 + 1.5):.1f}em"},
        )
        suits = [(f"{s.symbol} {suit_name(s)}", s.letter) for s in reversed(Suit)]
        self.trump = w.Dropdown(
            options=[*suits, (_("no trump"), NO_TRUMP)],
            value=trump,
            description=_("Whist trump"),
            style={"description_width": "initial"},
        )
        self.trump.add_class("calypso-whole-label")
        self.games = [find_game(name) for name in GAMES]
        self.tables = {
            spec.title: CardTable(
                label=_("{game}: the trick").format(game=_(spec.title)), compact=True
            )
            for spec in self.games
        }
        self.table = w.HTML()
        self.rows: list[dict[str, Any]] = []
        self.link = PageLink(key="three")
        for control in (self.cards, self.leader, self.trump):
            control.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        boxes = [
            w.VBox([game_heading(_(game)), table], layout=w.Layout(flex="1 1 18em"))
            for game, table in self.tables.items()
        ]
        super().__init__(
            _("One trick, three games"),
            [
                w.HBox(
                    [self.field, self.leader, self.trump], layout=w.Layout(flex_flow="row wrap")
                ),
                w.HBox(boxes, layout=w.Layout(flex_flow="row wrap")),
                self.table,
                self.link,
            ],
        )
        self.update()

    def open_link(self, text: str) -> None:
        """Open the trick a link names: ``leader.cards.trump``, cards joined by dashes."""
        link = ThreeLink.from_link(text)
        self.leader.value, self.trump.value = link.leader, link.trump
        self.cards.value = link.cards

    def update(self) -> None:
        self.field.fine()
        try:
            cards = parse_cards(self.cards.value)
        except ValueError:
            cards = []
        if not 1 <= len(cards) <= len(SEATS):
            self.field.problem(
                _(
                    "Type one to four cards, such as 9H 4C 6D 2H: a rank (2 to 10, J, Q, K, A) "
                    "and a suit letter (S, H, D, C) for each."
                )
            )
            for table in self.tables.values():
                stale(table, True)
            return
        leader, n = self.leader.value, len(cards)
        whist_trump = None if self.trump.value == NO_TRUMP else Suit.parse(self.trump.value)
        self.rows = []
        for spec in self.games:
            # Each game's own seat order: Calypso's seats (and Collett Whist's, named N, E, S,
            # W here) play clockwise, Call Bridge's counter-clockwise.
            one = spec.one_trick(cards, leader, whist_trump)
            self.rows.append(
                {
                    "game": spec.title,
                    "trumps": _trumps_words(one),
                    "seats": one.seats[:n],
                    "to_play": one.to_play,
                    "winner": one.winner,
                    "result": one.result,
                    "rule": one.rule,
                    "own": {} if spec.rules.shared else spec.own_by_seat,
                    "shared": spec.rules.shared,
                    "partners": spec.partnerships,
                }
            )
        for row in self.rows:
            self._draw(row)
        if n < len(SEATS):
            self.table.value = self._so_far_table()
        else:
            self.table.value = whist.trick_in_games(
                [
                    (row["game"], row["trumps"], row["seats"], row["result"], row["rule"])
                    for row in self.rows
                ]
            )
        self.link.value = ThreeLink(leader, " ".join(map(str, cards)), self.trump.value).to_link()
        self.message.clear()

    def _so_far_table(self) -> str:
        """A trick not yet over, per game: the card winning so far and who is still to play."""
        rows = []
        for row in self.rows:
            result = row["result"]
            winning = _("{seat}'s {card} ({rule} as things stand)").format(
                seat=f"<b>{seat_name(row['winner'])}</b>",
                card=card_text(result.winning_card),
                rule=escape(row["rule"]),
            )
            still = still_to_play(row["to_play"])
            rows.append(
                [
                    f"<b>{escape(_(row['game']))}</b><br><small>{escape(row['trumps'])}</small>",
                    f"{winning}<br><small>{escape(still)}.</small>",
                ]
            )
        attrs = [f'data-game="{escape(row["game"])}"' for row in self.rows]
        return faces.table(rows, [_("game"), _("winning so far")], row_attrs=attrs)

    def _draw(self, row: dict[str, Any]) -> None:
        table: CardTable = self.tables[row["game"]]
        seats, result, own = [*row["seats"], *row["to_play"]], row["result"], row["own"]
        stale(table, False)
        with table.hold_sync():
            table.set_table(SEATS, own, bottom="S", partners=row["partners"])
            table.show_trick(
                list(result.cards), seats, [own.get(s) for s in seats], result, rule=row["rule"]
            )
            no_trump = row["shared"] and result.trumps[0] is None
            trumps = _("Trumps: {trumps}").format(trumps=row["trumps"])
            table.status = _("Trumps: none") if no_trump else trumps


class OvertrumpTrainer(Panel):
    """Call Bridge's rule for a player who cannot follow suit: beat the spades if you can.

    The page address (key ``overtrump``) holds the situation's number and the card last tried,
    if any: ``5.QS``.
    """

    def __init__(self, seed: int = 1, link: str = "overtrump") -> None:
        self.seed = seed_box(seed, _("situation"))
        self.again = button(_("Another situation"), icon="refresh")
        self.trick = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.answer = w.HTML()
        self.situation: tuple[list[Card], list[Card]] = ([], [])
        self.link = PageLink(key=link)
        self._first_seed = seed
        self.seed.observe(self.guard(lambda _: self.show()), "value")
        self.again.on_click(self.guard(lambda _: self._next()))
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("Must you beat the spades?"),
            [
                w.HBox([self.seed, self.again], layout=w.Layout(flex_flow="row wrap")),
                self.trick,
                self.hand,
                self.answer,
                self.link,
            ],
        )
        self.show()

    def _next(self) -> None:
        self.seed.value += 1

    def open_link(self, text: str) -> None:
        """Show the situation a link holds, and the answer to the card it tried; a link that
        holds none shows the page's own situation, and says so."""
        try:
            link = OvertrumpLink.from_link(text)
            if link.situation > self.seed.max:
                raise ValueError(f"bad situation {link.situation!r}")
            self.seed.value = link.situation
            self.show()
            if link.tried is not None:
                if link.tried not in self.situation[0]:
                    raise ValueError(f"{link.tried} is not in the hand")
                self.try_card(link.tried)
        except ValueError:
            self.seed.value = self._first_seed
            self.show()
            raise ValueError(
                _("That link does not name a situation, so here is the page's own.")
            ) from None

    def show(self) -> None:
        self.situation = overtrump_situation(random.Random(f"overtrump/{self.seed.value}"))
        hand, trick = self.situation
        so_far = _("The trick so far (spades are trumps):")
        question = _("Your hand: which cards may you play?")
        self.trick.value = (
            f"<p>{escape(so_far)}</p>{faces.card_row(trick)}<p>{escape(question)}</p>"
        )
        buttons = []
        for card in hand:
            choice = card_button(card)
            choice.on_click(self.guard(lambda _, c=card: self.try_card(c)))
            buttons.append(choice)
        self.hand.children = buttons
        self.answer.value = ""
        self.link.value = OvertrumpLink(self.seed.value).to_link()
        self.message.clear()

    def try_card(self, card: Card) -> None:
        hand, trick = self.situation
        self.link.value = OvertrumpLink(self.seed.value, card).to_link()
        why = refusal(hand, trick, card, must_overtrump=call_bridge.VARIANT.must_overtrump)
        if why is not None:
            said = _("{card} may not be played: {why}").format(
                card=card_text(card), why=refusal_reason(why)
            )
            self.answer.value = f'<p class="calypso-error" data-legal="no">{escape(said)}</p>'
            return
        fine = _("{card} may be played.").format(card=card_text(card))
        self.answer.value = f'<p class="calypso-good" data-legal="yes">{escape(fine)}</p>'
