"""An exact solver of a Calypso deal's last tricks, every hand shown (docs/solver.md).

:func:`solve` values every legal card of the player to move. A card's **value** is the C7 score
difference, the mover's side minus the other side, read when the current deal's last trick is
over, after both sides play their best from there (docs/rulings.md, C3-C7): exactly
``game.score().totals`` right after the deal's 13th trick. In the fourth deal that is the
game's outcome; in deals 1-3 it is the score as if the game ended with this deal, because
calypsos in progress carry over and any other choice would be a guess about deals not yet dealt.

>>> from calypso.partnership.game import Game
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

from calypso.engine.cards import ALL_CARDS, Card
from calypso.engine.moves import Phase
from calypso.engine.tricks import TrumpLead
from calypso.partnership.game import SEATS, SIDES, Game
from calypso.partnership.scoring import CALYPSO_VALUES, IN_PROGRESS_POINTS, PILE_POINTS

_SUIT = tuple(c // 13 for c in range(52))
_RANK = tuple(c % 13 for c in range(52))
_UNIT = tuple(1 << 3 * c for c in range(52))
"""Hands are ints with three bits a card (how many copies, 0-4): ``_UNIT[c]`` is one copy of
card ``c``. Calypsos and ranks in play use the same layout with one bit a card, the lowest of
its three, so all of them combine with ``&`` and ``|``."""
_SUIT_BITS = tuple(sum(_UNIT[13 * s : 13 * s + 13]) for s in range(4))
"""Every card of a suit, one bit each: a complete calypso of that suit."""
_ALL = sum(_SUIT_BITS)
_CARD = {_UNIT[c]: c for c in range(52)}
"""The card of a hand that holds one card and no more."""
_POINTS = tuple(sum(CALYPSO_VALUES[:k]) for k in range(len(CALYPSO_VALUES) + 1))
"""Points for 0 to 4 completed calypsos (C7)."""
_TRICK = 4 * PILE_POINTS
"""What a trick brings the side that wins it when none of its cards fills a gap."""
_FILL = IN_PROGRESS_POINTS - PILE_POINTS
"""What each card that fills a gap adds to that."""
_INFINITY = 1 << 30
MOST_TRICKS = 6
"""The most tricks to go (the trick in play included) that the command line will solve: six
take a median of about 40 ms and up to about 1.3 seconds in CPython, and each trick more
multiplies that by about six (docs/solver.md)."""
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


def _hand(cards: list[Card]) -> int:
    """A hand as an int, three bits a card.

    >>> _hand([Card.parse("2C"), Card.parse("2C"), Card.parse("3C")])
    10
    """
    return sum(_UNIT[int(c)] for c in cards)


@dataclass(frozen=True)
class _Undo:
    """What :meth:`_Search.play` changed when it ended a trick, to put back."""

    trick: tuple[int, ...]
    leader: int
    calypsos: int
    done: tuple[int, ...]


class _Search:
    """Alpha-beta over points (negamax: every value is for the side to move, fail-soft), with
    a null window for every card after a node's first (principal-variation search).

    The position is kept in place and changed card by card: ``hands`` (ints, three bits a
    card), the trick so far (its first ``count`` cards in ``trick``), its ``leader``,
    ``calypsos`` (every seat's calypso in progress in one int, one bit a card: the four trumps
    differ, so the four never overlap), ``done`` (each seat's completed calypsos) and ``left``
    (the tricks to go, the one in play included). The hot path makes few calls: a call costs
    far more than an operation, and more still in Pyodide.

    A transposition table holds bounds and the best card at trick boundaries (:meth:`key`; a
    search that fails low keeps the card the entry had); a new entry starts from the most each
    side can still gain (:meth:`bounds`). The second and
    third cards of a trick, and a lead the table has no best card for, try first the card that
    last caused a cut-off at the same depth (``killers``, by tricks to go and cards played).
    The deal's last trick is played out without a search (nobody has a choice), and the fourth
    card of a trick is tried in the order of what the trick alone brings the mover's side.
    """

    def __init__(self, game: Game) -> None:
        trumps = tuple(int(s) for s in game.options.trumps)
        self.trumps = trumps
        self.ruff_wins = game.rules.trump_lead is TrumpLead.RUFF_WINS
        self.all_fours = game.rules.all_fours
        self.own = tuple(_SUIT_BITS[t] for t in trumps)
        self.sides = tuple(self.own[s] | self.own[s ^ 2] for s in range(4))
        calypsos = game.calypsos()
        self.hands = [_hand(game.hand(seat)) for seat in SEATS]
        played = [int(c) for c in game.trick]
        self.trick = [*played, 0, 0, 0, 0][:4]
        self.count = len(played)
        self.leader = SEATS.index(game.trick_leader)
        self.calypsos = sum(
            _UNIT[13 * trumps[seat] + r]
            for seat in range(4)
            for r in range(13)
            if calypsos[seat].mask >> r & 1
        )
        self.done = tuple(k.completed for k in calypsos)
        self.left = (sum(len(game.hand(seat)) for seat in SEATS) + self.count + 3) // 4
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.winners: dict[int, int] = {}
        self.killers = [-1] * 60
        self.orders: list[dict[int, list[int]]] = [{} for _ in range(20)]
        self.nodes = 0

    @property
    def mover(self) -> int:
        """The seat to play."""
        return (self.leader + self.count) % 4

    def moves(self, hand: int, led: int, seat: int) -> list[int]:
        """The distinct cards ``seat`` may play from ``hand`` to a trick whose led suit is
        ``led`` (-1: a lead; C3, and C5's all-fours), in the order to try them: the player's
        own suit, then the rest, each from the highest rank down. The list is shared: never
        change it."""
        cards = [c for c in range(52) if hand >> 3 * c & 7]
        own = self.trumps[seat]
        follow = [c for c in cards if _SUIT[c] == led]
        if follow and self.all_fours and own != led:
            follow = [c for c in cards if _SUIT[c] == led or _SUIT[c] == own]
        found = sorted(follow or cards, key=lambda c: (_SUIT[c] != own, -_RANK[c]))
        self.orders[4 * (led + 1) + seat][hand] = found
        return found

    def ordered(self, first: int = -1) -> list[int]:
        """The mover's cards in the order to try them, ``first`` first if it is one."""
        mover = self.mover
        led = _SUIT[self.trick[0]] if self.count else -1
        found = self.moves(self.hands[mover], led, mover)
        if first >= 0 and found[0] != first and first in found:
            return [first, *(c for c in found if c != first)]
        return found

    def winner(self, trick: list[int], leader: int) -> int:
        """The seat that wins a full trick (C4, C5 ruff-wins; ties: the earliest, C4.5),
        remembered for each trick and leader."""
        key = (((trick[0] * 52 + trick[1]) * 52 + trick[2]) * 52 + trick[3]) * 4 + leader
        if key in self.winners:
            return self.winners[key]
        trumps = self.trumps
        led = _SUIT[trick[0]]
        ruffs = [
            i
            for i in (1, 2, 3)
            if _SUIT[trick[i]] == trumps[(leader + i) % 4] and trumps[(leader + i) % 4] != led
        ]
        if led == trumps[leader]:
            competing = (ruffs if self.ruff_wins else [0, *ruffs]) if ruffs else [0]
        elif ruffs:
            competing = ruffs
        else:
            competing = [i for i in range(4) if _SUIT[trick[i]] == led]
        best = competing[0]
        for i in competing[1:]:
            if _RANK[trick[i]] > _RANK[trick[best]]:
                best = i
        found = self.winners[key] = (leader + best) % 4
        return found

    def route(
        self, trick: list[int], winner: int, calypsos: int, done: tuple[int, ...]
    ) -> tuple[int, int, tuple[int, ...]]:
        """Route a won trick (C6) and score it (C7): the points the winning side gains, and
        the calypsos and completed counts afterwards. Without a completion, every card that
        fills a gap is worth 20 and the others 10."""
        bits = _UNIT[trick[0]] | _UNIT[trick[1]] | _UNIT[trick[2]] | _UNIT[trick[3]]
        fills = bits & self.sides[winner] & ~calypsos
        if not fills:
            return _TRICK, calypsos, done
        after = calypsos | fills
        own = self.own
        if after & own[winner] == own[winner] or after & own[winner ^ 2] == own[winner ^ 2]:
            return self.complete(trick, winner, calypsos, done)
        return _TRICK + _FILL * fills.bit_count(), after, done

    def complete(
        self, trick: list[int], winner: int, calypsos: int, done: tuple[int, ...]
    ) -> tuple[int, int, tuple[int, ...]]:
        """:meth:`route` for a trick that completes a calypso: card by card, in play order,
        the first copy of a rank fills its gap and later copies are spares; a completed
        calypso's spares start the next one, one a rank, and the rest go on the pile."""
        new_done = list(done)
        placed = 0
        gain = 0
        for seat in (winner, winner ^ 2):
            field = self.own[seat]
            before = calypsos & field
            mask, spare = before, []
            for c in trick:
                if _UNIT[c] & field:
                    if mask & _UNIT[c]:
                        spare.append(c)
                    else:
                        mask |= _UNIT[c]
            if mask == field:
                new_done[seat] += 1
                mask = 0
                for c in spare:
                    mask |= _UNIT[c]
            completed = new_done[seat] - done[seat]
            placed += mask.bit_count() + 13 * completed - before.bit_count()
            gain += (
                _POINTS[new_done[seat]]
                - _POINTS[done[seat]]
                + IN_PROGRESS_POINTS * (mask.bit_count() - before.bit_count())
            )
            calypsos = calypsos & ~field | mask
        return gain + PILE_POINTS * (4 - placed), calypsos, tuple(new_done)

    def key(self) -> tuple[int, ...]:
        """The table's key at a trick boundary: the hands (so multisets), the leader, and of
        each calypso what the rest of the deal can still change. A rank no card left in play
        holds never changes again, so only the ranks in play count; and a calypso with a gap
        that no card in play can fill cannot be completed this deal, so its count of completed
        calypsos no longer matters either (7 stands for it). Positions that differ only in
        what cannot matter any more share one entry."""
        h0, h1, h2, h3 = self.hands
        held = h0 | h1 | h2 | h3
        live = (held | held >> 1 | held >> 2) & _ALL
        gaps = _ALL & ~self.calypsos & ~live
        own, done = self.own, self.done
        state = self.leader
        for seat in (0, 1, 2, 3):
            state = state << 3 | (7 if gaps & own[seat] else done[seat])
        return h0, h1, h2, h3, self.calypsos & live | state << 160

    def bounds(self, mover: int) -> tuple[int, int]:
        """The least and the most the side to move can still gain, less what the other side
        gains, from the cards in play: a card of a suit neither partner builds is worth 10 to
        the side that wins it, one a partner builds 10 as a spare or 20 in the calypso, and
        completions add their bonus; every card ends up somewhere."""
        h0, h1, h2, h3 = self.hands
        total = h0 + h1 + h2 + h3
        held = h0 | h1 | h2 | h3
        live = (held | held >> 1 | held >> 2) & _ALL
        most = [0, 0]
        for seat in (0, 1, 2, 3):
            field = self.own[seat]
            count = (
                (total & field).bit_count()
                + 2 * (total >> 1 & field).bit_count()
                + 4 * (total >> 2 & field).bit_count()
            )
            if not count:
                continue
            missing = field & ~self.calypsos
            done = self.done[seat]
            if missing & ~live:
                gain = PILE_POINTS * count + _FILL * (missing & live).bit_count()
            else:
                sets = min(1 + (count - missing.bit_count()) // 13, 4 - done)
                gain = IN_PROGRESS_POINTS * (count - 13 * sets) + _POINTS[done + sets]
                gain -= _POINTS[done]
            most[seat & 1] += gain
            most[1 - (seat & 1)] += PILE_POINTS * count
        return -most[1 - (mover & 1)], most[mover & 1]

    def last(self) -> int:
        """The value of the deal's last trick for the side to move: every card is forced."""
        self.nodes += 1
        trick, leader, hands, count = self.trick, self.leader, self.hands, self.count
        full = trick[:count] + [_CARD[hands[(leader + i) % 4]] for i in range(count, 4)]
        winner = self.winner(full, leader)
        gain = self.route(full, winner, self.calypsos, self.done)[0]
        return gain if (winner ^ leader ^ count) & 1 == 0 else -gain

    def search(self, alpha: int, beta: int) -> int:
        """The points still to come for the side to move, with best play (fail-soft)."""
        if self.left == 1:
            return self.last()
        count = self.count
        if count == 3:
            return self.fourth(alpha, beta)
        self.nodes += 1
        trick, leader, hands = self.trick, self.leader, self.hands
        mover = (leader + count) % 4
        hand = hands[mover]
        first = -1
        key: tuple[int, ...] | None = None
        if count:
            led = _SUIT[trick[0]]
        else:
            led = -1
            key = self.key()
            table = self.table
            if key in table:
                low, high, first = table[key]
            else:
                low, high = self.bounds(mover)
                table[key] = (low, high, -1)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        orders = self.orders[4 * (led + 1) + mover]
        moves = orders[hand] if hand in orders else self.moves(hand, led, mover)
        if count or first < 0:
            first = self.killers[4 * self.left + count]
        if first >= 0 and moves[0] != first and first in moves:
            moves = moves[:]
            moves.remove(first)
            moves.insert(0, first)
        best, best_card, low = -_INFINITY, moves[0], alpha
        search = self.search
        self.count = count + 1
        for card in moves:
            hands[mover] = hand - _UNIT[card]
            trick[count] = card
            if best == -_INFINITY or beta - low == 1:
                v = -search(-beta, -low)
            else:
                v = -search(-low - 1, -low)
                if low < v < beta:
                    v = -search(-beta, -v)
            if v > best:
                best, best_card = v, card
                if v > low:
                    low = v
                    if v >= beta:
                        self.killers[4 * self.left + count] = card
                        break
        hands[mover] = hand
        self.count = count
        if key is not None:
            low, high, card = self.table[key]
            if best <= alpha:
                self.table[key] = (low, min(high, best), card)
            elif best >= beta:
                self.table[key] = (max(low, best), high, best_card)
            else:
                self.table[key] = (best, best, best_card)
        return best

    def fourth(self, alpha: int, beta: int) -> int:
        """:meth:`search` for the fourth card of a trick: each card's trick is decided and
        scored first, and the cards are tried from what the trick alone brings the mover's
        side down; in the deal's second-last trick, the last is then played out at once."""
        self.nodes += 1
        trick, leader, hands = self.trick, self.leader, self.hands
        mover = (leader + 3) % 4
        hand = hands[mover]
        led = _SUIT[trick[0]]
        orders = self.orders[4 * (led + 1) + mover]
        moves = orders[hand] if hand in orders else self.moves(hand, led, mover)
        calypsos, done, left = self.calypsos, self.done, self.left
        options = []
        base = ((trick[0] * 52 + trick[1]) * 52 + trick[2]) * 208 + leader
        bits = _UNIT[trick[0]] | _UNIT[trick[1]] | _UNIT[trick[2]]
        winners, sides, own = self.winners, self.sides, self.own
        for card in moves:
            trick[3] = card
            key = base + 4 * card
            winner = winners[key] if key in winners else self.winner(trick, leader)
            fills = (bits | _UNIT[card]) & sides[winner] & ~calypsos
            if not fills:
                gain, after, completed = _TRICK, calypsos, done
            else:
                after = calypsos | fills
                mine, partner = own[winner], own[winner ^ 2]
                if after & mine == mine or after & partner == partner:
                    gain, after, completed = self.complete(trick, winner, calypsos, done)
                else:
                    gain, completed = _TRICK + _FILL * fills.bit_count(), done
            if (winner ^ mover) & 1:
                options.append((-gain, card, winner, False, after, completed))
            else:
                options.append((gain, card, winner, True, after, completed))
        if len(options) > 1:
            options.sort(reverse=True)
        best, low = -_INFINITY, alpha
        if left == 2:
            for signed, card, winner, _, after, completed in options:
                hands[mover] = hand - _UNIT[card]
                c0, c1 = hands[winner], hands[(winner + 1) % 4]
                c2, c3 = hands[winner ^ 2], hands[(winner + 3) % 4]
                last = [_CARD[c0], _CARD[c1], _CARD[c2], _CARD[c3]]
                key = (((last[0] * 52 + last[1]) * 52 + last[2]) * 52 + last[3]) * 4 + winner
                then = winners[key] if key in winners else self.winner(last, winner)
                fills = (c0 | c1 | c2 | c3) & sides[then] & ~after
                if not fills:
                    more = _TRICK
                else:
                    mine, partner, full = own[then], own[then ^ 2], after | fills
                    if full & mine == mine or full & partner == partner:
                        more = self.complete(last, then, after, completed)[0]
                    else:
                        more = _TRICK + _FILL * fills.bit_count()
                v = signed + more if (then ^ mover) & 1 == 0 else signed - more
                if v > best:
                    best = v
                    if v >= beta:
                        break
            hands[mover] = hand
            return best
        search = self.search
        self.trick, self.count, self.left = [0, 0, 0, 0], 0, left - 1
        for signed, card, winner, same, after, completed in options:
            hands[mover] = hand - _UNIT[card]
            self.leader, self.calypsos, self.done = winner, after, completed
            top = low + 1 if best > -_INFINITY and beta - low > 1 else beta
            bottom = low
            while True:
                if same:
                    v = signed + search(bottom - signed, top - signed)
                else:
                    v = signed - search(signed - top, signed - bottom)
                if top == beta or not low < v < beta:
                    break
                bottom, top = v, beta
            if v > best:
                best = v
                if v > low:
                    low = v
                    if v >= beta:
                        break
        hands[mover] = hand
        self.trick, self.count, self.leader, self.left = trick, 3, leader, left
        self.calypsos, self.done = calypsos, done
        return best

    def play(self, card: int) -> tuple[int, bool, _Undo | None]:
        """Play ``card`` for the mover, in place: the points its trick brings the side that
        played it (0 before the trick is full, negative when the other side wins it), whether
        the side to move next is that same side, and what to give :meth:`take_back`."""
        mover = self.mover
        self.hands[mover] -= _UNIT[card]
        self.trick[self.count] = card
        self.count += 1
        if self.count < 4:
            return 0, False, None
        trick, leader = self.trick, self.leader
        winner = self.winner(trick, leader)
        gain, after, completed = self.route(trick, winner, self.calypsos, self.done)
        undo = _Undo(tuple(trick), leader, self.calypsos, self.done)
        self.count, self.leader, self.calypsos, self.done = 0, winner, after, completed
        self.left -= 1
        same = (winner ^ mover) & 1 == 0
        return (gain if same else -gain), same, undo

    def take_back(self, card: int, undo: _Undo | None) -> None:
        """Undo :meth:`play`."""
        if undo is not None:
            self.trick[:] = undo.trick
            self.count, self.leader = 4, undo.leader
            self.calypsos, self.done = undo.calypsos, undo.done
            self.left += 1
        self.count -= 1
        self.hands[self.mover] += _UNIT[card]

    def value(self, card: int, alpha: int, beta: int) -> int:
        """The points still to come for the side to move if it plays ``card``: exact inside
        the window ``alpha``-``beta``, a bound outside it."""
        signed, same, undo = self.play(card)
        if not self.left:
            v = signed
        elif same:
            v = signed + self.search(alpha - signed, beta - signed)
        else:
            v = signed - self.search(signed - beta, signed - alpha)
        self.take_back(card, undo)
        return v

    def line(self, card: int, target: int) -> list[int]:
        """``card``, then a best continuation worth ``target`` to the side to move now, to the
        deal's last card: at each turn the first legal card that keeps the value, the
        table's best card or else the killer card tried first."""
        line = [card]
        played = [(card, *self.play(card))]
        while self.left:
            signed, same = played[-1][1], played[-1][2]
            target = target - signed if same else signed - target
            first = self.killers[4 * self.left + self.count]
            if not self.count:
                entry = self.table.get(self.key())
                if entry is not None and entry[2] >= 0:
                    first = entry[2]
            moves = self.ordered(first)
            card = next(c for c in moves if self.value(c, target - 1, target) >= target)
            line.append(card)
            played.append((card, *self.play(card)))
        for card, _, _, undo in reversed(played):
            self.take_back(card, undo)
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
    search = _Search(game)
    mover = search.mover
    totals = game.score().totals
    now = totals[SIDES[mover % 2]] - totals[SIDES[1 - mover % 2]]
    order = [int(c) for c in game.legal_plays()]
    found = []
    for card in search.ordered():
        future = search.value(card, -_INFINITY, _INFINITY)
        line = search.line(card, future)
        found.append(CardValue(ALL_CARDS[card], now + future, tuple(ALL_CARDS[c] for c in line)))
    found.sort(key=lambda cv: (-cv.value, order.index(cv.card)))
    return Solution(SEATS[mover], tuple(found), search.nodes)
