"""Who wins the trick: a trick builder with worked examples and variants (chapter 02).

The builder draws its trick on the card table (:mod:`calypso.widgets.cardtable`); cards are
chosen with the card picker (:mod:`calypso.widgets.picker`) or typed as text, and the two stay
in step. Its state goes into the page address (:mod:`calypso.widgets.trickstate`), so a link
reproduces it. Every case of C4 one at a time is the explorer's (:mod:`calypso.widgets.edgecases`).

>>> builder = TrickBuilder()
>>> builder.load("jack-diamonds-queen-spades")
>>> builder.winner, builder.result.rule.value
('S', 'C4.2')
>>> builder.text.value, builder.link.value
('JD QS 5D 9D', 'E.JD-QS-5D-9D.HDSC.ranked')
>>> builder.type_text("9H 4C 6D 2X")
>>> builder.text_field.note.value
'...“2X” is not a card: use a rank ... and a suit letter S, H, D or C...'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import ipywidgets as w

from calypso.drawing import partnership
from calypso.engine.cards import ALL_CARDS, Card, Suit, parse_card
from calypso.engine.table import play_order
from calypso.engine.tricks import TrickResult, legal_plays, refusals, resolve_trick
from calypso.i18n import N_, _, card_text, ordinal, rule_label, seat_name
from calypso.lessons.examples import WORKED_EXAMPLES, WorkedExample
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS, Game
from calypso.widgets.base import Field, Message, Panel, button, seed_box, stale
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.widgets.picker import CardPicker
from calypso.widgets.table import TrumpPicker
from calypso.widgets.trickstate import VARIANTS, TrickState, card_words
from calypso.words.tricks import cards_text, refusal_reason, still_to_play

PAGE_KEYS = {"n": "next", "p": "previous"}
"""The keys the builder's table hears from anywhere on the page (R, reveal, is its own)."""
KEYS_HELP = N_(
    "Keys: N and P, next and previous example; R, reveal. In the grid: arrow keys move, "
    "Enter picks, Backspace takes back the last card."
)


class TrickBuilder(Panel):
    """Build a trick card by card and see at once who wins it, by which rule, and why.

    ``link`` names the page-address key this builder writes its state to (one per page);
    ``None`` keeps it out of the address.
    """

    def __init__(
        self,
        preset: str = "nine-hearts-two-ruffs",
        seed: int = 1,
        link: str | None = "trick",
        examples: bool = True,
    ) -> None:
        self._syncing = False
        self.result: TrickResult | None = None
        self.cards: list[Card] = []
        self.position: int | None = 0
        self.example: WorkedExample | None = None
        message = Message()
        # The worked examples, one button each, with next and previous.
        self.previous = button(_("Previous"), icon="arrow-left", tooltip=_("previous example (P)"))
        self.next = button(_("Next"), icon="arrow-right", tooltip=_("next example (N)"))
        self.presets = [button(example.words()[0]) for example in WORKED_EXAMPLES]
        for chip in self.presets:
            chip.add_class("calypso-preset")
        self.about = w.HTML()
        # The table, the picker and the text entry.
        self.trick = CardTable(
            label=_("The trick on the table"), compact=True, page_keys=True, key_names=PAGE_KEYS
        )
        self.picker = CardPicker(label=_("Pick a card for the trick"))
        self.keys_help = w.HTML('<small class="calypso-muted">' + _(KEYS_HELP) + "</small>")
        self.keys_help.add_class("ct-keys-hint")  # no keys to speak of on a touch screen
        self.text = w.Text(
            description=_("The trick as text"),
            placeholder="9H 4C 6D 2H",
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="calc(100% - 4px)", max_width="24em"),  # inside its 2 px margins
        )
        self.text_field = Field(self.text)
        # The settings.
        self.leader = w.ToggleButtons(
            options=[(seat_name(seat, short=True), seat) for seat in SEATS],
            value="N",
            description=_("Leader"),
            style={"button_width": "2.6em", "description_width": "3.5em"},
        )
        self.trump_picker = TrumpPicker(message, lambda _: self.update())
        self.variant = w.ToggleButtons(
            options=[(_(label), key) for key, (label, _lead, _own) in VARIANTS.items()],
            value="ranked",
            description=_("Rules"),
            style={"button_width": "auto", "description_width": "3.5em"},
            tooltips=[
                _("C4: ranks decide (the default of both rule texts)"),
                _("C5: any ruff beats a lead of the leader's own trump"),
                _("C5, our own option: your own trump may be played even when you could follow"),
            ],
        )
        self.check_legal = w.Checkbox(
            value=False, description=_("Deal hands and allow only legal plays"), indent=False
        )
        self.seed = seed_box(seed, _("hands seed"))
        self.reveal = w.Checkbox(
            value=False,
            description=_("Hide the winner until Reveal"),
            tooltip=_("a quiz: the winner, the verdict and every hint of them wait for Reveal"),
            indent=False,
        )
        self.presenter = w.Checkbox(
            value=False, description=_("Presenter: bigger cards"), indent=False
        )
        self.hands = w.HTML()
        self.compare = w.HTML()
        self._note = ""  # why cards of a link went (legal plays only), shown under the table
        self.link = PageLink(key=link) if link else None

        for control in (self.leader, self.variant):
            control.observe(self.guard(lambda _: self.update()), "value")
        self.check_legal.observe(self.guard(lambda _: self._new_deal()), "value")
        self.seed.observe(self.guard(lambda _: self._new_deal()), "value")
        self.reveal.observe(self.guard(lambda change: self._reveal_mode(change["new"])), "value")
        self.presenter.observe(self.guard(lambda change: self._present(change["new"])), "value")
        self.text.observe(self.guard(lambda change: self.type_text(change["new"])), "value")
        for example, preset_button in zip(WORKED_EXAMPLES, self.presets, strict=True):
            preset_button.on_click(self.guard(lambda _, key=example.key: self.load(key)))
        self.next.on_click(self.guard(lambda _: self.step(1)))
        self.previous.on_click(self.guard(lambda _: self.step(-1)))
        self.picker.on_pick(self.guard(self.pick))
        self.picker.on_undo(self.guard(self.undo))
        self.picker.on_clear(self.guard(self.clear))
        self.picker.on_position(self.guard(self.choose_position))
        self.picker.on_key(self.guard(self._key))
        self.trick.on_key(self.guard(self._key))
        self.trick.on_reveal(self.guard(self._write_link))
        self.trick.observe(self.guard(lambda _: self._words()), ["reveal_mode", "revealed"])
        if self.link is not None:
            self.link.on_open(self.guard(self.open_link))

        worked = _("Worked examples:")
        self.example_box = w.HBox(
            [w.HTML(f"<b>{worked}</b>"), self.previous, self.next, *self.presets],
            layout=w.Layout(
                flex="1 1 11rem", flex_flow="row wrap", align_items="center", min_width="0"
            ),
        )
        self.example_box.add_class("calypso-examples")
        if not examples:  # a second builder on a page: no example titles to give answers away
            self.example_box.layout.display = "none"
        table_box = w.VBox([self.trick], layout=w.Layout(flex="3 1 36rem", min_width="0"))
        picker_box = w.VBox([self.picker], layout=w.Layout(flex="1 1 24rem", min_width="0"))
        side = w.VBox(
            [self.text_field, self.leader, self.variant, self.compare],
            layout=w.Layout(flex="1 1 16rem", min_width="0"),
        )
        for dropdown in self.trump_picker.pickers.values():
            dropdown.layout.width = "8.6em"
        for box in (self.check_legal, self.reveal, self.presenter):
            box.layout.width = "auto"
        options = w.HBox(
            [self.check_legal, self.seed, self.reveal, self.presenter],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        options.add_class("calypso-options")  # each box apart, with its own label
        settings = w.VBox([self.trump_picker, options])
        row = w.Layout(flex_flow="row wrap", align_items="flex-start")
        children = [
            w.HBox([self.example_box, table_box], layout=row),
            self.about,
            w.HBox([picker_box, side], layout=w.Layout(flex_flow="row wrap")),
            self.keys_help,
            settings,
            self.hands,
            *([self.link] if self.link is not None else []),
        ]
        super().__init__(_("Trick builder"), children, message=message)
        self.load(preset)

    # -- reading -----------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return play_order(self.leader.value, SEATS)

    @property
    def played(self) -> list[Card]:
        """The cards of the trick so far, in play order."""
        return list(self.cards)

    @property
    def winner(self) -> str | None:
        """The seat that wins the trick, or, until every seat has played, is winning it so
        far (the page names a winner only for a complete trick)."""
        return None if self.result is None else self.seats[self.result.winner]

    @property
    def state(self) -> TrickState:
        """What the builder shows, as a link would hold it."""
        return TrickState(
            self.leader.value,
            tuple(self.cards),
            self.trump_picker.trumps,
            self.variant.value,
            self.reveal.value,
            self.seed.value if self.check_legal.value else None,
            self.presenter.value,
        )

    def _trump(self, seat: str) -> Suit:
        return self.trump_picker.trumps[SEATS.index(seat)]

    # -- changing ----------------------------------------------------------------------------

    def load(self, key: str) -> None:
        """Show a worked example, by its key."""
        example = next((e for e in WORKED_EXAMPLES if e.key == key), None)
        if example is None:
            keys = ", ".join(e.key for e in WORKED_EXAMPLES)
            raise ValueError(f"bad preset {key!r}: expected one of {keys}")
        self.set_trick(example.leader, example.cards)
        self.example = example
        self._words()

    def step(self, by: int) -> None:
        """Show the next (``by=1``) or previous (``by=-1``) worked example, round the list."""
        index = WORKED_EXAMPLES.index(self.example) if self.example is not None else -by
        self.load(WORKED_EXAMPLES[(index + by) % len(WORKED_EXAMPLES)].key)

    def set_trick(
        self, leader: str, cards: Sequence[str | Card] | str, variant: str = "ranked"
    ) -> None:
        """Show a trick (default trumps, any cards) led by ``leader``, under ``variant``."""
        chosen = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        if not 1 <= len(chosen) <= 4 or leader not in SEATS or variant not in VARIANTS:
            raise ValueError(
                f"bad trick {leader!r} {cards!r} {variant!r}: expected a seat N, E, S or W, "
                f"1 to 4 cards and a variant among {', '.join(VARIANTS)}"
            )
        kept = {"reveal": self.reveal.value, "presenter": self.presenter.value}
        self.apply(TrickState(leader, tuple(chosen), DEFAULT_TRUMPS, variant, **kept))

    def apply(self, state: TrickState) -> None:
        """Show ``state``: its settings, then its cards (in legal mode, as far as they are
        legal)."""
        self._syncing = True
        try:
            self.check_legal.value = state.deal is not None
            if state.deal is not None:
                self.seed.value = state.deal
            self.variant.value = state.variant
            self.trump_picker.set(state.trumps)
            self.leader.value = state.leader
            self.reveal.value = state.reveal
            self.trick.reveal_mode = state.reveal
            self.presenter.value = state.presenter
        finally:
            self._syncing = False
        self.example = None
        self.cards = list(state.cards)
        self.position = len(self.cards) if len(self.cards) < 4 else None
        self.update()

    def open_link(self, text: str) -> None:
        """Show the trick a link names; a link that names none leaves the first example, with a
        note saying so."""
        try:
            state = TrickState.from_link(text)
        except ValueError as exc:
            self.load(WORKED_EXAMPLES[0].key)
            self.about.value = f'<span class="calypso-error">{exc}</span>'
            return
        self.apply(state)
        self._words()

    def pick(self, card: Card) -> None:
        """Put ``card`` at the current position (the next empty one unless another was
        chosen)."""
        if self.position is None:
            return
        if self.check_legal.value:
            allowed, why = self._offer(self._hands(), self.position)
            if card not in allowed:
                raise ValueError(
                    _("{card} cannot be picked: {why}").format(card=card_text(card), why=why[card])
                )
        if self.position < len(self.cards):
            self.cards[self.position] = card
        else:
            self.cards.append(card)
        self.position = len(self.cards) if len(self.cards) < 4 else None
        self.example = None
        self.update()

    def undo(self) -> None:
        """Take back the last card."""
        if self.cards:
            self.cards.pop()
        self.position = len(self.cards)
        self.example = None
        self.update()

    def clear(self) -> None:
        """Take back every card."""
        self.cards = []
        self.position = 0
        self.example = None
        self.update()

    def choose_position(self, index: int) -> None:
        """Send the next pick to position ``index`` (at most the first empty one)."""
        self.position = min(index, len(self.cards), 3)
        self.update()

    def type_text(self, text: str) -> None:
        """Read the trick from text (``9H 4C 6D 2H``); bad text is said beside the field and
        the verdict is cleared until the text is fixed."""
        if self._syncing:
            return
        tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
        try:
            cards = [card_words(token) for token in tokens]
            if len(cards) > 4:
                raise ValueError(
                    _("A trick has at most four cards; that is {count}.").format(count=len(cards))
                )
            if self.check_legal.value:
                hands = self._hands()
                for position, card in enumerate(cards):
                    allowed, why = self._offer(hands, position, cards[:position])
                    if card not in allowed:
                        seat = self.seats[position]
                        raise ValueError(
                            _("{seat} cannot play {card} there: {why}.").format(
                                seat=seat_name(seat), card=card_text(card), why=why[card]
                            )
                        )
        except ValueError as exc:
            self.text_field.problem(str(exc))
            played = self.cards
            trumps = [self._trump(seat) for seat in self.seats[: len(played)]]
            self.trick.show_trick(played, self.seats, trumps, None)
            stale(self.compare, True)
            return
        self.cards = cards
        self.position = len(cards) if len(cards) < 4 else None
        self.example = None
        self.update()

    def _new_deal(self) -> None:
        """A new deal (or legal checking switched on or off) starts the trick afresh."""
        if self._syncing:
            return
        if self.check_legal.value:
            self.cards, self.position, self.example = [], 0, None
        self.update()

    def _reveal_mode(self, on: bool) -> None:
        self.trick.reveal_mode = on
        self.trick.revealed = False
        self._write_link()

    def _present(self, on: bool) -> None:
        """Presenter mode: bigger cards, and the examples as numbers so they fit one row."""
        self.trick.presenter = on
        self.example_box.layout.flex = "1 1 100%" if on else "1 1 11rem"
        self._words()
        if not self._syncing:
            self._write_link()

    def _key(self, name: str) -> None:
        if name in ("next", "previous") and self.example_box.layout.display == "none":
            return
        if name == "next":
            self.step(1)
        elif name == "previous":
            self.step(-1)
        elif name == "reveal":
            self.trick.receive({"type": "reveal"})

    @property
    def hiding(self) -> bool:
        """The winner is hidden until Reveal: nothing the builder shows may give it away."""
        return self.trick.hidden

    # -- drawing -----------------------------------------------------------------------------

    def _hands(self) -> dict[str, list[Card]]:
        game = Game(self.seed.value, trumps=[s.letter for s in self.trump_picker.trumps])
        return {seat: game.hand(seat) for seat in SEATS}

    def _offer(
        self,
        hands: Mapping[str, Sequence[Card]] | None,
        position: int,
        before: Sequence[Card] | None = None,
    ) -> tuple[set[Card], dict[Card, str]]:
        """The cards that may go at ``position`` (after ``before``, the trick's earlier cards),
        and why each other card may not, in words."""
        before = self.cards[:position] if before is None else before
        if hands is None:
            return set(ALL_CARDS), {}
        seat = self.seats[position]
        trump = self._trump(seat)
        own_trump = VARIANTS[self.variant.value][2]
        hand = hands[seat]
        allowed = set(legal_plays(hand, before, trump, all_fours=own_trump))
        held = refusals(hand, before, trump, all_fours=own_trump)
        name = seat_name(seat)
        why = {
            card: _("as {seat}, {why}").format(seat=name, why=refusal_reason(held[card]))
            if card in held
            else _("{seat} does not hold it").format(seat=name)
            for card in ALL_CARDS
            if card not in allowed
        }
        return allowed, why

    def _legal_prefix(self, hands: Mapping[str, Sequence[Card]]) -> str:
        """Keep the cards up to the first one its seat may not play; a note if any went."""
        for position, card in enumerate(self.cards):
            allowed, why = self._offer(hands, position)
            if card not in allowed:
                dropped = cards_text(self.cards[position:])
                self.cards = self.cards[:position]
                self.position = position
                return _("{card} cannot be played there ({why}), so {dropped} went.").format(
                    card=card_text(card), why=why[card], dropped=dropped
                )
        return ""

    def update(self) -> None:
        """Redraw the table, the picker, the text and the comparison from the trick."""
        if self._syncing:
            return
        legal = self.check_legal.value
        hands = self._hands() if legal else None
        note = self._legal_prefix(hands) if hands is not None else ""
        if self.position is not None:
            self.position = min(self.position, len(self.cards), 3)
        seats = self.seats
        played = self.cards
        trumps = [self._trump(seat) for seat in seats[: len(played)]]
        lead = VARIANTS[self.variant.value][1]
        self.result = resolve_trick(played, trumps, trump_lead=lead) if played else None
        self.trick.set_table(SEATS, self.trump_picker.trumps, bottom="S", partners=True)
        turn = seats[self.position] if self.position is not None else None
        self.trick.show_trick(played, seats, trumps, self.result, turn=turn, trump_lead=lead)
        self._draw_picker(hands)
        self._syncing = True
        try:
            self.text.value = " ".join(str(c) for c in played)
        finally:
            self._syncing = False
        self.text_field.fine()
        self.seed.layout.display = None if legal else "none"
        self.hands.value = (
            "" if hands is None else partnership.hands_table(hands, self.trump_picker.trumps)
        )
        self._note = note
        self._write_link()
        self._words()
        self.message.clear()

    def _words(self) -> None:
        """Everything the builder says of the trick in words: the examples' names, the
        variants' winners and the line under the table. While the winner is hidden none of
        them names it (nor its card, nor its ruling): the examples go by number in reveal
        mode, as some titles tell the answer."""
        if self._syncing:
            return
        quiz = self.trick.reveal_mode
        presenter = self.presenter.value
        for number, (example, preset) in enumerate(
            zip(WORKED_EXAMPLES, self.presets, strict=True), 1
        ):
            named, note = example.words()
            title = named if not quiz else _("Example {number}").format(number=number)
            preset.description = str(number) if presenter else title
            preset.tooltip = (
                _("Example {number}: {credit}").format(number=number, credit=example.credit())
                if quiz
                else f"{example.credit()}: {note}"
            )
        played = self.cards
        stale(self.compare, False)
        if not played:
            self.compare.value = ""
        elif self.hiding:
            heading, later = _("Each rule variant"), _("(its winner shows after Reveal)")
            self.compare.value = (
                f'<div class="calypso-variants"><b>{heading}</b> '
                f'<small class="calypso-muted">{later}</small></div>'
            )
        else:
            trumps = [self._trump(seat) for seat in self.seats[: len(played)]]
            self.compare.value = self._variants_html(played, trumps)
        self._show_about(self._note)

    def _variants_html(self, played: Sequence[Card], trumps: Sequence[Suit]) -> str:
        """The trick under each rule variant, one line each; a winner that differs from the
        default's is marked. Until every seat has played, each line names only the card
        winning so far."""
        seats = self.seats
        later = seats[len(played) :]
        lines = []
        default: str | None = None
        for key, (label, lead, _own) in VARIANTS.items():
            result = resolve_trick(played, trumps, trump_lead=lead)
            seat = seats[result.winner]
            default = default or seat
            shown = _(" (shown)") if key == self.variant.value else ""
            differs = _("◀ differs") if seat != default else ""
            differs = f' <b class="calypso-differs">{differs}</b>' if differs else ""
            values = {
                "seat": f"<b>{seat_name(seat)}</b>",
                "card": card_text(result.winning_card),
                "rule": rule_label(result.rule.value, named=False),  # the line names it
            }
            how = (
                _("{seat} is winning so far ({card}, {rule} as things stand)")
                if later
                else _("{seat} wins ({card}, {rule})")
            ).format(**values)
            named = _(label)
            lines.append(f'<li data-variant="{key}">{named}{shown}: {how}{differs}</li>')
        not_over = _("The trick is not over: {still}.").format(still=still_to_play(later))
        waiting = f'<p style="margin:0.1rem 0">{not_over}</p>' if later else ""
        heading = _("Each rule variant")
        aside = _("(own trump any time changes only what may be played)")
        return (
            '<div class="calypso-variants" style="line-height:1.35">'
            f'<b>{heading}</b> <small class="calypso-muted">{aside}</small>'
            f'<ul style="margin:0.1rem 0;padding-left:1.2rem">{"".join(lines)}</ul>{waiting}</div>'
        )

    def _draw_picker(self, hands: Mapping[str, Sequence[Card]] | None) -> None:
        seats = self.seats
        labels = [
            f"{ordinal(i + 1)} · {seat_name(seat, short=True)}" for i, seat in enumerate(seats)
        ]
        self.picker.show_positions(labels, self.cards, self.position)
        if self.position is None:
            self.picker.offer(
                (), _("the trick has four cards: choose a position above to change one, or Undo")
            )
            self.picker.prompt = _("The trick is complete.")
            return
        allowed, why = self._offer(hands, self.position)
        self.picker.offer(allowed, why)
        seat = seat_name(seats[self.position])
        nth = ordinal(self.position + 1)
        prompt = (
            _("Change: {seat}'s card, the {nth} of the trick.")
            if self.position < len(self.cards)
            else _("Next: {seat}'s card, the {nth} of the trick.")
        ).format(seat=seat, nth=nth)
        if hands is not None:
            prompt += " " + _("Only cards {seat} holds and may play are offered.").format(seat=seat)
        self.picker.prompt = prompt

    def _write_link(self) -> None:
        if self.link is not None:
            self.link.value = self.state.to_link()

    def _show_about(self, note: str = "") -> None:
        example = self.example
        if note:
            self.about.value = f'<span class="calypso-muted">{note}</span>'
        elif example is None:
            self.about.value = ""
        elif self.hiding:
            number = WORKED_EXAMPLES.index(example) + 1
            said = _("Example {number}: {credit}. Its winner is hidden until Reveal.").format(
                number=number, credit=example.credit()
            )
            self.about.value = f'<span class="calypso-muted">{said}</span>'
        else:
            named, note = example.words()
            winner = seat_name(example.winner)
            if example.given:
                says = _("The page says {seat} wins; the engine {agrees}.")
            else:
                says = _("By that rule, {seat} wins; the engine {agrees}.")
            agrees = _("agrees") if self.winner == example.winner else _("DISAGREES")
            number = WORKED_EXAMPLES.index(example) + 1
            title = f"{number}. {named}: " if self.presenter.value or self.reveal.value else ""
            self.about.value = (
                f'<span class="calypso-muted">{title}{example.credit()}. {note} '
                f"{says.format(seat=winner, agrees=agrees)}</span>"
            )
