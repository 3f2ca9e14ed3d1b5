"""The strategy lab (calypso/lessons/lab.py, calypso/widgets/lab.py): experiments give the same
figures for the same seeds however they are chunked, the statistics are the textbook ones (worked
out here from the figures), the shy player never leads its own suit while it holds another, and the
lab's widget runs in chunks, stops when asked and says what the figures mean."""

from __future__ import annotations

import asyncio
import math
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.lessons.lab import EXPERIMENTS, Run, ShyBot
from calypso.partnership.bots import make_players
from calypso.partnership.game import SEATS, Game
from calypso.widgets.lab import Lab


@pytest.mark.parametrize("key", [k for k in EXPERIMENTS if k != "expert"])
def test_a_run_is_the_same_however_it_is_chunked(key: str) -> None:
    whole = Run(key, seed=11).more(6)
    chunked = Run(key, seed=11).more(1).more(3).more(2)
    assert whole == chunked and whole.count == 6
    assert Run(key, seed=12).more(5).values == whole.values[1:]


def test_mean_and_standard_error_are_the_textbook_ones() -> None:
    run = Run("calypsos", seed=2, values=(3.0, 5.0, 4.0, 8.0))
    mean = sum(run.values) / 4
    variance = sum((v - mean) ** 2 for v in run.values) / 3
    assert run.mean == mean and math.isclose(run.se, math.sqrt(variance / 4))
    assert math.isnan(Run("calypsos").mean) and math.isnan(Run("calypsos", values=(1.0,)).se)


def test_the_ruff_wins_figure_is_a_share_and_the_calypsos_a_count() -> None:
    run = Run("ruff-wins", seed=1).more(20)
    assert set(run.values) <= {0.0, 100.0}
    for value, seed in zip(run.values, range(1, 21), strict=True):
        winners = {
            Game(seed=seed, trump_lead=lead).play_out(make_players("greedy", seed)).winner
            for lead in ("ranked", "ruff-wins")
        }
        assert value == (100.0 if len(winners) == 2 else 0.0)
    counts = Run("calypsos", seed=1).more(10).values
    assert all(0 <= c <= 16 and c == int(c) for c in counts)  # four players, four calypsos each


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 150))
def test_the_shy_player_leads_its_own_suit_only_when_it_holds_nothing_else(
    seed: int, moves: int
) -> None:
    game = Game(seed=seed)
    players = make_players("random", seed)
    for _ in range(moves):
        game.play(players[game.index(str(game.turn))].choose(game))
    while game.trick:  # to the next lead
        game.play(players[game.index(str(game.turn))].choose(game))
    seat = str(game.turn)
    own = game.options.trumps[SEATS.index(seat)]
    card = ShyBot(random.Random(seed)).choose(game)
    assert card in game.legal_plays()
    assert card.suit != own or all(c.suit == own for c in game.hand(seat))


def test_the_lab_plays_says_and_charts_what_it_found() -> None:
    lab = Lab("own-suit", seed=3)
    assert "Press Run" in lab.result.value and lab.progress.value == 0
    lab.size.value = 10
    lab.run_all()
    run = lab.run
    assert run.count == lab.progress.value == lab.progress.max == 10
    html = lab.result.value
    assert "After 10 duplicate pairs (game seeds 3 to 12)" in html
    assert "two standard errors" in html and html.count('class="calypso-bar-row"') >= 2
    lab.experiment.value = "calypsos"
    assert lab.run.count == 0 and "Press Run" in lab.result.value


def test_run_plays_in_chunks_and_stop_keeps_the_figures_so_far() -> None:
    lab = Lab("calypsos", seed=1)
    lab.size.value = 50
    chunks: list[int] = []

    async def stop_after_two_chunks() -> None:
        lab.start()
        assert lab.go.disabled and not lab.stop.disabled
        while lab.run.count < 10:
            chunks.append(lab.run.count)
            await asyncio.sleep(0.01)
        lab.halt()
        assert lab.task is not None
        await lab.task

    # a thread of its own: the browser tests' Playwright may run a loop in this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, stop_after_two_chunks()).result()
    assert 10 <= lab.run.count < 50 and not lab.running and not lab.go.disabled
    assert lab.run == Run("calypsos", seed=1).more(lab.run.count)
    assert 5 in chunks  # a part-played run was seen between chunks: the page had its turn


def test_a_link_opens_the_experiment_ready_to_run_and_a_bad_one_says_so() -> None:
    lab = Lab()
    lab.experiment.value, lab.seed.value, lab.size.value = "ruff-wins", 40, 50
    assert lab.link.value == "ruff-wins.40.50"
    other = Lab()
    other.link.opened = "ruff-wins.40.50"
    assert (other.run.key, other.run.seed, other.size.value) == ("ruff-wins", 40, 50)
    other.link.opened = "ruff-wins.40.49"
    assert "does not name an experiment" in other.message.value


def test_hungarian_writes_the_lab_figures_with_a_decimal_comma() -> None:
    from calypso.i18n import language

    with language("hu"):
        lab = Lab()
        lab.experiment.value = "calypsos"
        lab.size.value = 10
        lab.run_all()
        text = lab.result.value
    mean = sum(lab.run.values) / len(lab.run.values)
    written = f"{mean:.1f}".replace(".", ",").removesuffix(",0")
    assert written in text
    assert not re.search(r"\d\.\d", text.partition("<figure")[0]), text
    with language("en"):
        lab.show()
        assert f"{mean:.1f}".removesuffix(".0") in lab.result.value
