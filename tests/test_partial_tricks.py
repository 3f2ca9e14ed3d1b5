"""No page names the winner of a trick that still has players to play (issue 21).

Expected facts come from the rulings through the engine: ``resolve_trick`` and ``trick_winner``
decide who is winning a trick so far (C4, C5; W5, and B4 for Call Bridge), ``legal_plays`` what
the learner may play (C3). While a trick has fewer cards than seats, nothing a learner sees (a
widget's HTML, its values, the data it sends to the card table) may say who wins or takes it:
the card winning so far is marked as such, with who is still to play. Once every seat has
played, the verdict is shown with its ruling's id. The hint of chapter 05 names the taker of a
trick only when nothing the players still to play could play, any card of the 208-card pack
they could still hold (C2, C3), can change it.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import TypedDict

import ipywidgets as w
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.auction import Phase as AuctionPhase
from calypso.engine.cards import ALL_CARDS, Card, Rank, Suit, cards_text
from calypso.engine.table import play_order
from calypso.engine.tricks import TrickResult, TrumpLead, resolve_trick, trick_winner
from calypso.lessons.glossary import rule_link
from calypso.partnership.bots import GreedyBot, greedy_hint, make_players
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS, Game
from calypso.whist import Phase, call_bridge
from calypso.whist.bots import whist_bots
from calypso.widgets import AuctionTable, PlayTable, ThreeRules, TrickBuilder
from calypso.widgets.cardtable import CardTable
from calypso.widgets.cousins import WhistTable
from calypso.widgets.cousintricks import NO_TRUMP
from calypso.widgets.play import ALL_SEATS
from calypso.widgets.trickstate import VARIANTS, TrickState
from calypso.words.partnership import hint as word_hint
from calypso.words.tricks import explain

CLAIMS = re.compile(
    r"wins the trick|takes the trick|takes this trick|wins with|whatever you play"
    r"|whatever the others play|goes to your side|have it:|\b[A-Z](?:</b>)? wins\b"
)
"""Words that say how a trick ends: none may be shown while players are still to play."""


class GameRules(TypedDict, total=False):
    """Calypso's rule choices a test passes to :class:`~calypso.partnership.game.Game` (C5)."""

    trump_lead: str
    all_fours: bool


def shown(item: object) -> Iterator[str]:
    """Every string a widget (and the widgets inside it) shows or sends to its page: values,
    HTML, labels, the card table's data. Tooltips describe the controls, not the trick."""
    if isinstance(item, w.Widget):
        for key in item.keys:
            if not key.startswith("_") and key not in ("layout", "style", "tooltip", "tooltips"):
                yield from shown(getattr(item, key))
    elif isinstance(item, str):
        yield item
    elif isinstance(item, Mapping):
        for value in item.values():
            yield from shown(value)
    elif isinstance(item, list | tuple):
        for value in item:
            yield from shown(value)


def claims(widget: w.Widget) -> list[str]:
    return [text for text in shown(widget) if CLAIMS.search(text)]


def check_in_progress(table: CardTable, seat: str, result: TrickResult, rule: str) -> None:
    """A trick not over: no verdict, its card winning so far marked and said as such."""
    assert table.verdict == {}
    marked = [(e["seat"], e["card"]["text"], e["mark"]) for e in table.trick if e["winning"]]
    assert marked == [(seat, str(result.winning_card), "winning so far")]
    assert table.standing.startswith(
        f"{seat}'s {result.winning_card.symbol} is winning so far ({rule} as things stand); "
    )
    assert table.standing.endswith("still to play.")


def check_verdict(table: CardTable, seat: str, result: TrickResult, rule: str) -> None:
    """A trick every seat has played to: its verdict, with the ruling's id."""
    assert table.verdict["seat"] == seat and table.verdict["rule"] == rule
    assert table.verdict["headline"].endswith(f" wins with {result.winning_card.symbol}")
    assert table.verdict["sentence"] == explain(result)
    assert [e["mark"] for e in table.trick if e["winning"]] == ["wins"]
    assert table.standing == ""


# -- chapter 02: the trick builder ------------------------------------------------------------

BUILDER = TrickBuilder(link=None)

tricks = st.tuples(
    st.sampled_from(SEATS),
    st.permutations(list(Suit)),
    st.sampled_from(list(VARIANTS)),
)


def builder_expects(
    leader: str, trumps: Sequence[Suit], cards: Sequence[Card], variant: str
) -> tuple[tuple[str, ...], TrickResult]:
    order = play_order(leader, SEATS)
    own = [trumps[SEATS.index(seat)] for seat in order[: len(cards)]]
    return order, resolve_trick(cards, own, trump_lead=VARIANTS[variant][1])


@settings(max_examples=150, deadline=None, derandomize=True)
@given(tricks, st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=3))
def test_the_trick_builder_names_no_winner_before_every_seat_has_played(
    trick: tuple[str, list[Suit], str], cards: list[Card]
) -> None:
    leader, trumps, variant = trick
    BUILDER.apply(TrickState(leader, tuple(cards), tuple(trumps), variant))
    order, result = builder_expects(leader, trumps, cards, variant)
    seat = order[result.winner]
    check_in_progress(BUILDER.trick, seat, result, result.rule.value)
    still = order[len(cards) :]
    assert all(s in BUILDER.trick.standing.split(";")[1] for s in still)
    assert claims(BUILDER) == []
    # The side panel: under each variant, the card winning so far and its ruling as things stand.
    for key, (_, lead, _) in VARIANTS.items():
        under = resolve_trick(cards, result.trumps, trump_lead=lead)
        line = (
            f"<b>{order[under.winner]}</b> is winning so far "
            f"({under.winning_card.symbol}, {under.rule.value} as things stand)"
        )
        assert line in BUILDER.compare.value, key
    assert "is not over" in BUILDER.compare.value


@settings(max_examples=60, deadline=None, derandomize=True)
@given(tricks, st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4))
def test_a_complete_trick_in_the_builder_keeps_its_verdict_and_ruling(
    trick: tuple[str, list[Suit], str], cards: list[Card]
) -> None:
    leader, trumps, variant = trick
    BUILDER.apply(TrickState(leader, tuple(cards), tuple(trumps), variant))
    order, result = builder_expects(leader, trumps, cards, variant)
    check_verdict(BUILDER.trick, order[result.winner], result, result.rule.value)
    for _, lead, _ in VARIANTS.values():
        under = resolve_trick(cards, result.trumps, trump_lead=lead)
        line = (
            f"<b>{order[under.winner]}</b> wins ({under.winning_card.symbol}, {under.rule.value})"
        )
        assert line in BUILDER.compare.value


def test_the_builders_example_nine_hearts_four_clubs_is_only_winning_so_far() -> None:
    # S leads 9♥ (S's trump is ♠) and W ruffs with 4♣, W's own trump: W is ahead by C4.4, but
    # N and E are still to play, and E's 6♦ would take it (the rulings' own check of C4.4).
    builder = TrickBuilder(link=None)
    builder.set_trick("S", "9H 4C")
    assert builder.trick.standing == (
        "W's 4♣ is winning so far (C4.4 as things stand); N and E are still to play."
    )
    assert builder.trick.verdict == {} and claims(builder) == []
    builder.type_text("9H 4C 2H 6D")
    assert (builder.trick.verdict["seat"], builder.trick.verdict["rule"]) == ("E", "C4.4")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_picking_dealt_cards_one_by_one_names_no_winner_until_the_fourth(seed: int) -> None:
    builder = TrickBuilder(seed=seed, link=None)
    builder.check_legal.value = True
    for count in range(1, 5):
        card = next(c["text"] for r in builder.picker.rows for c in r["cards"] if c["playable"])
        builder.picker.receive({"type": "pick", "card": card})
        assert len(builder.played) == count
        _, result = builder_expects(
            builder.leader.value, builder.trump_picker.trumps, builder.played, "ranked"
        )
        seat = builder.seats[result.winner]
        if count < 4:
            check_in_progress(builder.trick, seat, result, result.rule.value)
            assert claims(builder) == []
        else:
            check_verdict(builder.trick, seat, result, result.rule.value)


# -- chapter 10: one trick, three games -------------------------------------------------------


def three_games(
    leader: str, cards: Sequence[Card], whist_trump: str
) -> dict[str, tuple[tuple[str, ...], TrickResult, str]]:
    """Per game: its play order from ``leader``, the engine's result, the ruling's id."""
    clockwise = play_order(leader, SEATS)
    bridge = play_order(leader, call_bridge.SEATS)
    own = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
    calypso = resolve_trick(cards, [own[s] for s in clockwise[: len(cards)]])
    bridge_result = resolve_trick(cards, trump=call_bridge.TRUMP)
    whist = resolve_trick(cards, trump=None if whist_trump == NO_TRUMP else whist_trump)
    return {
        "Calypso": (clockwise, calypso, calypso.rule.value),
        "Call Bridge": (bridge, bridge_result, call_bridge.rule_id(bridge_result.rule.value)),
        "Collett Whist": (clockwise, whist, whist.rule.value),
    }


THREE = ThreeRules()
whist_trumps = st.sampled_from(["S", "H", "D", "C", NO_TRUMP])


def show_three(leader: str, cards: Sequence[Card], trump: str) -> None:
    THREE.leader.value, THREE.trump.value = leader, trump
    THREE.cards.value = cards_text(cards)
    THREE.update()


@settings(max_examples=120, deadline=None, derandomize=True)
@given(
    st.sampled_from(SEATS),
    st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=3),
    whist_trumps,
)
def test_three_games_name_no_winner_before_all_four_have_played(
    leader: str, cards: list[Card], trump: str
) -> None:
    show_three(leader, cards, trump)
    for game, (order, result, rule) in three_games(leader, cards, trump).items():
        seat = order[result.winner]
        check_in_progress(THREE.tables[game], seat, result, rule)
        row = f"<b>{seat}</b>'s {result.winning_card.symbol} ({rule} as things stand)"
        assert row in THREE.table.value, game
    assert "winning so far" in THREE.table.value
    assert claims(THREE) == []


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.sampled_from(SEATS),
    st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4),
    whist_trumps,
)
def test_three_games_give_each_complete_trick_its_verdict_and_ruling(
    leader: str, cards: list[Card], trump: str
) -> None:
    show_three(leader, cards, trump)
    for game, (order, result, rule) in three_games(leader, cards, trump).items():
        check_verdict(THREE.tables[game], order[result.winner], result, rule)
        assert f"<b>{order[result.winner]}</b> ({rule_link(rule)})" in THREE.table.value


def test_the_issues_three_games_example() -> None:
    # 9♥ 4♣ led by S: W's ruff is ahead in Calypso (C4.4); in both whist games S's 9♥ is ahead
    # (B4.2, W5.2 with ♦ turned). Nobody has won yet.
    show_three("S", [Card.parse("9H"), Card.parse("4C")], "D")
    standing = [THREE.tables[game].standing.split(" is ")[0] for game in THREE.tables]
    assert standing == ["W's 4♣", "S's 9♥", "S's 9♥"]
    assert all(table.verdict == {} for table in THREE.tables.values())


# -- chapters 05, 07 and 08: tables where a game is played ----------------------------------


def test_the_play_table_marks_only_the_card_winning_so_far_until_a_trick_is_complete() -> None:
    table = PlayTable(seed=4, seat=ALL_SEATS)
    bots = make_players("greedy", 4)
    game = table.game
    seen = Counter[int]()
    while not game.is_over and game.deal_number == 0:
        table.play(bots[SEATS.index(str(game.turn))].choose(game))
        game = table.game
        seen[len(game.trick)] += 1
        if game.trick:
            order = play_order(game.trick_leader, SEATS)
            trumps = [game.trump(s) for s in order[: len(game.trick)]]
            result = resolve_trick(game.trick, trumps, trump_lead=game.options.trump_lead)
            check_in_progress(table.felt, order[result.winner], result, result.rule.value)
            assert claims(table) == []
        elif game.tricks[-1] or game.deal_number:
            done = (game.tricks[-1] or game.tricks[-2])[-1]
            check_verdict(table.felt, done.winner, game.trick_result(done), done.rule.value)
    assert [seen[n] for n in range(4)] == [13, 13, 13, 13]  # one deal: 13 tricks of four


@pytest.mark.parametrize("players", [3, 4])
def test_the_auction_table_names_no_winner_before_every_seat_has_played(players: int) -> None:
    table = AuctionTable(seed=3, players=players)
    seen = 0
    while not table.seating.over:
        table.advance(1)
        game = table.game
        if game.phase is AuctionPhase.PLAY and game.trick and not table.seating.over:
            seen += 1
            order = play_order(game.trick_leader, game.seats)
            trumps = [game.trump(s) for s in order[: len(game.trick)]]
            result = resolve_trick(game.trick, trumps, trump_lead=game.options.trump_lead)
            check_in_progress(table.felt, order[result.winner], result, result.rule.value)
            assert claims(table) == []
    assert seen > 10
    assert table.felt.verdict["rule"]  # the hand's last trick, complete, keeps its verdict


@pytest.mark.parametrize(("game", "players"), [("call-bridge", 4), ("collett-whist", 5)])
def test_the_whist_table_names_no_winner_before_every_seat_has_played(
    game: str, players: int
) -> None:
    table = WhistTable(game=game, seed=2, players=players)
    bots = whist_bots(table.game.n, 2)
    seen = 0
    while not table.seating.over:
        play = table.game
        if table.seating.waiting():
            table.next_trick()
        elif play.phase is Phase.CALLS:
            table.human_call(bots[play.index(table.you)].call(play))
        else:
            table.human_card(play.legal_plays()[0])
        play = table.game
        if play.trick and not table.seating.over:
            seen += 1
            order = play_order(play.trick_leader, play.seats)
            result = resolve_trick(play.trick, trump=play.trump)
            rule = result.rule.value
            if play.seats == call_bridge.SEATS:
                rule = call_bridge.rule_id(rule)
            check_in_progress(table.felt, order[result.winner], result, rule)
            assert claims(table) == []
    assert seen > 3


# -- chapter 05: the hint ---------------------------------------------------------------------


def possible_cards(game: Game, seat: str, taken: Counter[Card]) -> list[Card]:
    """The cards ``seat`` could play to the trick as far as the learner can tell: any card of
    the 208-card pack (four copies of each, C2) not in the learner's hand, not played already
    and not ``taken`` by an earlier player still to play, and of no suit the seat has shown it
    lacks this deal (C3: a player who did not follow holds none of the suit led)."""
    seen = Counter(game.hand(str(game.turn))) + Counter(game.moves) + taken
    lacks = set()
    for trick in game.tricks[-1]:
        led = trick.cards[0].suit
        for who, card in zip(trick.seats, trick.cards, strict=True):
            own = game.options.all_fours and card.suit == game.trump(who)
            if card.suit != led and not own:
                lacks.add((who, led))
    return [c for c in ALL_CARDS if seen[c] < 4 and (seat, c.suit) not in lacks]


def completions(game: Game, cards: list[Card], later: Sequence[str]) -> Iterator[list[Card]]:
    """Every way the players still to play could finish the trick."""
    if not later:
        yield cards
        return
    taken = Counter(cards[len(game.trick) :])
    for card in possible_cards(game, later[0], taken):
        yield from completions(game, [*cards, card], later[1:])


def check_hint(game: Game, card: Card, *, enumerate_leads: bool) -> str:
    """Check every claim the hint for ``card`` makes against the engine; return the hint."""
    hint = word_hint(greedy_hint(game, card))
    me = str(game.turn)
    order = play_order(game.trick_leader, SEATS)
    trumps = [game.trump(s) for s in order]
    ruff_wins = game.options.trump_lead is TrumpLead.RUFF_WINS
    cards = [*game.trick, card]
    later = order[len(cards) :]
    winner = order[trick_winner(cards, trumps[: len(cards)], ruff_wins)[0]]
    ours = {me, game.partner(me)}
    if later:
        assert not CLAIMS.search(hint), hint  # nothing is certain yet
    if later and game.trick:
        named = re.findall(r"([NESW]),? (?:who )?is winning so far", hint)
        assert named in ([winner], []), hint
        assert ("puts you ahead so far" in hint) == (winner == me), hint
        listed = hint.rsplit(". ", 1)[-1]
        assert re.findall(r"\b[NESW]\b", listed) == list(later), hint
    if not later:  # the learner plays last: the trick's taker is settled by this card
        for seat in re.findall(r"([NESW]) takes this trick|let ([NESW]) have it", hint):
            assert winner in seat, hint
        if "wins the trick for you" in hint:
            assert winner == me, hint
        if "goes to your side" in hint:
            assert winner in ours, hint
    if "You could" in hint or "None of the cards you may play" in hint:
        takers = {
            order[trick_winner([*game.trick, c], trumps[: len(cards)], ruff_wins)[0]]
            for c in game.legal_plays()
        }
        assert bool(takers & ours) == ("You could" in hint), hint
    if not game.trick and card.suit != game.trump(me):
        assert hint.startswith("You have no"), hint
    if not game.trick and card.suit == game.trump(me):
        assert hint.startswith("Lead your own suit"), hint
        if enumerate_leads:
            check_lead(game, card, hint, trumps, ruff_wins)
    return hint


def check_lead(game: Game, card: Card, hint: str, trumps: Sequence[Suit], ruff_wins: bool) -> None:
    """A lead of the learner's own suit: what the hint says can beat it, over every way the
    three others could play to it."""
    order = play_order(game.trick_leader, SEATS)
    for full in completions(game, [card], order[1:]):
        w, _ = trick_winner(full, trumps, ruff_wins)
        ruffs = [i for i in range(1, 4) if full[i].suit == trumps[i] != card.suit]
        if "any ruff beats it" in hint:
            assert (w != 0) == bool(ruffs), (hint, full)
        elif "cannot beat an ace" in hint:
            assert w == 0, (hint, full)
        elif re.search(r"higher ruff|ruff higher", hint):
            assert w == 0 or (w in ruffs and full[w].rank > card.rank), (hint, full)
        else:
            pytest.fail(f"the hint says nothing of what can beat the lead: {hint}")


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {}),
        (3, {"trump_lead": "ruff-wins"}),
        (4, {"trump_lead": "ruff-wins"}),
        (5, {"all_fours": True}),
    ],
)
def test_the_hint_claims_only_what_the_players_still_to_play_cannot_change(
    seed: int, options: GameRules
) -> None:
    game = Game(seed, **options)
    bots = make_players("greedy", seed)
    counts: Counter[str] = Counter()
    while not game.is_over:
        card = GreedyBot(random.Random(len(game.moves))).choose(game)
        leads = counts["own lead"]
        hint = check_hint(game, card, enumerate_leads=leads < 3 or card.rank == Rank.ACE)
        counts["own lead" if hint.startswith("Lead your own") else f"{len(game.trick)} played"] += 1
        game.play(bots[SEATS.index(str(game.turn))].choose(game))
    assert counts["own lead"] and all(counts[f"{n} played"] for n in range(4))


def test_a_hint_in_the_middle_of_a_trick_speaks_of_winning_so_far() -> None:
    # Seed 4, first trick: N leads and E follows; S is to play with W still to come.
    game = Game(4)
    bots = make_players("greedy", 4)
    for _ in range(2):
        game.play(bots[SEATS.index(str(game.turn))].choose(game))
    card = GreedyBot(random.Random(2)).choose(game)
    hint = word_hint(greedy_hint(game, card))
    assert hint.endswith("W is still to play."), hint
    assert "so far" in hint and not CLAIMS.search(hint)
