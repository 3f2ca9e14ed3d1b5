"""Each chapter's widgets, built here with the chapter's own arguments and driven as a learner
would drive them.

These were cells tagged "check" inside the chapters, so every learner's kernel ran them and
some drove the very widget on the learner's page. Here each test owns its widgets. Expected
answers come from the project's rulings (../shared/RULINGS.md, ids such as C4 or B5), never
from what a widget shows.
"""

import json
import pathlib
import re

import ipywidgets as w
import pytest

from calypso import auction
from calypso.auction import Call, CallKind
from calypso.auction.game import Phase
from calypso.engine.cards import Card, Suit
from calypso.lessons.examples import WORKED_EXAMPLES, WorkedExample
from calypso.lessons.quiz import make_quiz
from calypso.widgets import (
    AuctionTable,
    BidComparer,
    BuildingStepper,
    CardFlow,
    ContractCalculator,
    OvertrumpTrainer,
    PlayTable,
    Quiz,
    ScoreCalculator,
    ThreeRules,
    TrickBuilder,
    WhistScoring,
    WhistTable,
)

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"

# C1: seats N, E, S, W clockwise, default personal trumps N♥ E♦ S♠ W♣.
CLOCKWISE = "NESW"
PERSONAL: dict[str, Suit | None] = {
    "N": Suit.HEARTS,
    "E": Suit.DIAMONDS,
    "S": Suit.SPADES,
    "W": Suit.CLUBS,
}


def c4_winner(leader: str, cards: list[Card]) -> str:
    """The seat that wins a Calypso trick under C4, default trumps, read from the ruling."""
    start = CLOCKWISE.index(leader)
    seats = [CLOCKWISE[(start + i) % 4] for i in range(len(cards))]
    return personal_winner(seats, cards, PERSONAL)


def personal_winner(seats: list[str], cards: list[Card], trumps: dict[str, Suit | None]) -> str:
    """The seat that wins a trick (or is winning it so far) under C4 with each seat's personal
    trump (``None``: no trump, as in a misère, A8), read from the ruling."""
    leader = seats[0]
    led = cards[0].suit
    ruffs = [
        i
        for i in range(1, len(cards))
        if cards[i].suit == trumps[seats[i]] and cards[i].suit != led
    ]
    if led == trumps[leader]:
        contenders = [0, *ruffs]  # C4.1 (no ruff: only the leader) and C4.2
    elif ruffs:
        contenders = ruffs  # C4.4
    else:
        contenders = [i for i, card in enumerate(cards) if card.suit == led]  # C4.3
    best = max(cards[i].rank for i in contenders)
    return seats[next(i for i in contenders if cards[i].rank == best)]  # C4.5: first played


# -- 02 Who wins the trick? ------------------------------------------------------------------
# The trick builder loads each worked example of the rule texts, and shows the C5 variant.

# key: (winner, ruling), worked out from C4 by hand.
WORKED = {
    "diamonds-all-follow": ("E", "C4.1"),
    "diamonds-club-discards-spade": ("E", "C4.1"),
    "jack-diamonds-queen-spades": ("S", "C4.2"),
    "club-player-leads-hearts": ("E", "C4.3"),
    "nine-hearts-four-clubs": ("W", "C4.4"),
    "nine-hearts-two-ruffs": ("E", "C4.4"),
    "identical-cards": ("E", "C4.5"),
    "equal-trumps": ("E", "C4.5"),
    "own-suit-led-all-follow": ("N", "C4.1"),
    "own-suit-led-ruffs-lower": ("N", "C4.2"),
    "own-suit-led-ruffs-higher": ("S", "C4.2"),
}


def rule_of(builder: TrickBuilder) -> str:
    """The ruling that decides the builder's trick (the test fails when it has none)."""
    assert builder.result is not None
    return builder.result.rule.value


def test_every_worked_example_has_a_ruling_here() -> None:
    assert sorted(e.key for e in WORKED_EXAMPLES) == sorted(WORKED)


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda e: e.key)
def test_a_worked_example_loads_and_wins_as_the_rulings_say(example: WorkedExample) -> None:
    builder = TrickBuilder()
    builder.load(example.key)
    winner, rule = WORKED[example.key]
    assert winner == c4_winner(example.leader, list(example.cards))
    assert (builder.winner, rule_of(builder)) == (winner, rule)
    assert example.winner == winner  # the rule text agrees with the rulings
    assert "the engine agrees" in builder.about.value
    # Only the English page gives cards; the Hungarian page's rules are illustrated by ours.
    source = "the English rules page" if "000" in example.source else "the Hungarian rules page"
    assert source in builder.about.value and ".txt" not in builder.about.value
    if not example.given:
        assert "illustrating a rule" in builder.about.value
        assert "The page says" not in builder.about.value
    # The table marks the winning card, the verdict beside it names the seat and the ruling.
    marked = [entry["seat"] for entry in builder.trick.trick if entry["winning"]]
    assert marked == [winner] and builder.trick.verdict["rule"] == rule


def test_the_hungarian_page_gives_no_cards_so_its_examples_only_illustrate() -> None:
    assert not any(e.given for e in WORKED_EXAMPLES if "002" in e.source)


def test_ranked_rules_let_the_led_king_beat_a_lower_ruff() -> None:
    disagreement = TrickBuilder()
    disagreement.set_trick("E", "KD 4S 2D 3D")
    assert (disagreement.winner, rule_of(disagreement)) == ("E", "C4.2")


def test_ruff_wins_variant_gives_the_trick_to_the_ruff() -> None:
    disagreement = TrickBuilder()
    disagreement.set_trick("E", "KD 4S 2D 3D")
    disagreement.variant.value = "ruff-wins"
    assert (disagreement.winner, rule_of(disagreement)) == ("S", "C5.ruff-wins")


def test_the_second_builder_of_the_chapter_keeps_its_own_link_key() -> None:
    first, second = TrickBuilder().link, TrickBuilder(link="rules").link
    assert first is not None and second is not None and first.key != second.key


# -- 03 Building calypsos ---------------------------------------------------------------------
# The stepper walks a whole game: four deals of 13 tricks (C2).


def test_the_stepper_covers_four_deals_of_thirteen_tricks() -> None:
    stepper = BuildingStepper(seed=3)
    assert len(stepper.steps) == 52 and stepper.slider.max == 52
    assert stepper.slider.value == 1 and stepper.felt.status == "Deal 1, trick 1"


def test_next_completed_calypso_jumps_to_the_first_completion() -> None:
    stepper = BuildingStepper(seed=3)
    stepper.jump_to_completion()
    landed = stepper.slider.value
    assert landed > 1
    assert not any(step.completed for step in stepper.steps[: landed - 1])
    step = stepper.step
    assert step.completed and "completed a calypso" in stepper.felt.verdict["feedback"]
    before = stepper.steps[landed - 2]
    for seat in step.completed:
        assert step.seats[seat].completed == before.seats[seat].completed + 1
    assert landed == 13 * (step.deal - 1) + step.number
    assert stepper.felt.status == f"Deal {step.deal}, trick {step.number}"


def test_the_stepper_lays_each_trick_on_the_table_with_c4s_winner_and_a_link() -> None:
    stepper = BuildingStepper(seed=3)
    for number in (1, 2, 7, 20):
        stepper.slider.value = number
        trick = stepper.step.trick
        winner = c4_winner(trick.leader, list(trick.cards))  # default trumps, C4
        assert stepper.felt.verdict["seat"] == winner == trick.winner
        assert [c["card"]["text"] for c in stepper.felt.trick] == [str(c) for c in trick.cards]
        assert stepper.link.value == f"3.{number}"
    stepper.felt.receive({"type": "next"})
    assert stepper.slider.value == 21
    again = BuildingStepper(seed=1)
    again.link.opened = "3.21"
    assert again.step == stepper.step


def test_the_stepper_steps_through_a_loaded_record() -> None:
    from calypso import simulate

    stepper = BuildingStepper(seed=3)
    record = simulate("calypso", seed=9, bots="random")
    stepper.upload.value = (uploaded(record.to_json().encode()),)
    assert "seed 9" in stepper.message.value and stepper.slider.value == 1
    assert stepper.link.value == "" and len(stepper.steps) == 4 * 13  # C2: four deals of 13
    stepper.upload.value = (uploaded(b"{"),)
    assert "not a Calypso game record" in stepper.message.value


def uploaded(content: bytes) -> dict[str, object]:
    """A file as the upload button hands it to Python."""
    import datetime as dt

    when = dt.datetime.now(tz=dt.UTC)
    return {
        "name": "g.json",
        "type": "",
        "size": len(content),
        "content": content,
        "last_modified": when,
    }


# -- 04 Scoring -------------------------------------------------------------------------------
# The calculator scores one side by C7.


def test_score_calculator_adds_calypsos_cards_in_progress_and_the_pile() -> None:
    calculator = ScoreCalculator()
    calculator.completed["N"].value = 2
    calculator.in_progress["S"].value = 5
    calculator.pile.value = 30
    assert calculator.side.total == (500 + 750) + 5 * 20 + 30 * 10


def test_score_calculator_refuses_a_thirteen_card_calypso_in_progress() -> None:
    calculator = ScoreCalculator()
    calculator.completed["N"].value = 2
    calculator.in_progress["S"].value = 5
    calculator.pile.value = 30
    calculator.in_progress["S"].value = 13  # thirteen cards would be a completed calypso
    note = calculator.fields["cards in progress", "S"].note.value
    assert "13 cards in progress is too many: a calypso in progress has 0 to 12." in note
    assert "calypso-bad" in calculator.in_progress["S"]._dom_classes
    assert "calypso-stale" in calculator.breakdown._dom_classes, "the old total is greyed"
    assert "expected" not in note and calculator.message.value == ""
    calculator.in_progress["S"].value = 12
    assert calculator.fields["cards in progress", "S"].note.value == ""
    assert "calypso-stale" not in calculator.breakdown._dom_classes
    assert calculator.side.total == (500 + 750) + 12 * 20 + 30 * 10


# -- 05 Play a game ---------------------------------------------------------------------------
# South plays against the bots, and takes a card back.


def test_after_souths_card_the_bots_play_until_south_is_on_turn_again() -> None:
    table = PlayTable(seed=1, seat="S")
    assert table.game.turn == "S"
    before = list(table.game.moves)
    first = table.game.legal_plays()[0]
    table.play(first)
    assert table.game.moves[: len(before) + 1] == [*before, first]
    while table.felt.next_label:  # a finished trick waits on the table until Next trick
        assert table.felt.verdict["seat"] == table.game.tricks[-1][-1].winner
        table.next_trick()
    assert len(table.game.moves) > len(before) and table.game.turn == "S"
    assert not table.undo.disabled


def test_the_table_marks_what_may_be_played_and_says_why_not() -> None:
    table = PlayTable(seed=2, seat="S")
    hand = table.game.hand("S")
    trick = table.game.trick
    led = trick[0].suit if trick else None
    for card in table.felt.hand:
        follows = led is None or card["text"][-1] == led.letter
        can_follow = led is not None and any(c.suit == led for c in hand)
        assert card["playable"] == (follows or not can_follow)  # C3
        if not card["playable"]:
            assert led is not None and f"you must follow {led.symbol}" in card["why"]


def test_a_hint_marks_a_card_and_says_why() -> None:
    table = PlayTable(seed=4, seat="S")
    table.show_hint()
    marked = [c for c in table.felt.hand if c["hint"]]
    assert len(marked) == 1 and marked[0]["playable"]
    assert table.felt.hint.removesuffix(")").endswith(".") and len(table.felt.hint) > 30
    table.play(Card.parse(marked[0]["text"]))
    assert not any(c["hint"] for c in table.felt.hand), "a hint lasts until the next card"


def test_a_link_replays_the_same_position() -> None:
    table = PlayTable(seed=6, seat="E")
    for _ in range(6):
        if table.felt.next_label:
            table.next_trick()
        else:
            table.play(table.game.legal_plays()[-1])
    again = PlayTable(seed=1, seat="S")
    again.link.opened = table.link.value
    assert again.game.moves == table.game.moves and again.seat.value == "E"
    assert again.felt.trick == table.felt.trick and again.felt.hand == table.felt.hand
    again.link.opened = "7.Q.9H"
    assert "does not name a game" in again.message.value


def test_the_game_over_says_who_won_and_undo_is_off() -> None:
    table = PlayTable(seed=3, seat="all four")
    while not table.game.is_over:
        table.play(table.game.legal_plays()[0])
    totals = table.game.score().totals
    leader = (
        max(totals, key=lambda side: totals[side]) if totals["NS"] != totals["EW"] else None
    )  # C7
    assert f"{leader} wins" in table.felt.status if leader else "a draw" in table.felt.status
    assert table.undo.disabled and table.hint.disabled


def test_take_back_restores_the_position_and_disables_undo() -> None:
    table = PlayTable(seed=1, seat="S")
    before, hand = list(table.game.moves), table.game.hand("S")
    table.play(table.game.legal_plays()[0])
    table.take_back()
    assert table.game.moves == before and table.game.hand("S") == hand
    assert table.game.turn == "S" and table.undo.disabled


# -- 06 Class quiz ----------------------------------------------------------------------------
# Answers are scored against the winner C4 gives; the table hides it until a seat is picked.


def test_the_quiz_scores_every_ruling_answer_right() -> None:
    quiz = Quiz(code="CLASS-1", level=1, name="Ann")
    for number in range(1, 11):
        trick = quiz.puzzle.trick
        assert tuple(trick.trumps) == tuple(PERSONAL[s] for s in CLOCKWISE)
        assert quiz.table.seat_pick and not quiz.table.revealed
        winner = c4_winner(trick.leader, list(trick.cards))
        quiz.table.receive({"type": "seat", "seat": winner})  # a click on the seat
        assert (quiz.right, quiz.asked) == (number, number)
        assert quiz.table.revealed and quiz.table.verdict["seat"] == winner
        assert quiz.table.verdict["tone"] == "right"
        if number < 10:
            quiz.table.receive({"type": "next"})
            assert quiz.link.value == f"CLASS-1.1.{number + 1}"
    assert "Quiz complete" in quiz.score.value


def test_the_quiz_scores_a_wrong_seat_wrong_beside_the_real_winner() -> None:
    quiz = Quiz(code="CLASS-1", level=1)
    trick = quiz.puzzle.trick
    right = c4_winner(trick.leader, list(trick.cards))
    wrong = next(seat for seat in CLOCKWISE if seat != right)
    quiz.answer(wrong)
    assert (quiz.right, quiz.asked) == (0, 1)
    verdict = quiz.table.verdict
    assert (verdict["seat"], verdict["tone"]) == (right, "wrong")
    assert f"you chose {wrong}, but {right} takes the trick" in verdict["feedback"]
    assert [t["seat"] for t in quiz.table.trick if t["winning"]] == [right]


def test_starting_the_quiz_again_resets_the_score() -> None:
    quiz = Quiz(code="CLASS-1", level=1)
    trick = quiz.puzzle.trick
    quiz.answer(c4_winner(trick.leader, list(trick.cards)))
    assert (quiz.right, quiz.asked) == (1, 1)
    quiz.begin()
    assert (quiz.right, quiz.asked, quiz.index) == (0, 0, 0)


def test_choosing_a_level_changes_the_puzzles_at_once_and_offers_no_answer_key() -> None:
    quiz = Quiz(code="CLASS-1", level=1)
    quiz.level.value = 2
    assert quiz.puzzles == make_quiz("CLASS-1", level=2)
    assert "answer key" not in repr(quiz.children).lower()
    assert quiz.link.value == "CLASS-1.2.1"
    quiz.code.value = "room12"  # what Enter in the box sends
    assert quiz.puzzles == make_quiz("ROOM12", level=2) and quiz.code.value == "ROOM12"
    quiz.code.value = "no spaces"
    assert "is not a class code" in quiz.message.value
    assert quiz.puzzles == make_quiz("ROOM12", level=2)


def test_a_quiz_link_opens_the_same_code_level_and_puzzle() -> None:
    quiz = Quiz(code="CLASS-1", level=1)
    quiz.link.opened = "ROOM7.3.4"  # the page opened with #quiz=ROOM7.3.4
    assert (quiz.code.value, quiz.level.value, quiz.index) == ("ROOM7", 3, 3)
    assert quiz.puzzle == make_quiz("ROOM7", level=3)[3]
    assert quiz.link.value == "ROOM7.3.4" and not quiz.table.revealed
    for bad in ("ROOM7.4.1", "ROOM7.3.11", "a b.1.1", "nonsense"):
        fresh = Quiz(code="CLASS-1", level=1)
        fresh.link.opened = bad
        assert "does not name a puzzle" in fresh.message.value
        assert fresh.puzzles == make_quiz("CLASS-1", level=1) and fresh.index == 0


# -- 07 Auction Calypso -----------------------------------------------------------------------
# Bids rank by (calypsos, points, suit) (A4); the contract calculator scores A7's example;
# a hand is played out (A3); the cards between hands are all accounted for (A9).


def test_with_the_same_calypsos_more_points_outrank() -> None:
    comparer = BidComparer("190C", "180S")
    assert "190♣ outranks 180♠: the same calypsos, more points" in comparer.verdict.value


def test_a_bid_without_calypsos_needs_170_points() -> None:
    comparer = BidComparer("190C", "180S")
    comparer.first.value = "160C"
    note = comparer.fields[0].note.value
    assert "“160C” is too low: a bid with no calypsos needs at least 170 points." in note
    assert "calypso-stale" in comparer.verdict._dom_classes, "the old comparison is greyed"
    comparer.first.value = "17OC"
    assert "is not a bid: write points and a suit letter" in comparer.fields[0].note.value
    comparer.first.value = "1+20S"
    assert comparer.fields[0].note.value == ""
    assert "1+20♠ outranks 180♠: more calypsos" in comparer.verdict.value


def test_the_contract_calculator_says_which_number_is_impossible() -> None:
    calculator = ContractCalculator()
    calculator.in_progress.value = 13
    note = calculator.fields["cards in progress"].note.value
    assert "13 cards in progress is too many: a calypso in progress has 0 to 12." in note
    assert "calypso-stale" in calculator.result._dom_classes
    calculator.in_progress.value = 3
    calculator.points.value = 245
    assert "points go in tens" in calculator.fields["bid points"].note.value
    calculator.points.value = 240
    assert "calypso-stale" not in calculator.result._dom_classes
    assert calculator.score.total == 190 + 60 + 240  # A7's check, 19 pile cards, 3 sold


def test_a_watched_auction_hand_plays_out_to_the_end() -> None:
    table = AuctionTable(seed=4)
    table.advance(10_000)
    assert "Hand over" in table.status.value
    assert len(table.game.history) == 1
    assert len(table.game.history[0].tricks) == 17  # A3: 17 tricks of 3
    assert table.step.disabled and table.finish.disabled


def test_chapter_07_words_agree_with_the_scoring_rulings() -> None:
    text = "".join(
        "".join(cell["source"])
        for cell in json.loads((NOTEBOOKS / "09-auction-calypso.ipynb").read_text())["cells"]
    )
    words = " ".join(text.split())
    # A8: 10, 18 and 23 cards are 100, 180 and 230 card points; the lowest scores 0.
    assert auction.score_misere([100, 180, 230]) == [0, -180, -330]
    assert "with 10, 18 and 23 cards taken, the scores are 0, −180 and −330" in words
    assert "costs you" not in words
    # A7: the bid points count once (times the multiplier); sales come from the contract suit.
    assert "again" not in words.split("Scoring a contract")[1].split("ContractCalculator")[0]
    assert "calypso in progress *of the contract suit*" in words
    # A2: the setup is optional (`none` plays without it).
    assert "or to start from nothing" in words


def play_the_hand_as_north(table: AuctionTable) -> list[str]:
    """Play N's cards (the first the table offers) and go on after each closed trick, checking
    the card table at every step against C4 under the hand's trumps (A5); the links seen."""
    links = []
    while not table.seating.over:
        game, felt = table.game, table.felt
        trumps = dict(zip(game.seats, game.trumps, strict=True))
        closed = table.record.tricks[-1] if table.record.tricks and not game.trick else None
        if closed is not None:  # the trick just closed stays, with its verdict by the winner
            winner = personal_winner(list(closed.seats), list(closed.cards), trumps)
            assert felt.verdict["seat"] == winner == closed.winner
            assert [t["seat"] for t in felt.trick if t["winning"]] == [winner]
        elif game.trick:  # a trick in progress: the card winning so far is marked, no verdict
            seats = [t["seat"] for t in felt.trick]
            so_far = personal_winner(seats, game.trick, trumps)
            assert [t["seat"] for t in felt.trick if t["winning"]] == [so_far]
            assert felt.verdict == {}
        if table.seating.waiting():
            assert felt.next_label == "Next trick" and not any(c["playable"] for c in felt.hand)
            felt.receive({"type": "next"})
        else:
            assert game.turn == "N"
            hand = {c["text"]: c for c in felt.hand}
            led = game.trick[0].suit if game.trick else None
            follow = [c for c in game.hand("N") if c.suit == led]
            for card in game.hand("N"):  # C3: follow suit when you can, else anything
                playable = not follow or card in follow
                assert hand[str(card)]["playable"] == playable
                assert ("must follow" in hand[str(card)]["why"]) == (not playable)
            felt.receive(
                {"type": "card", "card": next(t for t, c in hand.items() if c["playable"])}
            )
        links.append(table.link.value)
    return links


def test_an_auction_hand_is_played_on_the_card_table_trick_by_trick() -> None:
    table = AuctionTable(seed=2, seat="N")
    assert all(not c["playable"] for c in table.felt.hand)  # the auction comes first
    assert "auction" in table.felt.hand[0]["why"]
    table.bid_points.value, table.bid_suit.value = 400, "S"
    table.bid.click()
    pickers = {c.description: c for c in table.trump_choice.children if hasattr(c, "options")}
    pickers["E"].value, pickers["W"].value = "C", "D"
    next(b for b in table.trump_choice.children if isinstance(b, w.Button)).click()
    seats = {s["seat"]: s for s in table.felt.seats}
    assert [s["seat"] for s in table.felt.seats] == ["N", "E", "W"]  # A1: three seats
    assert seats["N"]["role"] == "you" and seats["N"]["count"] is None
    assert (seats["E"]["count"], seats["W"]["count"]) == (17, 17)  # A3
    marks = {seat: s["trump"]["symbol"] for seat, s in seats.items()}
    assert marks == {"N": "♠", "E": "♣", "W": "♦"}  # A5: the bid suit and the suits given
    links = play_the_hand_as_north(table)
    assert len(table.game.history[0].tricks) == 17
    assert "Hand over" in table.status.value and table.felt.verdict["seat"]
    assert links[-1].startswith("2.3.N.balanced.400S.tCD.")


def test_a_partnership_hand_is_played_on_four_seats() -> None:
    table = AuctionTable(seed=4, players=4, seat="N")
    while table.game.phase is Phase.AUCTION and table.game.turn == "N":
        table.human_call(Call(CallKind.PASS))
    roles = {s["seat"]: s["role"] for s in table.felt.seats}
    assert roles == {
        "N": "you",
        "E": "left-hand opponent",
        "S": "partner",
        "W": "right-hand opponent",
    }
    assert {s["seat"]: s["side"] for s in table.felt.seats}["S"] == "N–S"  # P1
    play_the_hand_as_north(table)
    assert len(table.game.history[0].tricks) == 13  # P1: 13 tricks


def test_a_link_replays_the_hand_to_where_it_was() -> None:
    table = AuctionTable(seed=4, seat="N")
    table.human_call(Call(CallKind.PASS))
    for _ in range(6):
        if table.seating.waiting():
            table.next_trick()
        else:
            table.human_card(table.game.legal_plays()[-1])
    text = table.link.value
    assert text.startswith("4.3.N.balanced.pass.")
    again = AuctionTable(seed=1)  # the page's own table, then the address names another
    again.link.opened = text
    assert again.message.value == ""
    assert (again.seed.value, again.players.value, again.seat.value) == (4, 3, "N")
    assert again.link.value == text and again.seating.moves == table.seating.moves
    assert again.game.hand("N") == table.game.hand("N") and again.game.trick == table.game.trick
    assert (again.felt.trick, again.felt.verdict) == (table.felt.trick, table.felt.verdict)
    watch = AuctionTable(seed=4, players=4)
    watch.advance(5)
    assert watch.link.value == "4.4.watch.balanced.5"
    seen = AuctionTable()
    seen.link.opened = watch.link.value
    assert seen.record.calls == watch.record.calls and seen.players.value == 4


@pytest.mark.parametrize(
    "bad", ["nonsense", "4.5.N.balanced", "4.3.S.balanced", "4.3.N.balanced.AS", "x.3.N.none"]
)
def test_a_link_that_does_not_fit_leaves_a_fresh_hand_and_says_so(bad: str) -> None:
    table = AuctionTable(seed=7, seat="N")
    table.link.opened = bad
    assert "does not lead to a hand this table can replay" in table.message.value
    assert table.seating.moves == [] and table.game.turn == table.human


@pytest.mark.parametrize(
    ("doubled", "total"),
    [(0, 190 + 3 * 20 + 240), (1, 190 + 3 * 20 + 2 * 240), (2, 190 + 3 * 20 + 4 * 240)],
    ids=["undoubled", "doubled", "redoubled"],
)
def test_the_contract_calculator_makes_the_seed_example_by_selling_three(
    doubled: int, total: int
) -> None:
    calculator = ContractCalculator()  # bid 240, 19 trickpile cards, 5 in progress
    calculator.doubled.value = doubled
    score = calculator.score
    assert (score.total, score.sold, score.made) == (total, 3, True)
    assert f'data-total="{total}"' in calculator.result.value


def test_the_contract_fails_doubled_when_too_few_cards_can_be_sold() -> None:
    calculator = ContractCalculator()
    calculator.doubled.value = 1
    calculator.in_progress.value = 2  # 190 + 2 * 20 < 240
    assert calculator.score.total == -2 * 240 and not calculator.score.made
    assert 'data-made="failed"' in calculator.result.value


def test_every_hand_of_the_card_flow_accounts_for_all_208_cards() -> None:
    flow = CardFlow(seed=2)
    assert len(flow.snapshots) == 6
    for counts, _ in flow.snapshots:
        assert sum(counts.values()) == 208


# -- 08 Cousins -------------------------------------------------------------------------------
# One trick under three games: Calypso clockwise with personal trumps (C1, C4), Call Bridge
# counter-clockwise with spades (B1, B4), Collett Whist clockwise with the turned card, ♦ by
# default in ThreeRules (W1, W5). Call Bridge's must-beat-the-spades rule (B3), both scorings
# (B5, W6), and a round of Collett Whist played to the end.


def test_three_rules_seats_each_game_in_its_own_play_order() -> None:
    three = ThreeRules(cards="2S AS KS QS", leader="S")
    # Calypso, S W N E: S led own trump ♠, no ruff, S wins (C4.1).
    # Call Bridge, S E N W: East's A♠ is the highest spade (B4).
    # Collett Whist, S W N E, ♦ trumps: no ♦, West's A♠ is the highest of the led suit (W5).
    assert [row["winner"] for row in three.rows] == ["S", "E", "W"]


def test_three_rules_takes_a_shorter_trick() -> None:
    three = ThreeRules(leader="S")
    three.cards.value = "9H 4C"
    assert three.message.value == ""
    # Calypso: West's 4♣ is a ruff (C4.4); in both whist games 4♣ neither trumps nor follows.
    assert [row["winner"] for row in three.rows] == ["W", "S", "S"]


def b3_legal(hand: list[Card], trick: list[Card]) -> set[Card]:
    """B3: follow suit; if void, beat every spade in the trick when you can; else anything."""
    led = trick[0].suit
    following = {c for c in hand if c.suit == led}
    if following:
        return following
    top = max((c.rank for c in trick if c.suit == Suit.SPADES), default=None)
    beaters = {c for c in hand if c.suit == Suit.SPADES and (top is None or c.rank > top)}
    return beaters or set(hand)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_overtrump_trainer_judges_every_card_by_b3(seed: int) -> None:
    trainer = OvertrumpTrainer(seed=seed)
    hand, trick = trainer.situation
    legal = b3_legal(hand, trick)
    for card in hand:
        trainer.try_card(card)
        verdict = "yes" if card in legal else "no"
        assert f'data-legal="{verdict}"' in trainer.answer.value, (card, trainer.answer.value)


@pytest.mark.parametrize(
    ("call", "tricks", "points"),
    [(4, 5, 4), (4, 4, 4), (4, 3, -4), (10, 10, 13), (10, 11, 13), (10, 12, -10), (10, 9, -10)],
)
def test_call_bridge_scoring_follows_b5(call: int, tricks: int, points: int) -> None:
    scoring = WhistScoring()
    scoring.cb_call.value, scoring.cb_tricks.value = call, tricks
    assert f'data-score="{points}"' in scoring.cb_score.value


def test_collett_whist_round_10_takes_no_call_and_costs_a_point_a_trick() -> None:
    scoring = WhistScoring()
    scoring.cw_round.value = 10
    scoring.cw_tricks.value = 3
    assert scoring.cw_call.disabled
    assert 'data-score="-3"' in scoring.cw_score.value


def test_a_round_of_collett_whist_plays_to_the_end_and_scores_by_w6() -> None:
    table = WhistTable(game="collett-whist", seed=3, round_number=4, players=5)
    assert len(table.felt.seats) == 5 and table.felt.seats[0]["role"] == "you"
    while not table.game.history:
        if table.felt.next_label:
            closed = table.game.current.tricks[-1]
            best = whist_winner(closed.cards, table.game.trump)
            seat = closed.seats[closed.cards.index(best)]
            assert table.felt.verdict["seat"] == seat
            assert table.felt.verdict["headline"] == f"{seat} wins with {best.symbol}"  # no badge
            table.next_trick()
        elif table.game.phase.value == "calls":
            table.human_call(table.call_box.min)
        else:
            table.human_card(table.game.legal_plays()[0])
    assert table.felt.status.startswith("Round over. Scores: ")
    played = table.game.history[0]
    assert len(played.tricks) == 4  # W2: round 4 deals four cards each
    for index, seat in enumerate(table.game.seats):
        won = sum(trick.winner == seat for trick in played.tricks)
        exact = played.calls[index] == won
        assert played.scores[seat] == (3 + won if exact else 0), seat
    shown = re.search(r"Scores: (.*?)\. Collett Whist, round 4\.$", table.felt.status)
    assert shown is not None
    assert shown.group(1) == ", ".join(f"{s} {v:+d}" for s, v in played.scores.items())


def whist_winner(cards: tuple[Card, ...], trump: Suit | None) -> Card:
    """W5: the highest trump if one was played, else the highest card of the suit led (one
    52-card pack: no card is played twice)."""
    trumped = [c for c in cards if c.suit == trump]
    pool = trumped or [c for c in cards if c.suit == cards[0].suit]
    return max(pool, key=lambda c: c.rank)


def test_a_call_bridge_link_replays_the_round_and_its_verdicts_use_b4_ids() -> None:
    table = WhistTable(game="call-bridge", seed=2)
    while not table.game.current.tricks and not table.game.history:
        if table.felt.next_label:
            table.next_trick()
        elif table.game.phase.value == "calls":
            table.human_call(table.call_box.min)
        else:
            table.human_card(table.game.legal_plays()[-1])
    again = WhistTable()
    again.link.opened = table.link.value
    assert again.game.current.calls == table.game.current.calls
    assert again.felt.trick == table.felt.trick and again.felt.hand == table.felt.hand
    if table.felt.verdict:
        assert table.felt.verdict["rule"] in ("B4.1", "B4.2")  # B4, not W5
    again.link.opened = "bridge.4.1.1"
    assert "does not name a round" in again.message.value


def test_an_auction_hands_end_breaks_its_score_down_line_by_line() -> None:
    for seed in (4, 5):
        table = AuctionTable(seed=seed)
        table.advance(10_000)
        hand = table.game.history[0]
        assert hand.contract is not None and hand.contract_score is not None
        declarer = table.game.seats[hand.contract.declarer]
        lines = re.findall(r"<td>([+-][\d,]+)</td>", table.status.value)
        total = sum(int(v.replace(",", "")) for v in lines[: len(hand.contract_score.breakdown)])
        assert total == hand.scores[declarer]  # the lines add up to declarer's A7 score
        verdict = "is made" if hand.contract_score.made else "fails"
        assert f"{declarer}'s {hand.contract.bid.symbol} {verdict}" in table.status.value
        assert f"took {hand.contract_score.card_points} card points" in table.status.value
