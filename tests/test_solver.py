"""The exact solver of a deal's last tricks (calypso/partnership/solver.py, docs/solver.md; issue
31).

Hand-built endings check each ruling the solver must play by (docs/rulings.md, C4.1-C4.5, C5
ruff-wins and all-fours, C6's completion, spares and first copy), with the values worked out
by hand from the rulings in the comments. Seeded endings check invariants: seats rotated with
their trumps (by one seat, which also swaps the sides), suits relabelled, every line replayed
in the real engine scoring its value, best-first order, and ``game`` left as it was. Node
counts on fixed positions guard against slowdowns.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from calypso.engine.cards import ALL_CARDS, Card, Suit, parse_cards
from calypso.partnership.calypsos import Calypso, build
from calypso.partnership.game import SEATS, SIDES, Game, parse_trumps
from calypso.partnership.scoring import IN_PROGRESS_POINTS, PILE_POINTS, calypso_points
from calypso.partnership.solver import CardValue, _Search, solve

_FILLER = sorted(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH") * 4 + parse_cards("QH QH KH KH"))
"""Forty-four hearts of ranks 2 to K, eleven for each seat (dealt round, so each gets 2-J
once and one of Q Q K K)."""


def ending(cards: dict[str, str], played: str = "", **options: object) -> Game:
    """A game whose first deal gives each seat eleven filler hearts and the two ``cards`` given,
    with the default trumps N♥ E♦ S♠ W♣ unless ``options`` say otherwise.

    N leads a filler heart to each of the first eleven tricks and everybody follows with one:
    N's own suit led and nobody ruffing, N wins all eleven (C4.1), so N's heart calypso holds
    the twelve ranks 2-K (only the ace missing) and the other 32 hearts are spares on NS's pile.
    The score is then NS 12 x 20 + 32 x 10 = 560, EW 0, and N leads trick 12. ``played`` are
    cards played after that, in turn. The other three deals take the rest of the pack.
    """
    deal = {seat: [_FILLER[4 * i + k] for i in range(11)] for k, seat in enumerate(SEATS)}
    for seat in SEATS:
        deal[seat] += parse_cards(cards[seat])
    rest = Counter({card: 4 for card in ALL_CARDS})
    rest.subtract(card for hand in deal.values() for card in hand)
    pack = sorted(rest.elements())
    later = [
        {seat: pack[52 * d + 13 * k : 52 * d + 13 * (k + 1)] for k, seat in enumerate(SEATS)}
        for d in range(3)
    ]
    game = Game(hands=[deal, *later], **options)  # type: ignore[arg-type]
    for i in range(11):
        for seat in SEATS:
            game.play(deal[seat][i])
    assert game.score().totals == {"NS": 560, "EW": 0}
    for card in parse_cards(played):
        game.play(card)
    return game


def values(game: Game) -> dict[str, int]:
    return {str(cv.card): cv.value for cv in solve(game).cards}


def test_c4_1_own_suit_lead_wins_and_c6_completion_spares_start_the_next_calypso() -> None:
    game = ending({"N": "QH 2C", "E": "AH 3C", "S": "KH 4C", "W": "AH 5C"})
    # QH first: E, S, W must follow (AH, KH, AH). N led his own suit, nobody ruffed: N wins
    # (C4.1) though his Q is the lowest. E's AH fills N's only gap: the first calypso, 500 for
    # the 12 x 20 = 240 it held; the trick's spares QH, KH, AH (W's copy) start the next one,
    # 3 x 20: NS +500 - 240 + 60 = +320. Last trick 2C 3C 4C 5C: clubs led, nobody ruffs,
    # the highest club wins (C4.3): W, whose clubs calypso takes all four, EW +80.
    # 560 + 320 - 80 = 800.
    # 2C first: W wins it with 5C (C4.3), EW +80. W leads AH, N QH, E AH, S KH: the two aces
    # tie and the earlier wins (C4.5), W again; hearts are N's suit, so EW's pile, +40.
    # 560 - 80 - 40 = 440.
    assert values(game) == {"QH": 800, "2C": 440}
    assert solve(game).best.line == tuple(parse_cards("QH AH KH AH 2C 3C 4C 5C"))


@pytest.mark.parametrize(
    ("trump_lead", "expected"),
    [
        ("ranked", {"QH": 540, "3S": 540}),
        ("ruff-wins", {"3S": 540, "QH": 450}),
    ],
)
def test_c4_2_and_c5_ruff_wins_value_the_same_ending_differently(
    trump_lead: str, expected: dict[str, int]
) -> None:
    game = ending({"N": "QH 3S", "E": "2D 4S", "S": "7C 7C", "W": "9D 9D"}, trump_lead=trump_lead)
    # 3S first (either option): E follows 4S, S and W have no spade and play 7C, 9D, not their
    # own suits: the highest spade wins (C4.3), E. EW: 3S, 4S on the pile 20, 7C into W's
    # calypso and 9D into E's, 40: +60. E leads 2D, his own suit; N ruffs with QH.
    # Ranked (C4.2): Q beats 2, N wins. Ruff-wins (C5): the ruff wins anyway. NS +40 (four
    # pile cards: QH is a spare, the rest are the other side's suits). 560 - 60 + 40 = 540.
    # QH first, ranked: N wins whatever E does (E's 2D ruff loses on rank, C4.2; a spade
    # leaves N's lead unruffed, C4.1). E ruffs: NS +40, then E's 4S wins the spades (C4.3),
    # EW +60 (3S 4S pile, 7C and 9D into calypsos): -20. E plays 4S: NS +50 (4S into S's
    # calypso), then E ruffs 3S with 2D (C4.4), EW +70: -20 too. 560 - 20 = 540.
    # QH first, ruff-wins: E's 2D ruff takes the trick (C5), EW +70 (2D, 7C, 9D into
    # calypsos, QH pile); E's 4S then wins the spades, EW +40 (7C and 9D are now spares):
    # 560 - 110 = 450, better for EW than letting N win (-20).
    assert values(game) == expected
    assert [str(cv.card) for cv in solve(game).cards] == list(expected)


def test_c4_4_and_c4_5_equal_ruffs_in_two_suits_go_to_the_earlier() -> None:
    game = ending({"N": "JD 2C", "E": "2D 5D", "S": "3D 5S", "W": "4D 3C"}, played="JD 2D 3D 4D")
    # Trick 12 (played): diamonds led, all follow, JD highest (C4.3): NS +40 on the pile
    # (E's suit), 600 - 0. Last trick: N leads 2C; E ruffs 5D, S ruffs 5S, W follows 3C.
    # The highest ruff wins (C4.4), but 5D and 5S tie: the earlier, E (C4.5). EW: 2C and 3C
    # into W's calypso, 5D into E's, 5S on the pile: +70. 600 - 70 = 530.
    assert values(game) == {"2C": 530}


def test_c5_all_fours_lets_a_player_ruff_while_holding_the_led_suit() -> None:
    cards = {"N": "QH 3S", "E": "AH KD", "S": "KH 4C", "W": "5S 5S"}
    # Trick 12: N leads QH; E is asked. E must follow with AH (C3): S follows KH, W plays a
    # spade, not his suit: N wins (C4.1); AH completes N's calypso (500 for 240), QH and KH
    # start the next (+40), 5S into S's calypso (+20): NS +320. Last trick: N 3S, E ruffs
    # KD (C4.4), S 4C, W 5S: EW +60 (KD, 4C into calypsos). EW - NS = -(560 + 320 - 60).
    assert values(ending(cards, played="QH")) == {"AH": -820}
    # All-fours: E may ruff with KD though he holds a heart. Ranked, K beats Q (C4.2): E wins,
    # EW +50 (KD into E's calypso, three pile cards). E leads AH; nobody ruffs (3S, 4C and 5S
    # are not their players' suits): AH wins (C4.3), EW +50 (4C into W's calypso).
    # -(560 - 100) = -460, better for EW than following.
    game = ending(cards, played="QH", all_fours=True)
    assert values(game) == {"KD": -460, "AH": -820}


def test_c6_a_calypso_completed_in_the_last_trick_and_its_spares_start_the_next() -> None:
    game = ending({"N": "JD QH", "E": "2D AH", "S": "3D KH", "W": "4D KH"}, played="JD 2D 3D 4D")
    # 600 - 0 after trick 12 (as above). Last trick: N leads QH, his own suit; E, S, W follow
    # with AH, KH, KH; nobody ruffs, N wins (C4.1). AH fills N's only gap: his first calypso,
    # 500 for the 12 x 20 = 240 it held. The trick's spares QH, KH, KH start the next calypso,
    # one card per rank: QH and the first KH, 2 x 20; the second KH goes on the pile, 10.
    # NS +500 - 240 + 40 + 10 = +310: 600 + 310 = 910.
    assert values(game) == {"QH": 910}


def test_c6_the_first_copy_fills_the_gap_and_later_copies_are_spares() -> None:
    game = ending({"N": "JD 7S", "E": "2D 2S", "S": "3D 7S", "W": "4D 3S"}, played="JD 2D 3D 4D")
    # 600 - 0 after trick 12 (as above). Last trick: N 7S, E 2S, S 7S, W 3S: spades led, all
    # follow; the two 7S tie, the earlier (N's) wins (C4.5). S's spade calypso takes N's 7S
    # (the first copy), 2S and 3S, 3 x 20; S's own 7S is a spare, 10: NS +70. 600 + 70 = 670.
    assert values(game) == {"7S": 670}


def copy_of(game: Game) -> Game:
    """The same game at the same point, replayed in the real engine."""
    twin = Game(game.seed, options=game.options, hands=game.dealt, first_dealer=game.first_dealer)
    for card in game.moves:
        twin.play(card)
    return twin


def seeded_ending(seed: int) -> Game:
    """A random game from ``seed`` (random options, random play) stopped 1-3 tricks before the
    end of one of its deals, 0-3 cards into a trick."""
    rng = random.Random(seed)
    options: dict[str, object] = {
        "trumps": "".join(rng.sample("CDHS", 4)),
        "trump_lead": rng.choice(["ranked", "ruff-wins"]),
        "all_fours": rng.random() < 0.5,
    }
    game = Game(seed, **options)  # type: ignore[arg-type]
    stop = 52 * rng.randrange(4) + 4 * (13 - rng.randint(1, 3)) + rng.randrange(4)
    while len(game.moves) < stop:
        game.play(rng.choice(game.legal_plays()))
    return game


def rotated(game: Game, turn: int) -> Game:
    """The same game with every seat moved ``turn`` places clockwise, trumps and all."""
    seat = {s: SEATS[(i + turn) % 4] for i, s in enumerate(SEATS)}
    trumps = parse_trumps(game.options.trumps)
    hands = [{seat[s]: deal[i] for i, s in enumerate(SEATS)} for deal in game.dealt]
    twin = Game(
        hands=hands,
        trumps={seat[s]: trumps[i] for i, s in enumerate(SEATS)},
        trump_lead=game.options.trump_lead,
        all_fours=game.options.all_fours,
        first_dealer=seat[SEATS[game.first_dealer]],
    )
    for card in game.moves:
        twin.play(card)
    return twin


def relabelled(game: Game, suits: dict[Suit, Suit]) -> tuple[Game, dict[Card, Card]]:
    """The same game with every suit renamed as ``suits`` say, and the card mapping."""
    cards = {card: Card(card.rank, suits[card.suit]) for card in ALL_CARDS}
    twin = Game(
        hands=[[[cards[c] for c in hand] for hand in deal] for deal in game.dealt],
        trumps=[suits[t] for t in game.options.trumps],
        trump_lead=game.options.trump_lead,
        all_fours=game.options.all_fours,
        first_dealer=game.first_dealer,
    )
    for card in game.moves:
        twin.play(cards[card])
    return twin, cards


def state(game: Game) -> tuple[object, ...]:
    """Everything about a game at one moment that solving it must leave as it was."""
    return (
        list(game.moves),
        game.turn,
        game.trick,
        [game.hand(seat) for seat in SEATS],
        [(k.mask, k.completed) for k in game.calypsos()],
        [game.pile(side) for side in SIDES],
        game.score().totals,
    )


def side_difference(game: Game, seat: str) -> int:
    totals = game.score().totals
    side = SIDES.index(game.side(seat))
    return totals[SIDES[side]] - totals[SIDES[1 - side]]


@pytest.mark.parametrize("seed", range(0, 400, 50))
def test_seeded_endings_lines_replay_to_their_values_and_relabelling_changes_nothing(
    seed: int,
) -> None:
    for number in range(seed, seed + 50):
        game = seeded_ending(number)
        before = state(game)
        solution = solve(game)
        assert state(game) == before
        assert solution.seat == game.turn
        legal = list(dict.fromkeys(game.legal_plays()))
        assert sorted(cv.card for cv in solution.cards) == sorted(legal)
        ranked = [(-cv.value, legal.index(cv.card)) for cv in solution.cards]
        assert ranked == sorted(ranked)
        deal = game.deal_number
        for cv in solution.cards:
            replay = copy_of(game)
            for card in cv.line:
                assert replay.deal_number == deal and replay.turn is not None
                replay.play(card)
            assert len(replay.tricks[deal]) == 13 and not replay.trick
            assert side_difference(replay, solution.seat) == cv.value, (number, cv)
        expected = {cv.card: cv.value for cv in solution.cards}
        turn = 1 + number % 3
        assert {cv.card: cv.value for cv in solve(rotated(game, turn)).cards} == expected
        suits = dict(zip(Suit, random.Random(number).sample(list(Suit), 4), strict=True))
        twin, cards = relabelled(game, suits)
        assert {cv.card: cv.value for cv in solve(twin).cards} == {
            cards[card]: value for card, value in expected.items()
        }


def test_a_game_that_is_over_is_refused() -> None:
    game = Game(seed=1)
    while game.turn is not None:
        game.play(game.legal_plays()[0])
    with pytest.raises(ValueError, match="over"):
        solve(game)


def test_card_values_are_small_immutable_values() -> None:
    value = CardValue(Card.parse("QC"), -340, (Card.parse("QC"),))
    with pytest.raises(AttributeError):
        value.value = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("seed", "tricks", "nodes"),
    [(3, 3, 98), (11, 4, 640), (29, 4, 907), (42, 5, 11830)],
)
def test_node_counts_on_fixed_positions_do_not_grow(seed: int, tricks: int, nodes: int) -> None:
    """Counts measured after the solver's speed work (2026-11-28; 105, 645, 1,030 and 17,850
    before it): equal or fewer pass."""
    rng = random.Random(seed)
    game = Game(seed)
    stop = 52 * (seed % 4) + 4 * (13 - tricks) + rng.randrange(4)
    while len(game.moves) < stop:
        game.play(rng.choice(game.legal_plays()))
    assert solve(game).nodes <= nodes


def side_points(calypsos: list[Calypso], pile: int) -> int:
    """C7 for one side: completed calypsos, 20 a card in progress, 10 a pile card."""
    return (
        sum(calypso_points(k.completed) + IN_PROGRESS_POINTS * k.in_progress for k in calypsos)
        + PILE_POINTS * pile
    )


def test_the_solvers_trick_scoring_agrees_with_the_engines_building() -> None:
    """The solver's int-coded routing (:meth:`_Search.route`, its no-fill, fill and completion
    paths) against the engine's own C6 building and C7 points, on random tricks won by a
    random seat, with calypsos often one to three cards short so that tricks complete them."""
    rng = random.Random(31)
    for number in range(3000):
        game = Game(number, trumps="".join(rng.sample("CDHS", 4)))
        search = _Search(game)
        suits = [Suit(t) for t in search.trumps]
        winner = rng.randrange(4)
        held = []
        for seat in (winner, winner ^ 2):
            ranks = rng.sample(range(13), rng.choice([0, 5, 10, 11, 12]))
            cards = [ALL_CARDS[13 * suits[seat] + r] for r in ranks]
            held.append(Calypso(suits[seat], cards, completed=rng.randrange(3)))
        trick = [rng.choice(ALL_CARDS) for _ in range(4)]
        calypsos = sum(
            1 << 3 * (13 * k.suit + r) for k in held for r in range(13) if k.mask >> r & 1
        )
        done = [0, 0, 0, 0]
        done[winner], done[winner ^ 2] = held[0].completed, held[1].completed
        before = side_points(held, 0)
        pile = build(trick, held)
        gain, after, completed = search.route(
            [int(c) for c in trick], winner, calypsos, tuple(done)
        )
        assert gain == side_points(held, len(pile)) - before, (number, trick)
        assert (completed[winner], completed[winner ^ 2]) == (held[0].completed, held[1].completed)
        assert after == sum(
            1 << 3 * (13 * k.suit + r) for k in held for r in range(13) if k.mask >> r & 1
        )
