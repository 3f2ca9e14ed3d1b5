"""Chapter 05's choice of computer players (issue 32, item 2): who plays the opponents and the
partner, seeded and in the page link; the table's *thinking…* mark while a slow bot answers;
and the seat controller's undo, which goes back to a kept copy instead of asking the bots again.

The expected players and orders are worked out here from the table's seating (C1: partners sit
across, the play goes clockwise N, E, S, W), not read from the widget's own helpers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.cards import Card
from calypso.engine.games import find_game
from calypso.engine.seating import NEXT, Seating
from calypso.partnership.bots import GreedyBot, RandomBot, make_bot
from calypso.partnership.expert import ExpertBot
from calypso.partnership.game import Game
from calypso.widgets.play import ALL_SEATS, PlayLink, PlayTable

KINDS = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
ACROSS = {"N": "S", "S": "N", "E": "W", "W": "E"}
CLOCKWISE = "NESW"


def kinds(table: PlayTable) -> dict[str, type]:
    return {seat: type(bot) for seat, bot in zip(CLOCKWISE, table.seating.bots, strict=True)}


def test_the_other_seats_are_greedy_unless_chosen_and_the_page_says_what_each_does() -> None:
    table = PlayTable(seed=5, seat="S")
    assert set(kinds(table).values()) == {GreedyBot}
    assert (table.opponents.value, table.partner.value) == ("greedy", "greedy")
    assert "trick in front of it" in table.opponents_does.value
    assert table.opponents.description == "Opponents" and table.partner.description == "Partner"
    assert [label for label, _ in table.opponents.options] == ["Random", "Greedy", "Expert"]


@pytest.mark.parametrize("seat", ["N", "E"])
def test_choosing_expert_opponents_makes_the_other_side_expert_bots(seat: str) -> None:
    table = PlayTable(seed=7, seat=seat)
    table.opponents.value = "expert"
    table.partner.value = "random"
    found = kinds(table)
    others = [s for s in CLOCKWISE if s not in (seat, ACROSS[seat])]
    assert all(found[s] is ExpertBot for s in others)
    assert found[ACROSS[seat]] is RandomBot
    assert "never looks at a hidden card" in table.opponents_does.value
    assert "at random" in table.partner_does.value


def test_a_new_choice_starts_the_game_of_the_seed_shown_over_and_says_so() -> None:
    table = PlayTable(seed=9, seat="S")
    start = list(table.game.moves)
    table.play(table.game.legal_plays()[0])
    if table.seating.waiting():
        table.next_trick()
    table.partner.value = "random"
    assert table.moves == [] and table.game.seed == 9
    assert "starts over" in table.message.value and "9" in table.message.value
    # The bots before S's first turn are asked again: as many cards as at the start.
    assert table.link.value == "9.S.greedy-random"
    assert len(table.game.moves) == len(start)


def test_the_same_seed_choices_and_moves_give_the_same_cards() -> None:
    def played(seed: int) -> list[Card]:
        table = PlayTable(seed=seed, seat="E")
        table.opponents.value = "random"
        table.partner.value = "expert"
        for _ in range(2):
            if table.seating.waiting():
                table.next_trick()
            table.play(table.game.legal_plays()[-1])
        return list(table.game.moves)

    assert played(11) == played(11)
    # The same game by hand: the registry's bots, seeded per seat as the command line seeds
    # them, and E's last legal card twice.
    game = Game(seed=11)
    bots = {
        seat: make_bot(name, random.Random(f"calypso-bot/11/{seat}/{name}"))
        for seat, name in zip(CLOCKWISE, ("random", "greedy", "random", "expert"), strict=True)
    }
    mine = 0
    while mine < 2:
        if game.turn == "E":
            game.play(game.legal_plays()[-1])
            mine += 1
        else:
            game.play(bots[str(game.turn)].choose(game))
    assert played(11)[: len(game.moves)] == list(game.moves)


def test_a_link_without_the_new_part_opens_with_greedy_players_as_before() -> None:
    assert PlayLink.from_link("5.S.QS.n") == PlayLink(5, "S", ("QS", "n"), "greedy", "greedy")
    old = PlayTable(seed=1, seat="N")
    old.opponents.value = "expert"
    old.link.opened = "5.S"
    assert (old.opponents.value, old.partner.value) == ("greedy", "greedy")
    assert set(kinds(old).values()) == {GreedyBot}
    assert old.link.value == "5.S"
    assert list(old.game.moves) == list(PlayTable(seed=5, seat="S").game.moves)


def test_a_link_with_the_players_opens_the_same_game_with_them() -> None:
    table = PlayTable(seed=3, seat="W")
    table.opponents.value = "random"
    table.partner.value = "expert"
    table.play(table.game.legal_plays()[0])
    text = table.link.value
    assert text.startswith("3.W.random-expert.")
    again = PlayTable(seed=1, seat="S")
    again.link.opened = text
    assert (again.seat.value, again.opponents.value, again.partner.value) == (
        "W",
        "random",
        "expert",
    )
    assert list(again.game.moves) == list(table.game.moves) and again.link.value == text


@pytest.mark.parametrize("text", ["5.S.clever-greedy.QS", "5.S.expert-greedy-random", "5.S.-"])
def test_a_link_naming_an_unknown_player_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="does not name a game"):
        PlayLink.from_link(text)
    table = PlayTable(seed=2, seat="S")
    table.link.opened = text
    assert "does not name a game" in table.message.value


@given(
    seed=st.integers(0, 2**31 - 1),
    seat=st.sampled_from([*CLOCKWISE, "all"]),
    players=st.tuples(*[st.sampled_from(sorted(KINDS))] * 2),
    moves=st.lists(st.sampled_from(["QS", "10H", "2C", NEXT]), max_size=5),
)
def test_every_play_link_reads_back(
    seed: int, seat: str, players: tuple[str, str], moves: list[str]
) -> None:
    link = PlayLink(seed, seat, tuple(moves), *players)
    assert PlayLink.from_link(link.to_link()) == link
    assert ("-" in link.to_link()) == (players != ("greedy", "greedy"))


def test_playing_all_four_hides_and_disables_the_choice() -> None:
    table = PlayTable(seed=4, seat="S")
    assert table.players.layout.display == "" and not table.partner.disabled
    table.opponents.value = "expert"
    table.seat.value = ALL_SEATS
    assert table.players.layout.display == "none"
    assert table.partner.disabled and table.opponents.disabled
    assert table.link.value == "4.all" and table.felt.thinking == ""
    table.seat.value = "N"
    assert table.players.layout.display == "" and not table.partner.disabled


def clockwise_from(seat: str) -> str:
    at = CLOCKWISE.index(seat)
    return CLOCKWISE[at:] + CLOCKWISE[:at]


def thinking(seats: str) -> str:
    """The mark's words for ``seats``, in English."""
    if not seats:
        return ""
    if len(seats) == 1:
        return f"{seats} is thinking…"
    return f"{', '.join(seats[:-1])} and {seats[-1]} are thinking…"


def test_the_thinking_mark_names_the_slow_players_that_answer_next() -> None:
    table = PlayTable(seed=5, seat="S")
    assert table.felt.thinking == ""  # greedy players answer at once: no mark
    table.opponents.value = "expert"
    table.partner.value = "expert"
    # S to play: the players after S, clockwise, until the trick is full.
    assert table.seating.yours() and table.game.turn == "S"
    after = clockwise_from("W")[: 4 - len(table.game.trick) - 1]
    assert table.felt.thinking == thinking(after)
    table.partner.value = "greedy"
    assert table.felt.thinking == thinking(after.replace("N", ""))
    # A trick waits for Next trick: its leader and the players after it, until S.
    while not table.seating.waiting():
        if table.seating.yours():
            table.play(table.game.legal_plays()[0])
        else:
            table.next_trick()
    leader = str(table.game.turn)
    assert table.felt.thinking == thinking(clockwise_from(leader).split("S")[0].replace("N", ""))


def test_a_card_sent_with_the_mark_on_is_answered_once_played() -> None:
    table = PlayTable(seed=5, seat="S")
    table.opponents.value = "expert"
    card = table.game.legal_plays()[0]
    table.felt.receive({"type": "card", "card": str(card), "ask": "ct1-1"})
    assert table.moves == [str(card)] and table.felt.answered == "ct1-1"
    # A press that fails (no trick is waiting) is answered all the same, so the mark goes.
    if not table.seating.waiting():
        table.felt.receive({"type": "next", "ask": "ct1-2"})
        assert table.felt.answered in ("ct1-1", "ct1-2")


class Counting(GreedyBot):
    """A greedy bot that counts its choices."""

    asked = 0

    def choose(self, game: Game) -> Card:
        Counting.asked += 1
        return super().choose(game)


def test_undo_goes_back_to_a_kept_copy_without_asking_the_bots_again() -> None:
    spec = find_game("calypso")
    options = spec.options.parse()

    def seating() -> Seating[Game]:
        return Seating(
            lambda: spec.start(options, 8),
            lambda game: [Counting(random.Random(f"count/{s}")) for s in CLOCKWISE],
            lambda game: ("S",),
        )

    table = seating()
    for _ in range(6):
        if table.waiting():
            table.next_trick()
        else:
            table.move(table.game.legal_moves()[0])
    asked = Counting.asked
    journal = list(table.moves)
    table.undo()
    assert Counting.asked == asked
    fresh = seating()
    fresh.replay(table.moves)
    assert list(table.game.moves) == list(fresh.game.moves)
    assert table.moves == fresh.moves and len(table.moves) < len(journal)
    # After the undo the bots go on as they would have: the same cards as a replay.
    for twin in (table, fresh):
        while twin.waiting():
            twin.next_trick()
        twin.move(twin.game.legal_moves()[-1])
    assert list(table.game.moves) == list(fresh.game.moves)
