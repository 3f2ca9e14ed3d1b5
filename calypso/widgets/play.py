"""Play a game: one seat (or all four) against computer players you choose, on the card table.

The other seats are played by the bots of :mod:`calypso.partnership.bots`, made by name through its
registry: the opponents and your partner each random, greedy (the default) or the expert.
While an expert thinks after your card or *Next trick*, the table says so (the card table's
``thinking`` mark, shown by the page at once, since the kernel is busy until the answer).

Your hand lies along the bottom of the table with the cards you may play outlined (the others
say why not), the trick grows in play order with the card winning so far marked, and a finished
trick stays on the table with its verdict until you go on. A hint marks the card the expert
player would choose (:mod:`calypso.partnership.expert`: the cards you cannot see dealt many ways
that fit what you have seen, each played out) and puts on each other card what it costs on average,
with in how many layouts it did best. In a deal's last tricks
(:data:`calypso.partnership.advice.HINT_TRICKS`) it values every card with every hand shown instead:
the best marked, each other card's cost on it and why in words (:mod:`calypso.partnership.advice`).
Once a deal is over, *Review my play* lists your plays in its last tricks that cost points with
every hand shown. The seed, your seat, the players you chose and what you did are in the page
address (key ``play``), so a link opens the same position. A student who opened a class's link
with a house rule (C5) plays under it, and so do the bots, hints and reviews, the engine's
options being the game's; the page says so, and its link carries the rule.

>>> table = PlayTable(seed=5, seat="S")
>>> table.game.turn
'S'
>>> card = table.game.legal_plays()[0]
>>> table.play(card)
>>> table.game.turn in ("S", None) or table.felt.next_label == "Next trick"
True
>>> table.opponents.value = "random"      # the game of seed 5 starts over
>>> [type(bot).__name__ for bot in table.seating.bots]
['GreedyBot', 'RandomBot', 'GreedyBot', 'RandomBot']
"""

from __future__ import annotations

import base64
import random
from collections.abc import Sequence
from html import escape

import ipywidgets as w

from calypso.drawing import faces, partnership
from calypso.drawing.ending import ending_line
from calypso.engine.cards import Card
from calypso.engine.seating import NEXT, Seating
from calypso.engine.table import play_order
from calypso.i18n import N_, _, card_text, join, ngettext, number, seat_name
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.advice import (
    HINT_TRICKS,
    REVIEW_TRICKS,
    CardCost,
    Mistake,
    replayed,
    review,
)
from calypso.partnership.advice import costs as card_costs
from calypso.partnership.bots import BOT_NAMES, GreedyBot, greedy_hint, make_players
from calypso.partnership.expert import SAMPLES, Judgement, judge
from calypso.partnership.game import DEALS, SEATS, TRICKS_PER_DEAL, Game, partner_of
from calypso.partnership.match import SPEC, calypso_record
from calypso.widgets.base import Panel, button, seed_box, uploaded_game
from calypso.widgets.cardtable import CardTable
from calypso.widgets.felt import draw_trick
from calypso.widgets.link import PageLink
from calypso.widgets.member import ClassMember, HouseLine, house_html
from calypso.widgets.playlink import ALL, DEFAULT_BOT
from calypso.widgets.playlink import PlayLink as PlayLink  # read from here by older code
from calypso.words.partnership import hint
from calypso.words.refusals import worded
from calypso.words.tricks import refusal_reason

ALL_SEATS = "all four"
"""The seat switch's value when you play every seat (its label is worded)."""
NEXT_TRICK = N_("Next trick")
PLAYERS = {
    "random": (N_("Random"), N_("Plays any card it may, chosen at random.")),
    "greedy": (
        N_("Greedy"),
        N_(
            "Plays for the trick in front of it, with an eye on the cards each side's calypsos "
            "need; it never looks further ahead."
        ),
    ),
    "expert": (
        N_("Expert"),
        N_(
            "Deals the cards it cannot see many ways that fit what it has seen, plays each way "
            "out and chooses the card that does best on average. It never looks at a hidden "
            "card, and takes a moment to think."
        ),
    ),
}
"""Each bot of the registry (:data:`calypso.partnership.bots.BOT_NAMES`) as the choice names it, and
what it does in plain words."""
SLOW = frozenset({"expert"})
"""The bots that take a moment to choose: the table says they are thinking."""


class PlayTable(Panel):
    """A table where you play one seat, or every seat, with legal cards outlined."""

    def __init__(self, seed: int = 1, seat: str = "S") -> None:
        self.loaded = False
        self.rule = STANDARD
        """The rule the game is played under: the class's house rule (C5), or as a link said."""
        self.linked = False
        """Whether a link named the rule (it then wins over the class's, kept in the browser)."""
        self.member = ClassMember()
        self.house_words = HouseLine()
        self._hint: Card | None = None
        self._judgement: Judgement | None = None
        self._costs: tuple[CardCost, ...] = ()
        self._opening = False
        self.seat = w.ToggleButtons(
            options=[*((seat_name(s), s) for s in SEATS), (_("all four"), ALL_SEATS)],
            value=seat,
            description=_("You play"),
            style={"button_width": "5em"},
        )
        self.seed = seed_box(seed, _("game seed"))
        self.opponents = _player_choice(_("Opponents"))
        self.partner = _player_choice(_("Partner"))
        self.opponents_does = w.HTML()
        self.partner_does = w.HTML()
        for does in (self.opponents_does, self.partner_does):
            does.add_class("calypso-field-help")
        self.seating: Seating[Game] = Seating(
            self._start,
            lambda game: make_players(self.seat_players(), self.seed.value),
            lambda _: self.humans,
        )
        self.new = button(_("New game"), icon="play")
        self.hint = button(_("Hint"), icon="lightbulb-o")
        self.undo = button(_("Undo"), icon="undo")
        self.review = button(_("Review my play"), icon="search")
        self.review_box = w.HTML()
        self.felt = CardTable(label=_("The game table"), piles=True)
        self.table = w.HTML()
        self.download = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description=_("Load a record"))
        self.link = PageLink(key="play")
        self.new.on_click(self.guard(lambda _: self.new_game()))
        self.seat.observe(self.guard(lambda _: self._seat_changed()), "value")
        for choice in (self.opponents, self.partner):
            choice.observe(self.guard(lambda _: self._players_changed()), "value")
        self.hint.on_click(self.guard(lambda _: self.show_hint()))
        self.undo.on_click(self.guard(lambda _: self.take_back()))
        self.review.on_click(self.guard(lambda _: self.show_review()))
        self.upload.observe(self.guard(lambda _: self.load_upload()), "value")
        self.felt.on_card(self.guard(self.play))
        self.felt.on_next(self.guard(self.next_trick))
        self.link.on_open(self.guard(self.open_link))
        self.member.on_rule(self.guard(self.take_rule))
        controls = w.HBox([self.seat, self.seed, self.new], layout=w.Layout(flex_flow="row wrap"))
        wrap = w.Layout(align_items="center", flex_flow="row wrap")
        self.opponents_row = w.HBox([self.opponents, self.opponents_does], layout=wrap)
        self.partner_row = w.HBox([self.partner, self.partner_does], layout=wrap)
        self.players = w.VBox([self.opponents_row, self.partner_row])
        actions = w.HBox(
            [self.hint, self.undo, self.review, self.link], layout=w.Layout(flex_flow="row wrap")
        )
        files = w.HBox(
            [self.download, self.upload],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )
        super().__init__(
            _("Play Calypso"),
            [
                controls,
                self.players,
                self.house_words,
                self.felt,
                actions,
                self.review_box,
                self.table,
                files,
                self.member,
            ],
        )
        self.new_game()

    @property
    def game(self) -> Game:
        return self.seating.game

    @property
    def moves(self) -> list[str]:
        """What you did, in order: the cards you played and ``n`` for *Next trick*."""
        return self.seating.moves

    @property
    def humans(self) -> tuple[str, ...]:
        return SEATS if self.seat.value == ALL_SEATS else (self.seat.value,)

    def seat_players(self) -> tuple[str, ...]:
        """The bot chosen for each seat, N, E, S, W: the opponents' choice for the other
        side, the partner's for the seat across; your own seat's never moves (greedy).

        >>> PlayTable(seed=2, seat="E").seat_players()
        ('greedy', 'greedy', 'greedy', 'greedy')
        """
        if self.seat.value == ALL_SEATS:
            return (DEFAULT_BOT,) * len(SEATS)
        you = self.seat.value
        ours = {you: DEFAULT_BOT, partner_of(you): self.partner.value}
        return tuple(ours.get(seat, self.opponents.value) for seat in SEATS)

    def _start(self) -> Game:
        game: Game = SPEC.start(SPEC.options.parse(**self.rule.options()), self.seed.value)
        return game

    def take_rule(self, rule: HouseRule) -> None:
        """The browser holds the class's house rule ``rule``: the game goes on under it, your
        moves made again (or starts over if they do not fit it), unless a link named the
        rule."""
        if self.linked or rule == self.rule:
            return
        self.rule = rule
        try:
            self._replay(self.moves)
        except ValueError:
            self.new_game()

    # -- moves ---------------------------------------------------------------------------------

    def new_game(self) -> None:
        """A fresh game from the seed shown."""
        self._replay([])

    def _seat_changed(self) -> None:
        if not self._opening:
            self.new_game()

    def _players_changed(self) -> None:
        """Other players chosen: the game of the seed shown starts over with them, so that
        the seed, the players and your moves always make the same game (and its link)."""
        if self._opening:
            return
        self.new_game()
        self.message.info(
            _("New players: the game of seed {seed} starts over with them.").format(
                seed=self.seed.value
            )
        )

    def _replay(self, moves: Sequence[str]) -> None:
        """Start the game of the seed shown and make ``moves`` again (the bots answer as they
        did, having the same seeds)."""
        self._hint, self._costs, self._judgement, self.loaded = None, (), None, False
        self.review_box.value = ""
        with worded():
            self.seating.replay(moves)
        self.show()

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat on turn; the bots answer until it is yours again or a trick
        closes."""
        with worded():
            self.seating.move(card)
        self._hint, self._costs, self._judgement = None, (), None
        self.show()

    def next_trick(self) -> None:
        """Go on after a finished trick: the bots lead and play until your turn."""
        with worded():
            self.seating.next_trick()
        self.show()

    def take_back(self) -> None:
        """Take back your last card (and the bots' answers to it)."""
        with worded():
            self.seating.undo()
        self._hint, self._costs, self._judgement = None, (), None
        self.review_box.value = ""
        self.show()
        self.message.info(_("Your last card (and the bots' answers) were taken back."))

    def show_hint(self) -> None:
        """In a deal's last :data:`~calypso.partnership.advice.HINT_TRICKS` tricks, mark the best
        card with every hand shown and put each other card's cost on it, with why in words; earlier,
        mark the card the expert would play, each other card's average cost on it, and say how they
        did over the layouts of the cards you cannot see."""
        if not self.seating.yours():
            raise ValueError(_("There is nothing for you to play just now."))
        game = self.game
        if TRICKS_PER_DEAL - len(game.tricks[-1]) <= HINT_TRICKS:
            self._costs = card_costs(game)
            self._hint = self._costs[0].card
        else:
            self._costs = ()
            self._judgement = judge(game, SAMPLES, random.Random(len(game.moves)))
            self._hint = self._judgement.best.card
        self._draw_hand()

    def show_review(self) -> None:
        """List your plays in the last tricks of the deal that ended last which cost points
        with every hand shown, each with why and the best line from there."""
        deal = len(self.game.deal_scores)
        if not deal:
            raise ValueError(_("Review my play looks back at a deal once it is over: play on."))
        seats = "".join(self.humans)
        self.review_box.value = self._review_html(deal, review(self.game, deal, seats))

    # -- links and records -----------------------------------------------------------------------

    def link_text(self) -> str:
        """Seed, your seat (``all`` for all four), then your moves: what the address holds."""
        moves, rule = tuple(self.moves), self.rule
        if self.seat.value == ALL_SEATS:
            return PlayLink(self.seed.value, ALL, moves, rule=rule).to_link()
        players = (self.opponents.value, self.partner.value)
        return PlayLink(self.seed.value, self.seat.value, moves, *players, rule).to_link()

    def open_link(self, text: str) -> None:
        """Open the game and position a link names."""
        link = PlayLink.from_link(text)
        self.rule, self.linked = link.rule, True
        self._opening = True
        try:
            self.seat.value = ALL_SEATS if link.seat == ALL else link.seat
            self.seed.value = link.seed
            self.opponents.value, self.partner.value = link.opponents, link.partner
        finally:
            self._opening = False
        try:
            self._replay(link.moves)
        except ValueError:
            self._replay([])
            raise ValueError(
                _("That link's moves do not fit this game, so here is its start.")
            ) from None

    def load_upload(self) -> None:
        """Open an uploaded game record at its end."""
        game = uploaded_game(self.upload)
        if game is None:
            return
        self.seating.game, self.seating.moves = game, []
        self.loaded, self._hint, self._costs, self._judgement = True, None, (), None
        self.review_box.value = ""
        self.show()
        self.message.good(
            _("Loaded the game of seed {seed}: here is how it ended.").format(seed=game.seed)
        )

    # -- drawing ---------------------------------------------------------------------------------

    def show(self) -> None:
        game = self.game
        self._draw_players()
        self._draw_felt()
        self.undo.disabled = game.is_over or not any(m != NEXT for m in self.moves)
        self.hint.disabled = not self.seating.yours()
        self.review.layout.display = "" if game.deal_scores else "none"
        self.table.value = partnership.calypsos_and_score(game)
        self.download.value = self._download_link()
        self.link.value = "" if self.loaded else self.link_text()
        options = game.options
        self.house_words.say(house_html(HouseRule(options.trump_lead, options.all_fours)))
        self.message.clear()

    def _draw_players(self) -> None:
        """Who plays the other seats, each choice with what that player does in words; hidden
        (and disabled) when you play all four, since no computer player plays then."""
        for choice, does in (
            (self.opponents, self.opponents_does),
            (self.partner, self.partner_does),
        ):
            said = escape(_(PLAYERS[choice.value][1]))
            does.value = f'<span class="calypso-muted">{said}</span>'
        alone = self.seat.value != ALL_SEATS
        self.players.layout.display = "" if alone else "none"
        self.partner.disabled = self.opponents.disabled = not alone

    def _thinking(self) -> str:
        """Who will be thinking for a while once you play a card or press *Next trick*: the
        slow players (:data:`SLOW`) among the seats that then play before your next turn or
        the end of the trick, in words; empty when none."""
        game = self.game
        if self.seating.waiting():
            movers = play_order(str(game.turn), SEATS)
        elif self.seating.yours() and len(game.trick) + 1 < len(SEATS):
            after = play_order(str(game.turn), SEATS)[1:]
            movers = after[: len(SEATS) - len(game.trick) - 1]
        else:
            return ""
        names = dict(zip(SEATS, self.seat_players(), strict=True))
        slow = []
        for seat in movers:
            if seat in self.humans:
                break
            if names[seat] in SLOW:
                slow.append(seat_name(seat))
        if not slow:
            return ""
        return ngettext("{seats} is thinking…", "{seats} are thinking…", len(slow)).format(
            seats=join(slow)
        )

    def _draw_felt(self) -> None:
        game = self.game
        you = game.turn if self.seat.value == ALL_SEATS and game.turn else self.humans[0]
        held = {s: len(game.hand(s)) for s in SEATS if s != you} if not game.is_over else None
        with self.felt.hold_sync():
            self.felt.set_table(
                SEATS,
                dict(zip(SEATS, game.options.trumps, strict=True)),
                you=you,
                partners=True,
                hidden=held,
            )
            draw_trick(self.felt, game, game.turn)
            self.felt.next_label = _(NEXT_TRICK) if self.seating.waiting() else ""
            self.felt.status = self._status()
            self.felt.thinking = self._thinking()
            self._draw_hand()

    def _draw_hand(self) -> None:
        game = self.game
        if not self.seating.yours():
            seat = self.humans[0] if self.seat.value != ALL_SEATS else None
            cards = game.hand(seat) if seat and not game.is_over else []
            self.felt.show_hand(cards, playable=[], why=_("wait for your turn"))
            return
        hand = game.hand(str(game.turn))
        why = {card: refusal_reason(refused) for card, refused in game.refusals().items()}
        priced = {c.card: (c.cost, c.words) for c in self._costs if c.cost}
        if self._hint is None:
            hint_why = ""
        elif self._costs:
            hint_why = self._exact_hint(self._hint, bool(priced))
        elif self._judgement is not None:
            priced = _expert_costs(self._judgement)
            hint_why = _expert_hint(self._judgement, bool(priced), _habit(game, self._judgement))
        else:
            hint_why = ""
        self.felt.show_hand(
            hand,
            playable=game.legal_plays(),
            why=why,
            hint=self._hint,
            hint_why=hint_why,
            costs=priced,
        )

    def _exact_hint(self, best: Card, priced: bool) -> str:
        """What the hint says when it has valued every card with every hand shown."""
        if priced:
            text = _(
                "With every hand shown, {card} is best. The number on another card is what it "
                "costs, in points by the end of this deal, if everyone plays their best from "
                "here; a card with no number is as good as {card}."
            )
        else:
            text = _(
                "With every hand shown, every card you may play is as good as {card}: none "
                "costs points by the end of this deal."
            )
        text = text.format(card=card_text(best))
        if self.game.deal_number < DEALS - 1:
            more = _("Calypsos carry over to the next deal; here they count as they stand then.")
            text = f"{text} {more}"
        return text

    def _review_html(self, deal: int, mistakes: tuple[Mistake, ...]) -> str:
        """The review of deal ``deal``: each play that cost points, why, and the best line."""
        first = TRICKS_PER_DEAL - REVIEW_TRICKS + 1
        where = {"deal": deal, "first": first, "last": TRICKS_PER_DEAL}
        if not mistakes:
            title = _(
                "Deal {deal}, tricks {first} to {last}: none of your plays cost points with "
                "every hand shown."
            ).format(**where)
            items = ""
        else:
            title = _(
                "Deal {deal}, tricks {first} to {last}: your plays that cost points with every "
                "hand shown."
            ).format(**where)
            items = "<ol>" + "".join(self._mistake_html(m) for m in mistakes) + "</ol>"
        earlier = _(
            "Tricks 1 to {before} are too early in the deal for the solver to look at every "
            "hand, so they are not reviewed."
        ).format(before=first - 1)
        caveat = _(
            "With every hand shown the solver sees cards nobody at the table could see: a card "
            "that costs points here can still have been the right choice on what you could see "
            "at the time."
        )
        label = escape(_("Review my play"))
        return (
            f'<div class="calypso-review" role="region" aria-label="{label}">'
            f"<p><b>{escape(title)}</b></p>{items}"
            f'<p class="calypso-muted">{escape(caveat)} {escape(earlier)}</p></div>'
        )

    def _mistake_html(self, mistake: Mistake) -> str:
        head = _("Trick {trick}, {seat}: {card} played, {best} was best.").format(
            trick=mistake.trick,
            seat=seat_name(mistake.seat),
            card=card_text(mistake.card),
            best=card_text(mistake.best),
        )
        label = escape(_("The best line from there"))
        return (
            f"<li><p>{escape(head)} {escape(mistake.words)}</p>"
            f"<details><summary>{label}</summary><p>{self._line_html(mistake)}</p></details></li>"
        )

    def _line_html(self, mistake: Mistake) -> str:
        """The best line from the mistake's position, trick by trick (its trick from its
        lead): each card with who plays it, in the four-colour card text the site uses."""
        twin = replayed(self.game, mistake.moves)
        tricks = []
        seats = play_order(twin.trick_leader, SEATS, len(twin.trick))
        on_it = zip(seats, twin.trick, strict=True)
        current = [f"{escape(seat_name(seat))} {faces.card_ink(card)}" for seat, card in on_it]
        for card in mistake.line:
            current.append(f"{escape(seat_name(str(twin.turn)))} {faces.card_ink(card)}")
            number = len(twin.tricks[-1]) + 1
            if twin.play(card) is not None:
                trick = escape(_("trick {number}:")).format(number=number)
                tricks.append(f"{trick} {', '.join(current)}")
                current = []
        return "; ".join(tricks)

    def _status(self) -> str:
        game = self.game
        if game.is_over:
            return ending_line(game.outcome, _("The score sheet is below."))
        where = _("Deal {deal} of {deals}, trick {trick} of {tricks}").format(
            deal=game.deal_number + 1,
            deals=DEALS,
            trick=len(game.tricks[-1]) + 1,
            tricks=TRICKS_PER_DEAL,
        )
        seat = seat_name(str(game.turn))
        if self.seating.waiting():
            return _("{where}: {seat} leads next. Press Next trick (or Enter) to go on.").format(
                where=where, seat=seat
            )
        return _("{where}: your turn, {seat}. Play one of the outlined cards.").format(
            where=where, seat=seat
        )

    def _download_link(self) -> str:
        if not self.game.is_over:
            later = _("The record can be downloaded once the game ends.")
            return f'<span class="calypso-muted">{escape(later)}</span>'
        record = calypso_record([self.game], seed=self.game.seed)
        data = base64.b64encode(record.to_json(indent=1).encode()).decode()
        name = f"calypso-seed-{self.game.seed}.json"
        label = escape(_("Download the game record"))
        return (
            f'<a class="calypso-button-link" download="{escape(name)}" '
            f'href="data:application/json;base64,{data}">⬇ {label}</a> '
            f'<span class="calypso-muted">({escape(name)})</span>'
        )


def _player_choice(description: str) -> w.Dropdown:
    """A choice of computer player, each bot of the registry by its name in words."""
    return w.Dropdown(
        options=[(_(PLAYERS[name][0]), name) for name in BOT_NAMES],
        value=DEFAULT_BOT,
        description=description,
        layout=w.Layout(width="auto"),
        style={"description_width": "initial"},
    )


def _expert_costs(judgement: Judgement) -> dict[Card, tuple[int, str]]:
    """Each card that does worse than the expert's best on average: its cost in whole points,
    and in words how it did over the layouts."""
    priced = {}
    for judged in judgement.cards[1:]:
        cost = round(judgement.best.mean - judged.mean)
        if cost > 0:
            priced[judged.card] = (
                cost,
                _(
                    "{card} costs {cost} points on average; it did best, or tied, in {best} of "
                    "the {count} layouts."
                ).format(
                    card=card_text(judged.card),
                    cost=number(cost),
                    best=judged.best_in,
                    count=judgement.samples,
                ),
            )
    return priced


def _expert_hint(judgement: Judgement, priced: bool, habit: str) -> str:
    """What the hint says when the expert has judged the cards over layouts of the hidden ones,
    with the greedy ``habit``'s card beside it."""
    best = judgement.best
    if judgement.samples == 0:
        return _("{card} is the only card you may play.").format(card=card_text(best.card))
    text = _(
        "The expert's view: it dealt the cards you cannot see {count} ways that fit everything "
        "you have seen, and played each one out. {card} does best, or ties for best, in {best} "
        "of the {count} layouts, and best on average."
    ).format(count=judgement.samples, best=best.best_in, card=card_text(best.card))
    more = (
        _("The number on another card is its average cost, in points by the end of the deal.")
        if priced
        else _("No other card costs points on average.")
    )
    later = _("In the last {count} tricks of a deal the hint looks at every hand instead.").format(
        count=HINT_TRICKS
    )
    return f"{text} {more} {habit} {later}"


def _habit(game: Game, judgement: Judgement) -> str:
    """What the greedy habit of chapter 05's computer players would play here and why, beside
    the expert's view: the same card, or another and what it costs on average."""
    card = GreedyBot(random.Random(len(game.moves))).choose(game)
    why = hint(greedy_hint(game, card))
    if card == judgement.best.card:
        return _("The greedy habit agrees: {why}").format(why=why)
    return _("The greedy habit would play {card} instead: {why}").format(
        card=card_text(card), why=why
    )
