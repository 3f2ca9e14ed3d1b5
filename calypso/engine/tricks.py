"""The trick core: who wins a trick and what may be played to it.

Every player may have a personal trump suit (docs/rulings.md, C4). A *ruff* is a card of the
player's own trump suit that is not of the led suit; a player who follows suit with their own
trump suit is following, not ruffing.

>>> result = resolve_trick(["9H", "4C", "6D", "2H"], trumps=["S", "C", "D", "H"])
>>> result.winner, result.rule
(2, <Rule.PLAIN_LEAD_RUFFED: 'C4.4'>)
>>> result.winning_card
Card.parse('6D')

The engine words nothing: :mod:`calypso.words` says why, in the page's language.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from calypso.engine.cards import Card, Suit, parse_card


class TrumpLead(enum.Enum):
    """How a ruff fares against a lead of the leader's own trump suit (docs/rulings.md, C5)."""

    RANKED = "ranked"
    """The higher rank wins, led card included (C4, both seed texts)."""
    RUFF_WINS = "ruff-wins"
    """Any ruff beats the led card, whatever its rank."""

    @classmethod
    def parse(cls, value: str | TrumpLead) -> TrumpLead:
        if isinstance(value, TrumpLead):
            return value
        for member in cls:
            if member.value == value:
                return member
        raise ValueError(f"bad trump_lead {value!r}: expected 'ranked' or 'ruff-wins'")


TRUMP_LEADS = tuple(t.value for t in TrumpLead)


class Rule(enum.Enum):
    """The ruling that decided a trick: its value is a stable id (``C4.1`` ... ``C5.ruff-wins``)."""

    LEADER_TRUMP_UNRUFFED = "C4.1"
    LEADER_TRUMP_RUFFED = "C4.2"
    PLAIN_LEAD_UNRUFFED = "C4.3"
    PLAIN_LEAD_RUFFED = "C4.4"
    TIE_FIRST_PLAYED = "C4.5"
    RUFF_BEATS_TRUMP_LEAD = "C5.ruff-wins"
    HIGHEST_TRUMP = "W5.1"
    HIGHEST_OF_LED = "W5.2"

    @property
    def trump_lead(self) -> TrumpLead:
        """The trump-lead rule (C5) under which this ruling can decide a trick.

        >>> Rule.RUFF_BEATS_TRUMP_LEAD.trump_lead, Rule.LEADER_TRUMP_RUFFED.trump_lead
        (<TrumpLead.RUFF_WINS: 'ruff-wins'>, <TrumpLead.RANKED: 'ranked'>)
        """
        return TrumpLead.RUFF_WINS if self is Rule.RUFF_BEATS_TRUMP_LEAD else TrumpLead.RANKED


CALYPSO_RULES = tuple(rule for rule in Rule if rule.value.startswith("C"))
"""The rulings that decide tricks with personal trumps (C4, C5)."""


class Refused(enum.Enum):
    """Why a move was refused: the kind of a :class:`Refusal` (its value is a stable id)."""

    NOT_IN_HAND = "not-in-hand"
    """The card is not in the hand of the player on turn."""
    MUST_FOLLOW = "must-follow"
    """The player holds the led suit and must follow it (C3, W5, B3)."""
    MUST_FOLLOW_OR_TRUMP = "must-follow-or-trump"
    """All-fours variant: follow the led suit or play one's own trump (C5)."""
    MUST_OVERTRUMP = "must-overtrump"
    """No card of the led suit, so beat the highest spade in the trick if able (B3)."""
    MUST_TRUMP = "must-trump"
    """No card of the led suit and no spade in the trick yet: play a spade if able (B3)."""
    OUT_OF_TURN = "out-of-turn"
    """Someone other than the player on turn tried to move."""
    WRONG_PHASE = "wrong-phase"
    """No card can be played in this phase (calls, the auction, trump choice)."""
    GAME_OVER = "game-over"
    """The game is over."""
    NOTHING_TO_UNDO = "nothing-to-undo"
    """More moves were asked to be taken back than have been made."""
    NO_CALL_NOW = "no-call-now"
    """No call can be made in this phase (play, trump choice, the end)."""
    CALL_OUT_OF_RANGE = "call-out-of-range"
    """A call of a number of tricks outside what the round allows (B2, W3)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A move that is not allowed, as a value: what kind of refusal, and what it is about.

    ``card`` is the refused card; ``led`` the led suit; ``trump`` the player's own trump (for
    :attr:`Refused.MUST_FOLLOW_OR_TRUMP`) or the suit to trump with (Call Bridge's spades);
    ``beat`` the card that must be beaten; ``cards`` the cards the player may play instead (for
    :attr:`Refused.NOT_IN_HAND`, the hand); ``seat`` who asked and ``turn`` who is on turn;
    ``phase`` the phase the game is in; ``asked`` and ``made`` the moves asked to be undone and
    made so far, or ``asked`` a call of tricks and ``low`` to ``high`` the calls allowed.
    ``str()`` is one English line for the command line and the engine's errors; a learner's
    words come from the kind and the fields (:func:`calypso.words.tricks.refusal_reason`).

    >>> from calypso.engine.cards import parse_cards
    >>> why = refusal(parse_cards("2H 7H 5C"), parse_cards("KH"), Card.parse("5C"))
    >>> why.kind, why.led, why.cards
    (<Refused.MUST_FOLLOW: 'must-follow'>, Suit.HEARTS, (Card.parse('2H'), Card.parse('7H')))
    >>> str(why)
    '5♣ may not be played: you must follow ♥ (you hold 2♥ 7♥)'
    """

    kind: Refused
    card: Card | None = None
    led: Suit | None = None
    trump: Suit | None = None
    beat: Card | None = None
    cards: tuple[Card, ...] = ()
    seat: str | None = None
    turn: str | None = None
    phase: str | None = None
    asked: int = 0
    made: int = 0
    low: int = 0
    high: int = 0

    def __str__(self) -> str:
        """One English line naming the refused card, for the command line and the engine's
        errors, worded where every refusal is (:func:`calypso.words.tricks.refusal_line`)."""
        from calypso.words import in_english  # the words layer, called late
        from calypso.words.tricks import refusal_line  # the words layer, called late

        return in_english(refusal_line, self)


class IllegalPlay(ValueError):
    """A move that may not be made now; :attr:`refusal` says why as a value, ``str()`` in English.

    >>> IllegalPlay(Refusal(Refused.GAME_OVER)).refusal.kind.value
    'game-over'
    """

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.kind.value)
        self.refusal = refusal

    def __str__(self) -> str:
        return str(self.refusal)


def candidates(
    cards: Sequence[Card], trumps: Sequence[Suit | None], ruff_wins: bool, shared: bool = False
) -> tuple[list[int], Rule]:
    """The cards that compete on rank, and the case that makes them compete.

    With personal trumps (C4, C5) ``trumps[i]`` belongs to whoever played ``cards[i]``; with a
    ``shared`` trump, ``trumps[0]`` is everyone's (whist family: W5, B4).
    """
    led = cards[0] // 13
    if shared:
        trumped = [i for i in range(len(cards)) if cards[i] // 13 == trumps[0]]
        if trumped:
            return trumped, Rule.HIGHEST_TRUMP
        return [i for i in range(len(cards)) if cards[i] // 13 == led], Rule.HIGHEST_OF_LED
    ruffs = [
        i
        for i in range(1, len(cards))
        if trumps[i] is not None and cards[i] // 13 == trumps[i] and trumps[i] != led
    ]
    if led == trumps[0]:
        if not ruffs:
            return [0], Rule.LEADER_TRUMP_UNRUFFED
        if ruff_wins:
            return ruffs, Rule.RUFF_BEATS_TRUMP_LEAD
        return [0, *ruffs], Rule.LEADER_TRUMP_RUFFED
    if ruffs:
        return ruffs, Rule.PLAIN_LEAD_RUFFED
    return [i for i in range(len(cards)) if cards[i] // 13 == led], Rule.PLAIN_LEAD_UNRUFFED


def trick_winner(
    cards: Sequence[Card],
    trumps: Sequence[Suit | None],
    ruff_wins: bool = False,
    shared: bool = False,
) -> tuple[int, Rule]:
    """The index of the winning card and the rule that decided, without an explanation.

    This is the fast path the game uses; :func:`resolve_trick` adds the explanation.

    >>> from calypso.engine.cards import parse_cards
    >>> trick_winner(parse_cards("JD QS"), [Suit.DIAMONDS, Suit.SPADES])
    (1, <Rule.LEADER_TRUMP_RUFFED: 'C4.2'>)
    """
    led = cards[0] // 13
    if shared:
        return _shared_winner(cards, led, trumps[0])
    # Personal trumps (C4, C5) in one pass: the highest card of the led suit and the highest
    # ruff, each the earliest of its rank, and whether another card shares that rank (C4.5).
    lead_rank = follow_top = cards[0] % 13
    follow, follow_tied = 0, False
    ruff, ruff_top, ruff_tied = -1, -1, False
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card // 13
        if suit == led:
            rank = card % 13
            if rank > follow_top:
                follow, follow_top, follow_tied = i, rank, False
            elif rank == follow_top:
                follow_tied = True
        elif suit == trumps[i]:
            rank = card % 13
            if rank > ruff_top:
                ruff, ruff_top, ruff_tied = i, rank, False
            elif rank == ruff_top:
                ruff_tied = True
    tie = Rule.TIE_FIRST_PLAYED
    if led == trumps[0]:
        if ruff < 0:
            return 0, Rule.LEADER_TRUMP_UNRUFFED
        if ruff_wins:
            return ruff, tie if ruff_tied else Rule.RUFF_BEATS_TRUMP_LEAD
        if ruff_top > lead_rank:
            return ruff, tie if ruff_tied else Rule.LEADER_TRUMP_RUFFED
        return 0, tie if ruff_top == lead_rank else Rule.LEADER_TRUMP_RUFFED
    if ruff >= 0:
        return ruff, tie if ruff_tied else Rule.PLAIN_LEAD_RUFFED
    return follow, tie if follow_tied else Rule.PLAIN_LEAD_UNRUFFED


def _shared_winner(cards: Sequence[Card], led: int, trump: Suit | None) -> tuple[int, Rule]:
    """One trump for everyone (W5, B4) in one pass: the highest trump once one is played, else
    the highest card of the led suit; the earliest of equal cards, reported as C4.5."""
    trumped = led == trump
    best, top, tied = 0, cards[0] % 13, False
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card // 13
        if suit == trump and not trumped:
            best, top, tied, trumped = i, card % 13, False, True
        elif suit == (trump if trumped else led):
            rank = card % 13
            if rank > top:
                best, top, tied = i, rank, False
            elif rank == top:
                tied = True
    if tied:
        return best, Rule.TIE_FIRST_PLAYED
    return best, Rule.HIGHEST_TRUMP if trumped else Rule.HIGHEST_OF_LED


@dataclass(frozen=True)
class TrickResult:
    """Who won a trick and by which ruling (:func:`calypso.words.tricks.explain` says why in
    words)."""

    cards: tuple[Card, ...]
    trumps: tuple[Suit | None, ...]
    winner: int
    rule: Rule
    shared: bool = False
    """True when ``trumps`` holds one suit (or ``None``) for everyone: the whist family."""
    trump_lead: TrumpLead = TrumpLead.RANKED
    """The trump-lead rule (C5) the trick was decided under (a tie's rule, C4.5, does not say)."""

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]

    def _repr_html_(self) -> str:
        from calypso.drawing import tricks

        return tricks.trick_result(self)


class _Unset(enum.Enum):
    UNSET = enum.auto()


def resolve_trick(
    cards: Sequence[str | Card],
    trumps: Sequence[str | Suit | None] | None = None,
    *,
    trump: str | Suit | _Unset | None = _Unset.UNSET,
    trump_lead: str | TrumpLead = "ranked",
) -> TrickResult:
    """Decide a trick: with personal trumps (docs/rulings.md, C4, C5) or one trump for all (W5, B4).

    ``cards`` are in play order from the leader. Give either ``trumps``, where ``trumps[i]`` is
    the personal trump of whoever played ``cards[i]`` (a suit letter, a :class:`Suit`, or
    ``None`` for a player without one), or ``trump``, one suit that is trump for everyone
    (``None``: no trump at all).

    >>> resolve_trick(["JD", "QS"], ["D", "S"]).rule.value  # Q♠ ruffed J♦, the leader's trump
    'C4.2'
    >>> resolve_trick(["JD", "QS"], ["D", "S"], trump_lead="ruff-wins").rule.value
    'C5.ruff-wins'
    >>> resolve_trick(["2S", "AS"], trump="S").winner   # a shared trump: the ace wins
    1
    >>> resolve_trick(["2S", "AS"], ["S", "S"]).winner  # two personal ♠ trumps: the leader wins
    0
    """
    if isinstance(cards, str):
        raise ValueError(f"bad cards {cards!r}: expected a list of cards such as ['9H', '4C']")
    played = tuple(parse_card(c) for c in cards)
    if not played:
        raise ValueError("bad trick []: a trick needs at least one card")
    shared = trump is not _Unset.UNSET
    if shared == (trumps is not None):
        raise ValueError(
            "bad trumps: give either trumps= (each player's personal trump) or trump= "
            "(one suit for everyone, or None), not both or neither"
        )
    if isinstance(trump, _Unset):
        if isinstance(trumps, str) or trumps is None or len(trumps) != len(played):
            raise ValueError(
                f"bad trumps {trumps!r}: expected one trump (or None) per card, "
                f"{len(played)} in play order"
            )
        suits = tuple(None if t is None else Suit.parse(t) for t in trumps)
    else:
        suits = (None if trump is None else Suit.parse(trump),) * len(played)
    lead = TrumpLead.parse(trump_lead)
    ruff_wins = lead is TrumpLead.RUFF_WINS
    winner, rule = trick_winner(played, suits, ruff_wins, shared)
    return TrickResult(played, suits, winner, rule, shared, lead)


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None = None,
    *,
    all_fours: bool = False,
    must_overtrump: Suit | None = None,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (docs/rulings.md, C3, C5, B3).

    Follow the led suit if able; otherwise anything. With ``all_fours`` a player may also play
    their own ``trump`` suit while able to follow. With ``must_overtrump`` (Call Bridge's
    spades) a player who cannot follow must play a card of that suit higher than every one
    already in the trick, if they hold one. Cards come in hand order, one entry per copy.

    >>> from calypso.engine.cards import parse_cards
    >>> legal_plays(parse_cards("2H 5C 9S"), parse_cards("KH"))
    [Card.parse('2H')]
    >>> legal_plays(parse_cards("2H 5C 9S"), parse_cards("KH"), Suit.CLUBS, all_fours=True)
    [Card.parse('2H'), Card.parse('5C')]
    >>> legal_plays(parse_cards("5C 9S QS"), parse_cards("KH 10S"), must_overtrump=Suit.SPADES)
    [Card.parse('QS')]
    """
    if not trick:
        return list(hand)
    led = trick[0] // 13
    follow = [c for c in hand if c // 13 == led]
    if not follow:
        if must_overtrump is not None:
            top = max((c % 13 for c in trick if c // 13 == must_overtrump), default=-1)
            beaters = [c for c in hand if c // 13 == must_overtrump and c % 13 > top]
            if beaters:
                return beaters
        return list(hand)
    if all_fours and trump is not None and trump != led:
        return [c for c in hand if c // 13 == led or c // 13 == trump]
    return follow


def refusal(
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    trump: Suit | None = None,
    *,
    all_fours: bool = False,
    must_overtrump: Suit | None = None,
) -> Refusal | None:
    """Why ``card`` may not be played to ``trick`` from ``hand``, or ``None`` when it may.

    >>> from calypso.engine.cards import parse_cards
    >>> why = refusal(parse_cards("5C 9S QS"), parse_cards("KH 10S"), Card.parse("9S"),
    ...               must_overtrump=Suit.SPADES)
    >>> why.kind.value, why.beat, why.cards
    ('must-overtrump', Card.parse('10S'), (Card.parse('QS'),))
    """
    if card not in hand:
        return Refusal(Refused.NOT_IN_HAND, card, cards=tuple(hand))
    if not trick or card // 13 == trick[0] // 13:
        return None  # a lead, or a card of the led suit, is always allowed (C3, B3, W5)
    allowed = legal_plays(hand, trick, trump, all_fours=all_fours, must_overtrump=must_overtrump)
    if card in allowed:
        return None
    led = trick[0].suit
    if must_overtrump is not None and not any(c.suit == led for c in hand):
        spades = [c for c in trick if c.suit == must_overtrump]
        beat = max(spades, key=lambda c: c.rank) if spades else None
        kind = Refused.MUST_TRUMP if beat is None else Refused.MUST_OVERTRUMP
        return Refusal(kind, card, led, must_overtrump, beat, tuple(allowed))
    if all_fours and trump is not None:
        return Refusal(Refused.MUST_FOLLOW_OR_TRUMP, card, led, trump, cards=tuple(allowed))
    return Refusal(Refused.MUST_FOLLOW, card, led, cards=tuple(allowed))


def refusals(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None = None,
    *,
    all_fours: bool = False,
    must_overtrump: Suit | None = None,
) -> dict[Card, Refusal]:
    """Every card of ``hand`` that may not be played to ``trick``, with why (cards that may
    be played are left out).

    >>> from calypso.engine.cards import parse_cards
    >>> {card.symbol: str(why) for card, why in refusals(parse_cards("2H 5C"),
    ...                                                   parse_cards("KH")).items()}
    {'5♣': '5♣ may not be played: you must follow ♥ (you hold 2♥)'}
    """
    found = {}
    for card in hand:
        why = refusal(hand, trick, card, trump, all_fours=all_fours, must_overtrump=must_overtrump)
        if why is not None:
            found[card] = why
    return found


def check_play(
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    trump: Suit | None = None,
    *,
    all_fours: bool = False,
    must_overtrump: Suit | None = None,
) -> None:
    """Raise :class:`IllegalPlay` saying why ``card`` may not be played, or return quietly."""
    if card in hand and (not trick or card // 13 == trick[0] // 13):
        return  # the common case, without building a refusal
    if card in legal_plays(hand, trick, trump, all_fours=all_fours, must_overtrump=must_overtrump):
        return  # off the led suit, and allowed: still no refusal to build
    why = refusal(hand, trick, card, trump, all_fours=all_fours, must_overtrump=must_overtrump)
    if why is not None:
        raise IllegalPlay(why)


@dataclass(frozen=True)
class TrickRules:
    """How one game plays a trick, declared once by the game: whose trump counts (``shared``:
    one suit for everyone, the whist family; else each player's own, C4), the trump-lead
    variant (C5), all-fours (C5), must-overtrump (B3), a trump fixed by the rules (Call
    Bridge's spades), and the ids its verdicts are reported under (Call Bridge's B4 ids).

    ``trumps`` below are one per card, in play order (for a shared trump, that suit each time).

    >>> from calypso.engine.cards import parse_cards
    >>> bridge = TrickRules(shared=True, must_overtrump=Suit.SPADES, fixed_trump=Suit.SPADES,
    ...                     rule_ids={"W5.1": "B4.1", "W5.2": "B4.2"})
    >>> result = bridge.resolve(parse_cards("9H 2S"), [Suit.SPADES] * 2)
    >>> result.winner, bridge.rule_id(result.rule)
    (1, 'B4.1')
    >>> [c.symbol for c in bridge.legal(parse_cards("5C 9S QS"), parse_cards("KH 10S"), None)]
    ['Q♠']
    """

    shared: bool = False
    trump_lead: TrumpLead = TrumpLead.RANKED
    all_fours: bool = False
    must_overtrump: Suit | None = None
    fixed_trump: Suit | None = None
    rule_ids: Mapping[str, str] = field(default_factory=dict)
    ruff_wins: bool = field(init=False, repr=False, compare=False)
    """Whether any ruff beats a lead of the leader's own trump (``trump_lead``, C5): read
    once for every trick a game closes."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ruff_wins", self.trump_lead is TrumpLead.RUFF_WINS)

    def resolve(self, cards: Sequence[Card], trumps: Sequence[Suit | None]) -> TrickResult:
        """The verdict on ``cards`` (a whole trick, or the cards so far: the card winning so
        far), with its explanation."""
        if self.shared:
            return resolve_trick(cards, trump=trumps[0] if trumps else None)
        return resolve_trick(cards, trumps, trump_lead=self.trump_lead)

    def rule_id(self, rule: Rule) -> str:
        """The id this game reports ``rule`` under."""
        return self.rule_ids.get(rule.value, rule.value)

    def legal(self, hand: Sequence[Card], trick: Sequence[Card], own: Suit | None) -> list[Card]:
        """The cards of ``hand`` that may be played to ``trick`` by a player whose own trump is
        ``own`` (``None`` in the whist family, where nobody has one)."""
        return legal_plays(
            hand, trick, own, all_fours=self.all_fours, must_overtrump=self.must_overtrump
        )

    def refusals(
        self, hand: Sequence[Card], trick: Sequence[Card], own: Suit | None
    ) -> dict[Card, Refusal]:
        """Every card of ``hand`` that may not be played to ``trick``, with why."""
        return refusals(
            hand, trick, own, all_fours=self.all_fours, must_overtrump=self.must_overtrump
        )
