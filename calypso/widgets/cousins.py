"""Calypso's cousins: one trick under three games' rules, Call Bridge's must-overtrump, both
scorings, Collett Whist's schedule, and a round of each against the bots.

South leads 2♠, South's own suit in Calypso and a plain ♠ in the whist games; the A♠ comes
second, from West in the clockwise games and from East in Call Bridge, which plays
counter-clockwise.

>>> three = ThreeRules(leader="S")
>>> three.cards.value = "2S AS KS QS"
>>> [row["winner"] for row in three.rows]
['S', 'E', 'W']
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from calypso import render
from calypso.cards import Card, Suit, parse_card, parse_cards
from calypso.examples import overtrump_situation
from calypso.game import SEATS
from calypso.games import GameSpec, OneTrick, find_game, games
from calypso.i18n import N_, _, card_text, lettered, ngettext, seat_name, suit_name
from calypso.moves import TricksCall
from calypso.seating import Seating
from calypso.table import play_order
from calypso.tricks import refusal
from calypso.whist import call_bridge, collett_whist
from calypso.whist.engine import CallTime, Phase, WhistGame
from calypso.widgets.base import (
    Field,
    Panel,
    button,
    card_button,
    number_box,
    seed_box,
    stale,
)
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.words import number, refusal_reason, still_to_play, worded

NO_TRUMP = "none"
NEXT_TRICK = N_("Next trick")
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


@dataclass(frozen=True)
class ScoresLink:
    """What a link to the scoring calculators holds: Call Bridge's call and tricks, then
    Collett Whist's round, call and tricks.

    >>> ScoresLink.from_link("8.9.3.2.2").values, ScoresLink((4, 5, 5, 2, 2)).to_link()
    ((8, 9, 3, 2, 2), '4.5.5.2.2')
    >>> ScoresLink.from_link("8.9")
    Traceback (most recent call last):
    ...
    ValueError: bad scores '8.9'
    """

    values: tuple[int, int, int, int, int]

    def to_link(self) -> str:
        return ".".join(str(value) for value in self.values)

    @classmethod
    def from_link(cls, text: str) -> ScoresLink:
        """Read a link's text; anything else raises ``ValueError``."""
        numbers = text.split(".")
        if len(numbers) != 5 or not all(n.isdigit() for n in numbers):
            raise ValueError(f"bad scores {text!r}")
        a, b, c, d, e = (int(n) for n in numbers)
        return cls((a, b, c, d, e))


def _bold(text: str) -> w.HTML:
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
            w.VBox([_bold(_(game)), table], layout=w.Layout(flex="1 1 18em"))
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
            self.table.value = render.trick_in_games(
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
        return render.table(rows, [_("game"), _("winning so far")], row_attrs=attrs)

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
            f"<p>{escape(so_far)}</p>{render.card_row(trick)}<p>{escape(question)}</p>"
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


_slider = partial(number_box, slider=True, width="min(22em, 100%)", label_width="6.5em")


def _score_line(points: int, kind: str) -> str:
    """A score with what it was scored for: ``+14 points (at least the call)``."""
    text = ngettext("{score} point", "{score} points", abs(points)).format(
        score=f'<b data-score="{points}">{number(points, sign=True)}</b>'
    )
    return f"<p>{text} <small>({escape(kind)})</small></p>"


class WhistScoring(Panel):
    """Calculators for Call Bridge's calls (B5) and Collett Whist's rounds (W6). The page
    address (key ``scores``) holds the five sliders, Call Bridge's then Collett Whist's, in
    the order they are shown: ``4.5.5.2.2``."""

    def __init__(self, link: str = "scores") -> None:
        self.cb_call = _slider(_("call"), 4, low=call_bridge.CALLS[0], high=call_bridge.CALLS[1])
        self.cb_tricks = _slider(_("tricks"), 5, low=0, high=call_bridge.TRICKS)
        self.cw_round = _slider(_("round"), 5, low=1, high=collett_whist.ROUNDS)
        cards = collett_whist.cards_in_round(self.cw_round.value)
        self.cw_call = _slider(_("call"), 2, low=0, high=cards)
        self.cw_tricks = _slider(_("tricks"), 2, low=0, high=cards)
        self.cb_score = w.HTML()
        self.cw_score = w.HTML()
        self.link = PageLink(key=link)
        self.sliders = (self.cb_call, self.cb_tricks, self.cw_round, self.cw_call, self.cw_tricks)
        """The five sliders in the order a link holds them."""
        self._first = tuple(slider.value for slider in self.sliders)
        for control in self.sliders:
            control.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        column = w.Layout(flex="1 1 18em", min_width="0")  # side by side, or stacked on a phone
        call_bridge_box = w.VBox(
            [_bold(_(find_game("call-bridge").title)), self.cb_call, self.cb_tricks, self.cb_score],
            layout=column,
        )
        collett_box = w.VBox(
            [
                _bold(_(find_game("collett-whist").title)),
                self.cw_round,
                self.cw_call,
                self.cw_tricks,
                self.cw_score,
            ],
            layout=column,
        )
        super().__init__(
            _("Scoring calculators"),
            [
                w.HBox([call_bridge_box, collett_box], layout=w.Layout(flex_flow="row wrap")),
                self.link,
            ],
        )
        self.update()

    def open_link(self, text: str) -> None:
        """Set the sliders a link holds; a link that holds values a slider cannot take sets
        them as the page first showed them, and says so."""
        try:
            values = list(ScoresLink.from_link(text).values)
        except ValueError:
            values = []
        fine = self._fits(values)
        for slider, value in zip(self.sliders, values if fine else self._first, strict=True):
            slider.value = value
        if not fine:
            raise ValueError(
                _("That link does not hold scores to show, so here are the first ones.")
            )

    def _fits(self, values: list[int]) -> bool:
        """Whether each slider can take its value, Collett Whist's call and tricks within the
        cards of the round (W2)."""
        if len(values) != len(self.sliders) or not 1 <= values[2] <= collett_whist.ROUNDS:
            return False
        cards = collett_whist.cards_in_round(values[2])
        highs = [slider.max for slider in self.sliders[:3]] + [cards, cards]
        lows = [slider.min for slider in self.sliders]
        return all(lo <= v <= hi for lo, v, hi in zip(lows, values, highs, strict=True))

    def update(self) -> None:
        bid, tricks = self.cb_call.value, self.cb_tricks.value
        points = call_bridge.score_call(bid, tricks)
        bonus = call_bridge.is_bonus_call(bid)
        kind = _("a bonus call: exactly the call or one more") if bonus else _("at least the call")
        self.cb_score.value = _score_line(points, kind)
        number = self.cw_round.value
        cards = collett_whist.cards_in_round(number)
        for slider in (self.cw_call, self.cw_tricks):
            slider.max = cards
        no_calls = collett_whist.round_plan(number).calls is CallTime.NONE
        self.cw_call.disabled = no_calls
        score = collett_whist.score_round(
            number, None if no_calls else self.cw_call.value, self.cw_tricks.value
        )
        special = collett_whist.SPECIAL.get(number)
        name = _(special[0]) if special is not None else ""
        label = _("round {number}: {cards} card(s)").format(number=number, cards=cards) + (
            f", {name}" if name else ""
        )
        self.cw_score.value = _score_line(score, label)
        a, b, c, d, e = (slider.value for slider in self.sliders)
        self.link.value = ScoresLink((a, b, c, d, e)).to_link()
        self.message.clear()


class RoundsChart(Panel):
    """Collett Whist's eighteen rounds: cards dealt in each, and the four special ones."""

    def __init__(self) -> None:
        counts = {
            str(n): collett_whist.cards_in_round(n) for n in range(1, collett_whist.ROUNDS + 1)
        }
        chart = render.bar_chart(counts, title=_("Cards dealt to each player, round by round"))
        table = render.special_rounds(collett_whist.SPECIAL)
        super().__init__(_("Collett Whist's eighteen rounds"), [w.HTML(chart + table)])


@dataclass(frozen=True)
class WhistLink:
    """What a link to the round table holds (key ``whist``): the game's registered name, the
    players, the seed and the round, then your calls (``c`` and a number), cards and ``n``
    for *Next trick*, joined by dots.

    >>> WhistLink.from_link("collett-whist.5.3.7.c2.QS.n")
    WhistLink(game='collett-whist', players=5, seed=3, round=7, moves=('c2', 'QS', 'n'))
    >>> WhistLink("call-bridge", 4, 1, 5).to_link()
    'call-bridge.4.1.5'
    """

    game: str
    players: int
    seed: int
    round: int
    moves: tuple[str, ...] = ()

    def to_link(self) -> str:
        head = [self.game, str(self.players), str(self.seed), str(self.round)]
        return ".".join([*head, *self.moves])

    @classmethod
    def from_link(cls, text: str) -> WhistLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        game, players, seed, number, *moves = [*text.split("."), "", "", ""][
            : max(4, len(text.split(".")))
        ]
        fine = (
            game in round_games()
            and players.isdigit()
            and int(players) in collett_whist.PLAYERS
            and seed.isdigit()
            and number.isdigit()
            and 1 <= int(number) <= collett_whist.ROUNDS
        )
        if not fine:
            raise ValueError(_("That link does not name a round, so here is a new one."))
        return cls(game, int(players), int(seed), int(number), tuple(moves))


def round_games() -> dict[str, GameSpec]:
    """The registered games a round table offers, by name."""
    return {spec.name: spec for spec in games() if spec.round_table is not None}


class WhistTable(Panel):
    """Play one round of Call Bridge or Collett Whist (``game``: its registered name) against
    the bots, on the card table; Collett Whist starts at ``round_number`` with ``players``
    players. The round and what you did are in the page address (key ``whist``)."""

    def __init__(
        self, game: str = "call-bridge", seed: int = 1, round_number: int = 5, players: int = 4
    ) -> None:
        self.game_choice = w.ToggleButtons(
            options=[(_(spec.title), name) for name, spec in round_games().items()],
            value=game,
            style={"button_width": "9em"},
        )
        self.seed = seed_box(seed, _("deal seed"))
        self.round_number = number_box(
            _("round"),
            round_number,
            low=1,
            high=collett_whist.ROUNDS,
            width="9em",
            label_width="initial",
        )
        self.players = number_box(
            _("players"),
            players,
            low=min(collett_whist.PLAYERS),
            high=max(collett_whist.PLAYERS),
            width="9em",
            label_width="initial",
        )
        self.new = button(_("New round"), icon="play")
        self.call_box = number_box(
            _("your call"), 2, low=0, high=13, width="12em", label_width="initial"
        )
        self.call_button = button(_("Call"))
        self.felt = CardTable(label=_("The whist table"), piles=True)
        self._opening = False
        self.seating: Seating[WhistGame] = Seating(
            self._start,
            lambda game: self.spec.seat_bots(game, self.seed.value),
            lambda game: game.seats[:1],
            done=lambda game: bool(game.history),
        )
        self.link = PageLink(key="whist")
        for control in (self.game_choice, self.seed, self.round_number, self.players):
            control.observe(self.guard(lambda _: self._changed()), "value")
        self.new.on_click(self.guard(lambda _: self.new_round()))
        self.call_button.on_click(self.guard(lambda _: self.human_call(self.call_box.value)))
        self.felt.on_card(self.guard(self.human_card))
        self.felt.on_next(self.guard(self.next_trick))
        self.link.on_open(self.guard(self.open_link))
        self.calling = w.HBox([self.call_box, self.call_button])
        super().__init__(
            _("Play a round"),
            [
                w.HBox(
                    [self.game_choice, self.seed, self.round_number, self.players, self.new],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.calling,
                self.felt,
                self.link,
            ],
        )
        self.new_round()

    @property
    def spec(self) -> GameSpec:
        return round_games()[self.game_choice.value]

    @property
    def game(self) -> WhistGame:
        return self.seating.game

    @property
    def moves(self) -> list[str]:
        """Your calls (``c2``), cards and ``n`` for *Next trick*, in order."""
        return self.seating.moves

    @property
    def you(self) -> str:
        return self.game.seats[0]

    def _start(self) -> WhistGame:
        start = self.spec.round_table
        assert start is not None
        game: WhistGame = start(self.seed.value, self.round_number.value, self.players.value)
        return game

    def _changed(self) -> None:
        if not self._opening:
            self.new_round()

    def new_round(self) -> None:
        """A fresh round from the choices shown."""
        self._replay([])

    def _replay(self, moves: Sequence[str]) -> None:
        with self._worded():
            self.seating.replay(moves)
        numbered = self.game.variant.numbered_rounds
        self.round_number.layout.display = None if numbered else "none"
        self.players.layout.display = None if numbered else "none"
        self.show()

    def _record(self) -> Any:
        return self.game.history[0] if self.seating.over else self.game.current

    @contextlib.contextmanager
    def _worded(self) -> Iterator[None]:
        """Inside the block, the players are named as the game names them (Collett Whist's
        by letters) and a move refused is raised in the learner's words."""
        with lettered(self.spec.lettered), worded():
            yield

    def human_call(self, tricks: int) -> None:
        """Call how many tricks you will take; the bots then move until your turn."""
        if self.game.phase is not Phase.CALLS:
            raise ValueError(_("It is not your turn to call."))
        with self._worded():
            self.seating.move(TricksCall(tricks))
        self.show()

    def human_card(self, card: Card) -> None:
        """Play your card; the bots then play until your turn or until a trick closes."""
        if self.game.phase is not Phase.PLAY:
            raise ValueError(_("It is not your turn to play."))
        with self._worded():
            self.seating.move(card)
        self.show()

    def next_trick(self) -> None:
        """Go on after a finished trick."""
        with self._worded():
            self.seating.next_trick()
        self.show()

    def link_text(self) -> str:
        """Game, players, seed, round, then your calls and cards: what the address holds."""
        return WhistLink(
            self.game_choice.value,
            self.players.value,
            self.seed.value,
            self.round_number.value,
            tuple(self.moves),
        ).to_link()

    def open_link(self, text: str) -> None:
        """Open the round and position a link names."""
        link = WhistLink.from_link(text)
        self._opening = True
        try:
            self.game_choice.value, self.players.value = link.game, link.players
            self.seed.value, self.round_number.value = link.seed, link.round
        finally:
            self._opening = False
        try:
            self._replay(link.moves)
        except ValueError:
            self._replay([])
            raise ValueError(
                _("That link's moves do not fit this round, so here is its start.")
            ) from None

    # -- drawing ---------------------------------------------------------------------------------

    def show(self) -> None:
        """Draw the round as it stands, its players named as the game names them."""
        with lettered(self.spec.lettered):
            self._show()

    def _show(self) -> None:
        game: WhistGame = self.game
        low, high = game.call_range() if not self.seating.over else (0, 13)
        self.call_box.min, self.call_box.max = low, high
        your_call = not self.seating.over and game.phase is Phase.CALLS and game.turn == self.you
        self.calling.layout.display = None if your_call else "none"
        record = self._record()
        won = record.tricks_won(game.seats)
        playing = game.phase is Phase.PLAY or self.seating.over
        names = {
            seat: seat_name(seat, short=self.spec.lettered)
            + (_(" · called {n}").format(n=record.calls[i]) if i in record.calls else "")
            + (_(" · won {n}").format(n=won[seat]) if playing else "")
            for i, seat in enumerate(game.seats)
        }
        sitting = self.spec.sitting(game.seats)
        held = (
            None
            if self.seating.over
            else {s: len(game.hand(s)) for s in game.seats if s != self.you}
        )
        with self.felt.hold_sync():
            self.felt.set_table(sitting, you=self.you, names=names, hidden=held, rotate=True)
            self._draw_trick()
            self.felt.next_label = _(NEXT_TRICK) if self.seating.waiting() else ""
            self.felt.status = self._status()
            self._draw_hand()
        self.link.value = self.link_text()
        self.message.clear()

    def _draw_trick(self) -> None:
        game = self.game
        so_far = None if self.seating.over else game.trick_so_far()
        done, verdict = game.last_trick, game.last_verdict()
        if so_far is not None:
            seats = list(play_order(game.trick_leader, game.seats))
            rule = game.rule_id(so_far)
            self.felt.show_trick(game.trick, seats, None, so_far, turn=game.turn, rule=rule)
        elif done is not None and verdict is not None:
            rule = game.rule_id(verdict)
            self.felt.show_trick(list(done.cards), list(done.seats), None, verdict, rule=rule)
            self.felt.mark(leader=done.seats[0], turn=None if self.seating.over else game.turn)
        else:
            self.felt.show_trick([], list(game.seats))
            self.felt.mark(turn=game.turn)

    def _draw_hand(self) -> None:
        game = self.game
        if self.seating.over:
            self.felt.show_hand([])
            return
        hand = game.hand(self.you)
        if game.phase is not Phase.PLAY:
            self.felt.show_hand(hand, playable=[], why=_("the calls come first"))
        elif game.turn != self.you:
            wait = _("wait: it is {seat}'s turn").format(seat=seat_name(str(game.turn)))
            self.felt.show_hand(hand, playable=[], why=wait)
        else:
            why = {card: refusal_reason(refused) for card, refused in game.refusals().items()}
            self.felt.show_hand(hand, playable=game.legal_plays(), why=why)

    def _status(self) -> str:
        game: WhistGame = self.game
        title = _(self.spec.title)
        if self.seating.over:
            played = game.history[0]
            scores = ", ".join(
                f"{seat_name(s)} {number(v, sign=True)}" for s, v in played.scores.items()
            )
            return _("{game}: the round is over. Scores: {scores}.").format(
                game=title, scores=scores
            )
        trump = (
            _("no trump this round")
            if game.trump is None
            else _("trump for everyone: {symbol} {suit}").format(
                symbol=game.trump.symbol, suit=suit_name(game.trump)
            )
        )
        if game.phase is Phase.CALLS and game.plan.calls is not CallTime.AFTER_TRUMP:
            trump = _("the trump is turned after the calls")
        head = ngettext(
            "{game}, round {number}, {cards} card each · {trump}",
            "{game}, round {number}, {cards} cards each · {trump}",
            game.plan.cards,
        ).format(game=title, number=game.plan.number, cards=game.plan.cards, trump=trump)
        if self.seating.waiting():
            return _("{head} · {seat} leads next: press Next trick.").format(
                head=head, seat=seat_name(str(game.turn))
            )
        if game.turn == self.you:
            if game.phase is Phase.CALLS:
                return _("{head} · your turn, {seat}: make your call.").format(
                    head=head, seat=seat_name(self.you)
                )
            return _("{head} · your turn, {seat}: play an outlined card.").format(
                head=head, seat=seat_name(self.you)
            )
        return head
