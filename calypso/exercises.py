"""Exercises: short stages of small questions, each answered and explained by the engine.

A stage belongs to a chapter and holds a few :class:`Exercise` values drawn from a seed, so a
learner always has fresh ones and a teacher can name a stage by its seed. Every exercise knows
its right answer, the ruling behind it (docs/rulings.md) and a sentence or two saying why, all
computed here from the engine; a widget only asks and shows.

>>> stage = make_stage("02", seed=7)
>>> len(stage), stage[0].chapter, stage[0].rule.startswith("C4")
(5, '02', True)
>>> exercise = stage[0]
>>> exercise.answer in [choice.key for choice in exercise.choices]
True
>>> stars(1), stars(2), stars(5)
(3, 2, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from calypso.auction.bidding import MIN_POINTS_WITHOUT_CALYPSOS, Bid, score_contract, score_misere
from calypso.calypsos import Calypso, Where, route
from calypso.cards import ALL_CARDS, Card, Suit
from calypso.examples import ExampleTrick, random_trick
from calypso.game import DEFAULT_TRUMPS, SEATS, partner_of
from calypso.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS, score_side
from calypso.table import play_order
from calypso.tricks import CALYPSO_RULES, Rule, TrickResult, legal_plays, resolve_trick
from calypso.whist import call_bridge

STAGE_SIZE = 5
"""Exercises in a stage."""


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


@dataclass(frozen=True)
class Exercise:
    """One question: what to ask, the choices, the right one, and why."""

    chapter: str
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

    @property
    def played_by(self) -> tuple[str, ...]:
        """The seat that played each card of the trick."""
        if self.seats:
            return self.seats[: len(self.trick.cards)] if self.trick else ()
        return self.trick.seats if self.trick else ()

    def is_right(self, key: str) -> bool:
        return key == self.answer

    @property
    def answer_label(self) -> str:
        return next(c.label for c in self.choices if c.key == self.answer)


def stars(attempts: int) -> int:
    """Stars for an exercise answered right at the ``attempts``-th try: 3, 2, then 1."""
    if attempts < 1:
        raise ValueError(f"bad attempts {attempts!r}: expected 1 or more")
    return max(1, 4 - attempts)


def _seat_choices() -> tuple[Choice, ...]:
    return tuple(Choice(seat, seat) for seat in SEATS)


def _trumps(rng: random.Random) -> tuple[Suit, ...]:
    """Any assignment of the four suits to the seats (C1); the default half of the time."""
    if rng.random() < 0.5:
        return DEFAULT_TRUMPS
    suits = list(Suit)
    rng.shuffle(suits)
    return tuple(suits)


# -- chapter 01: the table -------------------------------------------------------------------


def table_question(rng: random.Random, kinds: Sequence[int] = (0, 1, 2)) -> Exercise:
    """Who is whose partner, and whose trump is which (C1): two steps from the table.

    ``kinds`` are the questions drawn from: 0 asks for a partner, 1 for the partner's trump,
    2 for whose partner owns a suit."""
    trumps = _trumps(rng)
    mine = dict(zip(SEATS, trumps, strict=True))
    facts = tuple(f"{seat}'s personal trump is {suit.symbol}" for seat, suit in mine.items())
    kind = rng.choice(kinds)
    seat = rng.choice(SEATS)
    partner = partner_of(seat)
    if kind == 0:
        return Exercise(
            chapter="01",
            question=f"Who is {seat}'s partner?",
            choices=_seat_choices(),
            answer=partner,
            explanation=(
                f"Partners sit opposite each other: N with S, E with W. So {seat} plays with "
                f"{partner}, and the other two are {seat}'s opponents."
            ),
            rule="C1",
            trumps=trumps,
        )
    if kind == 1:
        suit = mine[partner]
        return Exercise(
            chapter="01",
            question=f"Which suit is the personal trump of {seat}'s partner?",
            choices=tuple(Choice(s.letter, f"{s.symbol} {s.name.lower()}") for s in Suit),
            answer=suit.letter,
            explanation=(
                f"{seat}'s partner is {partner}, the player opposite, and {partner}'s own suit "
                f"is {suit.symbol}."
            ),
            rule="C1",
            trumps=trumps,
            facts=facts,
        )
    suit = mine[seat]
    return Exercise(
        chapter="01",
        question=f"Whose partner has {suit.symbol} {suit.name.lower()} as their personal trump?",
        choices=_seat_choices(),
        answer=partner,
        explanation=(
            f"{suit.symbol} belongs to {seat}, and nobody else shares it. {seat}'s partner, the "
            f"player opposite, is {partner}."
        ),
        rule="C1",
        trumps=trumps,
        facts=facts,
    )


# -- chapter 02: who wins the trick -----------------------------------------------------------


def winner_question(rng: random.Random, rules: Sequence[Rule] = CALYPSO_RULES[:5]) -> Exercise:
    """Who wins this trick (C4)? The trick is one that one of ``rules`` decides, drawn at
    random (the five cases of C4 unless told)."""
    rule = rng.choice(rules)
    trick = random_trick(rule, rng, trumps=_trumps(rng))
    result = trick.result()
    seat = trick.winning_seat()
    return Exercise(
        chapter="02",
        question="Who wins this trick?",
        choices=_seat_choices(),
        answer=seat,
        explanation=f"{seat} wins with {result.winning_card.symbol}. {result.explanation}",
        rule=result.rule.value,
        trick=trick,
        trumps=trick.trumps,
    )


# -- chapter 03: building calypsos ------------------------------------------------------------

WHERE_CHOICES = (
    Choice("winner", "into the winner's calypso"),
    Choice("partner", "into the winner's partner's calypso"),
    Choice("next", "it starts a new calypso"),
    Choice("pile", "onto the winning side's pile"),
)
WHERE_KEYS = tuple(choice.key for choice in WHERE_CHOICES)


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
    for _ in SEATS:
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
    return f"{trick.seats[first]}'s {trick.cards[index].symbol}, played earlier in this trick"


def _where_why(trick: ExampleTrick, runs: Sequence[Calypso], index: int, key: str) -> str:
    """Why the card at ``index`` goes where ``key`` says, in plain words (C6)."""
    card = trick.cards[index]
    winner = trick.winning_seat()
    seat = {runs[0].suit: winner, runs[1].suit: partner_of(winner)}
    side = "".join(sorted((winner, partner_of(winner)), key=SEATS.index))
    run = next((r for r in runs if r.suit == card.suit), None)
    if run is None:
        return (
            f"Neither {winner} nor {partner_of(winner)} builds {card.suit.symbol}, so the "
            f"card goes onto {side}'s pile."
        )
    owner = seat[run.suit]
    later = card in trick.cards[index + 1 :]
    if key in ("winner", "partner"):
        why = f"{owner}'s calypso in progress is missing {card.symbol}, and it must go in."
        if later:
            why += (
                f" This copy was played first, so it fills the gap; the later {card.symbol} "
                "in this trick is a spare."
            )
        return why
    filled = (
        f"{owner}'s calypso already held {card.symbol}"
        if not run.needs(card)
        else f"{_earlier_copy(trick, index)}, filled that gap first"
    )
    if key == "next":
        return (
            f"This trick completes {owner}'s calypso. This {card.symbol} was a spare at first "
            f"({filled}), but once a calypso is completed, the spares of its suit from the same "
            "trick start the next one, one card of each rank."
        )
    why = f"This {card.symbol} is a spare: {filled}. Spares go onto {side}'s pile."
    if _completes(run, trick.cards):
        why += (
            f" This trick completes {owner}'s calypso, and one spare of each rank starts the "
            f"next one; an earlier spare {card.symbol} of this trick already does."
        )
    return why


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
    for _ in range(tries):
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
        f"{seat}'s calypso in progress ({run.suit.symbol}): "
        + (" ".join(c.symbol for c in run.cards()) or "no cards yet")
        for seat, run in zip((winner, partner_of(winner)), runs, strict=True)
    )
    card = trick.cards[index]
    return Exercise(
        chapter="03",
        question=f"{winner} wins this trick. Where does {trick.seats[index]}'s {card.symbol} go?",
        choices=WHERE_CHOICES,
        answer=target,
        explanation=_where_why(trick, runs, index, target),
        rule="C6",
        trick=trick,
        trumps=trick.trumps,
        facts=facts,
    )


# -- chapter 04: scoring --------------------------------------------------------------------


def score_question(rng: random.Random) -> Exercise:
    """What does this side score (C7)?"""
    seats = rng.choice([("N", "S"), ("E", "W")])
    mine = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
    players = [(seat, mine[seat], rng.randint(0, 2), rng.randint(0, 12)) for seat in seats]
    pile = rng.randint(0, 40)
    name = "".join(seats)
    side = score_side(name, players, pile)
    right = side.total
    flat = sum(500 * c + IN_PROGRESS_POINTS * p for _, _, c, p in players) + PILE_POINTS * pile
    slips = [
        right - side.pile_points,  # the pile forgotten
        flat,  # every calypso counted as 500
        right - sum(p.in_progress_points for p in side.players) // 2,  # 10 a card in progress
        right + PILE_POINTS * pile,  # 20 a pile card
        right + 250,
        right - 250,
        right + 20,
    ]
    wrong = [v for i, v in enumerate(slips) if v > 0 and v != right and v not in slips[:i]]
    options = [right, *rng.sample(wrong, 3)]
    rng.shuffle(options)
    facts = (
        *(
            f"{seat}: {completed} completed calypso{'s' * (completed != 1)}, "
            f"{progress} card{'s' * (progress != 1)} in the calypso in progress"
            for seat, _, completed, progress in players
        ),
        f"{name}'s pile: {pile} card{'s' * (pile != 1)}",
    )
    parts = [
        f"{p.seat}: {p.calypso_points} for calypsos + {p.in_progress_points} for "
        f"{p.in_progress} card{'s' * (p.in_progress != 1)} in progress"
        for p in side.players
    ]
    return Exercise(
        chapter="04",
        question=f"What does {name} score?",
        choices=tuple(Choice(str(v), f"{v:,}") for v in options),
        answer=str(right),
        explanation=(
            "; ".join(parts)
            + f"; the pile: {pile} × {PILE_POINTS} = {side.pile_points}. "
            + f"Together {right:,}. (Calypsos score {', '.join(map(str, CALYPSO_VALUES))} "
            f"for the first, second, third and fourth; {IN_PROGRESS_POINTS} a card in progress.)"
        ),
        rule="C7",
        facts=facts,
    )


# -- chapter 05: playing --------------------------------------------------------------------


def _or_names(cards: Sequence[Card]) -> str:
    """Cards in words: ``K♦``, ``K♦ or 5♥``, ``K♦, 5♥ or 2♣``."""
    names = [c.symbol for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


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
            f"With {_or_names(cards)} instead, {seats[winner]}'s {taker.symbol} would take "
            "the trick for the other side."
        )
    return lines


def play_question(rng: random.Random, tries: int = 10_000) -> Exercise:
    """You play last: which of your cards wins the trick for your side (C3, C4)? Exactly one
    of the cards you may play does, whether it takes the trick itself or leaves your partner
    winning; every other one lets the opponents take it."""
    for _ in range(tries):
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
        taker = "you take" if result.winner == 3 else f"your partner {seats[1]} takes"
        choices = [Choice(str(c), c.symbol) for c in legal]
        rng.shuffle(choices)  # the hand shows the cards in order; the choices carry none
        return Exercise(
            chapter="05",
            question=f"You are {seats[3]}, last to play. Which card wins the trick for your side?",
            choices=tuple(choices),
            answer=str(card),
            explanation=" ".join(
                [
                    f"With {card.symbol} {taker} the trick. {result.explanation}",
                    *_losing_lines(seats, outcomes),
                ]
            ),
            rule=result.rule.value,
            trick=ExampleTrick(leader, tuple(cards)),
            hand=tuple(hand),
            facts=(f"Your partner is {seats[1]}, who played {cards[1].symbol}.",),
        )
    raise ValueError(f"no position where exactly one card wins for your side in {tries} draws")


# -- chapter 07: Auction Calypso ---------------------------------------------------------------


def _bid(rng: random.Random) -> Bid:
    calypsos = rng.choice([0, 0, 0, 1, 1, 2])
    low = 0 if calypsos else MIN_POINTS_WITHOUT_CALYPSOS // 10
    return Bid(calypsos, 10 * rng.randint(low, low + 12), rng.choice(list(Suit)))


def bid_question(rng: random.Random) -> Exercise:
    """Which of these bids is the highest (A4)?"""
    bids: list[Bid] = []
    while len(bids) < 4:
        bid = _bid(rng)
        if bid not in bids:
            bids.append(bid)
    best = max(bids)
    runner = max(b for b in bids if b != best)
    return Exercise(
        chapter="07",
        question="Which of these bids is the highest?",
        choices=tuple(Choice(str(b), b.symbol) for b in bids),
        answer=str(best),
        explanation=(
            f"{best.symbol} beats {runner.symbol}: {best.outranks(runner)}. Bids rank by "
            "calypsos first, then points, then suit (♣ lowest, then ♦, ♥, ♠)."
        ),
        rule="A4",
    )


def _calypsos(count: int) -> str:
    return "no calypso" if count == 0 else f"{count} calypso{'s' * (count != 1)}"


def _contract_facts(
    points: int, calypsos: int, doubled: int, pile: int, in_progress: int, needed: int, done: int
) -> tuple[str, ...]:
    """Every fact A7's score depends on, in words; how many cards the bid calypso lacked is
    left out only when no calypso was bid, since then it changes nothing."""
    contract = (
        f"The contract: 1 calypso and {points} points (bid 1+{points})"
        if calypsos
        else f"The contract: {points} points"
    ) + ("" if not doubled else ", doubled" if doubled == 1 else ", redoubled")
    facts = [
        contract,
        f"Declarer's trickpile: {pile} cards",
        f"Declarer's calypso in progress in the contract suit: {in_progress} cards",
    ]
    if calypsos:
        facts.append(f"That calypso lacked {needed} card{'s' * (needed != 1)} when the hand began")
    facts.append(f"Declarer completed {_calypsos(done)} during this hand")
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
    slips = [
        -score.total,
        score.total + 20 * max(score.sold, 1),
        score.total - score.card_points,
        score.total - 500 * done if score.made else points,
        score.total + 500 if score.made else score.total - 500,
        score.total + 10 * pile,
        score.total - 100,
    ]
    wrong = [v for i, v in enumerate(slips) if v != score.total and v not in slips[:i]]
    options = [score.total, *rng.sample(wrong, 3)]
    rng.shuffle(options)
    lines = "; ".join(f"{what}: {value:+,}" for what, value in score.breakdown)
    lines = lines[:1].upper() + lines[1:]
    verdict = "is made" if score.made else "fails"
    return Exercise(
        chapter="07",
        question="Did the contract make, and what does declarer score?",
        choices=tuple(Choice(str(v), f"{v:+,}") for v in options),
        answer=str(score.total),
        explanation=f"The contract {verdict}. {lines}. Total {score.total:+,}.",
        rule="A7",
        facts=_contract_facts(points, calypsos, doubled, pile, in_progress, needed, done),
    )


def misere_question(rng: random.Random) -> Exercise:
    """A misère's scores (A8): what does one of the three players score?"""
    points = [10 * c for c in rng.sample(range(4, 30), 3)]
    scores = score_misere(points)
    who = rng.randrange(3)
    names = ("the first player", "the second player", "the third player")
    mine, high, low = points[who], max(points), min(points)
    right = scores[who]
    slips = [-mine, 0, -(mine + low), -(mine + high), -low]
    wrong = [v for i, v in enumerate(slips) if v != right and v not in slips[:i]][:3]
    options = [right, *wrong]
    rng.shuffle(options)
    rule = (
        f"In a misère the player with the lowest card points ({low}) scores 0, the middle "
        f"player scores minus their own points, and the highest ({high}) scores minus their "
        f"own points and the lowest player's too: −({high} + {low})."
    )
    return Exercise(
        chapter="07",
        question=f"A misère ends with these card points. What does {names[who]} score?",
        choices=tuple(Choice(str(v), f"{v:+,}" if v else "0") for v in options),
        answer=str(right),
        explanation=f"{rule} So {names[who]}, with {mine}, scores {right:+,}."
        if right
        else f"{rule} So {names[who]}, with {mine}, scores nothing.",
        rule="A8",
        facts=tuple(
            f"{name.capitalize()}: {p} card points" for name, p in zip(names, points, strict=True)
        ),
    )


def auction_question(rng: random.Random) -> Exercise:
    """One of chapter 07's three kinds, in turn at random."""
    return rng.choice([bid_question, contract_question, misere_question])(rng)


# -- chapter 08: the cousins ------------------------------------------------------------------


def cousins_question(
    rng: random.Random, games: Sequence[str] = ("Calypso", "Call Bridge", "Collett Whist")
) -> Exercise:
    """Who wins this trick under one of ``games`` (Calypso, Call Bridge, Collett Whist)?"""
    leader = rng.choice(SEATS)
    led = rng.choice(list(Suit))
    cards = [rng.choice([c for c in ALL_CARDS if c.suit == led])]
    while len(cards) < 4:  # one 52-card pack in the whist games: no card twice
        suit = led if rng.random() < 0.5 else rng.choice(list(Suit))
        card = rng.choice([c for c in ALL_CARDS if c.suit == suit])
        if card not in cards:
            cards.append(card)
    game = rng.choice(games)
    trump: Suit | None = None
    if game == "Calypso":
        seats = play_order(leader, SEATS)
        result = resolve_trick(cards, [DEFAULT_TRUMPS[SEATS.index(s)] for s in seats])
        rule, how = result.rule.value, "each player's own suit is their trump"
    elif game == "Call Bridge":
        seats = play_order(leader, call_bridge.SEATS)
        result = resolve_trick(cards, trump=call_bridge.TRUMP)
        rule = call_bridge.rule_id(result.rule.value)
        how = "spades are trumps for everyone, and play goes counter-clockwise"
        trump = call_bridge.TRUMP
    else:
        seats = play_order(leader, SEATS)
        trump = rng.choice([*Suit, None])
        result = resolve_trick(cards, trump=trump)
        rule = result.rule.value
        how = (
            "there is no trump this round"
            if trump is None
            else f"{trump.symbol} is the trump for everyone this round"
        )
    seat = seats[result.winner]
    return Exercise(
        chapter="08",
        question=f"Under {game} rules, who wins this trick?",
        choices=_seat_choices(),
        answer=seat,
        explanation=f"In {game} {how}. {seat} wins with {result.winning_card.symbol}: "
        f"{result.explanation}",
        rule=rule,
        trick=ExampleTrick(leader, tuple(cards)),
        facts=(f"{leader} leads.", how[0].upper() + how[1:] + "."),
        seats=tuple(seats),
        shared_trump=trump,
        personal=game == "Calypso",
    )


@dataclass(frozen=True)
class Stage:
    """A stage of exercises: its id, chapter, title, size and how one exercise is drawn.

    A chapter's closing stage has the chapter's id ("02"); the short practice stages that
    follow a section have the chapter's id and a word ("02-own").
    """

    id: str
    chapter: str
    title: str
    draw: Callable[[random.Random], Exercise]
    size: int = STAGE_SIZE
    practice: bool = False
    """A short stage right after the section that teaches its rule."""


def _practice(id: str, title: str, draw: Callable[[random.Random], Exercise]) -> Stage:
    return Stage(id, id[:2], title, draw, size=PRACTICE_SIZE, practice=True)


PRACTICE_SIZE = 3
"""Exercises in a practice stage."""

_STAGE_LIST = (
    _practice("01-partners", "Who is whose partner?", partial(table_question, kinds=(0,))),
    _practice("01-trumps", "Whose trump is which?", partial(table_question, kinds=(1, 2))),
    Stage("01", "01", "Partners and trumps", table_question),
    _practice(
        "02-plain",
        "A lead in another suit",
        partial(winner_question, rules=(Rule.PLAIN_LEAD_UNRUFFED, Rule.PLAIN_LEAD_RUFFED)),
    ),
    _practice(
        "02-own",
        "A lead in the leader's own suit",
        partial(winner_question, rules=(Rule.LEADER_TRUMP_UNRUFFED, Rule.LEADER_TRUMP_RUFFED)),
    ),
    Stage("02", "02", "Who wins?", winner_question),
    _practice(
        "03-where",
        "Calypso or pile?",
        partial(where_question, targets=("winner", "partner", "pile")),
    ),
    _practice(
        "03-complete", "After a calypso is completed", partial(where_question, completing=True)
    ),
    Stage("03", "03", "Where does this card go?", where_question),
    _practice("04-worth", "What is it worth?", score_question),
    Stage("04", "04", "What does this side score?", score_question),
    Stage("05", "05", "Which card wins it for your side?", play_question),
    _practice("07-bids", "Which bid is higher?", bid_question),
    _practice("07-contracts", "Made or failed?", contract_question),
    Stage("07", "07", "Bids, contracts and misère", auction_question),
    _practice("08-bridge", "Call Bridge", partial(cousins_question, games=("Call Bridge",))),
    _practice("08-collett", "Collett Whist", partial(cousins_question, games=("Collett Whist",))),
    Stage("08", "08", "One trick, three games", cousins_question),
)

STAGES: dict[str, Stage] = {stage.id: stage for stage in _STAGE_LIST}
"""Every stage by id, chapter by chapter, each chapter's practice stages before its closing
stage."""


def stages_of(chapter: str) -> list[Stage]:
    """``chapter``'s stages in the order they come on its page.

    >>> [stage.id for stage in stages_of("07")]
    ['07-bids', '07-contracts', '07']
    """
    return [stage for stage in STAGES.values() if stage.chapter == chapter]


def make_stage(stage: str, seed: int, count: int | None = None) -> list[Exercise]:
    """The exercises of the stage ``stage`` (an id of ``STAGES``) for ``seed``: the same seed,
    the same exercises; ``count`` of them, the stage's size unless told."""
    if stage not in STAGES:
        raise ValueError(f"bad stage {stage!r}: expected one of {', '.join(STAGES)}")
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"bad seed {seed!r}: expected a whole number 0 or more")
    rng = random.Random(f"exercises/{stage}/{seed}")
    found = STAGES[stage]
    return [found.draw(rng) for _ in range(found.size if count is None else count)]
