"""No stage and no quiz level can be passed by a rule of thumb (issue 29; docs/rulings.md C1,
C3, C4, C6, C7, A4, A7, A8, B4, W5): a strategy that ignores the rule being practised names
the right answer in at most two fifths of the exercises, over seeds 1-300 of ``make_stage``
(stage ``play``, whose questions each take the solver's searches, seeds 1-60) and, for the
quiz, 100 class codes in both versions.

The harness (:func:`right_share`, :func:`hit_rates`, :func:`worst`) takes any list of
exercises with an ``answer`` and a dict of named strategies. Each strategy is a plain function
written here from what the learner is shown (the choices, the facts, the trick and the hand;
for the trick stages and the quiz, cards, seats and trumps alone), from the rulings' words,
never from the engine (nor from ``calypso.lessons.exercises.thumbs``, which the exercises use to
choose their tricks): it returns the keys it would pick, all equally likely, so a tie of k keys
counts as 1/k of a right answer; a strategy that names one answer returns a set of one. The C6
destination, the C3 legal cards and the C4 winner are worked out here too, from the rulings'
words, to check that the C6 options exclude each other and that stage ``play``'s choices are
the cards the learner may play, its key best by 20 points or more; a numeric stage's right
figure must be as often the smallest, second, third or largest option, and a near miss must
name the one figure it miscounts, as that gives it.

Each stage and quiz level names the strategies it is held to (:data:`CHECKS`, chapter by
chapter). A strategy is left out only where it applies part of the rule practised rather than
ignoring it (one whole case of that rule) and holding it too is impossible or would leave out
a case; the reason is given here and, for the trick stages, in full beside the strategies
(:data:`EXCLUDED`). Left out, stage by stage:

- ``table-partners``, ``table-trumps``, ``table``: nothing.
- ``table-follow``: on its questions who has shown a void, the player of the one card of
  another suit than the one led, C3 itself (a revoke is refused): the rule practised.
- ``who-wins-plain`` and quiz level 1: ordinary trumps (the highest ruff, else the highest of
  the led suit), C4.3 and C4.4 together: the rule practised; and the highest card of the led
  suit, C4.3 itself: with "the highest ruff, else the leader" it is right on every plain lead,
  so one of the two is right at least half the time, and the other is held.
- ``who-wins-own``, ``who-wins``, quiz levels 2 and 3: ordinary trumps, C4.3 and C4.4: with
  "the leader" it is right on every trick, so no mix of tricks can hold both; every lead as
  the leader's own (the led card and the ruffs), on a lead of the leader's own suit C4.1 and
  C4.2 themselves: the leads of another suit mixed in to hold "the leader", "the highest ruff,
  else the leader" and "the highest card of the led suit" cannot also hold it; and the highest
  card in its player's own suit, the same as the one before on every lead of the leader's own
  suit.
- ``calypsos-where``: sending a card to whoever builds its suit (about 69 %): two answers in
  three there fill a gap, so only spares defeat it (see :data:`WHERE_BY_SUIT`).
- ``calypsos-complete`` and ``calypsos``: C6 without its completion clause (about 65 %): it
  is wrong only when the card starts the next calypso, which may be the answer in at most two
  fifths of the questions like any other.
- ``scoring-worth``, ``scoring``, ``play``: nothing.
- ``auction-bids`` and the A4 questions of ``auction``: the bid with the most calypsos (about
  74 %), A4's first criterion.
- ``auction-contracts`` and the A7 and A8 questions of ``auction``: nothing.
- ``cousins-bridge`` and ``cousins-collett``: ordinary trumps, with one trump for everyone B4
  or W5 itself: the rule practised; and the highest card of the led suit, B4.2 or W5.2 itself:
  with "the highest ruff, else the leader" (the highest trump) it is right on every trick with
  one trump for everyone, so one of the two is right at least half the time, and the other is
  held.
- ``cousins``: ordinary trumps, in Call Bridge and Collett Whist B4 or W5 itself, and in
  Calypso, with "the leader", right on every trick; and the highest card of the led suit, in
  two of the three games B4.2 or W5.2 itself and, with "the highest ruff, else the leader",
  right on every trick of theirs: holding both under two fifths would need the Calypso tricks
  to be won mostly by the leader.

- the same stages and levels under a class's house rule of ruff-wins (C5; ``who-wins-plain``
  and level 1 ask plain leads, which C5 leaves as they are): "the highest ruff, else the
  leader", C4.1, C5 and C4.4 themselves, right on every trick but an unruffed plain lead, where
  "the highest card of the led suit" is right: one of the two is right at least half the time;
  and ordinary trumps, with "the leader" right on every trick. Every other strategy is held.

``python tests/test_guessing.py`` (or ``pytest -s tests/test_guessing.py``) prints the worst
strategy of every stage and level; ``pytest -s`` prints every strategy's rate too, stage by
stage.
"""

from __future__ import annotations

import functools
import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import pytest

from calypso.engine.cards import Card, Suit, parse_card
from calypso.engine.tricks import TrumpLead
from calypso.lessons.exercises import QUESTIONS, Exercise, make_stage
from calypso.lessons.house import HouseRule
from calypso.lessons.quiz import LEVELS, VERSIONS, Puzzle, make_quiz

MOST = 0.40
"""No strategy may be right in more than this share of a stage's or a level's exercises."""

SEEDS = range(1, 301)
"""The seeds every stage is drawn with."""
PLAY_SEEDS = range(1, 61)
"""The seeds stage ``play`` is drawn with: each of its questions takes the solver's searches
(about 30 ms), so 300 questions rather than 1,500."""

ORDER = ("N", "E", "S", "W")
"""The seats clockwise (C1): partners sit opposite."""


# -- the harness -----------------------------------------------------------------------------------


class Answered(Protocol):
    @property
    def answer(self) -> str: ...


E = TypeVar("E", bound=Answered)


def right_share(exercises: Sequence[E], strategy: Callable[[E], Iterable[str]]) -> float:
    """How often ``strategy`` is right, a tie of k picks counting 1/k."""
    total = 0.0
    for exercise in exercises:
        found = strategy(exercise)
        assert not isinstance(found, str), "a strategy returns a set of keys, not one key"
        picks = set(found)
        if exercise.answer in picks:
            total += 1 / len(picks)
    return total / len(exercises)


def hit_rates(
    exercises: Sequence[E], strategies: Mapping[str, Callable[[E], Iterable[str]]]
) -> dict[str, float]:
    """For each strategy, its :func:`right_share` of ``exercises``.

    >>> @dataclass
    ... class Q:
    ...     answer: str
    >>> hit_rates(
    ...     [Q("N"), Q("E"), Q("N"), Q("S")],
    ...     {"always N": lambda q: {"N"}, "N or E": lambda q: {"N", "E"}},
    ... )
    {'always N': 0.5, 'N or E': 0.375}
    """
    return {name: right_share(exercises, guess) for name, guess in strategies.items()}


def worst(rates: Mapping[str, float]) -> tuple[str, float]:
    """The strategy that is right most often, and how often (the first named, on a tie)."""
    name = max(rates, key=lambda n: rates[n])
    return name, rates[name]


def one(guess: Callable[[E], str]) -> Callable[[E], set[str]]:
    """A strategy that names one answer, as one that picks a set of one."""
    return lambda exercise: {guess(exercise)}


Strategy = Callable[[Exercise], Iterable[str]]
"""A rule of thumb: the keys it would pick for an exercise, each as likely."""


@functools.cache
def drawn(stage: str) -> tuple[Exercise, ...]:
    """Every exercise of ``stage`` for seeds 1-300 (stage ``play``: :data:`PLAY_SEEDS`);
    ``auction:A7`` is stage ``auction``'s questions under rule A7 alone."""
    name, _, rule = stage.partition(":")
    if rule:
        return tuple(e for e in drawn(name) if e.rule == rule)
    seeds = PLAY_SEEDS if name == "play" else SEEDS
    return tuple(e for seed in seeds for e in make_stage(name, seed))


def keys(exercise: Exercise) -> list[str]:
    return [choice.key for choice in exercise.choices]


def shown(i: int) -> Strategy:
    """The ``i``-th option as shown."""
    return lambda e: keys(e)[i : i + 1]


def ties(scored: Iterable[tuple[str, float]], best: Callable[[Iterable[float]], float]) -> set[str]:
    """The keys whose score is the ``best`` (min or max) of all."""
    pairs = list(scored)
    if not pairs:
        return set()
    top = best(score for _, score in pairs)
    return {key for key, score in pairs if score == top}


# -- table (C1): partners and trumps ---------------------------------------------------------------


def seats_from(leader: str) -> list[str]:
    start = ORDER.index(leader)
    return [ORDER[(start + i) % 4] for i in range(4)]


def across(seat: str) -> str:
    return ORDER[(ORDER.index(seat) + 2) % 4]


def own_suit(exercise: Exercise, seat: str) -> Suit:
    return exercise.trumps[ORDER.index(seat)]


DEFAULT = dict(zip(ORDER, "HDSC", strict=True))
"""C1's default trumps: N hearts, E diamonds, S spades, W clubs."""


def default_table(exercise: Exercise) -> list[str]:
    """The answer if the trumps were C1's defaults, whatever the facts say."""
    question = exercise.question
    if match := re.fullmatch(r"Which suit is the personal trump of (\w)'s partner\?", question):
        return [DEFAULT[across(match[1])]]
    if match := re.fullmatch(r"Whose partner has (.) .* as their personal trump\?", question):
        owner = next(s for s, t in DEFAULT.items() if t == Suit.parse(match[1]).letter)
        return [across(owner)]
    return []


def asked_seat(exercise: Exercise) -> list[str]:
    """The seat the question names, when the choices are seats."""
    found = re.fullmatch(r"Who is (\w)'s partner\?", exercise.question)
    return [found[1]] if found else []


TABLE: dict[str, Strategy] = {
    **{f"shown {i + 1}": shown(i) for i in range(4)},
    "the default table's answer": default_table,
    "the seat asked about": asked_seat,
}


# -- table (C3): following suit, voids and revokes -------------------------------------------------


def by_hand(pick: Callable[[Exercise, list[Card]], Iterable[Card]]) -> Strategy:
    """A strategy for the questions answered from the hand (none for the others): the cards
    ``pick`` names, of the hand as shown, the trick's cards given."""
    return lambda e: {str(c) for c in pick(e, trick_cards(e))} if e.hand else set()


def by_trick(pick: Callable[[Exercise, list[Card]], int | None]) -> Strategy:
    """A strategy for the questions answered with a seat (none for the others): the player of
    the card of the trick at the place ``pick`` names."""

    def strategy(e: Exercise) -> set[str]:
        i = None if e.hand else pick(e, trick_cards(e))
        return set() if i is None else {e.played_by[i]}

    return strategy


def of_suit(cards: Iterable[Card], suit: Suit) -> list[Card]:
    return [c for c in cards if c.suit == suit]


def alone(hand: Sequence[Card]) -> list[Card]:
    """The cards alone of their suit in the hand."""
    return [c for c in hand if len(of_suit(hand, c.suit)) == 1]


def may_play(e: Exercise, cards: list[Card]) -> list[Card]:
    """The cards of the hand that may be played, by C3's words."""
    return of_suit(e.hand, cards[0].suit) or list(e.hand)


def own_of(e: Exercise, i: int) -> Suit:
    """The own suit of whoever played card ``i`` of the trick."""
    return own_suit(e, e.played_by[i])


def your_suit(e: Exercise, cards: list[Card]) -> Suit:
    """The own suit of the learner, next to play after ``cards``."""
    return trumps_in_play(e)[len(cards)]


FOLLOW: dict[str, Strategy] = {
    **{f"option shown {i + 1}": shown(i) for i in range(4)},
    "a card of the led suit": by_hand(lambda e, t: of_suit(e.hand, t[0].suit)),
    "a card of another suit than the led one": by_hand(
        lambda e, t: [c for c in e.hand if c.suit != t[0].suit]
    ),
    "a card of your own suit": by_hand(lambda e, t: of_suit(e.hand, your_suit(e, t))),
    "a card of the last card's suit": by_hand(lambda e, t: of_suit(e.hand, t[-1].suit)),
    "a card of the highest card's suit": by_hand(
        lambda e, t: of_suit(e.hand, max(t, key=lambda c: c.rank).suit)
    ),
    "the highest card": by_hand(lambda e, t: [c for c in e.hand if str(c) in highest(e.hand)]),
    "the lowest card": by_hand(lambda e, t: [c for c in e.hand if str(c) in lowest(e.hand)]),
    "the first card of the hand you may play": by_hand(lambda e, t: may_play(e, t)[:1]),
    "the first card of the hand": by_hand(lambda e, t: e.hand[:1]),
    "the last card of the hand": by_hand(lambda e, t: e.hand[-1:]),
    "the card alone of its suit in your hand": by_hand(lambda e, t: alone(e.hand)),
    "the leader": by_trick(lambda e, t: 0),
    "the last to play": by_trick(lambda e, t: len(t) - 1),
    "whoever played their own suit": by_trick(
        lambda e, t: next((i for i, c in enumerate(t) if c.suit == own_of(e, i)), None)
    ),
    "the player of the highest card": by_trick(
        lambda e, t: max(range(len(t)), key=lambda i: t[i].rank)
    ),
    "the player of the lowest card": by_trick(
        lambda e, t: min(range(len(t)), key=lambda i: t[i].rank)
    ),
}
"""Rules of thumb for stage ``table-follow``: each names cards on the questions answered from
the hand, or a seat on the questions who has shown a void, and nothing on the others."""


# -- who-wins (C4): a trick as the learner sees it -------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """A trick question as shown: the cards in play order, who played each, each player's own
    suit (Calypso) or the one trump for everyone (the whist games), and the key."""

    cards: tuple[Card, ...]
    seats: tuple[str, ...]
    owns: tuple[Suit | None, ...]
    """The own suit of whoever played each card; all None in a game without own suits."""
    trump: Suit | None
    """The trump for everyone in a whist game (None: no trump, or a Calypso trick)."""
    answer: str

    @property
    def led(self) -> Suit:
        return self.cards[0].suit


def shown_exercise(exercise: Exercise) -> Shown:
    trick = exercise.trick
    assert trick is not None
    seats = exercise.played_by
    owns = tuple(exercise.trumps[ORDER.index(s)] if exercise.personal else None for s in seats)
    return Shown(trick.cards, seats, owns, exercise.shared_trump, exercise.answer)


@functools.cache
def stage_tricks(stage: str) -> tuple[Shown, ...]:
    """Every exercise of ``stage`` for seeds 1-300, as shown."""
    return tuple(shown_exercise(e) for e in drawn(stage))


# -- who-wins: strategies that each name a seat from what is shown ---------------------------------


def top_index(t: Shown, indices: Sequence[int], low: bool = False) -> int | None:
    """Of ``indices``, the card of highest (or lowest) rank, the earliest of equals."""
    if not indices:
        return None
    best = (
        min(int(t.cards[i].rank) for i in indices)
        if low
        else max(int(t.cards[i].rank) for i in indices)
    )
    return next(i for i in indices if int(t.cards[i].rank) == best)


def ruffs(t: Shown) -> list[int]:
    """The cards that trump: in Calypso a player's own suit played to another suit's lead (C4);
    in a whist game every card of the trump suit, the led one included (B4, W5)."""
    if t.trump is not None:
        return [i for i, c in enumerate(t.cards) if c.suit == t.trump]
    return [i for i, c in enumerate(t.cards) if c.suit == t.owns[i] and c.suit != t.led]


def of_led(t: Shown) -> list[int]:
    return [i for i, c in enumerate(t.cards) if c.suit == t.led]


def seat_of(t: Shown, index: int | None) -> str:
    """The seat that played ``index``, the leader when there is none."""
    return t.seats[0 if index is None else index]


def last_ruff(t: Shown) -> str:
    found = ruffs(t)
    return seat_of(t, found[-1] if found else None)


def first_ruff(t: Shown) -> str:
    found = ruffs(t)
    return seat_of(t, found[0] if found else None)


def highest_ruff(t: Shown) -> str:
    return seat_of(t, top_index(t, ruffs(t)))


def highest_card(t: Shown) -> str:
    return seat_of(t, top_index(t, range(len(t.cards))))


def lowest_card(t: Shown) -> str:
    return seat_of(t, top_index(t, range(len(t.cards)), low=True))


def highest_of_led(t: Shown) -> str:
    return seat_of(t, top_index(t, of_led(t)))


def ordinary_trumps(t: Shown) -> str:
    """As in whist: the highest ruff, else the highest card of the led suit."""
    return seat_of(t, top_index(t, ruffs(t)) if ruffs(t) else top_index(t, of_led(t)))


def as_own_lead(t: Shown) -> str:
    """Every lead as if the leader's own (C4.1, C4.2): the led card and the ruffs compete."""
    return seat_of(t, top_index(t, [0, *(i for i in ruffs(t) if i)]))


def owner_of_led(t: Shown) -> str:
    """The player whose own suit was led; the leader in a game without own suits."""
    return next((s for s, own in zip(t.seats, t.owns, strict=True) if own == t.led), t.seats[0])


def highest_own_suit(t: Shown) -> str:
    """The highest card played in its player's own suit (ruff or not), else the leader; in a
    whist game, the highest trump."""
    if t.trump is not None:
        return highest_ruff(t)
    return seat_of(t, top_index(t, [i for i, c in enumerate(t.cards) if c.suit == t.owns[i]]))


TrickStrategy = Callable[[Shown], str]
"""A rule of thumb for a trick: the one seat it names (held as a set of one, :func:`one`)."""


def fixed(seat: str) -> TrickStrategy:
    return lambda t: seat


def position(k: int) -> TrickStrategy:
    return lambda t: t.seats[k]


TRICKS: dict[str, TrickStrategy] = {
    **{f"always {seat}": fixed(seat) for seat in ORDER},
    "the leader": position(0),
    "2nd to play": position(1),
    "3rd to play": position(2),
    "4th to play (the last card)": position(3),
    "the highest card on the table": highest_card,
    "the lowest card": lowest_card,
    "the last ruff, else the leader": last_ruff,
    "the first ruff, else the leader": first_ruff,
    "the highest ruff, else the leader": highest_ruff,
    "the highest card of the led suit": highest_of_led,
    "the player whose own suit was led": owner_of_led,
    "the highest card in its player's own suit, else the leader": highest_own_suit,
    "every lead as the leader's own (the led card and the ruffs)": as_own_lead,
    "ordinary trumps (the highest ruff, else the highest of the led suit)": ordinary_trumps,
}
"""Every trick strategy, by name (the trick stages and the quiz). In the whist games a "ruff"
is any trump."""

WHIST = "ordinary trumps (the highest ruff, else the highest of the led suit)"
OF_LED = "the highest card of the led suit"
AS_OWN = "every lead as the leader's own (the led card and the ruffs)"
OWN_SUIT = "the highest card in its player's own suit, else the leader"

PLAIN_RULE = {
    WHIST: "it is C4.3 and C4.4 together: the rule practised",
    OF_LED: "it is C4.3 itself, a case of the rule practised; with 'the highest ruff, else the "
    "leader' it is right on every plain lead (a ruff wins, C4.4, else the highest card of the "
    "led suit, C4.3), so one of the two is right at least half the time, and the other is held",
}
"""Leads of a suit that is not the leader's own, ruffed or not (C4.3, C4.4)."""

C4_RULE = {
    WHIST: "it is C4.3 and C4.4, cases of the rule practised; with 'the leader' it is right on "
    "every trick (the leader wins, or a ruff does, or the highest card of the led suit), so no "
    "mix of tricks can hold both",
    AS_OWN: "on a lead of the leader's own suit it is C4.1 and C4.2 themselves, right on every "
    "one of them; the leads of another suit that a stage mixes in to hold 'the leader', 'the "
    "highest ruff, else the leader' and 'the highest card of the led suit' under two fifths "
    "cannot also hold it there",
    OWN_SUIT: "the same as the strategy above on every lead of the leader's own suit (the led "
    "card and the ruffs are the cards played in their player's own suit)",
}
"""Every case of C4, or leads of the leader's own suit among others."""

HIGHEST_RUFF = "the highest ruff, else the leader"

RUFF_WINS_RULE = {
    HIGHEST_RUFF: "under ruff-wins it is C4.1, C5 and C4.4 themselves: right on every trick "
    "but an unruffed lead of another suit, on every one of which 'the highest card of the led "
    "suit' is right (C4.3), so one of the two is right at least half the time, and the other "
    "is held",
    WHIST: "under ruff-wins it is C5, C4.3 and C4.4, cases of the rule practised; with 'the "
    "leader' it is right on every trick, so no mix of tricks can hold both",
}
"""Every case of C4, or leads of the leader's own suit among others, under a class's house
rule of ruff-wins (C5: a ruffed lead of the leader's own suit goes to the highest ruff)."""


# -- calypsos (C6): where a card of a won trick goes -----------------------------------------------

ASKED = re.compile(r"(\w) wins this trick\. Where does (\w)'s (\S+) go\?")


def asked(exercise: Exercise) -> tuple[str, int]:
    """The winner, and the index in the trick of the card asked about."""
    match = ASKED.fullmatch(exercise.question)
    assert match is not None and exercise.trick is not None, exercise.question
    seats = seats_from(exercise.trick.leader)
    return match[1], seats.index(match[2])


def runs_in_facts(exercise: Exercise) -> list[tuple[Suit, set[int]]]:
    """The winner's and the partner's calypsos in progress: their suit and the ranks held."""
    runs = []
    for fact in exercise.facts:
        suit = Suit.parse(re.search(r"\((.)\)", fact)[1])  # type: ignore[index]
        listed = fact.split(": ", 1)[1]
        cards = [] if listed == "no cards yet" else [parse_card(c) for c in listed.split()]
        runs.append((suit, {int(c.rank) for c in cards}))
    return runs


def c6_places(exercise: Exercise) -> list[str]:
    """Where every card of the trick goes, by C6's words: ``winner`` or ``partner`` (fills a
    gap in that calypso in progress), ``next`` (a spare that starts the next one once the trick
    completes it), or ``pile``. Each calypso takes the first copy of each missing rank; when
    that makes 13 ranks, the spares of its suit from the trick start the next, one per rank."""
    trick = exercise.trick
    assert trick is not None
    places = ["pile"] * len(trick.cards)
    for owner, (suit, in_progress) in zip(
        ("winner", "partner"), runs_in_facts(exercise), strict=True
    ):
        ranks = set(in_progress)
        spares = []
        for i, card in enumerate(trick.cards):
            if card.suit != suit:
                continue
            if int(card.rank) in ranks:
                spares.append(i)
            else:
                ranks.add(int(card.rank))
                places[i] = owner
        if len(ranks) == 13:
            begun: set[int] = set()
            for i in spares:
                if int(trick.cards[i].rank) not in begun:
                    begun.add(int(trick.cards[i].rank))
                    places[i] = "next"
    return places


def by_suit(exercise: Exercise) -> list[str]:
    """The calypso of whichever of the winning side builds the card's suit, else the pile."""
    winner, index = asked(exercise)
    assert exercise.trick is not None
    suit = exercise.trick.cards[index].suit
    owners = {own_suit(exercise, winner): "winner", own_suit(exercise, across(winner)): "partner"}
    return [owners.get(suit, "pile")]


def by_player(exercise: Exercise) -> list[str]:
    """The calypso of the player who played the card, if it is the winner or the partner and
    the card is of their suit; else the pile."""
    winner, index = asked(exercise)
    assert exercise.trick is not None
    seat = seats_from(exercise.trick.leader)[index]
    role = {winner: "winner", across(winner): "partner"}.get(seat)
    if role and exercise.trick.cards[index].suit == own_suit(exercise, seat):
        return [role]
    return ["pile"]


def always(key: str) -> Strategy:
    return lambda e: [key]


def builds_it(exercise: Exercise) -> bool:
    """Whether the card asked about was played by whoever on the winning side builds its
    suit."""
    return by_player(exercise) != ["pile"]


def reverse(exercise: Exercise) -> list[str]:
    """The reverse of :func:`by_player`: the pile if whoever played the card builds its suit,
    else the calypso of whoever on the winning side builds it."""
    return ["pile"] if builds_it(exercise) else by_suit(exercise)


def never_pile(exercise: Exercise) -> list[str]:
    """The winner's calypso for a card of the winner's suit, else the partner's."""
    winner, index = asked(exercise)
    assert exercise.trick is not None
    mine = exercise.trick.cards[index].suit == own_suit(exercise, winner)
    return ["winner" if mine else "partner"]


WHERE: dict[str, Strategy] = {
    **{f"always {key}": always(key) for key in ("winner", "partner", "next", "pile")},
    "the calypso of the card's player": by_player,
}
WHERE_BY_SUIT: dict[str, Strategy] = {
    "the calypso of the suit's owner": by_suit,
    "the calypso of the suit's owner, never the pile": never_pile,
    "the pile if its player builds its suit, else the suit's owner's calypso": reverse,
}
"""Rules of thumb that send a card by its suit alone, checked where a stage asks about
completed calypsos too. In ``calypsos-where`` a card fills a gap in two questions of three
(its answers are the winner's calypso, the partner's and the pile, equally), so these are
right there in about two thirds: sending a card to whoever builds its suit is half the rule
that stage practises, and the other half, spares, is what defeats them."""


# -- calypsos: exactly one option holds ------------------------------------------------------------

WHERE_STAGES = ("calypsos-where", "calypsos-complete", "calypsos")
STATEMENTS: dict[str, Callable[[str], bool]] = {
    "winner": lambda place: place == "winner",
    "partner": lambda place: place == "partner",
    "next": lambda place: place == "next",
    "pile": lambda place: place == "pile",
}
"""What each option says of the card, given where C6 sends it (:func:`c6_places`)."""
LABELS = {
    "winner": ("winner's calypso in progress", "filling a gap"),
    "partner": ("partner's calypso in progress", "filling a gap"),
    "next": ("starts", "next calypso"),
    "pile": ("pile",),
}
"""The words each option's label needs, so that it says what :data:`STATEMENTS` reads into
it: a card that starts the next calypso fills no gap in a calypso in progress."""


@pytest.mark.parametrize("stage", WHERE_STAGES)
def test_exactly_one_c6_option_holds_and_it_is_the_key(stage: str) -> None:
    for exercise in drawn(stage):
        labels = {choice.key: choice.label for choice in exercise.choices}
        assert set(labels) == set(STATEMENTS)
        for key, words in LABELS.items():
            assert all(word in labels[key] for word in words), labels[key]
        assert "next" not in labels["winner"] + labels["partner"] + labels["pile"]
        place = c6_places(exercise)[asked(exercise)[1]]
        holding = [key for key, holds in STATEMENTS.items() if holds(place)]
        assert holding == [exercise.answer], (exercise.question, place, exercise.answer)


@pytest.mark.parametrize("stage", WHERE_STAGES)
def test_a_card_that_starts_the_next_calypso_is_not_called_a_spare_of_it(stage: str) -> None:
    """The reason for "into the calypso in progress" says the card fills no gap there; it is
    true of the card when the trick is won, and stays true once it starts the next one."""
    seen = 0
    for exercise in drawn(stage):
        if exercise.answer != "next":
            continue
        for key in ("winner", "partner"):
            reason = exercise.reason(key)
            assert "is a spare" not in reason, reason
            if "fills no gap" in reason:
                seen += 1
                assert "next calypso" in reason
    assert seen or stage == "calypsos-where"


# -- scoring (C7), and the auction's A7 contracts and A8 misères: numbers --------------------------


def values(exercise: Exercise) -> list[int]:
    return [int(key) for key in keys(exercise)]


def ranked(i: int) -> Strategy:
    """The option ``i``-th smallest by value (0: the smallest)."""
    return lambda e: [str(sorted(values(e))[i])]


def nearest(centre: Callable[[list[int]], float]) -> Strategy:
    """The option nearest ``centre`` of the four values."""
    return lambda e: ties(((str(v), abs(v - centre(values(e)))) for v in values(e)), min)


def middle(options: list[int]) -> float:
    return float(statistics.median(options))


def midpoint(exercise: Exercise) -> set[str]:
    """An option exactly halfway between two others."""
    options = values(exercise)
    return {
        str(v) for v in options if any(a + b == 2 * v for a in options for b in options if a < b)
    }


def roundness(value: int) -> int:
    """How round a figure looks: a multiple of 1,000 beats 500, 250, 100, 50, 10."""
    return next((i for i, step in enumerate((1000, 500, 250, 100, 50, 10)) if value % step == 0), 6)


def roundest(exercise: Exercise) -> set[str]:
    return ties(((str(v), roundness(v)) for v in values(exercise)), min)


def least_round(exercise: Exercise) -> set[str]:
    return ties(((str(v), roundness(v)) for v in values(exercise)), max)


def only_multiple(step: int, of: bool = True) -> Strategy:
    """The only option that is (or, ``of`` false, is not) a multiple of ``step``."""

    def pick(exercise: Exercise) -> list[str]:
        found = [str(v) for v in values(exercise) if (v % step == 0) == of]
        return found if len(found) == 1 else []

    return pick


def common_remainder(step: int) -> Strategy:
    """The option whose remainder by ``step`` the most other options share."""

    def pick(exercise: Exercise) -> set[str]:
        counts = Counter(v % step for v in values(exercise))
        return ties(((str(v), counts[v % step]) for v in values(exercise)), max)

    return pick


SLIP_SIZES = frozenset((10, 20, 40, 50, 100, 200, 250, 500, 750, 1000))


def hub(exercise: Exercise) -> set[str]:
    """The option from which the most others are a typical slip away (a round difference)."""
    options = values(exercise)
    return ties(
        ((str(v), sum(abs(v - w) in SLIP_SIZES for w in options)) for v in options),
        max,
    )


def sign_pair(positive: bool) -> Strategy:
    """Of an option offered with its sign flipped too, the positive (or negative) one."""

    def pick(exercise: Exercise) -> list[str]:
        options = values(exercise)
        return [str(v) for v in options if v and -v in options and (v > 0) == positive]

    return pick


def lone_sign(positive: bool) -> Strategy:
    """The only positive (or the only negative) option."""

    def pick(exercise: Exercise) -> list[str]:
        found = [str(v) for v in values(exercise) if (v > 0 if positive else v < 0)]
        return found if len(found) == 1 else []

    return pick


NUMBERS: dict[str, Strategy] = {
    **{f"shown {i + 1}": shown(i) for i in range(4)},
    **{f"sorted {i + 1} of 4": ranked(i) for i in range(4)},
    "zero": lambda e: [k for k in keys(e) if k == "0"],
    "nearest the mean": nearest(statistics.mean),
    "nearest the median": nearest(middle),
    "halfway between two others": midpoint,
    "the roundest": roundest,
    "the least round": least_round,
    **{f"only multiple of {s}": only_multiple(s) for s in (20, 50, 100, 250, 500)},
    **{f"only non-multiple of {s}": only_multiple(s, of=False) for s in (20, 50, 100, 250)},
    **{f"common remainder by {s}": common_remainder(s) for s in (20, 50, 100, 250, 500)},
    "a round slip from the most others": hub,
    "positive of a ± pair": sign_pair(True),
    "negative of a ± pair": sign_pair(False),
    "the only positive": lone_sign(True),
    "the only negative": lone_sign(False),
}
"""Rules of thumb for any question whose options are figures (scores, contracts, misères)."""


SIDE = re.compile(r"(\w): (\d+) completed calypsos?, (\d+) cards? in the calypso in progress")


def side_facts(exercise: Exercise) -> tuple[list[tuple[int, int]], int]:
    """Each player's completed calypsos and cards in progress, and the pile, from the facts."""
    players = []
    pile = 0
    for fact in exercise.facts:
        if match := SIDE.fullmatch(fact):
            players.append((int(match[2]), int(match[3])))
        else:
            pile = int(re.findall(r"\d+", fact)[-1])
    return players, pile


def misread_c7(calypso: Callable[[int], int], card: int = 20, pile_card: int = 10) -> Strategy:
    """The score added up with a wrong value for a player's calypsos, a card in progress or a
    pile card; the option offered that equals it."""

    def pick(exercise: Exercise) -> list[str]:
        players, pile = side_facts(exercise)
        total = sum(calypso(done) + card * cards for done, cards in players) + pile_card * pile
        return [k for k in keys(exercise) if k == str(total)]

    return pick


LADDER = (0, 500, 1250, 2250, 3250)
"""C7: a player's calypsos score 500, 750, 1,000 and 1,000."""

SCORES: dict[str, Strategy] = {
    **NUMBERS,
    "every calypso 500": misread_c7(lambda done: 500 * done),
    "every calypso 1,000": misread_c7(lambda done: 1000 * done),
    "a card in progress 10": misread_c7(LADDER.__getitem__, card=10),
    "a pile card 20": misread_c7(LADDER.__getitem__, pile_card=20),
    "no pile": misread_c7(LADDER.__getitem__, pile_card=0),
    "no cards in progress": misread_c7(LADDER.__getitem__, card=0),
}


# -- scoring and auction: the right figure's rank among the options, and near misses ---------------

NUMERIC = ("scoring-worth", "scoring", "auction-contracts", "auction:A7", "auction:A8")


@pytest.mark.parametrize("stage", NUMERIC)
def test_the_right_figure_is_as_often_smallest_second_third_or_largest(stage: str) -> None:
    exercises = drawn(stage)
    tally = Counter(sorted(values(e)).index(int(e.answer)) for e in exercises)
    shares = {rank + 1: tally[rank] / len(exercises) for rank in range(4)}
    print(f"\n{stage}: the right figure's rank among the sorted options {shares}")
    assert all(0.15 <= share <= MOST for share in shares.values()), shares


NTH = ("first", "second", "third", "fourth")
MISCOUNT = re.compile(
    r"(?P<value>\S+) (?:counts (?P<count>\d+) (?:cards? in (?P<part>\w+'s pile|\w's calypso in "
    r"progress|declarer's trickpile|declarer's calypso in progress), but it holds|completed "
    r"calypsos? for (?P<seat>\w), who completed|calypsos? completed during the hand, but "
    r"declarer completed) (?P<held>\d+)|counts (?P<whose>\w)'s (?P<nth>\w+) calypso as "
    r"(?P<taken>[\d,]+), but it scores (?P<worth>[\d,]+)|reads the bid points as (?P<read>\d+), "
    r"but the bid is for (?P<points>\d+)|counts the bid calypso as lacking (?P<lacking>\d+) "
    r"cards? when the hand began, but it lacked (?P<lacked>\d+)|takes the (?P<player>\w+) "
    r"player's card points as (?P<as>\d+), but they are (?P<are>\d+))"
)
"""A near miss's reason: the one figure of the facts it miscounts, as what and as shown."""
SLIP = re.compile(
    r"\S+ (leaves out|counts 20 a pile|counts 10 a card|counts every calypso|also counts the|"
    r"has the wrong sign|counts the bid points once|multiplies the calypso|counts the trickpile "
    r"twice|scores the bid points as if|adds the trickpile|is a gain|is minus|is what the lowest|"
    r"also takes away|takes away the highest)"
)
"""A named slip's reason (checked elsewhere, tests/test_exercise_reasons.py)."""


def c7_total(players: Mapping[str, tuple[int, int]], pile: int) -> int:
    """C7 from the rulings' figures: calypsos 500, 750, 1,000, 1,000; 20 a card in progress;
    10 a pile card."""
    return sum(LADDER[done] + 20 * cards for done, cards in players.values()) + 10 * pile


def a7_total(
    points: int, calypsos: int, pile: int, cards: int, lacked: int, done: int, m: int
) -> int:
    """A7 from the rulings' words: made if the bid calypso is completed and the card points,
    with calypso cards sold at 20 to make up what they lack, reach the bid."""
    bonus = (40 + 10 * lacked**2) * calypsos
    sold = -(-max(0, points - 10 * pile) // 20)
    if done >= calypsos and sold <= cards:
        return 10 * pile + 20 * sold + points * m + bonus + 500 * done
    return -points * m - bonus - 500 * max(0, calypsos - done)


def a8_score(points: Sequence[int], who: int) -> int:
    """A8: the lowest scores 0, the middle minus its own, the highest minus its own and the
    lowest's; all equal, each minus its own."""
    mine = points[who]
    if len(set(points)) == 1:
        return -mine
    return 0 if mine == min(points) else -(mine + min(points)) if mine == max(points) else -mine


def figure_miscounted(exercise: Exercise, why: re.Match[str]) -> int:
    """The figure the exercise's facts give with the one figure ``why`` names miscounted,
    worked out here from the rulings (C7, A7, A8); each figure named as shown must be the
    facts' own."""
    facts = " ".join(exercise.facts)
    if exercise.rule == "C7":
        players = {
            row[1]: (int(row[2]), int(row[3]))
            for fact in exercise.facts
            if (row := SIDE.fullmatch(fact))
        }
        pile = int(re.findall(r"\d+", exercise.facts[-1])[-1])
        assert c7_total(players, pile) == int(exercise.answer)
        if why["part"] and why["part"].endswith("pile"):
            assert int(why["held"]) == pile
            return c7_total(players, int(why["count"]))
        seat = why["part"][0] if why["part"] else why["seat"] or why["whose"]
        done, cards = players[seat]
        if why["part"]:
            assert int(why["held"]) == cards
            return c7_total(players | {seat: (done, int(why["count"]))}, pile)
        if why["seat"]:
            assert int(why["held"]) == done
            return c7_total(players | {seat: (int(why["count"]), cards)}, pile)
        nth = NTH.index(why["nth"])
        worth, taken = (int(why[k].replace(",", "")) for k in ("worth", "taken"))
        assert nth < done and worth == LADDER[nth + 1] - LADDER[nth]
        return c7_total(players, pile) + taken - worth
    if exercise.rule == "A7":
        points = int(re.findall(r"(\d+) points", facts)[0])
        times = 4 if "redoubled" in facts else 2 if "doubled" in facts else 1
        calypsos = int("1 calypso and" in facts)
        pile, cards = (int(n) for n in re.findall(r": (\d+) cards?", facts))
        lacked = int(next(iter(re.findall(r"lacked (\d+) cards?", facts)), "13"))
        done = int("completed 1 calypso" in facts)
        given = [points, calypsos, pile, cards, lacked, done, times]
        assert a7_total(*given) == int(exercise.answer)
        for name, at, fact in (
            ("read", 0, "points"),
            ("lacking", 4, "lacked"),
            (
                "count",
                2 if why["part"] == "declarer's trickpile" else 3 if why["part"] else 5,
                "held",
            ),
        ):
            if why[name]:
                assert int(why[fact]) == given[at]
                given[at] = int(why[name])
                return a7_total(*given)
    held = [int(n) for n in re.findall(r"(\d+) card points", facts)]
    who = NTH.index(re.findall(r"What does the (\w+) player", exercise.question)[0])
    assert a8_score(held, who) == int(exercise.answer)
    player = NTH.index(why["player"])
    assert int(why["are"]) == held[player]
    return a8_score([*held[:player], int(why["as"]), *held[player + 1 :]], who)


@pytest.mark.parametrize("stage", NUMERIC)
def test_a_near_miss_names_the_figure_it_miscounts_and_that_miscount_gives_it(stage: str) -> None:
    seen = 0
    for exercise in drawn(stage):
        for key, reason in exercise.why:
            if why := MISCOUNT.fullmatch(reason):
                seen += 1
                assert int(why["value"].replace(",", "")) == int(key), reason
                assert figure_miscounted(exercise, why) == int(key), reason
            else:
                assert SLIP.match(reason), reason
    assert seen


# -- play (C3-C7): the card that scores most, every hand shown -------------------------------------


def trick_cards(exercise: Exercise) -> list[Card]:
    assert exercise.trick is not None
    return list(exercise.trick.cards)


def trumps_in_play(exercise: Exercise) -> list[Suit]:
    assert exercise.trick is not None
    return [own_suit(exercise, seat) for seat in seats_from(exercise.trick.leader)]


def playable(exercise: Exercise) -> list[Card]:
    """The cards of the hand the learner may play, as the hand shows them (C3): on a lead any,
    else the led suit if held."""
    cards = trick_cards(exercise)
    follow = [c for c in exercise.hand if cards and c.suit == cards[0].suit]
    return sorted(set(follow or exercise.hand), key=list(exercise.hand).index)


def c4_winner(cards: Sequence[Card], trumps: Sequence[Suit]) -> int:
    """C4, ranked: who takes a trick with personal trumps (``trumps[i]`` is card i's player's),
    or who is winning it so far, for fewer than four cards."""
    led = cards[0].suit
    ruffing = [i for i in range(1, len(cards)) if cards[i].suit == trumps[i] != led]
    if led == trumps[0]:
        if not ruffing:
            return 0  # C4.1
        competing = [0, *ruffing]  # C4.2
    elif ruffing:
        competing = ruffing  # C4.4
    else:
        competing = [i for i, c in enumerate(cards) if c.suit == led]  # C4.3
    top = max(cards[i].rank for i in competing)
    return min(i for i in competing if cards[i].rank == top)  # C4.5: the earliest


def ours_so_far(exercise: Exercise, card: Card) -> bool:
    """Whether, with ``card`` played, the learner's side is winning the trick so far: the
    learner's card and the card two before it are partners' (C1)."""
    cards = [*trick_cards(exercise), card]
    return c4_winner(cards, trumps_in_play(exercise)) % 2 == (len(cards) - 1) % 2


def lowest(cards: Iterable[Card]) -> set[str]:
    return ties(((str(c), int(c.rank)) for c in cards), min)


def highest(cards: Iterable[Card]) -> set[str]:
    return ties(((str(c), int(c.rank)) for c in cards), max)


def mine(exercise: Exercise) -> list[Card]:
    """The playable cards of the learner's own suit."""
    suit = trumps_in_play(exercise)[len(trick_cards(exercise))]
    return [c for c in playable(exercise) if c.suit == suit]


def above_table(exercise: Exercise) -> list[Card]:
    """The playable cards that outrank every card on the table, whatever the suits (all of
    them on a lead)."""
    top = max((c.rank for c in trick_cards(exercise)), default=-1)
    return [c for c in playable(exercise) if c.rank > top]


def new_suit(exercise: Exercise) -> list[Card]:
    """The playable cards of a suit nobody has played to this trick."""
    suits = {c.suit for c in trick_cards(exercise)}
    return [c for c in playable(exercise) if c.suit not in suits]


def winning(exercise: Exercise) -> list[Card]:
    """The playable cards that leave the trick with the learner's side so far."""
    return [c for c in playable(exercise) if ours_so_far(exercise, c)]


def whist(exercise: Exercise) -> set[str]:
    """Whist players' habit: beat the highest card of the led suit as cheaply as you can, or,
    out of the suit, trump low; else throw the lowest (on a lead, the lowest)."""
    cards = trick_cards(exercise)
    if not cards:
        return lowest(playable(exercise))
    led = cards[0].suit
    top = max(c.rank for c in cards if c.suit == led)
    over = [c for c in playable(exercise) if c.suit == led and c.rank > top]
    return lowest(over or mine(exercise) or playable(exercise))


def at(cards: Sequence[Card], i: int) -> list[str]:
    return [str(cards[i])] if -len(cards) <= i < len(cards) else []


def by_rank(i: int) -> Strategy:
    """The ``i``-th playable card from the lowest (negative: from the highest), by rank, then
    suit."""
    return lambda e: at(sorted(playable(e), key=lambda c: (c.rank, c.suit)), i)


def in_hand(i: int) -> Strategy:
    """The ``i``-th playable card from the left of the hand (negative: from the right)."""
    return lambda e: at(playable(e), i)


PLAY: dict[str, Strategy] = {
    "highest own-suit card, else highest": lambda e: highest(mine(e) or playable(e)),
    "highest own-suit card, else lowest": lambda e: highest(mine(e)) or lowest(playable(e)),
    "highest card": lambda e: highest(playable(e)),
    "lowest card": lambda e: lowest(playable(e)),
    "lowest own-suit card, else lowest": lambda e: lowest(mine(e) or playable(e)),
    "lowest card that keeps the trick with your side so far, else lowest": lambda e: lowest(
        winning(e) or playable(e)
    ),
    "highest card that keeps the trick with your side so far, else lowest": lambda e: (
        highest(winning(e)) or lowest(playable(e))
    ),
    "lowest card above every card on the table, else lowest": lambda e: lowest(
        above_table(e) or playable(e)
    ),
    "lowest card above every card on the table, else highest": lambda e: (
        lowest(above_table(e)) or highest(playable(e))
    ),
    "lowest card of a suit not on the table, else lowest": lambda e: lowest(
        new_suit(e) or playable(e)
    ),
    "highest card of a suit not on the table, else highest": lambda e: highest(
        new_suit(e) or playable(e)
    ),
    "lowest own-suit card above every card on the table, else lowest": lambda e: lowest(
        [c for c in mine(e) if c in above_table(e)] or playable(e)
    ),
    "beat the led suit cheaply, else trump low, else lowest": whist,
    **{f"{i + 1}. lowest by rank": by_rank(i) for i in range(1, 3)},
    **{f"{i + 1}. from the left": in_hand(i) for i in range(3)},
    **{f"option shown {i + 1}": shown(i) for i in range(3)},
}
"""Stage play's choices are the three cards of a hand three tricks before a deal's end: the
strategies name one of them by rank, suit, place or the trick so far."""


# -- play: what the learner may play, and what the key is worth -----------------------------------


MARGIN = re.compile(r"every other card scores at least ([\d,]+) less")
COST = re.compile(r"^(\S+) costs ([\d,]+)")


def test_the_choices_are_the_cards_you_may_play_and_the_key_is_best_by_twenty_points() -> None:
    """C3 gives the cards the learner may play: three different ones, the choices. Each wrong
    card's reason says what it costs, at least the margin the explanation gives, the smallest
    of them that margin, and the margin 20 points or more."""
    for exercise in drawn("play"):
        legal = playable(exercise)
        assert len(legal) == 3 and sorted(keys(exercise)) == sorted(str(c) for c in legal)
        margin = MARGIN.search(exercise.explanation)
        assert margin is not None, exercise.explanation
        least = int(margin[1].replace(",", ""))
        found = []
        for key in keys(exercise):
            if key == exercise.answer:
                continue
            cost = COST.match(exercise.reason(key))
            assert cost is not None and cost[1] == parse_card(key).symbol, exercise.reason(key)
            found.append(int(cost[2].replace(",", "")))
        assert min(found) == least >= 20, (found, least)


# -- auction (A4): the highest bid; its contracts (A7) and misères (A8) are figures, above ---------


def bid_parts(label: str) -> tuple[int, int, int]:
    """A bid's calypsos, points and suit (♣ 0 to ♠ 3) from its label (``1+20♠``, ``170♥``)."""
    calypsos, _, points = label[:-1].rpartition("+")
    return int(calypsos or 0), int(points), "♣♦♥♠".index(label[-1])


def most(part: int) -> Strategy:
    """The bid with the most of one part: 0 calypsos, 1 points, 2 the highest suit."""
    return lambda e: ties(((c.key, bid_parts(c.label)[part]) for c in e.choices), max)


BIDS: dict[str, Strategy] = {
    **{f"shown {i + 1}": shown(i) for i in range(4)},
    "the most points": most(1),
    "the highest suit": most(2),
    "the fewest calypsos": lambda e: ties(((c.key, bid_parts(c.label)[0]) for c in e.choices), min),
}


# -- cousins (B4, W5): one trump for everyone, tricks as in who-wins -------------------------------

WHIST_RULE = {
    WHIST: "with one trump for everyone it is B4 or W5 itself: the rule practised",
    OF_LED: "it is B4.2 or W5.2 itself, a case of the rule practised; with 'the highest ruff, "
    "else the leader' (the highest trump) it is right on every trick with one trump for "
    "everyone, so one of the two is right at least half the time, and the other is held",
}
"""One trump for everyone (Call Bridge, Collett Whist)."""

COUSINS_RULE = {
    WHIST: "in Call Bridge and Collett Whist it is B4 or W5 itself, the rule practised; in "
    "Calypso, with 'the leader', it is right on every trick",
    OF_LED: "in Call Bridge and Collett Whist, two of the three games, it is B4.2 or W5.2 "
    "itself, and with 'the highest ruff, else the leader' it is right on every trick of "
    "theirs: holding both under two fifths would need the Calypso tricks to be won mostly "
    "by the leader",
}
"""One trick, three games: Calypso, Call Bridge and Collett Whist."""


# -- the quiz (C4): tricks as in who-wins ----------------------------------------------------------

CODES = tuple(f"CLASS-{n}" for n in range(1, 101))
"""The class codes the quiz is measured on, each in both versions."""


def shown_puzzle(puzzle: Puzzle) -> Shown:
    trick = puzzle.trick
    start = ORDER.index(trick.leader)
    seats = tuple(ORDER[(start + i) % 4] for i in range(len(trick.cards)))
    owns = tuple(trick.trumps[ORDER.index(s)] for s in seats)
    return Shown(trick.cards, seats, owns, None, puzzle.answer)


@functools.cache
def level_tricks(level: int) -> tuple[Shown, ...]:
    """Every puzzle of quiz level ``level`` for the 100 class codes in both versions."""
    return tuple(
        shown_puzzle(p)
        for code in CODES
        for version in VERSIONS
        for p in make_quiz(code, level, version=version)
    )


# -- under a class's house rule of ruff-wins (C5) -------------------------------------------------

RUFF_WINS = HouseRule(TrumpLead.RUFF_WINS)
"""The house rule under which a class's who-wins stages and quiz levels 2 and 3 are drawn
otherwise (stage ``who-wins-plain`` and level 1, plain leads only, are the same)."""


@functools.cache
def ruff_wins_tricks(stage: str) -> tuple[Shown, ...]:
    """Every exercise of ``stage`` for seeds 1-300 under ruff-wins, as shown."""
    return tuple(
        shown_exercise(e) for seed in SEEDS for e in make_stage(stage, seed, rule=RUFF_WINS)
    )


@functools.cache
def ruff_wins_level(level: int) -> tuple[Shown, ...]:
    """Every puzzle of quiz level ``level`` under ruff-wins, for the 100 class codes in both
    versions."""
    return tuple(
        shown_puzzle(p)
        for code in CODES
        for version in VERSIONS
        for p in make_quiz(code, level, version=version, rule=RUFF_WINS)
    )


# -- every stage and quiz level, and the strategies each is held to --------------------------------

EXCLUDED: dict[str, dict[str, str]] = {
    "who-wins-plain": PLAIN_RULE,
    "who-wins-own": C4_RULE,
    "who-wins": C4_RULE,
    "cousins-bridge": WHIST_RULE,
    "cousins-collett": WHIST_RULE,
    "cousins": COUSINS_RULE,
    "quiz level 1": PLAIN_RULE,
    "quiz level 2": C4_RULE,
    "quiz level 3": C4_RULE,
    "who-wins-own under ruff-wins": RUFF_WINS_RULE,
    "who-wins under ruff-wins": RUFF_WINS_RULE,
    "quiz level 2 under ruff-wins": RUFF_WINS_RULE,
    "quiz level 3 under ruff-wins": RUFF_WINS_RULE,
}
"""For each trick stage and quiz level, the strategies of :data:`TRICKS` it is not held to,
and why; it is held to every other one. A strategy is left out only where it is one whole case
of the rule practised, and holding it too is impossible or would leave out a case."""


def held(name: str) -> dict[str, Callable[[Shown], set[str]]]:
    """The strategies the trick stage or level ``name`` is held to: all but those it leaves
    out, each naming its one seat as a set of one."""
    return {k: one(f) for k, f in TRICKS.items() if k not in EXCLUDED[name]}


Check = tuple[Callable[[], Sequence[Any]], Mapping[str, Callable[[Any], Iterable[str]]]]
"""How to draw a stage's exercises (cached), and the strategies it is held to."""


def stages(strategies: Mapping[str, Strategy], *names: str) -> dict[str, Check]:
    """Stages whose exercises are held, as drawn, to ``strategies``."""
    return {name: (functools.partial(drawn, name), strategies) for name in names}


def trick_stages(*names: str) -> dict[str, Check]:
    """Trick stages, held as shown to the strategies of :data:`TRICKS` they do not leave out."""
    return {name: (functools.partial(stage_tricks, name), held(name)) for name in names}


CHECKS: dict[str, Check] = {
    **stages(TABLE, "table-partners", "table-trumps"),
    **stages(FOLLOW, "table-follow"),
    **stages(TABLE, "table"),
    **trick_stages("who-wins-plain", "who-wins-own", "who-wins"),
    **stages(WHERE, "calypsos-where"),
    **stages({**WHERE, **WHERE_BY_SUIT}, "calypsos-complete", "calypsos"),
    **stages(SCORES, "scoring-worth", "scoring"),
    **stages(PLAY, "play"),
    **stages(BIDS, "auction-bids"),
    **stages(NUMBERS, "auction-contracts"),
    **stages(BIDS, "auction:A4"),
    **stages(NUMBERS, "auction:A7", "auction:A8"),
    **trick_stages("cousins-bridge", "cousins-collett", "cousins"),
    **{
        f"quiz level {n}": (functools.partial(level_tricks, n), held(f"quiz level {n}"))
        for n in LEVELS
    },
    **{
        f"{stage} under ruff-wins": (
            functools.partial(ruff_wins_tricks, stage),
            held(f"{stage} under ruff-wins"),
        )
        for stage in ("who-wins-own", "who-wins")
    },
    **{
        f"quiz level {n} under ruff-wins": (
            functools.partial(ruff_wins_level, n),
            held(f"quiz level {n} under ruff-wins"),
        )
        for n in (2, 3)
    },
}
"""Every stage and quiz level checked here, by name, in the order of the stages; ``auction``
is checked rule by rule (``auction:A4`` is its questions under A4 alone). Add an entry to check
another."""


@functools.cache
def shares(name: str) -> dict[str, float]:
    """Every strategy's share of right answers in the stage or level ``name``, the highest
    first (in the order named, on a tie)."""
    exercises, strategies = CHECKS[name]
    found = hit_rates(exercises(), strategies)
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def table() -> str:
    """The worst strategy of every stage and level checked, one line each."""
    width = max(map(len, CHECKS))
    lines = []
    for name in CHECKS:
        strategy, rate = worst(shares(name))
        lines.append(f"{name:{width}} {rate:6.1%}  {strategy}")
    return "\n".join(lines)


def test_every_strategy_left_out_is_one_of_them() -> None:
    for name, left_out in EXCLUDED.items():
        assert name in CHECKS, name
        assert set(left_out) <= set(TRICKS), name


def test_every_stage_and_quiz_level_is_checked() -> None:
    """Every stage of questions is checked whole, or rule by rule over all its questions; every
    level too. (Endings' problems are chosen so that the greedy player's first card fails:
    tests/test_endings.py.)"""
    for stage in QUESTIONS:
        if stage in CHECKS:
            continue
        parts = [name for name in CHECKS if name.startswith(f"{stage}:")]
        assert parts, stage
        assert sum(len(drawn(part)) for part in parts) == len(drawn(stage)), stage
    assert {f"quiz level {n}" for n in LEVELS} <= set(CHECKS)


@pytest.mark.parametrize("name", list(CHECKS))
def test_no_strategy_that_ignores_the_rule_is_right_in_more_than_two_fifths(name: str) -> None:
    exercises, _ = CHECKS[name]
    found = shares(name)
    print(f"\n{name} ({len(exercises())} exercises):")
    for strategy, share in found.items():
        print(f"  {share:6.1%}  {strategy}")
    over = {strategy: f"{share:.1%}" for strategy, share in found.items() if share > MOST}
    assert not over, f"{name}: {over}"


def test_print_the_worst_strategy_of_each_stage_and_level() -> None:
    print("\n" + table())


if __name__ == "__main__":
    print(table())
