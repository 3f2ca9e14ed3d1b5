"""The words layer: what the engine and the game families decide, said in the page's language
(:mod:`calypso.i18n`), one module for each:

- :mod:`calypso.words.tricks`: a trick's verdict and rulings, a refused card, who is still to play;
- :mod:`calypso.words.outcome`: how a game, a hand or a round ended;
- :mod:`calypso.words.partnership`: Calypso's hints and where a won card goes (C6);
- :mod:`calypso.words.auction`: bids, refused calls and a contract's score lines (A4, A7);
- :mod:`calypso.words.refusals`: every refusal raised again in the learner's words;
- :mod:`calypso.words.pages`: the page template's own words.

The engine's errors and the command line say a refusal through the same words, in English
(:func:`in_english`), so every refusal is worded once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from calypso.i18n import language

P = ParamSpec("P")


def in_english(word: Callable[P, str], *args: P.args, **kwargs: P.kwargs) -> str:
    """``word(...)`` in English, whatever the page's language: how the engine's errors and
    the command line word a refusal (one wording, the catalogs' source)."""
    with language("en"):
        return word(*args, **kwargs)
