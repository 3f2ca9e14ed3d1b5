"""A lesson plan's link opens the trick builder in presenter mode (flag ``p``): big cards for
a projector from the first moment, the winner hidden when the link says so too; ticking
*Presenter* writes the flag into the page address, and every other trick the builder loads
keeps the mode."""

from __future__ import annotations

import pytest

from calypso.lessons.examples import WORKED_EXAMPLES
from calypso.widgets import TrickBuilder
from calypso.widgets.trickstate import TrickState


def test_a_presenter_link_opens_big_cards_with_the_winner_hidden() -> None:
    builder = TrickBuilder()
    assert builder.link is not None
    builder.link.opened = "N.2H-AH-AH-AH.HDSC.ranked.r.p"
    assert builder.presenter.value and builder.trick.presenter
    assert builder.trick.reveal_mode and not builder.trick.revealed
    assert [str(c) for c in builder.cards] == ["2H", "AH", "AH", "AH"]
    assert builder.link.value == "N.2H-AH-AH-AH.HDSC.ranked.r.p"


def test_ticking_presenter_writes_the_flag_and_examples_keep_it() -> None:
    builder = TrickBuilder()
    assert builder.link is not None
    builder.set_trick("E", "KD 4S 2D 3D")
    builder.presenter.value = True
    assert builder.link.value == "E.KD-4S-2D-3D.HDSC.ranked.p"
    builder.load(WORKED_EXAMPLES[1].key)
    assert builder.presenter.value and builder.state.presenter
    builder.presenter.value = False
    assert not builder.link.value.endswith(".p")


def test_a_link_without_the_flag_and_a_doubled_flag() -> None:
    assert not TrickState.from_link("N.9H.HDSC.ranked").presenter
    for bad in ("N.9H.HDSC.ranked.p.p", "N.9H.HDSC.ranked.q"):
        with pytest.raises(ValueError, match="does not hold a trick"):
            TrickState.from_link(bad)
