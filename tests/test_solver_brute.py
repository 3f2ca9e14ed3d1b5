"""The brute force of tests/solver_brute.py on its own (docs/rulings.md, C3, C4, C6, C7).

Its values are checked by hand from the rulings on a seeded ending, against its own best
value, through one more card (a card's value is the best value of what follows, for the
side on turn there), and on a clone of the game that must play exactly as the game does.
"""

import pytest
from solver_brute import Ending, best_value, branch, card_values, describe, spread, state

from calypso.cards import parse_cards
from calypso.game import SEATS, Game


def test_a_completing_diamond_thrown_to_a_lost_trick_is_valued_by_hand() -> None:
    """S, to play fourth to trick 12 of deal 4, throws K♦ or A♦; the values follow from C4,
    C6 and C7 by hand.

    Trick 12: W leads 2♠, N 9♠, E A♠; nobody ruffs (S's own suit is spades, but S holds no
    spade and throws a diamond), so E's A♠ wins by C4.3. E's diamond calypso misses only
    the K♦: thrown, it completes E's first calypso (12 cards at 20 become 500, +260) and the
    three spades go to E-W's pile (+30); the A♦ instead is a spare, and all four cards go to
    the pile (+40). Trick 13, E leads 7♠, S throws the other diamond, W J♦, N A♠: N's A♠
    wins by C4.3; 7♠ and A♠ fill S's spade calypso (+40), the two diamonds go to N-S's pile
    (+20). Before: N-S 1,880 (N 500 + 8 x 20, S 500 + 6 x 20, pile 60 x 10), E-W 1,580
    (E 12 x 20, W 500 + 9 x 20, pile 66 x 10), a difference of 300 for N-S.
    """
    ending = Ending(seed=40, deal=4, tricks_left=2, played=3, bots="greedy")
    game = ending.game()
    assert (game.turn, game.trick_leader, game.trick) == ("S", "W", parse_cards("2S 9S AS"))
    hands = {seat: game.hand(seat) for seat in SEATS}
    assert hands == {
        "N": parse_cards("AS"),
        "E": parse_cards("7S"),
        "S": parse_cards("KD AD"),
        "W": parse_cards("JD"),
    }
    assert game.calypso("E").cards() == parse_cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD AD")
    assert [(game.calypso(s).completed, game.calypso(s).in_progress) for s in SEATS] == [
        (1, 8),
        (0, 12),
        (1, 6),
        (1, 9),
    ]
    assert not {7, 14} & {card.rank for card in game.calypso("S").cards()}
    assert (len(game.pile("NS")), len(game.pile("EW"))) == (60, 66)
    assert game.score().totals == {"NS": 1880, "EW": 1580}

    assert card_values(game) == {
        parse_cards("KD")[0]: 300 + 40 + 20 - 260 - 30,
        parse_cards("AD")[0]: 300 + 40 + 20 - 40,
    }


@pytest.mark.parametrize(
    "ending", list(spread(24, tricks_left=2, start=500)), ids=lambda ending: f"seed{ending.seed}"
)
def test_a_card_is_worth_the_best_of_what_follows_it(ending: Ending) -> None:
    """Each card's value is the next player's best value (negated when the turn passes to
    the other side), and the position's best value is its best card's; the game is left
    unchanged."""
    game = ending.game()
    before = state(game)
    values = card_values(game)
    assert state(game) == before
    assert best_value(game) == max(values.values())
    mover = game.side(game.turn or "")
    for card, value in values.items():
        after = branch(game)
        after.play(card)
        if after.deal_number != game.deal_number or after.is_over:
            totals = after.score().totals
            follows = totals[mover] - sum(v for side, v in totals.items() if side != mover)
        else:
            sign = 1 if after.side(after.turn or "") == mover else -1
            follows = sign * best_value(after)
        assert value == follows, describe(ending, game)


@pytest.mark.parametrize(
    "ending", list(spread(16, tricks_left=3, start=700)), ids=lambda ending: f"seed{ending.seed}"
)
def test_a_clone_plays_on_exactly_as_the_game_replayed_from_its_seed(ending: Ending) -> None:
    """Cards played on a clone leave the game as it was, and give the clone the state of a
    fresh game that plays the same cards."""
    game = ending.game()
    before = state(game)
    twin = branch(game)
    while not twin.is_over and twin.deal_number == game.deal_number:
        twin.play(twin.legal_plays()[-1])
    assert state(game) == before
    replayed = Game(
        ending.seed,
        trumps=ending.trumps,
        trump_lead=ending.trump_lead,
        all_fours=ending.all_fours,
    )
    for card in twin.moves:
        replayed.play(card)
    assert state(twin) == state(replayed)


def test_every_ending_is_where_it_says_under_its_options() -> None:
    """The 128 endings of one round of :func:`spread`: each combination of options, deal and
    cards played once, each rebuilt the same from its seed."""
    endings = list(spread(128, tricks_left=1))
    assert (
        len({(e.trump_lead, e.all_fours, e.trumps == "HDSC", e.deal, e.played) for e in endings})
        == 128
    )
    for ending in endings:
        game = ending.game()
        assert game.deal_number + 1 == ending.deal
        assert len(game.tricks[-1]) == 13 - ending.tricks_left
        assert len(game.trick) == ending.played
        assert "".join(s.letter for s in game.options.trumps) == ending.trumps
        assert game.options.trump_lead.value == ending.trump_lead
        assert game.options.all_fours is ending.all_fours
        assert state(ending.game()) == state(game)
