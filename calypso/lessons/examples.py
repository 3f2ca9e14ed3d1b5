"""Example tricks: worked examples for the seed texts' rules, and fresh tricks decided by a rule
(:func:`random_trick`) or drawn for a case of one (:class:`TrickCase`, :func:`case_cards`).

Seats carry the default personal trumps (N ♥, E ♦, S ♠, W ♣) unless told otherwise; a trick's
cards are in play order from its leader.

>>> example = WORKED_EXAMPLES[2]
>>> example.leader, [str(c) for c in example.cards], example.winner
('E', ['JD', 'QS', '5D', '9D'], 'S')
>>> trick = random_trick(Rule.TIE_FIRST_PLAYED, random.Random(1))
>>> trick.result().rule
<Rule.TIE_FIRST_PLAYED: 'C4.5'>
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from calypso.engine.cards import ALL_CARDS, SUITS, Card, Suit, parse_cards
from calypso.engine.table import play_order, rotation
from calypso.engine.tricks import Rule, TrickResult, TrumpLead, resolve_trick
from calypso.i18n import N_, _
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS


@dataclass(frozen=True)
class ExampleTrick:
    """A trick at the table: who led, the cards from the leader round, and everyone's trump."""

    leader: str
    cards: tuple[Card, ...]
    trumps: tuple[Suit, ...] = DEFAULT_TRUMPS
    trump_lead: TrumpLead = TrumpLead.RANKED

    @property
    def seats(self) -> tuple[str, ...]:
        """The seat that played each card."""
        return play_order(self.leader, SEATS, len(self.cards))

    def trumps_in_order(self) -> list[Suit]:
        return [self.trumps[SEATS.index(seat)] for seat in self.seats]

    def result(self) -> TrickResult:
        return resolve_trick(self.cards, self.trumps_in_order(), trump_lead=self.trump_lead)

    def winning_seat(self) -> str:
        return self.seats[self.result().winner]


ENGLISH = "000_229d997684840116.txt"
HUNGARIAN = "002_a0ada1c8104a088c.txt"
SOURCE_NAMES = {ENGLISH: N_("the English rules page"), HUNGARIAN: N_("the Hungarian rules page")}
"""Each seed text as a learner would name it."""


@dataclass(frozen=True)
class WorkedExample(ExampleTrick):
    """A trick for a rule of a seed text, with the winner that rule gives.

    ``given`` says whether the text itself gives the deciding cards (the English page has a few
    such examples); otherwise the cards are ours, illustrating a rule the text states in words
    (the Hungarian page gives no cards at all).

    >>> WORKED_EXAMPLES[2].credit()
    'An example from the English rules page'
    >>> WORKED_EXAMPLES[-1].credit()
    'Our cards, illustrating a rule of the Hungarian rules page'
    """

    key: str = ""
    title: str = ""
    source: str = ""
    winner: str = ""
    note: str = field(default="")
    given: bool = False

    @property
    def source_name(self) -> str:
        """The seed text in words ("the English rules page")."""
        return _(SOURCE_NAMES.get(self.source, self.source))

    def credit(self) -> str:
        """Where the trick comes from, in words."""
        if self.given:
            return _("An example from {source}").format(source=self.source_name)
        return _("Our cards, illustrating a rule of {source}").format(source=self.source_name)

    def words(self) -> tuple[str, str]:
        """The title and the note, in the page's language."""
        return _(self.title), _(self.note) if self.note else ""


def _example(
    key: str,
    source: str,
    title: str,
    leader: str,
    cards: str,
    winner: str,
    note: str = "",
    *,
    given: bool = False,
) -> WorkedExample:
    return WorkedExample(
        leader=leader,
        cards=tuple(parse_cards(cards)),
        key=key,
        title=title,
        source=source,
        winner=winner,
        note=note,
        given=given,
    )


WORKED_EXAMPLES: tuple[WorkedExample, ...] = (
    _example(
        "diamonds-all-follow",
        ENGLISH,
        N_("♦ player leads ♦, all follow"),
        "E",
        "2D AD KD QD",
        "E",
        N_("The leader wins with the lowest card on the table."),
    ),
    _example(
        "diamonds-club-discards-spade",
        ENGLISH,
        N_("♦ lead, ♣ player throws a ♠"),
        "E",
        "3D 8D AS KD",
        "E",
        N_("A♠ is not West's trump, so it is no ruff."),
    ),
    _example(
        "jack-diamonds-queen-spades",
        ENGLISH,
        N_("J♦ led, Q♠ ruffs"),
        "E",
        "JD QS 5D 9D",
        "S",
        N_(
            "The ruff outranks the led card. The page gives J♦ and Q♠; the two diamonds after "
            "them are ours."
        ),
        given=True,
    ),
    _example(
        "club-player-leads-hearts",
        ENGLISH,
        N_("♣ player leads ♥"),
        "W",
        "5H 8H KH 2H",
        "E",
        N_("North's hearts only follow suit; the highest heart wins."),
    ),
    _example(
        "nine-hearts-four-clubs",
        ENGLISH,
        N_("9♥ led, 4♣ ruffs"),
        "S",
        "9H 4C 2H 3H",
        "W",
        N_(
            "A single ruff of a plain lead wins. The page gives 9♥ and 4♣; the two hearts after "
            "them are ours."
        ),
        given=True,
    ),
    _example(
        "nine-hearts-two-ruffs",
        ENGLISH,
        N_("9♥ led, ruffed by 4♣ and 6♦"),
        "S",
        "9H 4C 2H 6D",
        "E",
        N_("Of two ruffs the higher rank wins. The page gives 9♥, 4♣ and 6♦; the 2♥ is ours."),
        given=True,
    ),
    _example(
        "identical-cards",
        ENGLISH,
        N_("two identical kings"),
        "N",
        "5S KS 2S KS",
        "E",
        N_("Identical cards: the one played first wins."),
    ),
    _example(
        "equal-trumps",
        ENGLISH,
        N_("two ruffs of equal rank"),
        "N",
        "9C 7D 7S 2C",
        "E",
        N_("Equal ranks in different trump suits: the first played wins."),
    ),
    _example(
        "own-suit-led-all-follow",
        HUNGARIAN,
        N_("♥ player leads ♥, all follow"),
        "N",
        "2H AH AH AH",
        "N",
        N_("The leader's own suit, unruffed, wins whatever the ranks."),
    ),
    _example(
        "own-suit-led-ruffs-lower",
        HUNGARIAN,
        N_("Q♥ led, two lower ruffs"),
        "N",
        "QH 10D JS 3H",
        "N",
        N_("The led card counts among the ruffs, and the queen is highest."),
    ),
    _example(
        "own-suit-led-ruffs-higher",
        HUNGARIAN,
        N_("9♥ led, J♠ ruffs highest"),
        "N",
        "9H 10D JS 3H",
        "S",
        N_("The highest of the led card and the ruffs wins."),
    ),
)


def random_trick(
    rule: Rule,
    rng: random.Random,
    *,
    trumps: Sequence[Suit] = DEFAULT_TRUMPS,
    trump_lead: TrumpLead = TrumpLead.RANKED,
    tries: int = 20_000,
) -> ExampleTrick:
    """A four-card trick, drawn with ``rng``, that ``rule`` decides.

    Each follower follows suit about half the time; otherwise they are void and play some
    other card, often their own trump. Tricks are drawn until one is decided by ``rule``.
    """
    for _draw in range(tries):
        start = rng.randrange(4)
        leader = SEATS[start]
        led = rng.choice(ALL_CARDS)
        cards = [led]
        for player in rotation(4, start)[1:]:
            own = trumps[player]
            if rng.random() < 0.5:
                suit = led.suit
            elif rng.random() < 0.6:
                suit = own if own != led.suit else rng.choice([s for s in Suit if s != led.suit])
            else:
                suit = rng.choice([s for s in Suit if s != led.suit])
            cards.append(rng.choice([c for c in ALL_CARDS if c.suit == suit]))
        trick = ExampleTrick(leader, tuple(cards), tuple(trumps), trump_lead)
        if trick.result().rule is rule:
            return trick
    raise ValueError(f"no trick decided by {rule.value} turned up in {tries} draws")


@dataclass(frozen=True)
class TrickCase:
    """One way a trick is decided, to draw tricks of (:func:`case_cards`).

    ``own``: the leader leads their own suit (with one trump for everyone, the trump);
    ``ruffs``: the fewest ruffs played to it, 0 for none at all; ``winner``: whose card wins,
    the leader's (``"leader"``), a ruff (``"ruff"``) or a card that followed the led suit
    (``"follower"``); ``tie``: it wins a tie of equal ranks against a later card (C4.5).
    ``rule`` is the ruling that decides it.
    """

    rule: Rule
    own: bool
    ruffs: int
    winner: Literal["leader", "ruff", "follower"]
    tie: bool = False

    @property
    def places(self) -> tuple[int, ...]:
        """Where the winning card can come in the order of play (0: the lead): never last when
        it must win a tie against a later card.

        >>> OWN_TIE_RUFFS.places, PLAIN_RUFFED.places
        ((1, 2), (1, 2, 3))
        """
        if self.winner == "leader":
            return (0,)
        return (1, 2) if self.tie else (1, 2, 3)


OWN_UNRUFFED = TrickCase(Rule.LEADER_TRUMP_UNRUFFED, True, 0, "leader")
"""C4.1: the leader's own suit led, nobody ruffs; mostly someone follows or throws higher."""
OWN_LED_WINS = TrickCase(Rule.LEADER_TRUMP_RUFFED, True, 1, "leader")
"""C4.2: the led card outranks every ruff."""
OWN_RUFF_WINS = TrickCase(Rule.LEADER_TRUMP_RUFFED, True, 1, "ruff")
"""C4.2: a ruff outranks the led card and the other ruffs."""
OWN_TIE_LED = TrickCase(Rule.TIE_FIRST_PLAYED, True, 1, "leader", tie=True)
"""C4.5: a ruff as high as the led card, none higher: the led card came first."""
OWN_TIE_RUFFS = TrickCase(Rule.TIE_FIRST_PLAYED, True, 2, "ruff", tie=True)
"""C4.5: two ruffs of one rank above the led card: the earlier wins."""
PLAIN_UNRUFFED = TrickCase(Rule.PLAIN_LEAD_UNRUFFED, False, 0, "follower")
"""C4.3: another suit led, nobody ruffs, and a follower's card of the led suit is highest."""
PLAIN_RUFFED = TrickCase(Rule.PLAIN_LEAD_RUFFED, False, 1, "ruff")
"""C4.4: another suit led and ruffed: the highest ruff."""
PLAIN_TIE_RUFFS = TrickCase(Rule.TIE_FIRST_PLAYED, False, 2, "ruff", tie=True)
"""C4.5: another suit led, two ruffs of one rank on top: the earlier wins."""
PLAIN_TIE_FOLLOWED = TrickCase(Rule.TIE_FIRST_PLAYED, False, 0, "follower", tie=True)
"""C4.5: another suit led, unruffed, two followers play the same top card: the earlier wins."""

FOLLOW = 0.6
"""How often a player who does not ruff follows suit (a follower who must win always does);
the others throw a card of another suit, which is never a ruff."""


def case_cards(
    case: TrickCase,
    rng: random.Random,
    trumps: Sequence[Suit | None],
    place: int,
    *,
    shared: bool = False,
    distinct: bool = False,
) -> tuple[Card, ...]:
    """Four cards, drawn with ``rng``, that ``case`` decides, played in turn by players whose
    trumps (in play order) are ``trumps``, the winning card at ``place`` in the order of play
    (one of ``case.places``); with ``shared`` the one trump for everyone (None: no trump, so
    only a case without ruffs), whose lead is decided as W5 says. ``distinct``: no card twice
    (a single 52-card pack).

    The cards that compete on rank are drawn below the winner's (equal for a tie); the others,
    which do not compete, at any rank, so that high cards which cannot win are common.

    >>> from calypso.partnership.game import DEFAULT_TRUMPS
    >>> cards = case_cards(PLAIN_TIE_RUFFS, random.Random(3), DEFAULT_TRUMPS, 2)
    >>> result = resolve_trick(cards, DEFAULT_TRUMPS)
    >>> result.rule, result.winner
    (<Rule.TIE_FIRST_PLAYED: 'C4.5'>, 2)
    """
    while True:
        led = rng.choice([s for s in SUITS if (s == trumps[0]) == case.own])
        can_ruff = {i: own for i in (1, 2, 3) if (own := trumps[i]) is not None and own != led}
        ruffers: set[int] = set()
        if case.ruffs:
            if case.winner == "ruff":
                if place not in can_ruff:
                    continue
                ruffers.add(place)
            rest = [i for i in can_ruff if i not in ruffers]
            count = rng.randint(case.ruffs, len(can_ruff)) - len(ruffers)
            ruffers.update(rng.sample(rest, count))
        suits = [led]
        for i in (1, 2, 3):
            if i in ruffers:
                suits.append(can_ruff[i])
            elif i == place or rng.random() < FOLLOW:
                suits.append(led)
            else:
                suits.append(rng.choice([s for s in SUITS if s not in (led, trumps[i])]))
        followers = [i for i in (1, 2, 3) if suits[i] == led]
        ruffs = sorted(ruffers)
        competing = [0, *ruffs] if case.own and not shared else ruffs or [0, *followers]
        later = [t for t in competing if t > place] if case.tie else [place]
        if not later:
            continue
        tied = rng.choice(later)
        others = [i for i in competing if i not in (place, tied)]
        high = rng.randrange(1 if others else 0, 13)
        ranks = [rng.randrange(high) if i in others else _loose(rng, high) for i in range(4)]
        ranks[place] = ranks[tied] = high
        cards = tuple(Card(rank + 2, suit) for rank, suit in zip(ranks, suits, strict=True))
        if not distinct or len(set(cards)) == 4:
            return cards


def _loose(rng: random.Random, high: int) -> int:
    """The rank of a card that does not compete: above the winner's ``high`` half the time (if
    any is), else any."""
    return rng.randrange(high + 1, 13) if high < 12 and rng.random() < 0.5 else rng.randrange(13)


def case_trick(
    case: TrickCase, rng: random.Random, place: int, trumps: Sequence[Suit] = DEFAULT_TRUMPS
) -> ExampleTrick:
    """A trick at the table that ``case`` decides, its winning card at ``place`` in the order of
    play, drawn with ``rng``: any seat leads, the seats hold the personal ``trumps`` (C1)."""
    start = rng.randrange(4)
    cards = case_cards(case, rng, [trumps[i] for i in rotation(4, start)], place)
    return ExampleTrick(SEATS[start], cards, tuple(trumps))


def overtrump_situation(rng: random.Random, hand_size: int = 6) -> tuple[list[Card], list[Card]]:
    """A Call Bridge moment worth a question (B3): a hand void in the led suit that holds
    spades, and the trick so far (one to three cards from the rest of the pack)."""
    while True:
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        trick = cards[: rng.randint(1, 3)]
        led = trick[0].suit
        hand = sorted([c for c in cards[4:] if c.suit != led][:hand_size])
        if led != Suit.SPADES and any(c.suit == Suit.SPADES for c in hand):
            return hand, trick
