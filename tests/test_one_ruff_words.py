"""Under C5's ruff-wins variant a trick with one ruff is worded as one ruff, in both languages
(issue 34, the second Hungarian reader): "the highest ruff wins" and „a legmagasabb adu üt" are
for two or more.

Expected winners come from docs/rulings.md: under C5.ruff-wins a ruff beats a lead of the
leader's own trump, so the only ruff wins whatever its rank.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.engine.cards import SUITS, Card, Rank
from calypso.engine.tricks import resolve_trick
from calypso.i18n import language
from calypso.words.tricks import explain

RANKS = list(Rank)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Under the ruff-wins rule any ruff beats a lead of the leader's own trump; 4♥ was "
            "the only ruff of A♦, so 4♥ takes the trick.",
        ),
        (
            "hu",
            "Az „adu mindig üt” szabály szerint bármely adu felülüti a hívó saját aduszínének "
            "hívását; az Á♦ lapra egyetlen adu került: 4♥, ezért a 4♥ viszi az ütést.",
        ),
    ],
)
def test_one_ruff_of_the_leaders_own_trump_is_worded_as_one(lang: str, said: str) -> None:
    result = resolve_trick(["AD", "4H", "2D"], ["D", "H", "S"], trump_lead="ruff-wins")
    with language(lang):
        assert explain(result) == said


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_two_ruffs_keep_the_highest_ruff_sentence(lang: str) -> None:
    result = resolve_trick(["AD", "4H", "5C"], ["D", "H", "C"], trump_lead="ruff-wins")
    with language(lang):
        said = explain(result)
    assert ("highest ruff wins" if lang == "en" else "a legmagasabb adu üt") in said
    assert "5♣" in said.rsplit(",", 1)[1]  # C5.ruff-wins: the higher ruff, 5♣, takes it


@st.composite
def one_ruff_tricks(draw: st.DrawFn) -> tuple[list[Card], list[str], int]:
    """A trick of 3 or 4 players with personal trumps: the leader leads their own trump, one
    player ruffs (plays their own, different trump), the others follow the led suit."""
    players = draw(st.integers(3, 4))
    suits = draw(st.permutations(SUITS))[:players]
    ranks = draw(st.permutations(RANKS))
    ruffer = draw(st.integers(1, players - 1))
    cards = [Card(ranks[i], suits[i] if i == ruffer else suits[0]) for i in range(players)]
    return cards, [s.letter for s in suits], ruffer


@settings(max_examples=40, deadline=None)
@given(one_ruff_tricks())
def test_every_one_ruff_trick_names_its_ruff_as_the_only_one(
    trick: tuple[list[Card], list[str], int],
) -> None:
    cards, trumps, ruffer = trick
    result = resolve_trick(cards, trumps, trump_lead="ruff-wins")
    assert result.winner == ruffer
    for lang, one, many in (
        ("en", "the only ruff", "highest ruff"),
        ("hu", "egyetlen adu került", "legmagasabb adu"),
    ):
        with language(lang):
            said = explain(result)
        assert one in said and many not in said, said
