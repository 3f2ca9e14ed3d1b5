"""Exercises with stars: every answer checked against the rulings by the plain oracles below
(docs/rulings.md C1, C3, C4, C6, C7), written here from the rulings' words, not from the engine.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from calypso.lessons.exercises import QUESTIONS, make_stage, stars
from calypso.partnership.calypsos import Calypso, Where, route
from calypso.partnership.game import SEATS
from calypso.widgets.exercise import ExerciseSet, star_text

seeds = st.integers(min_value=0, max_value=10_000)


def c4_winner(cards: list[Card], trumps: list[Suit]) -> int:
    """C4 as the rulings word it: who wins a trick with personal trumps (ranked, the default)."""
    led = cards[0].suit
    ruffs = [i for i in range(1, len(cards)) if cards[i].suit == trumps[i] != led]
    if led == trumps[0]:
        competing = [0, *ruffs] if ruffs else None  # C4.2, else C4.1: the leader
        if competing is None:
            return 0
    elif ruffs:
        competing = ruffs  # C4.4
    else:
        competing = [i for i, c in enumerate(cards) if c.suit == led]  # C4.3
    top = max(cards[i].rank for i in competing)
    return min(i for i in competing if cards[i].rank == top)  # C4.5: the earliest


def group(pattern: str, text: str) -> str:
    """What the first group of ``pattern`` holds at its first match in ``text`` (the test
    fails when there is none)."""
    found = re.search(pattern, text)
    assert found is not None, (pattern, text)
    return found[1]


def c3_may_play(hand: list[Card], trick: list[Card], card: Card) -> bool:
    """C3: follow suit when you can; otherwise anything."""
    return not trick or card.suit == trick[0].suit or all(c.suit != trick[0].suit for c in hand)


def test_stars_are_three_two_then_one() -> None:
    assert [stars(n) for n in (1, 2, 3, 4, 9)] == [3, 2, 1, 1, 1]
    assert star_text(2) == "★★☆"
    with pytest.raises(ValueError, match="attempts"):
        stars(0)


def test_the_same_seed_gives_the_same_stage_and_another_seed_another() -> None:
    for chapter in QUESTIONS:
        assert make_stage(chapter, 4) == make_stage(chapter, 4)
        assert make_stage(chapter, 4) != make_stage(chapter, 5)


def test_a_bad_chapter_or_seed_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="bad stage '09'"):
        make_stage("09", 1)
    with pytest.raises(ValueError, match="bad seed -1"):
        make_stage("who-wins", -1)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_every_exercise_offers_its_answer_once_and_explains_it(seed: int) -> None:
    for chapter in QUESTIONS:
        for exercise in make_stage(chapter, seed):
            keys = [c.key for c in exercise.choices]
            assert keys.count(exercise.answer) == 1 and len(set(keys)) == len(keys)
            assert exercise.explanation and exercise.rule[:1] in "CBWAP"


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_01_partners_sit_opposite_and_each_trump_has_one_owner(seed: int) -> None:
    suits = {f"{s.symbol} {s.name.lower()}": s for s in Suit}
    for exercise in make_stage("table", seed):
        owner = {suit: SEATS[i] for i, suit in enumerate(exercise.trumps)}
        across = {seat: SEATS[(SEATS.index(seat) + 2) % 4] for seat in SEATS}
        if match := re.fullmatch(r"Who is (\w)'s partner\?", exercise.question):
            assert exercise.answer == across[match[1]]
        elif match := re.fullmatch(
            r"Which suit is the personal trump of (\w)'s partner\?", exercise.question
        ):
            assert exercise.answer == exercise.trumps[SEATS.index(across[match[1]])].letter
        else:
            match = re.fullmatch(
                r"Whose partner has (. \w+) as their personal trump\?", exercise.question
            )
            assert match is not None
            assert exercise.answer == across[owner[suits[match[1]]]]


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_02_the_winner_is_the_one_c4_names(seed: int) -> None:
    for exercise in make_stage("who-wins", seed):
        trick = exercise.trick
        assert trick is not None
        trumps = [trick.trumps[SEATS.index(s)] for s in trick.seats]
        assert exercise.answer == trick.seats[c4_winner(list(trick.cards), trumps)]


def c6_route(cards: list[Card], runs: list[tuple[Suit, set[Rank]]]) -> list[str]:
    """C6 card by card: each calypso (winner's, then partner's) takes the ranks it misses; when
    one is complete, that player's spares of the trick begin the next; the rest is the pile."""
    where = ["pile"] * len(cards)
    for who, (suit, held) in zip(("winner", "partner"), runs, strict=True):
        ranks = set(held)
        spares = []
        for i, card in enumerate(cards):
            if card.suit != suit:
                continue
            if card.rank in ranks:
                spares.append(i)
            else:
                ranks.add(card.rank)
                where[i] = who
        if len(ranks) == 13:
            ranks = set()
            for i in spares:
                if cards[i].rank not in ranks:
                    ranks.add(cards[i].rank)
                    where[i] = "next"
    return where


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_03_where_a_card_goes_is_where_c6_sends_it(seed: int) -> None:
    for exercise in make_stage("calypsos", seed):
        trick = exercise.trick
        assert trick is not None
        asked = re.fullmatch(
            r"\w wins this trick\. Where does (\w)'s (\S+) go\?", exercise.question
        )
        assert asked is not None, exercise.question
        seat, card = asked.groups()
        index = trick.seats.index(seat)
        assert trick.cards[index].symbol == card
        runs = []
        for fact in exercise.facts:
            cards = [c for c in fact.split(": ", 1)[1].split() if c not in ("no", "cards", "yet")]
            suit = Suit.parse(group(r"\((.)\)", fact))
            runs.append((suit, {c.rank for c in ALL_CARDS if c.symbol in cards}))
        assert exercise.answer == c6_route(list(trick.cards), runs)[index]


def test_03_route_completes_a_calypso_and_starts_the_next_from_the_same_trick() -> None:
    hearts = Calypso(
        Suit.HEARTS, [c for c in ALL_CARDS if c.suit == Suit.HEARTS and c.rank.text != "A"]
    )
    places = route(parse_cards("AH 2H 2H 5C"), [hearts])
    assert [where for where, _ in places] == [Where.CALYPSO, Where.NEXT, Where.PILE, Where.PILE]
    assert hearts.in_progress == 12, "route leaves the calypsos as they were"


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_04_the_score_is_c7s_sum(seed: int) -> None:
    values = [0, 500, 1250, 2250, 3250]  # 500, 750, 1,000, 1,000 for the 1st to the 4th
    for exercise in make_stage("scoring", seed):
        total = 0
        for fact in exercise.facts:
            numbers = [int(n) for n in re.findall(r"\d+", fact)]
            if "pile" in fact:
                total += 10 * numbers[0]
            else:
                completed, in_progress = numbers
                total += values[completed] + 20 * in_progress
        assert exercise.answer == str(total)


@settings(max_examples=4, deadline=None)
@given(seeds)
def test_05_you_choose_among_the_cards_you_may_play_three_tricks_before_the_end(seed: int) -> None:
    """C2: thirteen cards each, one to every trick, so three tricks before a deal's end every
    hand holds three, and two once its player has played to the trick in play; C3: the choices
    are the cards the learner may play, three different ones."""
    for exercise in make_stage("play", seed):
        trick = exercise.trick
        assert trick is not None and len(trick.cards) < 4
        order = play_order_all(trick.leader)
        you = order[len(trick.cards)]
        assert exercise.question.startswith(f"You are {you},") and len(exercise.hand) == 3
        legal = {c for c in exercise.hand if c3_may_play(list(exercise.hand), list(trick.cards), c)}
        assert sorted(str(c) for c in legal) == sorted(c.key for c in exercise.choices)
        assert len(legal) == 3 and exercise.answer in {str(c) for c in legal}
        shown = dict(exercise.shown)
        assert sorted(shown) == sorted(seat for seat in order if seat != you)
        for seat, cards in shown.items():
            assert len(cards) == (2 if seat in order[: len(trick.cards)] else 3), seat


def play_order_all(leader: str) -> list[str]:
    start = SEATS.index(leader)
    return [SEATS[(start + i) % 4] for i in range(4)]


def test_a_stage_gives_stars_by_attempts_keeps_them_and_moves_on() -> None:
    stage = ExerciseSet("who-wins", seed=11)
    assert stage.link.value == "11.0"
    for expected_stars in (3, 2, 1):
        exercise = stage.exercise
        wrong = [c.key for c in exercise.choices if c.key != exercise.answer]
        for key in wrong[: 3 - expected_stars]:
            stage.table.receive({"type": "seat", "seat": key})  # a seat clicked on the felt
            assert stage.table.seat_marks[key] == "wrong"
            assert stage.table.seat_why[key] == exercise.reason(key) + "."
            assert stage.table.reply["text"] == exercise.reason(key) + "."
        stage.table.receive({"type": "seat", "seat": exercise.answer})
        assert stage.earned[stage.index] == expected_stars
        assert stage.table.seat_marks[exercise.answer] == "right" and not stage.table.seat_pick
        assert stage.table.verdict["rule"] == exercise.rule
        assert stage.table.verdict["sentence"] == exercise.explanation
        assert stage.table.reply["text"] == "", "one explanation: the verdict's, not repeated"
        assert stage.table.next_label == "Next exercise"
        stage.table.receive({"type": "next"})
    assert stage.earned == {0: 3, 1: 2, 2: 1} and stage.link.value == "11.3"


def test_a_wrong_choice_is_marked_with_its_reason_and_a_right_one_explained_once() -> None:
    stage = ExerciseSet("calypsos", seed=4)
    exercise = stage.exercise
    assert [c["key"] for c in stage.table.choices] == [c.key for c in exercise.choices]
    wrong = next(k for k, _ in exercise.why)
    stage.table.receive({"type": "choice", "key": wrong})
    marked = {c["key"]: c for c in stage.table.choices}[wrong]
    assert marked["mark"] == "wrong" and marked["why"] == exercise.reason(wrong) + "."
    assert stage.table.reply["tone"] == "wrong"
    assert stage.table.reply["text"] == exercise.reason(wrong) + "."
    stage.table.receive({"type": "choice", "key": wrong})  # marked: not offered again
    assert stage.attempts == 1
    stage.table.receive({"type": "choice", "key": exercise.answer})
    assert stage.table.reply["text"] == exercise.explanation and stage.table.reply["rule"] == "C6"
    assert stage.table.verdict == {}, "03 asks where a card goes: no second explanation"


def test_a_finished_stage_says_its_stars_honestly_and_the_way_on() -> None:
    stage = ExerciseSet("table", seed=2)
    for index in range(len(stage.stage)):
        stage.go(index)
        stage.choose(stage.exercise.answer)
    ending = stage.table.ending
    assert stage.finished and ending["title"] == "Stage complete: 15 of 15 stars"
    assert "Every star" in ending["text"] and "again" not in ending["text"]
    assert ending["go_href"] == "02-who-wins-the-trick.ipynb"
    assert ending["go_label"] == "Next chapter: 2. Who wins the trick?"
    assert stage.again.layout.display is None
    stage.again.click()  # new exercises of the same kind: the next seed's
    assert stage.seed == 3 and stage.index == 0 and stage.earned == {}
    assert stage.stage == make_stage("table", 3) and stage.link.value == "3.0"
    assert stage.table.ending == {}
    stage.choose(next(k for k, _ in stage.exercise.why))
    stage.choose(stage.exercise.answer)
    for index in range(1, len(stage.stage)):
        stage.go(index)
        stage.choose(stage.exercise.answer)
    assert stage.table.ending["title"] == "Stage complete: 14 of 15 stars"
    assert stage.table.ending["text"].startswith("1 more star can be earned")
    assert "asks new exercises" in stage.table.ending["text"]
    stage.again.click()
    assert stage.seed == 4 and stage.index == 0 and stage.earned == {}


def test_a_practice_stage_leads_on_to_the_next_stage_of_its_chapter() -> None:
    stage = ExerciseSet("who-wins-plain", seed=1)
    for index in range(len(stage.stage)):
        stage.go(index)
        stage.choose(stage.exercise.answer)
    assert stage.table.ending["go_stage"] == "who-wins-own"
    assert stage.table.stage == "who-wins-plain"
    assert stage.table.ending["go_href"].startswith("02-who-wins-the-trick.ipynb#Practice:")
    last = ExerciseSet("cousins", seed=1)
    for index in range(len(last.stage)):
        last.go(index)
        last.choose(last.exercise.answer)
    assert last.table.ending["go_href"] == "00-welcome.ipynb"


def test_the_state_kept_in_the_browser_brings_a_reload_back_unless_a_link_opened_it() -> None:
    first = ExerciseSet("scoring", seed=6)
    first.choose(next(k for k, _ in first.exercise.why))
    first.choose(first.exercise.answer)
    first.go(1)
    wrong = next(k for k, _ in first.exercise.why)
    first.choose(wrong)
    kept = first.state()
    assert kept == {"seed": 6, "index": 1, "stars": [2, 0, 0, 0, 0], "tried": [wrong]}
    again = ExerciseSet("scoring")
    again.progress.kept = kept  # what the page does on a reload
    assert (again.seed, again.index, again.earned, again.tried) == (6, 1, {0: 2}, [wrong])
    assert {c["key"]: c["mark"] for c in again.table.choices}[wrong] == "wrong"
    again.choose(again.exercise.answer)
    assert again.earned == {0: 2, 1: 2}
    linked = ExerciseSet("scoring")
    linked.link.opened = "9.2"
    linked.progress.kept = kept
    assert (linked.seed, linked.index) == (9, 2), "a link wins over what was kept"
    reloaded = ExerciseSet("scoring")
    reloaded.progress.kept = kept  # a reload: the address names the place that was kept
    reloaded.link.opened = "6.1"
    assert (reloaded.earned, reloaded.tried) == ({0: 2}, [wrong])
    reloaded = ExerciseSet("scoring")
    reloaded.link.opened = "6.1"
    reloaded.progress.kept = kept  # the same, heard in the other order
    assert (reloaded.earned, reloaded.tried) == ({0: 2}, [wrong])
    odd = ExerciseSet("scoring")
    odd.progress.kept = {"seed": "x", "index": 99}
    assert (odd.seed, odd.index) == (1, 0)


def test_a_finished_stage_comes_back_finished_after_a_reload() -> None:
    done = ExerciseSet("auction-bids", seed=3)
    for index in range(len(done.stage)):
        done.go(index)
        done.choose(done.exercise.answer)
    again = ExerciseSet("auction-bids")
    again.progress.kept = done.state()
    assert again.finished and again.table.ending["title"] == "Stage complete: 9 of 9 stars"


def test_a_link_opens_its_stage_and_exercise_and_a_bad_one_says_so() -> None:
    stage = ExerciseSet("calypsos", seed=1)
    stage.link.opened = "42.3"
    assert (stage.seed, stage.index) == (42, 3)
    assert stage.exercise == make_stage("calypsos", 42)[3]
    stage.choose(stage.exercise.answer)  # a linked exercise is answered like any other
    assert stage.earned == {3: 3} and stage.table.reply["title"].startswith("Right")
    stage.link.opened = "nonsense"
    assert "does not name an exercise" in stage.message.value
    assert "Traceback" not in stage.message.value


def test_05_the_hand_is_the_answer_pad_and_the_other_hands_are_shown() -> None:
    stage = ExerciseSet("play", seed=1)
    exercise = stage.exercise
    hand = stage.table.hand
    assert {c["text"] for c in hand if c["playable"]} == {c.key for c in exercise.choices}
    assert all(c["why"] for c in hand if not c["playable"])
    faces = {seat["seat"]: [card["text"] for card in seat["shown"]] for seat in stage.table.seats}
    assert faces == {
        **{seat: [] for seat in faces},
        **{seat: [str(card) for card in cards] for seat, cards in exercise.shown},
    }
    assert stage.table.seats[0]["place"] == "bottom" and stage.table.seats[0]["role"] == "you"
    wrong = next(c.key for c in exercise.choices if c.key != exercise.answer)
    stage.table.receive({"type": "card", "card": wrong})
    assert stage.table.reply["text"].startswith(exercise.reason(wrong))
    stage.table.receive({"type": "card", "card": exercise.answer})
    assert stage.earned == {0: 2} and stage.table.reply["title"].startswith("Right")
    assert stage.table.reply["text"] == exercise.explanation and stage.table.reply["rule"] == "C7"


SUIT_ORDER = "CDHS"  # A4: clubs lowest, then diamonds, hearts, spades


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_07_bids_contracts_and_misere_follow_a4_a7_a8(seed: int) -> None:
    for exercise in make_stage("auction", seed):
        facts = " ".join(exercise.facts)
        if exercise.rule == "A4":

            def rank(key: str) -> tuple[int, int, int]:
                calypsos, _, rest = key.rpartition("+")
                return (int(calypsos or 0), int(rest[:-1]), SUIT_ORDER.index(rest[-1]))

            assert exercise.answer == max((c.key for c in exercise.choices), key=rank)
        elif exercise.rule == "A8":
            points = [int(n) for n in re.findall(r"(\d+) card points", facts)]
            who = ["first", "second", "third"].index(exercise.question.split()[-3])
            high, low, mine = max(points), min(points), points[who]
            expected = 0 if mine == low else -(mine + low) if mine == high else -mine
            assert exercise.answer == str(expected)
        else:
            assert exercise.rule == "A7"
            assert exercise.answer == str(a7_total(facts))


def a7_total(facts: str) -> int:
    """A7 from the facts: made when enough calypsos were completed and card points plus 20 per
    calypso card sold reach the bid; points times the multiplier, 40 + 10n² per bid calypso."""
    points = int(group(r"(\d+) points", facts))
    calypsos = 1 if "1 calypso and" in facts else 0
    multiplier = 4 if "redoubled" in facts else 2 if "doubled" in facts else 1
    pile = int(group(r"trickpile: (\d+)", facts))
    in_progress = int(group(r"contract suit: (\d+)", facts))
    needed = int(group(r"lacked (\d+)", facts)) if calypsos else 13
    done = group(r"completed (no|\d+) calypso", facts)
    completed = 0 if done == "no" else int(done)
    bonus = (40 + 10 * needed**2) * calypsos
    sold = max(0, -(-(points - 10 * pile) // 20))
    if completed >= calypsos and sold <= in_progress:
        return 10 * pile + 20 * sold + points * multiplier + bonus + 500 * completed
    return -points * multiplier - bonus - 500 * max(0, calypsos - completed)


def test_07_the_seed_texts_contract_checks() -> None:
    facts = (
        "The contract: 240 points Declarer's trickpile: 19 cards contract suit: 3 cards "
        "Declarer completed no calypso during this hand"
    )
    assert a7_total(facts) == 490
    assert a7_total(facts.replace("points", "points, doubled")) == 730


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_08_each_game_names_the_winner_its_own_rules_give(seed: int) -> None:
    counter_clockwise = ["N", "W", "S", "E"]  # B1
    for exercise in make_stage("cousins", seed):
        trick = exercise.trick
        assert trick is not None and len(set(trick.cards)) == 4
        cards = list(trick.cards)
        game = group(r"^Under (.+) rules", exercise.question)
        if game == "Calypso":
            seats = play_order_all(trick.leader)
            winner = c4_winner(cards, [Suit.parse("HDSC"[SEATS.index(s)]) for s in seats])
        else:
            start = counter_clockwise.index(trick.leader)
            seats = (
                [counter_clockwise[(start + i) % 4] for i in range(4)]
                if game == "Call Bridge"
                else play_order_all(trick.leader)
            )
            trump = exercise.shared_trump  # B4: spades; W5: the round's, or none
            if game == "Call Bridge":
                assert trump == Suit.SPADES and exercise.rule.startswith("B4")
            trumped = [i for i, c in enumerate(cards) if c.suit == trump]
            pool = trumped or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
            winner = max(pool, key=lambda i: cards[i].rank)
        assert exercise.answer == seats[winner]


def test_08_the_table_seats_the_trick_in_its_games_order_and_names_its_ruling() -> None:
    stage = ExerciseSet("cousins", seed=5)
    for index in range(len(stage.stage)):
        stage.go(index)
        exercise = stage.exercise
        assert [c["seat"] for c in stage.table.trick] == list(exercise.played_by)
        assert stage.table.verdict == {}, "no verdict before the answer"
        stage.choose(exercise.answer)
        assert stage.table.verdict["seat"] == exercise.answer
        assert stage.table.verdict["rule"] == exercise.rule
