"""Chapter 07's ideas of good play, each on stored positions (calypso/lessons/ideas.py; issue 32,
item 5).

Every stored position is valued again by the plain brute force of tests/solver_brute.py (C3-C7
by the engine's own ``Game.play``), never by the solver alone, and each idea's point is checked
here from those values and from the position as the engine deals it: whose suit, who is out of
what, how many copies of a card have been played (C2), where a card goes when a trick is won
(C6). A line the module names is played again in the engine, and its end must score what the
brute force says best play scores.
"""

from __future__ import annotations

import functools

import pytest
from solver_brute import branch, card_values

from calypso.engine.cards import Card, Rank
from calypso.lessons.exercises.thumbs import PLAY_THUMBS, greedy_choice
from calypso.lessons.ideas import IDEAS, MARGIN, TRICKS_LEFT, Position, Spot, find, search
from calypso.partnership.game import SEATS, TRICKS_PER_DEAL, Game
from calypso.widgets.ideas import Idea as IdeaWidget

STORED = [(key, i) for key, idea in IDEAS.items() for i in range(len(idea.spots))]


@functools.cache
def position(key: str, index: int) -> Position:
    return IDEAS[key].position(index)


@functools.cache
def values(key: str, index: int) -> dict[Card, int]:
    """The brute force's value of every card the learner may play."""
    return card_values(position(key, index).game())


def difference(game: Game, seat: str) -> int:
    """``seat``'s side's C7 total minus the other side's."""
    totals = game.score().totals
    ours = game.side(seat)
    return totals[ours] - sum(points for side, points in totals.items() if side != ours)


def played(game: Game, line: tuple[Card, ...]) -> list[Game]:
    """``game`` after each card of ``line`` (a clone each, ``game`` unchanged)."""
    states, twin = [], branch(game)
    for card in line:
        twin.play(card)
        states.append(branch(twin))
    return states


def checked_line(key: str, index: int, card: Card) -> list[Game]:
    """The solver's line for ``card``, played in the engine; its end scores what the brute
    force says ``card`` is worth."""
    found = position(key, index)
    game = found.game()
    (line,) = [value.line for value in found.solution.cards if value.card == card]
    states = played(game, line)
    assert len(line) == 4 * (TRICKS_PER_DEAL - len(game.tricks[-1])) - len(game.trick)
    assert difference(states[-1], found.seat) == values(key, index)[card]
    return states


def trick_end(game: Game) -> int:
    """How many cards of a line finish the trick in progress."""
    return len(SEATS) - len(game.trick)


@pytest.mark.parametrize(("key", "index"), STORED)
def test_each_stored_position_is_near_the_end_with_the_solvers_values(key: str, index: int) -> None:
    found = position(key, index)
    game = found.game()
    assert TRICKS_PER_DEAL - len(game.tricks[-1]) <= TRICKS_LEFT
    assert game.turn == found.seat and len(set(game.legal_plays())) > 1
    assert {v.card: v.value for v in found.solution.cards} == values(key, index)
    assert found.shown is not None and found.shown.right == found.best


@pytest.mark.parametrize(("key", "index"), STORED)
def test_the_right_card_beats_the_foil_by_the_margin(key: str, index: int) -> None:
    found, brute = position(key, index), values(key, index)
    shown = found.shown
    assert shown is not None
    assert brute[shown.right] == max(brute.values())
    assert brute[shown.right] - brute[shown.foil] == shown.cost >= MARGIN


@pytest.mark.parametrize("index", range(len(IDEAS["own-suit"].spots)))
def test_own_suit_the_best_lead_is_the_leaders_suit(index: int) -> None:
    game, brute = position("own-suit", index).game(), values("own-suit", index)
    own = game.trump(game.turn or "")
    assert not game.trick
    best = max(brute.values())
    assert max(v for c, v in brute.items() if c.suit == own) == best
    assert max(v for c, v in brute.items() if c.suit != own) <= best - MARGIN
    costly = [c for c, v in brute.items() if c.suit == own and v <= best - MARGIN]
    shown = position("own-suit", index).shown
    assert shown is not None and shown.kind == ("which" if costly else "lead")
    if costly:
        assert shown.card in costly and brute[shown.card] == min(brute[c] for c in costly)
    else:
        assert shown.card is None


@pytest.mark.parametrize("index", range(len(IDEAS["ruff"].spots)))
def test_ruff_the_learner_is_out_of_the_suit_led_and_the_choice_matters(index: int) -> None:
    found = position("ruff", index)
    game, brute = found.game(), values("ruff", index)
    seat = found.seat
    own, led = game.trump(seat), game.trick[0].suit
    assert led != own and all(card.suit != led for card in game.hand(seat))
    ruffs = [v for c, v in brute.items() if c.suit == own]
    discards = [v for c, v in brute.items() if c.suit != own]
    assert ruffs and discards and abs(max(ruffs) - max(discards)) >= MARGIN
    kind = "ruff" if max(ruffs) > max(discards) else "discard"
    assert found.shown is not None and found.shown.kind == kind


@pytest.mark.parametrize(("key", "index"), STORED)
def test_the_greedy_habits_card_costs_points_at_every_stored_position(key: str, index: int) -> None:
    brute = values(key, index)
    card = greedy_choice(position(key, index).game())
    assert brute[card] <= max(brute.values()) - MARGIN


@pytest.mark.parametrize("key", list(IDEAS))
def test_no_rule_of_thumb_passes_every_position_of_an_idea(key: str) -> None:
    for name, thumb in PLAY_THUMBS.items():
        missed = []
        for index in range(len(IDEAS[key].spots)):
            brute = values(key, index)
            missed.append(brute[thumb(position(key, index).game())] < max(brute.values()))
        assert any(missed), f"{name} finds the best card at every position of {key}"


def test_ruff_is_right_in_some_positions_and_wrong_in_others() -> None:
    kinds = [position("ruff", i).shown for i in range(len(IDEAS["ruff"].spots))]
    assert {shown.kind for shown in kinds if shown is not None} == {"ruff", "discard"}


def test_feed_has_both_a_card_to_give_and_a_card_to_keep() -> None:
    kinds = [position("feed", i).shown for i in range(len(IDEAS["feed"].spots))]
    assert {shown.kind for shown in kinds if shown is not None} == {"feed", "keep"}


@pytest.mark.parametrize("index", range(len(IDEAS["feed"].spots)))
def test_feed_the_partners_calypso_gets_the_card(index: int) -> None:
    found = position("feed", index)
    game, brute = found.game(), values("feed", index)
    shown = found.shown
    assert shown is not None
    partner = game.partner(found.seat)
    needed = {card for card in brute if card.suit == game.trump(partner)} - {
        card for card in game.calypso(partner).cards()
    }
    assert needed and set(brute) - needed
    best = max(brute.values())
    states = checked_line("feed", index, found.best)
    if shown.kind == "feed":
        assert found.best in needed
        assert max(v for c, v in brute.items() if c not in needed) <= best - MARGIN
        after = states[trick_end(game) - 1].calypso(partner)
        assert found.best in after.cards() or after.completed > game.calypso(partner).completed
    else:
        assert found.best not in needed
        assert max(v for c, v in brute.items() if c in needed) <= best - MARGIN
        assert shown.card in game.hand(found.seat) and shown.card not in brute.keys() - needed
        kept = shown.card
        later = [state.calypso(partner) for state in states[trick_end(game) :]]
        assert any(kept in calypso.cards() for calypso in later) or later[-1].completed


@pytest.mark.parametrize("index", range(len(IDEAS["count"].spots)))
def test_count_every_higher_copy_is_played_or_held(index: int) -> None:
    found = position("count", index)
    game, brute = found.game(), values("count", index)
    shown = found.shown
    assert shown is not None and not game.trick
    best, foil = found.best, shown.foil
    own = game.trump(found.seat)
    assert best.suit != own and best.rank != Rank.ACE and foil.rank >= best.rank
    seen = list(game.moves) + game.hand(found.seat)
    higher = [Card(rank, best.suit) for rank in Rank if rank > best.rank]
    assert all(seen.count(card) == 4 for card in higher)
    earlier = game.moves[: (game.deal_number - 1) * TRICKS_PER_DEAL * len(SEATS)]
    assert any(card in higher for card in earlier)
    above_foil = [Card(rank, foil.suit) for rank in Rank if rank > foil.rank]
    assert any(seen.count(card) < 4 for card in above_foil)
    assert brute[foil] <= max(brute.values()) - MARGIN
    trick = checked_line("count", index, foil)[trick_end(game) - 1].tricks[-1][-1]
    assert game.side(trick.winner) != game.side(found.seat)
    assert dict(zip(trick.seats, trick.cards, strict=True))[trick.winner].suit == foil.suit


@pytest.mark.parametrize("index", range(len(IDEAS["fear"].spots)))
def test_fear_the_highest_card_of_a_suit_is_ruffed_by_the_seat_out_of_it(index: int) -> None:
    found = position("fear", index)
    game, brute = found.game(), values("fear", index)
    shown = found.shown
    assert shown is not None and not game.trick
    foil, danger = shown.foil, shown.seat
    everyone = [card for seat in SEATS for card in game.hand(seat)]
    assert not any(c.suit == foil.suit and c.rank > foil.rank for c in everyone)
    assert game.side(danger) != game.side(found.seat)
    assert not any(card.suit == foil.suit for card in game.hand(danger))
    assert any(card.suit == game.trump(danger) for card in game.hand(danger))
    assert brute[foil] <= max(brute.values()) - MARGIN
    trick = checked_line("fear", index, foil)[trick_end(game) - 1].tricks[-1][-1]
    assert trick.winner == danger
    assert dict(zip(trick.seats, trick.cards, strict=True))[danger].suit == game.trump(danger)


@pytest.mark.parametrize(("key", "index"), STORED)
def test_the_verdicts_for_the_best_card_and_the_foil(key: str, index: int) -> None:
    found, brute = position(key, index), values(key, index)
    shown = found.shown
    assert shown is not None
    right = found.verdict(str(shown.right))
    assert right.right and right.cost == 0 and shown.right.symbol in right.title
    wrong = found.verdict(shown.foil)
    assert not wrong.right and wrong.cost == max(brute.values()) - brute[shown.foil]
    assert str(wrong.cost) in wrong.title and shown.foil.symbol in wrong.title
    assert found.lesson() in right.text and found.lesson() in wrong.text


def test_a_card_that_may_not_be_played_has_no_verdict() -> None:
    found = position("ruff", 0)
    game = found.game()
    stranger = next(card for seat in SEATS if seat != found.seat for card in game.hand(seat))
    with pytest.raises(ValueError, match="may not play"):
        found.verdict(stranger if stranger not in game.hand(found.seat) else Card.parse("2C"))


def test_every_idea_has_two_positions_or_more_and_counts_them_round() -> None:
    for idea in IDEAS.values():
        assert len(set(idea.spots)) >= 2
        assert idea.position(len(idea.spots)) == idea.position(0)
        assert set(idea.rules) and all(rule[0] == "C" for rule in idea.rules)
    spots = [spot for idea in IDEAS.values() for spot in idea.spots]
    assert len(spots) == len(set(spots))


def test_positions_are_the_same_every_time() -> None:
    spot = IDEAS["count"].spots[0]
    assert Spot(spot.game_seed, spot.moves).game().moves == spot.game().moves
    assert IDEAS["own-suit"].position(1).game().moves == IDEAS["own-suit"].position(1).game().moves


def test_search_finds_a_position_that_shows_the_idea_and_fools_the_greedy_habit() -> None:
    found = find("ruff", 5)
    assert found.shown is not None
    assert next(p for p in search("ruff", 5) if p is not None) == found
    brute = card_values(found.game())
    assert brute[greedy_choice(found.game())] <= max(brute.values()) - MARGIN


# -- the widget ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(IDEAS))
def test_the_widget_says_right_for_the_brute_forces_best_card_and_prices_a_costly_one(
    key: str,
) -> None:
    widget = IdeaWidget(key)
    brute = values(key, 0)
    best = max(brute.values())
    right = next(card for card, value in brute.items() if value == best)
    widget.play(right)
    assert widget.table.reply["tone"] == "right" and right.symbol in widget.table.reply["title"]
    costly = min(brute, key=lambda card: brute[card])
    widget.play(costly)
    reply = widget.table.reply
    assert reply["tone"] == "wrong" and f"costs {best - brute[costly]} points" in reply["title"]
    assert widget.tried == [right, costly]
    hand = {entry["text"]: entry for entry in widget.table.hand}
    assert hand[str(costly)]["mark"] == "wrong" and not hand[str(right)]["mark"]


def test_the_widget_shows_the_answer_with_each_cards_cost() -> None:
    widget = IdeaWidget("feed", 1)
    brute = values("feed", 1)
    widget.show_answer()
    assert widget.table.reply["tone"] == "right"
    hand = {entry["text"]: entry for entry in widget.table.hand}
    best = max(brute.values())
    for card, value in brute.items():
        assert hand[str(card)]["hint"] == (card == widget.position.best)
        assert bool(hand[str(card)]["cost"]) == (value < best)


def test_the_widget_goes_round_its_positions_and_counts_for_the_learner() -> None:
    widget = IdeaWidget("count")
    seen = []
    for _ in range(len(IDEAS["count"].spots)):
        seen.append(widget.position.spot)
        assert "not yet seen" in " ".join(widget.table.facts)
        widget.another_position()
    assert seen == list(IDEAS["count"].spots) and widget.index == 0
    with pytest.raises(ValueError, match="bad idea"):
        IdeaWidget("nothing")


def test_the_widget_answers_the_pages_card_and_refuses_another_seats_in_words() -> None:
    widget = IdeaWidget("own-suit")
    best = max(values("own-suit", 0).items(), key=lambda item: item[1])[0]
    widget.table.receive({"type": "card", "card": str(best)})
    assert widget.table.reply["tone"] == "right"
    game = widget.position.game()
    stranger = game.hand(game.partner(widget.position.seat))[0]
    widget.guard(widget.play)(stranger)
    assert widget.message.tone == "error" and "may not play" in widget.message.value


def test_a_link_reopens_the_position_and_the_card_tried_and_a_bad_one_says_so() -> None:
    widget = IdeaWidget("ruff")
    widget.another_position()
    costly = min(values("ruff", 1).items(), key=lambda item: item[1])[0]
    widget.play(costly)
    assert widget.link.key == "idea-ruff" and widget.link.value == f"1.{costly}"
    other = IdeaWidget("ruff")
    other.link.opened = widget.link.value
    assert other.index == 1 and other.tried == [costly]
    assert other.table.reply == widget.table.reply
    other.link.opened = "x"
    assert other.index == 0 and "does not name a position" in other.message.value
    other.link.opened = "2.zz"
    assert other.index == 2 and "zz is not a card" in other.message.value
