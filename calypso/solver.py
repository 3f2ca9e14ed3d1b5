"""An exact solver of a Calypso deal's last tricks, every hand shown (docs/solver.md).

:func:`solve` values every legal card of the player to move. A card's **value** is the C7 score
difference, the mover's side minus the other side, read when the current deal's last trick is
over, after both sides play their best from there (docs/rulings.md, C3-C7): exactly
``game.score().totals`` right after the deal's 13th trick. In the fourth deal that is the
game's outcome; in deals 1-3 it is the score as if the game ended with this deal, because
calypsos in progress carry over and any other choice would be a guess about deals not yet dealt.

>>> from calypso.game import Game
>>> game = Game(seed=7)
>>> while len(game.tricks[-1]) < 12:
...     _ = game.play(game.legal_plays()[0])
>>> solution = solve(game)
>>> solution.seat, [str(card) for card in solution.cards[0].line]
('S', ['10S', 'KS', 'JS', 'KS'])
>>> game.score().totals                    # before the last trick: NS 220 behind
{'NS': 290, 'EW': 510}
>>> solution.cards[0].value               # after it, with S's best card: 170 behind
-170
"""

from __future__ import annotations

from dataclasses import dataclass

from calypso.calypsos import FULL
from calypso.cards import ALL_CARDS, Card
from calypso.game import SEATS, SIDES, Game
from calypso.moves import Phase
from calypso.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS
from calypso.tricks import TrumpLead

_SUIT = tuple(c // 13 for c in range(52))
_RANK = tuple(c % 13 for c in range(52))
_BIT = tuple(1 << (c % 13) for c in range(52))
_POINTS = tuple(sum(CALYPSO_VALUES[:k]) for k in range(len(CALYPSO_VALUES) + 1))
"""Points for 0 to 4 completed calypsos (C7)."""
_INFINITY = 1 << 30
MOST_TRICKS = 6
"""The most tricks to go (the trick in play included) that the command line will solve: six
take a median of about 60 ms and up to about two seconds in CPython, and each trick more
multiplies that by three to seven (docs/solver.md)."""
MEANING = (
    "value = the mover's side's C7 total minus the other side's when this deal's last trick is "
    "over, both sides playing best with every hand shown (deals 1-3: as if the game ended there)"
)
"""What a value means, in one line, for everything that shows one."""


@dataclass(frozen=True)
class CardValue:
    """One legal card, its value (see the module's help) and its line: the card, then both
    sides' best play to the deal's last card, in play order.

    >>> CardValue(Card.parse("QC"), -340, (Card.parse("QC"),)).value
    -340
    """

    card: Card
    value: int
    line: tuple[Card, ...]


@dataclass(frozen=True)
class Solution:
    """The answer for the player to move: ``seat``, every distinct legal card valued, best first
    (ties in the order of :meth:`Game.legal_plays`), and ``nodes``, the positions searched.

    >>> best = CardValue(Card.parse("AS"), 20, (Card.parse("AS"),))
    >>> Solution("N", (best,), 1).best.card
    Card.parse('AS')
    """

    seat: str
    cards: tuple[CardValue, ...]
    nodes: int

    @property
    def best(self) -> CardValue:
        """The best card (the first of the best, on a tie)."""
        return self.cards[0]


@dataclass(frozen=True)
class _Position:
    """A compact position: hands as sorted card ints by seat, the trick so far, its leader,
    each seat's calypso (rank mask, completed count)."""

    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...]
    leader: int
    masks: tuple[int, ...]
    done: tuple[int, ...]

    @property
    def mover(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4

    @property
    def led(self) -> int:
        """The led suit, -1 before the lead."""
        return _SUIT[self.trick[0]] if self.trick else -1

    @property
    def state(
        self,
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]:
        """The position as :meth:`_Search.search` takes it."""
        return self.hands, self.trick, self.leader, self.masks, self.done


def _position(game: Game) -> _Position:
    calypsos = game.calypsos()
    return _Position(
        tuple(tuple(sorted(int(c) for c in game.hand(seat))) for seat in SEATS),
        tuple(int(c) for c in game.trick),
        SEATS.index(game.trick_leader),
        tuple(k.mask for k in calypsos),
        tuple(k.completed for k in calypsos),
    )


def _distinct(cards: tuple[int, ...] | list[int]) -> list[int]:
    """Sorted cards without repeats: identical copies in one hand are one move."""
    out: list[int] = []
    for c in cards:
        if not out or out[-1] != c:
            out.append(c)
    return out


def _in_play(hands: tuple[tuple[int, ...], ...]) -> tuple[list[int], list[int]]:
    """The ranks (as a mask) and the number of cards of each suit in ``hands``."""
    ranks, counts = [0, 0, 0, 0], [0, 0, 0, 0]
    for hand in hands:
        for c in hand:
            s = _SUIT[c]
            ranks[s] |= _BIT[c]
            counts[s] += 1
    return ranks, counts


class _Search:
    """Alpha-beta over points (negamax: every value is for the side to move, fail-soft), with
    a null window for every card after a node's first (principal-variation search).

    A transposition table holds bounds and the best card at trick boundaries (:meth:`key`).
    There, when no entry is found, the most each side can still gain (:meth:`most`) may end
    the search at once. Tricks are decided and routed once per distinct trick and calypso
    state, in a table of their own. The deal's last trick is played out without a search
    (nobody has a choice), and the fourth card of a trick is tried in the order of what the
    trick alone brings the mover's side.
    """

    def __init__(self, trumps: tuple[int, ...], ruff_wins: bool, all_fours: bool) -> None:
        self.trumps = trumps
        self.ruff_wins = ruff_wins
        self.all_fours = all_fours
        self.table: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self.tricks: dict[
            tuple[object, ...], tuple[int, int, tuple[int, ...], tuple[int, ...]]
        ] = {}
        self.orders: dict[tuple[tuple[int, ...], int, int], list[int]] = {}
        self.rests: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}
        self.nodes = 0

    def ordered(self, hand: tuple[int, ...], led: int, seat: int, first: int = -1) -> list[int]:
        """The distinct cards ``seat`` may play to a trick whose led suit is ``led`` (-1: a
        lead; C3, and C5's all-fours), in the order to try them: ``first`` (the table's best
        card) if it is one, then the player's own suit, then the rest, each from the highest
        rank down. The list may be shared: never change it."""
        key = (hand, led, seat)
        found = self.orders.get(key)
        if found is None:
            own = self.trumps[seat]
            follow = [c for c in hand if _SUIT[c] == led]
            if follow and self.all_fours and own != led:
                follow = [c for c in hand if _SUIT[c] == led or _SUIT[c] == own]
            moves = _distinct(follow or hand)
            found = self.orders[key] = sorted(moves, key=lambda c: (_SUIT[c] != own, -_RANK[c]))
        if first >= 0 and found[0] != first and first in found:
            return [first, *(c for c in found if c != first)]
        return found

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        """The seat that wins a full trick (C4, C5 ruff-wins; ties: the earliest, C4.5)."""
        trumps = self.trumps
        led = _SUIT[trick[0]]
        ruffs = [
            i
            for i in (1, 2, 3)
            if _SUIT[trick[i]] == trumps[(leader + i) % 4] and trumps[(leader + i) % 4] != led
        ]
        if led == trumps[leader]:
            if not ruffs:
                return leader
            competing = ruffs if self.ruff_wins else [0, *ruffs]
        elif ruffs:
            competing = ruffs
        else:
            competing = [i for i in range(4) if _SUIT[trick[i]] == led]
        best = competing[0]
        for i in competing[1:]:
            if _RANK[trick[i]] > _RANK[trick[best]]:
                best = i
        return (leader + best) % 4

    def build(
        self, trick: tuple[int, ...], winner: int, masks: tuple[int, ...], done: tuple[int, ...]
    ) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """Route a won trick (C6) and score it (C7): the points the winning side gains, and
        every seat's calypso afterwards."""
        new_masks, new_done = list(masks), list(done)
        placed = 0
        gain = 0
        for seat in (winner, winner ^ 2):
            suit = self.trumps[seat]
            own = [c for c in trick if _SUIT[c] == suit]
            if not own:
                continue
            mask, completed, spare = masks[seat], done[seat], []
            for c in own:
                if mask & _BIT[c]:
                    spare.append(c)
                else:
                    mask |= _BIT[c]
            if mask == FULL:
                completed += 1
                mask = 0
                for c in spare:
                    mask |= _BIT[c]
            before = masks[seat].bit_count() + 13 * done[seat]
            placed += mask.bit_count() + 13 * completed - before
            gain += (
                _POINTS[completed]
                - _POINTS[done[seat]]
                + IN_PROGRESS_POINTS * (mask.bit_count() - masks[seat].bit_count())
            )
            new_masks[seat], new_done[seat] = mask, completed
        gain += PILE_POINTS * (4 - placed)
        return gain, tuple(new_masks), tuple(new_done)

    def finish(
        self, trick: tuple[int, ...], leader: int, masks: tuple[int, ...], done: tuple[int, ...]
    ) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
        """A full trick's winner, the points its side gains, and the calypsos afterwards."""
        key = (trick, leader, masks, done)
        found = self.tricks.get(key)
        if found is None:
            winner = self.winner(trick, leader)
            found = self.tricks[key] = (winner, *self.build(trick, winner, masks, done))
        return found

    def key(
        self,
        hands: tuple[tuple[int, ...], ...],
        leader: int,
        masks: tuple[int, ...],
        done: tuple[int, ...],
        ranks: list[int],
    ) -> tuple[object, ...]:
        """The table's key at a trick boundary: the hands (sorted, so multisets), the leader,
        and of each calypso what the rest of the deal can still change. A rank no card left
        in play holds never changes again, so only the ranks in play count; and a calypso with
        a gap that no card in play can fill cannot be completed this deal, so its count of
        completed calypsos no longer matters either. Positions that differ only in what cannot
        matter any more share one entry. ``ranks``: the ranks in play by suit (:func:`_in_play`)."""
        state = []
        for seat in range(4):
            live = ranks[self.trumps[seat]]
            mask = masks[seat]
            if FULL & ~mask & ~live:
                state.append(mask & live | 1 << 13)
            else:
                state.append(mask & live | done[seat] << 14)
        return hands, leader, tuple(state)

    def most(
        self, ranks: list[int], counts: list[int], masks: tuple[int, ...], done: tuple[int, ...]
    ) -> tuple[int, int]:
        """The most points each side (NS, EW) can still gain from the cards in play (their
        ranks and counts by suit, :func:`_in_play`): a card of a suit neither partner builds
        is worth 10 to the side that wins it, one a partner builds 10 as a spare or 20 in the
        calypso, and completions add their bonus."""
        most = [0, 0]
        for seat in range(4):
            suit = self.trumps[seat]
            count = counts[suit]
            if not count:
                continue
            missing = FULL & ~masks[seat]
            if missing & ~ranks[suit]:
                own = (
                    PILE_POINTS * count
                    + (IN_PROGRESS_POINTS - PILE_POINTS) * (missing & ranks[suit]).bit_count()
                )
            else:
                sets = min(1 + (count - missing.bit_count()) // 13, 4 - done[seat])
                bonus = _POINTS[done[seat] + sets] - _POINTS[done[seat]]
                own = IN_PROGRESS_POINTS * (count - 13 * sets) + bonus
            most[seat & 1] += own
            most[1 - (seat & 1)] += PILE_POINTS * count
        return most[0], most[1]

    def last_trick(
        self,
        hands: tuple[tuple[int, ...], ...],
        trick: tuple[int, ...],
        leader: int,
        masks: tuple[int, ...],
        done: tuple[int, ...],
    ) -> int:
        """The value of the deal's last trick for the side to move: every card is forced."""
        self.nodes += 1
        mover = (leader + len(trick)) % 4
        full = trick + tuple(hands[(leader + i) % 4][0] for i in range(len(trick), 4))
        winner, gain, _, _ = self.finish(full, leader, masks, done)
        return gain if (winner ^ mover) & 1 == 0 else -gain

    def search(
        self,
        hands: tuple[tuple[int, ...], ...],
        trick: tuple[int, ...],
        leader: int,
        masks: tuple[int, ...],
        done: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        """The points still to come for the side to move, with best play (fail-soft)."""
        count = len(trick)
        mover = (leader + count) % 4
        hand = hands[mover]
        if len(hand) == 1 and len(hands[leader]) <= 1:
            return self.last_trick(hands, trick, leader, masks, done)
        self.nodes += 1
        key: tuple[object, ...] | None = None
        first = -1
        if not count:
            ranks, counts = _in_play(hands)
            key = self.key(hands, leader, masks, done, ranks)
            entry = self.table.get(key)
            if entry is not None:
                low, high, first = entry
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            else:
                most = self.most(ranks, counts, masks, done)
                if most[mover & 1] <= alpha:
                    return most[mover & 1]
                if -most[1 - (mover & 1)] >= beta:
                    return -most[1 - (mover & 1)]
        led = _SUIT[trick[0]] if count else -1
        moves = self.orders.get((hand, led, mover)) or self.ordered(hand, led, mover)
        if first >= 0 and moves[0] != first and first in moves:
            moves = [first, *(c for c in moves if c != first)]
        rests = self.rests.get(hand)
        if rests is None:
            rests = self.rests[hand] = {c: hand[:i] + hand[i + 1 :] for i, c in enumerate(hand)}
        best, best_card, low = -_INFINITY, moves[0], alpha
        search = self.search
        if count == 3:
            options = []
            tricks = self.tricks
            for card in moves:
                full = (*trick, card)
                found = tricks.get((full, leader, masks, done))
                if found is None:
                    found = self.finish(full, leader, masks, done)
                winner, gain, after, completed = found
                same = (winner ^ mover) & 1 == 0
                options.append((gain if same else -gain, card, winner, same, after, completed))
            options.sort(reverse=True)
            for signed, card, winner, same, after, completed in options:
                left = (*hands[:mover], rests[card], *hands[mover + 1 :])
                if not left[winner]:
                    v = signed
                elif len(left[winner]) == 1:
                    last = tuple(left[(winner + k) % 4][0] for k in range(4))
                    then, more, _, _ = self.finish(last, winner, after, completed)
                    v = signed + more if (then ^ mover) & 1 == 0 else signed - more
                else:
                    top = low + 1 if best > -_INFINITY and beta - low > 1 else beta
                    bottom = low
                    while True:
                        if same:
                            c = search(
                                left, (), winner, after, completed, bottom - signed, top - signed
                            )
                            v = signed + c
                        else:
                            c = search(
                                left, (), winner, after, completed, signed - top, signed - bottom
                            )
                            v = signed - c
                        if top == beta or not low < v < beta:
                            break
                        bottom, top = v, beta
                if v > best:
                    best, best_card = v, card
                    if v > low:
                        low = v
                        if v >= beta:
                            break
        else:
            for card in moves:
                left = (*hands[:mover], rests[card], *hands[mover + 1 :])
                played = (*trick, card)
                top = low + 1 if best > -_INFINITY and beta - low > 1 else beta
                v = -search(left, played, leader, masks, done, -top, -low)
                if top != beta and low < v < beta:
                    v = -search(left, played, leader, masks, done, -beta, -v)
                if v > best:
                    best, best_card = v, card
                    if v > low:
                        low = v
                        if v >= beta:
                            break
        if key is not None:
            old_low, old_high, _ = self.table.get(key, (-_INFINITY, _INFINITY, -1))
            if best <= alpha:
                self.table[key] = (old_low, min(old_high, best), best_card)
            elif best >= beta:
                self.table[key] = (max(old_low, best), old_high, best_card)
            else:
                self.table[key] = (best, best, best_card)
        return best

    def value(self, position: _Position, card: int, alpha: int, beta: int) -> int:
        """The points still to come for the side to move if it plays ``card``: exact inside
        the window ``alpha``-``beta``, a bound outside it."""
        child, signed, same = self.play(position, card)
        if child is None:
            return signed
        if same:
            return signed + self.search(*child.state, alpha - signed, beta - signed)
        return signed - self.search(*child.state, signed - beta, signed - alpha)

    def play(self, position: _Position, card: int) -> tuple[_Position | None, int, bool]:
        """The position after ``card`` (``None`` at the deal's end), the points its trick
        brings the side that played it (0 before the trick is full, negative when the other
        side wins it), and whether the side to move next is that same side."""
        hands, trick, leader = position.hands, (*position.trick, card), position.leader
        mover = position.mover
        hand = hands[mover]
        i = hand.index(card)
        hands = (*hands[:mover], hand[:i] + hand[i + 1 :], *hands[mover + 1 :])
        if len(trick) < 4:
            return _Position(hands, trick, leader, position.masks, position.done), 0, False
        winner, gain, masks, done = self.finish(trick, leader, position.masks, position.done)
        same = (winner ^ mover) & 1 == 0
        signed = gain if same else -gain
        if not hands[winner]:
            return None, signed, same
        return _Position(hands, (), winner, masks, done), signed, same

    def line(self, position: _Position, card: int, target: int) -> list[int]:
        """``card``, then a best continuation worth ``target`` to the side to move now, to the
        deal's last card: at each turn the first legal card that keeps the value."""
        line = [card]
        child, signed, same = self.play(position, card)
        while child is not None:
            target = target - signed if same else signed - target
            first = -1
            if not child.trick:
                ranks, _ = _in_play(child.hands)
                key = self.key(child.hands, child.leader, child.masks, child.done, ranks)
                entry = self.table.get(key)
                first = -1 if entry is None else entry[2]
            moves = self.ordered(child.hands[child.mover], child.led, child.mover, first)
            card = next(c for c in moves if self.value(child, c, target - 1, target) >= target)
            line.append(card)
            child, signed, same = self.play(child, card)
        return line


def solve(game: Game) -> Solution:
    """Value every distinct legal card of the player to move, best first (docs/solver.md).

    ``game`` is read, never changed. Raises ``ValueError`` for a game that is over or not in
    Calypso play.
    """
    if not isinstance(game, Game):
        raise ValueError(f"cannot solve {type(game).__name__}: the solver plays Calypso only")
    if game.turn is None or game.phase is not Phase.PLAY:
        raise ValueError("cannot solve a game that is over: no card is left to play")
    position = _position(game)
    mover = position.mover
    search = _Search(
        tuple(int(s) for s in game.options.trumps),
        game.rules.trump_lead is TrumpLead.RUFF_WINS,
        game.rules.all_fours,
    )
    totals = game.score().totals
    now = totals[SIDES[mover % 2]] - totals[SIDES[1 - mover % 2]]
    order = [int(c) for c in game.legal_plays()]
    found = []
    for card in search.ordered(position.hands[mover], position.led, mover, -1):
        future = search.value(position, card, -_INFINITY, _INFINITY)
        line = search.line(position, card, future)
        found.append(CardValue(ALL_CARDS[card], now + future, tuple(ALL_CARDS[c] for c in line)))
    found.sort(key=lambda cv: (-cv.value, order.index(cv.card)))
    return Solution(SEATS[mover], tuple(found), search.nodes)
