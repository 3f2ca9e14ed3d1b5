"""Exercises: short stages of small questions, each answered and explained by the engine.

A stage belongs to a chapter and holds a few :class:`Exercise` values drawn from a seed, so a
learner always has fresh ones and a teacher can name a stage by its seed. Every exercise knows
its right answer, the ruling behind it (docs/rulings.md) and a sentence or two saying why, all
computed here from the engine; a widget only asks and shows.

>>> stage = make_stage("who-wins", seed=7)
>>> len(stage), stage[0].chapter, stage[0].rule.startswith("C4")
(5, 'who-wins', True)
>>> exercise = stage[0]
>>> exercise.answer in [choice.key for choice in exercise.choices]
True
>>> wrong = next(c.key for c in exercise.choices if c.key != exercise.answer)
>>> exercise.reason(wrong).startswith(wrong)
True
>>> stars(1), stars(2), stars(5)
(3, 2, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from calypso import words
from calypso.auction.bidding import MIN_POINTS_WITHOUT_CALYPSOS, Bid, score_contract, score_misere
from calypso.calypsos import Calypso, Where, route
from calypso.cards import ALL_CARDS, Card, Suit
from calypso.chapters import find_chapter
from calypso.examples import ExampleTrick, random_trick
from calypso.game import DEFAULT_TRUMPS, SEATS, partner_of
from calypso.games import find_game
from calypso.i18n import N_, _, card_text, ngettext, seat_name, suit_name
from calypso.reasons import why_not
from calypso.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS, score_side
from calypso.table import play_order
from calypso.tricks import CALYPSO_RULES, Rule, TrickResult, TrumpLead, legal_plays, resolve_trick
from calypso.words import number, side_name

STAGE_SIZE = 5
"""Exercises in a stage."""


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


@dataclass(frozen=True)
class Exercise:
    """One question: what to ask, the choices, the right one, and why."""

    question: str
    choices: tuple[Choice, ...]
    answer: str
    explanation: str
    rule: str
    trick: ExampleTrick | None = None
    """A trick to draw with the question (complete, or the cards played so far)."""
    hand: tuple[Card, ...] = ()
    """The learner's hand, when the question is which card to play from it."""
    trumps: tuple[Suit, ...] = DEFAULT_TRUMPS
    """Everyone's personal trump, in the order of ``calypso.game.SEATS``."""
    facts: tuple[str, ...] = field(default=())
    """What the learner needs to know besides the trick (calypsos in progress, a score)."""
    seats: tuple[str, ...] = ()
    """Who played the trick's cards, in order, when not the Calypso's clockwise order."""
    shared_trump: Suit | None = None
    """The one trump for everyone, in the whist games."""
    personal: bool = True
    """Whether the players hold personal trumps (Calypso), drawn on the table."""
    why: tuple[tuple[str, str], ...] = ()
    """For every wrong choice, its key and the reason it is wrong, in one sentence."""
    chapter: str = ""
    """The slug of the chapter whose stage asked it (:mod:`calypso.chapters`)."""
    result: TrickResult | None = None
    """The engine's verdict on the trick once every seat has played to it (for a hand, with
    the right answer played last), under the rules the exercise names; None without one."""

    @property
    def played_by(self) -> tuple[str, ...]:
        """The seat that played each card of the trick."""
        if self.seats:
            return self.seats[: len(self.trick.cards)] if self.trick else ()
        return self.trick.seats if self.trick else ()

    def is_right(self, key: str) -> bool:
        return key == self.answer

    def reason(self, key: str) -> str:
        """Why the choice ``key`` is wrong, in one sentence from the engine's facts."""
        found = dict(self.why)
        if key not in found:
            raise ValueError(f"bad key {key!r}: not a wrong choice of this exercise")
        return found[key]

    @property
    def answer_label(self) -> str:
        return next(c.label for c in self.choices if c.key == self.answer)


def stars(attempts: int) -> int:
    """Stars for an exercise answered right at the ``attempts``-th try: 3, 2, then 1."""
    if attempts < 1:
        raise ValueError(f"bad attempts {attempts!r}: expected 1 or more")
    return max(1, 4 - attempts)


def _seat_choices() -> tuple[Choice, ...]:
    return tuple(Choice(seat, seat_name(seat)) for seat in SEATS)


def _trumps(rng: random.Random) -> tuple[Suit, ...]:
    """Any assignment of the four suits to the seats (C1); the default half of the time."""
    if rng.random() < 0.5:
        return DEFAULT_TRUMPS
    suits = list(Suit)
    rng.shuffle(suits)
    return tuple(suits)


# -- chapter "table": the table --------------------------------------------------------------------


def table_question(rng: random.Random, kinds: Sequence[int] = (0, 1, 2)) -> Exercise:
    """Who is whose partner, and whose trump is which (C1): two steps from the table.

    ``kinds`` are the questions drawn from: 0 asks for a partner, 1 for the partner's trump,
    2 for whose partner owns a suit. Its words are in the page's language."""
    trumps = _trumps(rng)
    mine = dict(zip(SEATS, trumps, strict=True))
    facts = tuple(
        _("{seat}'s personal trump is {trump}").format(seat=seat_name(seat), trump=suit.symbol)
        for seat, suit in mine.items()
    )
    kind = rng.choice(kinds)
    seat = rng.choice(SEATS)
    partner = partner_of(seat)
    owner = {suit: who for who, suit in mine.items()}
    names = {"seat": seat_name(seat), "partner": seat_name(partner)}
    if kind == 0:
        why = tuple(
            (
                other,
                (
                    _("{other} is the player asked about, and nobody is their own partner")
                    if other == seat
                    else _(
                        "{other} sits next to {seat}, so {other} is an opponent: partners sit "
                        "opposite each other"
                    )
                ).format(other=seat_name(other), **names),
            )
            for other in SEATS
            if other != partner
        )
        return Exercise(
            question=_("Who is {seat}'s partner?").format(**names),
            choices=_seat_choices(),
            answer=partner,
            explanation=_(
                "Partners sit opposite each other: {n} with {s}, {e} with {w}. So {seat} plays "
                "with {partner}, and the other two are {seat}'s opponents."
            ).format(**names, **{s.lower(): seat_name(s) for s in SEATS}),
            rule="C1",
            trumps=trumps,
            why=why,
        )
    if kind == 1:
        suit = mine[partner]
        why = tuple(
            (
                other.letter,
                (
                    _("{suit} is {seat}'s own trump, not the partner's: look across the table")
                    if owner[other] == seat
                    else _(
                        "{suit} is {owner}'s trump, and {owner} sits next to {seat}: an "
                        "opponent, not the partner"
                    )
                ).format(suit=other.symbol, owner=seat_name(owner[other]), **names),
            )
            for other in Suit
            if other != suit
        )
        return Exercise(
            question=_("Which suit is the personal trump of {seat}'s partner?").format(**names),
            choices=tuple(Choice(s.letter, f"{s.symbol}\u00a0{suit_name(s)}") for s in Suit),
            answer=suit.letter,
            explanation=_(
                "{seat}'s partner is {partner}, the player opposite, and {partner}'s own suit "
                "is {suit}."
            ).format(suit=suit.symbol, **names),
            rule="C1",
            trumps=trumps,
            facts=facts,
            why=why,
        )
    suit = mine[seat]
    why = tuple(
        (
            other,
            _("{other}'s partner is {partner}, whose trump is {trump}, not {suit}").format(
                other=seat_name(other),
                partner=seat_name(partner_of(other)),
                trump=mine[partner_of(other)].symbol,
                suit=suit.symbol,
            ),
        )
        for other in SEATS
        if other != partner
    )
    return Exercise(
        question=_("Whose partner has {suit} {name} as their personal trump?").format(
            suit=suit.symbol, name=suit_name(suit)
        ),
        choices=_seat_choices(),
        answer=partner,
        explanation=_(
            "{suit} belongs to {seat}, and nobody else shares it. {seat}'s partner, the player "
            "opposite, is {partner}."
        ).format(suit=suit.symbol, **names),
        rule="C1",
        trumps=trumps,
        facts=facts,
        why=why,
    )


def _seat_reasons(
    cards: Sequence[Card],
    seats: Sequence[str],
    trumps: Sequence[Suit | None],
    winner: str,
    shared: bool = False,
    ruff_wins: bool = False,
) -> tuple[tuple[str, str], ...]:
    """Why each seat but ``winner`` does not take the trick (C4, C5, W5, B4: ``why_not``)."""
    return tuple(
        (seat, why_not(cards, trumps, i, shared=shared, ruff_wins=ruff_wins).sentence(seats))
        for i, seat in enumerate(seats[: len(cards)])
        if seat != winner
    )


# -- chapter "who-wins": who wins the trick --------------------------------------------------------


def winner_question(rng: random.Random, rules: Sequence[Rule] = CALYPSO_RULES[:5]) -> Exercise:
    """Who wins this trick (C4)? The trick is one that one of ``rules`` decides, drawn at
    random (the five cases of C4 unless told)."""
    rule = rng.choice(rules)
    trick = random_trick(rule, rng, trumps=_trumps(rng))
    result = trick.result()
    seat = trick.winning_seat()
    return Exercise(
        question=_("Who wins this trick?"),
        choices=_seat_choices(),
        answer=seat,
        explanation=words.explain(result),
        rule=result.rule.value,
        trick=trick,
        trumps=trick.trumps,
        result=result,
        why=_seat_reasons(
            trick.cards,
            trick.seats,
            trick.trumps_in_order(),
            seat,
            ruff_wins=trick.trump_lead is TrumpLead.RUFF_WINS,
        ),
    )


# -- chapter "calypsos": building calypsos ---------------------------------------------------------

WHERE_CHOICES = (
    Choice("winner", N_("into the winner's calypso")),
    Choice("partner", N_("into the winner's partner's calypso")),
    Choice("next", N_("it starts a new calypso")),
    Choice("pile", N_("onto the winning side's pile")),
)
"""Where a card of a won trick can go, labelled with English message ids (C6)."""
WHERE_KEYS = tuple(choice.key for choice in WHERE_CHOICES)


def _where_choices() -> tuple[Choice, ...]:
    """:data:`WHERE_CHOICES` in the page's language."""
    return tuple(Choice(choice.key, _(choice.label)) for choice in WHERE_CHOICES)


def _run(rng: random.Random, suit: Suit, trick: Sequence[Card]) -> Calypso:
    """A calypso in progress: sometimes one card short of complete, with that card in the
    trick, so that the trick finishes it."""
    needed = [c for c in trick if c.suit == suit]
    if needed and rng.random() < 0.4:
        last = rng.choice(needed)
        return Calypso(suit, [c for c in ALL_CARDS if c.suit == suit and c.rank != last.rank])
    size = rng.randint(0, 11)
    return Calypso(suit, rng.sample([c for c in ALL_CARDS if c.suit == suit], size))


def _completes(run: Calypso, trick: Sequence[Card]) -> bool:
    """Whether the trick's cards of the run's suit complete it (C6)."""
    after = run.copy()
    after.take(c for c in trick if c.suit == run.suit)
    return after.completed > run.completed


def _where_draw(rng: random.Random) -> tuple[ExampleTrick, list[Calypso]]:
    """A won trick with copies and the side's suits coming up often, and the calypsos in
    progress of its winner and the winner's partner, in that order (C6)."""
    trumps = _trumps(rng)
    leader = rng.choice(SEATS)
    cards: list[Card] = []
    for _seat in SEATS:
        suit = rng.choice([*trumps, *trumps[:2]])  # the winner's side's suits come up often
        if cards and rng.random() < 0.3:
            suit = cards[0].suit
        pool = [c for c in ALL_CARDS if c.suit == suit]
        cards.append(rng.choice(cards) if cards and rng.random() < 0.25 else rng.choice(pool))
    trick = ExampleTrick(leader, tuple(cards), trumps)
    mine = dict(zip(SEATS, trumps, strict=True))
    winner = trick.winning_seat()
    return trick, [_run(rng, mine[winner], cards), _run(rng, mine[partner_of(winner)], cards)]


def _where_keys(trick: ExampleTrick, runs: Sequence[Calypso]) -> list[str]:
    """Where each card of the trick goes, as the keys of WHERE_CHOICES (C6, from ``route``)."""
    owner = {runs[0].suit: "winner", runs[1].suit: "partner"}
    keys = []
    for where, suit in route(trick.cards, runs):
        if where is Where.CALYPSO and suit is not None:
            keys.append(owner[suit])
        else:
            keys.append(where.value)
    return keys


def _earlier_copy(trick: ExampleTrick, index: int) -> str:
    """Who played the first copy of the trick's card at ``index``, in words."""
    first = trick.cards.index(trick.cards[index])
    return _("{seat}'s {card}, played earlier in this trick").format(
        seat=seat_name(trick.seats[first]), card=card_text(trick.cards[index])
    )


def _where_why(trick: ExampleTrick, runs: Sequence[Calypso], index: int, key: str) -> str:
    """Why the card at ``index`` goes where ``key`` says, in plain words (C6)."""
    card = trick.cards[index]
    winner = trick.winning_seat()
    seat = {runs[0].suit: winner, runs[1].suit: partner_of(winner)}
    side = "".join(sorted((winner, partner_of(winner)), key=SEATS.index))
    run = next((r for r in runs if r.suit == card.suit), None)
    names = {
        "winner": seat_name(winner),
        "partner": seat_name(partner_of(winner)),
        "suit": card.suit.symbol,
        "card": card_text(card),
        "side": side_name(side),
    }
    if run is None:
        return _(
            "Neither {winner} nor {partner} builds {suit}, so the card goes onto {side}'s pile."
        ).format(**names)
    owner = seat_name(seat[run.suit])
    later = card in trick.cards[index + 1 :]
    if key in ("winner", "partner"):
        why = _("{owner}'s calypso in progress is missing {card}, and it must go in.").format(
            owner=owner, **names
        )
        if later:
            why += " " + _(
                "This copy was played first, so it fills the gap; the later {card} in this "
                "trick is a spare."
            ).format(**names)
        return why
    filled = (
        _("{owner}'s calypso already held {card}").format(owner=owner, **names)
        if not run.needs(card)
        else _("{earlier}, filled that gap first").format(earlier=_earlier_copy(trick, index))
    )
    if key == "next":
        return _(
            "This trick completes {owner}'s calypso. This {card} was a spare at first "
            "({filled}), but once a calypso is completed, the spares of its suit from the same "
            "trick start the next one, one card of each rank."
        ).format(owner=owner, filled=filled, **names)
    why = _("This {card} is a spare: {filled}. Spares go onto {side}'s pile.").format(
        filled=filled, **names
    )
    if _completes(run, trick.cards):
        why += " " + _(
            "This trick completes {owner}'s calypso, and one spare of each rank starts the "
            "next one; an earlier spare {card} of this trick already does."
        ).format(owner=owner, **names)
    return why


def _where_not(trick: ExampleTrick, runs: Sequence[Calypso], index: int, key: str) -> str:
    """Why the card at ``index`` does not go where ``key`` says, in one sentence (C6, the
    facts ``route`` works from: whose suit it is, what the calypso in progress holds, whether
    the trick completes it)."""
    card = trick.cards[index]
    winner = trick.winning_seat()
    seat = {runs[0].suit: winner, runs[1].suit: partner_of(winner)}
    run = next((r for r in runs if r.suit == card.suit), None)
    right = _where_keys(trick, runs)[index]
    names = {"suit": card.suit.symbol, "card": card_text(card)}
    if key in ("winner", "partner"):
        asked = runs[0] if key == "winner" else runs[1]
        holder = seat_name(seat[asked.suit])
        if asked.suit != card.suit:
            return _("{owner}'s calypso is in {theirs}, so a {suit} card cannot go into it").format(
                owner=holder, theirs=asked.suit.symbol, **names
            )
        filled = (
            _("{owner}'s calypso in progress already holds {card}").format(owner=holder, **names)
            if not asked.needs(card)
            else _("{earlier}, fills that gap first").format(earlier=_earlier_copy(trick, index))
        )
        return _("{card} is a spare: {filled}").format(filled=filled, **names)
    if run is None:
        return _(
            "Neither {winner} nor {partner} builds {suit}, so {card} goes into no calypso, old "
            "or new"
        ).format(winner=seat_name(winner), partner=seat_name(partner_of(winner)), **names)
    owner = seat_name(seat[run.suit])
    if key == "next":
        if not _completes(run, trick.cards):
            return _(
                "This trick does not complete {owner}'s {theirs} calypso, so {card} starts no "
                "new one"
            ).format(owner=owner, theirs=run.suit.symbol, **names)
        if right in ("winner", "partner"):
            return _(
                "{owner}'s calypso in progress lacks {card}, and this copy fills that gap before "
                "any new calypso is started"
            ).format(owner=owner, **names)
        return _(
            "An earlier spare {card} of this trick already starts {owner}'s next calypso, which "
            "takes one card of each rank"
        ).format(owner=owner, **names)
    if right == "next":
        return _(
            "This trick completes {owner}'s calypso, and the first spare {card} starts the next "
            "one instead of going onto the pile"
        ).format(owner=owner, **names)
    return _(
        "{owner}'s calypso in progress lacks {card}, and a card that fills a gap must go in, not "
        "onto the pile"
    ).format(owner=owner, **names)


def where_question(
    rng: random.Random,
    targets: Sequence[str] = WHERE_KEYS,
    completing: bool = False,
    tries: int = 10_000,
) -> Exercise:
    """Where does this card of a won trick go (C6)? The answer is drawn first from
    ``targets`` (keys of ``WHERE_CHOICES``, each as often), then a trick with a card that
    goes there; with ``completing``, a trick that completes a calypso."""
    target = rng.choice(targets)
    for _try in range(tries):
        trick, runs = _where_draw(rng)
        if completing and not any(_completes(run, trick.cards) for run in runs):
            continue
        keys = _where_keys(trick, runs)
        asked = [i for i, key in enumerate(keys) if key == target]
        if asked:
            break
    else:
        raise ValueError(f"no trick with a card going to {target!r} in {tries} draws")
    index = rng.choice(asked)
    winner = trick.winning_seat()
    facts = tuple(
        _("{seat}'s calypso in progress ({suit}): {cards}").format(
            seat=seat_name(seat),
            suit=run.suit.symbol,
            cards=words.cards_text(run.cards()) or _("no cards yet"),
        )
        for seat, run in zip((winner, partner_of(winner)), runs, strict=True)
    )
    card = trick.cards[index]
    return Exercise(
        question=_("{winner} wins this trick. Where does {seat}'s {card} go?").format(
            winner=seat_name(winner), seat=seat_name(trick.seats[index]), card=card_text(card)
        ),
        choices=_where_choices(),
        answer=target,
        explanation=_where_why(trick, runs, index, target),
        rule="C6",
        trick=trick,
        trumps=trick.trumps,
        facts=facts,
        why=tuple((k, _where_not(trick, runs, index, k)) for k in WHERE_KEYS if k != target),
        result=trick.result(),
    )


# -- chapter "scoring": scoring --------------------------------------------------------------------


def _off_by(value: int, right: int) -> str:
    """A wrong figure's generic reason: how far it is from what a side's parts add up to."""
    if value > right:
        text = _(
            "{value} is {off} more than the calypsos, the cards in progress and the pile add up to"
        )
    else:
        text = _(
            "{value} is {off} less than the calypsos, the cards in progress and the pile add up to"
        )
    return text.format(value=number(value), off=number(abs(value - right)))


def _distinct(
    right: int, slips: Sequence[tuple[int, str]], keep: Callable[[int], bool] = lambda v: True
) -> list[tuple[int, str]]:
    """The slips whose figure is wrong and not already among the earlier ones."""
    seen = {right}
    found = []
    for value, why in slips:
        if value not in seen and keep(value):
            seen.add(value)
            found.append((value, why))
    return found


def score_question(rng: random.Random) -> Exercise:
    """What does this side score (C7)?"""
    seats = rng.choice([("N", "S"), ("E", "W")])
    mine = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
    players = [(seat, mine[seat], rng.randint(0, 2), rng.randint(0, 12)) for seat in seats]
    pile = rng.randint(0, 40)
    name = "".join(seats)
    side = score_side(name, players, pile)
    named = side_name(name)
    right = side.total
    flat = sum(500 * c + IN_PROGRESS_POINTS * p for _, _, c, p in players) + PILE_POINTS * pile
    half = right - sum(p.in_progress_points for p in side.players) // 2
    slips = [
        (
            right - side.pile_points,
            _("{value} leaves out {side}'s pile: {pile} cards × {each}").format(
                value=number(right - side.pile_points), side=named, pile=pile, each=PILE_POINTS
            ),
        ),
        (
            flat,
            _(
                "{value} counts a second calypso as 500, but a player's second scores {second}"
            ).format(value=number(flat), second=CALYPSO_VALUES[1]),
        ),
        (
            half,
            _("{value} counts {half} a card in progress, but each scores {each}").format(
                value=number(half), half=IN_PROGRESS_POINTS // 2, each=IN_PROGRESS_POINTS
            ),
        ),
        (
            right + PILE_POINTS * pile,
            _("{value} counts {double} a pile card, but each scores {each}").format(
                value=number(right + PILE_POINTS * pile), double=2 * PILE_POINTS, each=PILE_POINTS
            ),
        ),
        (right + 250, _off_by(right + 250, right)),
        (right - 250, _off_by(right - 250, right)),
        (right + 20, _off_by(right + 20, right)),
    ]
    wrong = _distinct(right, slips, keep=lambda v: v > 0)
    if len(wrong) < 3:  # a side with next to nothing: too few slips differ, so add near misses
        near = [(right + more, _off_by(right + more, right)) for more in (10, 500, 40)]
        wrong = _distinct(right, [*wrong, *near], keep=lambda v: v > 0)
    picked = rng.sample(wrong, 3)
    options = [right, *(v for v, _ in picked)]
    rng.shuffle(options)
    facts = (
        *(
            _("{seat}: {calypsos}, {cards}").format(
                seat=seat_name(seat),
                calypsos=ngettext(
                    "{count} completed calypso", "{count} completed calypsos", completed
                ).format(count=completed),
                cards=ngettext(
                    "{count} card in the calypso in progress",
                    "{count} cards in the calypso in progress",
                    progress,
                ).format(count=progress),
            )
            for seat, _suit, completed, progress in players
        ),
        ngettext("{side}'s pile: {count} card", "{side}'s pile: {count} cards", pile).format(
            side=named, count=pile
        ),
    )
    parts = [
        ngettext(
            "{seat}: {calypsos} for calypsos + {points} for {count} card in progress",
            "{seat}: {calypsos} for calypsos + {points} for {count} cards in progress",
            p.in_progress,
        ).format(
            seat=seat_name(p.seat),
            calypsos=p.calypso_points,
            points=p.in_progress_points,
            count=p.in_progress,
        )
        for p in side.players
    ]
    return Exercise(
        question=_("What does {side} score?").format(side=named),
        choices=tuple(Choice(str(v), number(v)) for v in options),
        answer=str(right),
        explanation=_(
            "{parts}; the pile: {pile} × {each} = {points}. Together {total}. (Calypsos score "
            "{values} for the first, second, third and fourth; {in_progress} a card in progress.)"
        ).format(
            parts="; ".join(parts),
            pile=pile,
            each=PILE_POINTS,
            points=side.pile_points,
            total=number(right),
            values=", ".join(map(str, CALYPSO_VALUES)),
            in_progress=IN_PROGRESS_POINTS,
        ),
        rule="C7",
        facts=facts,
        why=tuple((str(v), why) for v, why in picked),
    )


# -- chapter "play": playing -----------------------------------------------------------------------


def _or_names(cards: Sequence[Card]) -> str:
    """Cards in words: ``K♦``, ``K♦ or 5♥``, ``K♦, 5♥ or 2♣``."""
    names = [card_text(c) for c in cards]
    if len(names) == 1:
        return names[0]
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _side_wins(winner: int) -> bool:
    """Whether the card at ``winner`` belongs to the last player's side: the 2nd and 4th
    cards of a trick come from partners (C1)."""
    return winner % 2 == 1


def _losing_lines(seats: Sequence[str], outcomes: dict[Card, TrickResult]) -> list[str]:
    """For each other card, grouped by who would then take the trick: a sentence saying so."""
    by_winner: dict[int, list[Card]] = {}
    for card, result in outcomes.items():
        by_winner.setdefault(result.winner, []).append(card)
    lines = []
    for winner, cards in sorted(by_winner.items()):
        taker = outcomes[cards[0]].winning_card
        lines.append(
            _(
                "With {cards} instead, {seat}'s {card} would take the trick for the other side."
            ).format(cards=_or_names(cards), seat=seat_name(seats[winner]), card=card_text(taker))
        )
    return lines


def _your_loss(
    cards: Sequence[Card], card: Card, trumps: Sequence[Suit], seats: Sequence[str]
) -> str:
    """Why playing ``card`` last loses the trick for your side, in one sentence (C4)."""
    beaten = why_not([*cards, card], trumps, 3)
    said = beaten.sentence(seats, you=seats[3])
    taker = seat_name(seats[beaten.winner])
    if beaten.names_winner:
        return _("{said}, and {seat} is on the other side").format(said=said, seat=taker)
    return _("{said}, so {seat}'s {card} takes the trick for the other side").format(
        said=said, seat=taker, card=card_text(beaten.winning_card)
    )


def play_question(rng: random.Random, tries: int = 10_000) -> Exercise:
    """You play last: which of your cards wins the trick for your side (C3, C4)? Exactly one
    of the cards you may play does, whether it takes the trick itself or leaves your partner
    winning; every other one lets the opponents take it."""
    for _try in range(tries):
        leader = rng.choice(SEATS)
        seats = play_order(leader, SEATS)
        deck = list(ALL_CARDS)
        cards = [rng.choice(deck) for _ in range(3)]
        hand = sorted({rng.choice(deck) for _ in range(5)})
        trumps = [DEFAULT_TRUMPS[SEATS.index(seat)] for seat in seats]
        legal = sorted(set(legal_plays(hand, cards, trumps[3])))
        if len(legal) < 3:
            continue
        outcomes = {c: resolve_trick([*cards, c], trumps) for c in legal}
        right = [c for c, result in outcomes.items() if _side_wins(result.winner)]
        if len(right) != 1:
            continue
        card = right[0]
        result = outcomes.pop(card)
        if result.winner == 3:
            taken = _("With {card} you take the trick. {why}")
        else:
            taken = _("With {card} your partner {seat} takes the trick. {why}")
        choices = [Choice(str(c), card_text(c)) for c in legal]
        rng.shuffle(choices)  # the hand shows the cards in order; the choices carry none
        why = tuple((str(other), _your_loss(cards, other, trumps, seats)) for other in outcomes)
        return Exercise(
            question=_(
                "You are {seat}, last to play. Which card wins the trick for your side?"
            ).format(seat=seat_name(seats[3])),
            choices=tuple(choices),
            answer=str(card),
            explanation=" ".join(
                [
                    taken.format(
                        card=card_text(card),
                        seat=seat_name(seats[1]),
                        why=words.explain(result),
                    ),
                    *_losing_lines(seats, outcomes),
                ]
            ),
            rule=result.rule.value,
            trick=ExampleTrick(leader, tuple(cards)),
            hand=tuple(hand),
            result=result,
            facts=(
                _("Your partner is {seat}, who played {card}.").format(
                    seat=seat_name(seats[1]), card=card_text(cards[1])
                ),
            ),
            why=why,
        )
    raise ValueError(f"no position where exactly one card wins for your side in {tries} draws")


# -- chapter "auction": Auction Calypso ------------------------------------------------------------


def _bid(rng: random.Random) -> Bid:
    calypsos = rng.choice([0, 0, 0, 1, 1, 2])
    low = 0 if calypsos else MIN_POINTS_WITHOUT_CALYPSOS // 10
    return Bid(calypsos, 10 * rng.randint(low, low + 12), rng.choice(list(Suit)))


def _higher(bid: Bid, other: Bid) -> str:
    """Why ``bid`` outranks ``other`` (A4), in the page's language."""
    kind = bid.beats(other)
    if kind is None:
        raise ValueError(f"bad bids {bid} and {other}: the first does not outrank the second")
    return words.higher(kind)


def bid_question(rng: random.Random) -> Exercise:
    """Which of these bids is the highest (A4)?"""
    bids: list[Bid] = []
    while len(bids) < 4:
        bid = _bid(rng)
        if bid not in bids:
            bids.append(bid)
    best = max(bids)
    runner = max(b for b in bids if b != best)

    def beaten(bid: Bid) -> str:
        above = min(b for b in bids if b > bid)  # the lowest bid offered that beats it
        return _("{bid} is lower than {above}: {above} has {why}").format(
            bid=bid.symbol, above=above.symbol, why=_higher(above, bid)
        )

    return Exercise(
        question=_("Which of these bids is the highest?"),
        choices=tuple(Choice(str(b), b.symbol) for b in bids),
        answer=str(best),
        explanation=_(
            "{best} beats {runner}: {why}. Bids rank by calypsos first, then points, then suit "
            "(♣ lowest, then ♦, ♥, ♠)."
        ).format(best=best.symbol, runner=runner.symbol, why=_higher(best, runner)),
        rule="A4",
        why=tuple((str(b), beaten(b)) for b in bids if b != best),
    )


def _calypsos(count: int) -> str:
    if count == 0:
        return _("no calypso")
    return ngettext("{count} calypso", "{count} calypsos", count).format(count=count)


def _contract_facts(
    points: int, calypsos: int, doubled: int, pile: int, in_progress: int, needed: int, done: int
) -> tuple[str, ...]:
    """Every fact A7's score depends on, in words; how many cards the bid calypso lacked is
    left out only when no calypso was bid, since then it changes nothing."""
    contract = (
        _("The contract: 1 calypso and {points} points (bid 1+{points})")
        if calypsos
        else _("The contract: {points} points")
    ).format(points=points)
    if doubled:
        doubling = _("{contract}, doubled") if doubled == 1 else _("{contract}, redoubled")
        contract = doubling.format(contract=contract)
    facts = [
        contract,
        ngettext(
            "Declarer's trickpile: {count} card", "Declarer's trickpile: {count} cards", pile
        ).format(count=pile),
        ngettext(
            "Declarer's calypso in progress in the contract suit: {count} card",
            "Declarer's calypso in progress in the contract suit: {count} cards",
            in_progress,
        ).format(count=in_progress),
    ]
    if calypsos:
        facts.append(
            ngettext(
                "That calypso lacked {count} card when the hand began",
                "That calypso lacked {count} cards when the hand began",
                needed,
            ).format(count=needed)
        )
    facts.append(
        _("Declarer completed {calypsos} during this hand").format(calypsos=_calypsos(done))
    )
    return tuple(facts)


def contract_question(rng: random.Random) -> Exercise:
    """Did the contract make, and what does it score (A7)? The facts hold everything the
    score depends on, calypsos completed during the hand included."""
    calypsos = rng.choice([0, 0, 1])
    points = 10 * rng.randint(0 if calypsos else 17, 30)
    needed = rng.randint(1, 6)
    done = int(rng.random() < (0.7 if calypsos else 0.3))
    pile = rng.randint(8, 30)
    # the calypso lost no cards: unless one was completed it still holds its 13 - needed
    low = 13 - needed if calypsos and not done else 0
    in_progress = rng.randint(low, 12)
    doubled = rng.choice([0, 0, 0, 1, 2])
    score = score_contract(points, calypsos, pile, in_progress, needed, done, doubled)
    total = score.total

    def off(value: int) -> str:
        if value > total:
            text = (
                _("{value} is {off} more than declarer scores: the contract is made")
                if score.made
                else _("{value} is {off} more than declarer scores: the contract fails")
            )
        else:
            text = (
                _("{value} is {off} less than declarer scores: the contract is made")
                if score.made
                else _("{value} is {off} less than declarer scores: the contract fails")
            )
        return text.format(value=number(value, sign=True), off=number(abs(value - total)))

    def signed(value: int) -> str:
        return number(value, sign=True)

    slips = [
        (
            -total,
            (
                _("{value} has the wrong sign: the contract is made, so declarer gains points")
                if score.made
                else _("{value} has the wrong sign: the contract fails, so declarer loses points")
            ).format(value=signed(-total)),
        ),
        (total + 20 * max(score.sold, 1), off(total + 20 * max(score.sold, 1))),
        (
            total - score.card_points,
            _("{value} leaves out the trickpile: {pile} cards × 10").format(
                value=signed(total - score.card_points), pile=pile
            )
            if score.made
            else off(total - score.card_points),
        ),
        (
            total - 500 * done,
            _("{value} leaves out the 500 for the calypso completed during the hand").format(
                value=signed(total - 500 * done)
            ),
        )
        if score.made
        else (
            points,
            _("{value} scores the bid points as if made, but the contract fails").format(
                value=signed(points)
            ),
        ),
        (
            total + 500 if score.made else total - 500,
            off(total + 500 if score.made else total - 500),
        ),
        (
            total + 10 * pile,
            _("{value} counts the trickpile twice").format(value=signed(total + 10 * pile))
            if score.made
            else off(total + 10 * pile),
        ),
        (total - 100, off(total - 100)),
    ]
    picked = rng.sample(_distinct(total, slips), 3)
    options = [total, *(v for v, _ in picked)]
    rng.shuffle(options)
    lines = "; ".join(f"{words.score_line(line)}: {signed(line.points)}" for line in score.lines)
    lines = lines[:1].upper() + lines[1:]
    explained = (
        _("The contract is made. {lines}. Total {total}.")
        if score.made
        else _("The contract fails. {lines}. Total {total}.")
    )
    return Exercise(
        question=_("Did the contract make, and what does declarer score?"),
        choices=tuple(Choice(str(v), signed(v)) for v in options),
        answer=str(score.total),
        explanation=explained.format(lines=lines, total=signed(score.total)),
        rule="A7",
        facts=_contract_facts(points, calypsos, doubled, pile, in_progress, needed, done),
        why=tuple((str(v), why) for v, why in picked),
    )


def misere_question(rng: random.Random) -> Exercise:
    """A misère's scores (A8): what does one of the three players score?"""
    points = [10 * c for c in rng.sample(range(4, 30), 3)]
    scores = score_misere(points)
    who = rng.randrange(3)
    names = (_("the first player"), _("the second player"), _("the third player"))
    mine, high, low = points[who], max(points), min(points)
    right = scores[who]
    if mine == low:
        has = _("{player} has the lowest card points")
    elif mine == high:
        has = _("{player} has the highest card points")
    else:
        has = _("{player} has the middle card points")
    has = has.format(player=names[who])

    def signed(value: int) -> str:
        return number(value, sign=True)

    slips = [
        (
            -mine,
            _(
                "{value} is minus their own points alone, as the middle player scores, but {has}"
            ).format(value=signed(-mine), has=has),
        ),
        (0, _("0 is what the lowest player scores, but {has}").format(has=has)),
        (
            -(mine + low),
            _(
                "{value} also takes away the lowest player's {low}, as only the highest player's "
                "score does, but {has}"
            ).format(value=signed(-(mine + low)), low=low, has=has),
        ),
        (
            -(mine + high),
            _(
                "{value} takes away the highest player's {high} too, but a misère only ever adds "
                "the lowest player's points, to the highest player's loss"
            ).format(value=signed(-(mine + high)), high=high),
        ),
        (
            -low,
            _("{value} is minus the lowest player's {low} alone, which is nobody's score").format(
                value=signed(-low), low=low
            ),
        ),
    ]
    picked = _distinct(right, slips)[:3]
    options = [right, *(v for v, _ in picked)]
    rng.shuffle(options)
    rule = _(
        "In a misère the player with the lowest card points ({low}) scores 0, the middle player "
        "scores minus their own points, and the highest ({high}) scores minus their own points "
        "and the lowest player's too: −({high} + {low})."
    ).format(low=low, high=high)
    facts = (
        _("The first player: {points} card points"),
        _("The second player: {points} card points"),
        _("The third player: {points} card points"),
    )
    return Exercise(
        question=_("A misère ends with these card points. What does {player} score?").format(
            player=names[who]
        ),
        choices=tuple(Choice(str(v), signed(v) if v else "0") for v in options),
        answer=str(right),
        explanation=(
            _("{rule} So {player}, with {points}, scores {score}.")
            if right
            else _("{rule} So {player}, with {points}, scores nothing.")
        ).format(rule=rule, player=names[who], points=mine, score=signed(right)),
        rule="A8",
        facts=tuple(fact.format(points=p) for fact, p in zip(facts, points, strict=True)),
        why=tuple((str(v), why) for v, why in picked),
    )


def auction_question(rng: random.Random) -> Exercise:
    """One of the auction chapter's three kinds, in turn at random."""
    return rng.choice([bid_question, contract_question, misere_question])(rng)


# -- chapter "cousins": the cousins ----------------------------------------------------------------


def cousins_question(
    rng: random.Random, games: Sequence[str] = ("calypso", "call-bridge", "collett-whist")
) -> Exercise:
    """Who wins this trick under one of ``games`` (registered names, :mod:`calypso.games`)?
    Each game's registry entry plays the trick under its own rules (C4, B4, W5): its seats in
    its order of play, its trumps (personal, fixed, or the round's) and its rule ids."""
    leader = rng.choice(SEATS)
    led = rng.choice(list(Suit))
    cards = [rng.choice([c for c in ALL_CARDS if c.suit == led])]
    while len(cards) < 4:  # one 52-card pack in the whist games: no card twice
        suit = led if rng.random() < 0.5 else rng.choice(list(Suit))
        card = rng.choice([c for c in ALL_CARDS if c.suit == suit])
        if card not in cards:
            cards.append(card)
    spec = find_game(rng.choice(games))
    rules = spec.rules
    round_trump: Suit | None = None
    if rules.shared and rules.fixed_trump is None:  # a trump for the round, or none
        round_trump = rng.choice([*Suit, None])
    trick = spec.one_trick(cards, leader, round_trump)
    trump = trick.trumps[0] if rules.shared else None
    if not rules.shared:
        how = _("each player's own suit is their trump")
    elif rules.fixed_trump is not None:
        how = (
            _("{suits} are trumps for everyone, and play goes clockwise")
            if spec.clockwise
            else _("{suits} are trumps for everyone, and play goes counter-clockwise")
        ).format(suits=suit_name(rules.fixed_trump))
    elif trump is None:
        how = _("there is no trump this round")
    else:
        how = _("{trump} is the trump for everyone this round").format(trump=trump.symbol)
    result, seats, seat = trick.result, trick.seats, trick.winner
    why = _seat_reasons(cards, seats, list(trick.trumps), seat, shared=rules.shared)
    return Exercise(
        question=_("Under {game} rules, who wins this trick?").format(game=spec.title),
        choices=_seat_choices(),
        answer=seat,
        explanation=_("In {game} {how}. {seat} wins with {card}: {why}").format(
            game=spec.title,
            how=how,
            seat=seat_name(seat),
            card=card_text(result.winning_card),
            why=words.explain(result),
        ),
        rule=trick.rule,
        trick=ExampleTrick(leader, tuple(cards)),
        facts=(
            _("{seat} leads.").format(seat=seat_name(leader)),
            _("{how}.").format(how=how[:1].upper() + how[1:]),
        ),
        seats=tuple(seats),
        shared_trump=trump,
        personal=not rules.shared,
        why=why,
        result=result,
    )


@dataclass(frozen=True)
class Stage:
    """A stage of exercises: its id, chapter, title, size and how one exercise is drawn.

    A chapter's closing stage is named by the chapter's slug ("who-wins", see
    :mod:`calypso.chapters`); the short practice stages that follow a section by the slug and
    a word ("who-wins-own").

    >>> stage = STAGES["who-wins-own"]
    >>> stage.chapter, stage.link_key, stage.was
    ('who-wins', 'ex-own', '02-own')
    """

    id: str
    chapter: str
    title: str
    """The stage's title as an English message id: :attr:`name` words it."""
    draw: Callable[[random.Random], Exercise]
    size: int = STAGE_SIZE
    practice: bool = False
    """A short stage right after the section that teaches its rule."""
    was: str = ""
    """The id the stage had while chapters were known by their numbers ("02-own"), empty for
    a stage that came later. Browsers and class boards kept its stars under that id then, and
    its exercises are still drawn by it, so a seed gives the same exercises as before."""

    @property
    def name(self) -> str:
        """The stage's title in the page's language."""
        return _(self.title)

    @property
    def link_key(self) -> str:
        """The stage's key in its page's address: ``ex`` for a chapter's closing stage, ``ex``
        and the stage's word for a practice stage (``ex-own``)."""
        return "ex" + self.id.removeprefix(self.chapter)


def _closing(
    chapter: str, title: str, draw: Callable[[random.Random], Exercise], was: str
) -> Stage:
    return Stage(chapter, chapter, title, draw, was=was)


def _practice(
    chapter: str, word: str, title: str, draw: Callable[[random.Random], Exercise], was: str
) -> Stage:
    return Stage(f"{chapter}-{word}", chapter, title, draw, PRACTICE_SIZE, True, was)


PRACTICE_SIZE = 3
"""Exercises in a practice stage."""

_STAGE_LIST = (
    _practice(
        "table",
        "partners",
        N_("Who is whose partner?"),
        partial(table_question, kinds=(0,)),
        "01-partners",
    ),
    _practice(
        "table",
        "trumps",
        N_("Whose trump is which?"),
        partial(table_question, kinds=(1, 2)),
        "01-trumps",
    ),
    _closing("table", N_("Partners and trumps"), table_question, "01"),
    _practice(
        "who-wins",
        "plain",
        N_("A lead in another suit"),
        partial(winner_question, rules=(Rule.PLAIN_LEAD_UNRUFFED, Rule.PLAIN_LEAD_RUFFED)),
        "02-plain",
    ),
    _practice(
        "who-wins",
        "own",
        N_("A lead in the leader's own suit"),
        partial(winner_question, rules=(Rule.LEADER_TRUMP_UNRUFFED, Rule.LEADER_TRUMP_RUFFED)),
        "02-own",
    ),
    _closing("who-wins", N_("Who wins?"), winner_question, "02"),
    _practice(
        "calypsos",
        "where",
        N_("Calypso or pile?"),
        partial(where_question, targets=("winner", "partner", "pile")),
        "03-where",
    ),
    _practice(
        "calypsos",
        "complete",
        N_("After a calypso is completed"),
        partial(where_question, completing=True),
        "03-complete",
    ),
    _closing("calypsos", N_("Where does this card go?"), where_question, "03"),
    _practice("scoring", "worth", N_("Add up a side's score"), score_question, "04-worth"),
    _closing("scoring", N_("What does this side score?"), score_question, "04"),
    _closing("play", N_("Which card wins it for your side?"), play_question, "05"),
    _practice("auction", "bids", N_("Which bid is highest?"), bid_question, "07-bids"),
    _practice("auction", "contracts", N_("Made or failed?"), contract_question, "07-contracts"),
    _closing("auction", N_("Bids, contracts and misère"), auction_question, "07"),
    _practice(
        "cousins",
        "bridge",
        N_("Call Bridge tricks"),
        partial(cousins_question, games=("call-bridge",)),
        "08-bridge",
    ),
    _practice(
        "cousins",
        "collett",
        N_("Collett Whist tricks"),
        partial(cousins_question, games=("collett-whist",)),
        "08-collett",
    ),
    _closing("cousins", N_("One trick, three games"), cousins_question, "08"),
)

STAGES: dict[str, Stage] = {stage.id: stage for stage in _STAGE_LIST}
"""Every stage by id, chapter by chapter, each chapter's practice stages before its closing
stage."""

FORMER_IDS: dict[str, str] = {stage.was: stage.id for stage in _STAGE_LIST if stage.was}
"""A stage's id while chapters were known by their numbers, to its id now: ``"02-own"`` to
``"who-wins-own"``. Stars kept under a former id are carried over to the stage's id."""


def stages_of(chapter: str) -> list[Stage]:
    """``chapter``'s stages (a slug of :data:`calypso.chapters.CHAPTERS`) in the order they
    come on its page.

    >>> [stage.id for stage in stages_of("auction")]
    ['auction-bids', 'auction-contracts', 'auction']
    >>> stages_of("quiz")
    []
    """
    find_chapter(chapter)
    return [stage for stage in STAGES.values() if stage.chapter == chapter]


def make_stage(stage: str, seed: int, count: int | None = None) -> list[Exercise]:
    """The exercises of the stage ``stage`` (an id of ``STAGES``) for ``seed``: the same seed,
    the same exercises; ``count`` of them, the stage's size unless told."""
    if stage not in STAGES:
        raise ValueError(f"bad stage {stage!r}: expected one of {', '.join(STAGES)}")
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"bad seed {seed!r}: expected a whole number 0 or more")
    found = STAGES[stage]
    rng = random.Random(f"exercises/{found.was or found.id}/{seed}")
    drawn = [found.draw(rng) for _ in range(found.size if count is None else count)]
    return [replace(exercise, chapter=found.chapter) for exercise in drawn]
