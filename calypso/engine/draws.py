"""Random whole numbers drawn in batches: the very numbers a ``random.Random`` gives one call at
a time (``rng.choice``, ``rng.shuffle``), in the same order, leaving the generator where those
calls leave it.

A generator's ``choice`` and ``shuffle`` turn 32-bit words of its Mersenne Twister into whole
numbers below ``n``: each try keeps the top ``n.bit_length()`` bits of one word and is taken
when below ``n``, so every number costs one word or more. :class:`Draws` fetches the words many
at a time with one ``getrandbits`` call (whose bits are the same words, the first lowest) and
never more than the numbers still to come will certainly use: told how many numbers it will
give, it can never overdraw, so the generator stays exact for whoever uses it next.

>>> import random
>>> one_by_one = random.Random(9)
>>> expected = [one_by_one.choice(range(n)) for n in (3, 1, 13, 208)]
>>> rng = random.Random(9)
>>> draws = Draws(rng, 4)
>>> [draws.below(n) for n in (3, 1, 13, 208)] == expected
True
>>> rng.random() == one_by_one.random()
True
"""

from __future__ import annotations

import random
import struct
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_SHIFT = tuple(32 - n.bit_length() for n in range(1 << 12))
"""How far a 32-bit word is shifted to keep the bits of a try for a number below ``n``."""


class Draws:
    """``count`` whole numbers (or more, see :meth:`below`) from ``rng``, each below a bound
    given when it is drawn, exactly as ``rng`` gives them one call at a time."""

    __slots__ = ("_left", "_next", "_rng", "_words")

    def __init__(self, rng: random.Random, count: int) -> None:
        if count < 1:
            raise ValueError(f"bad count {count!r}: expected a whole number from 1 up")
        self._rng = rng
        self._left = count
        self._words: tuple[int, ...] = ()
        self._next = 0
        self._fetch(count)

    def _fetch(self, words: int) -> None:
        """Fetch ``words`` more words: no more than the numbers still to come will use."""
        bits = self._rng.getrandbits(32 * words).to_bytes(4 * words, "little")
        self._words = struct.unpack(f"<{words}I", bits)
        self._next = 0

    def below(self, n: int) -> int:
        """The next whole number in ``range(n)``, as ``rng.choice`` would draw it.

        Drawing more numbers than ``count`` is allowed: each later one is fetched alone.
        """
        if n < 1:
            raise ValueError(f"bad bound {n!r}: expected a whole number from 1 up")
        words, i = self._words, self._next
        shift = _SHIFT[n] if n < 4096 else 32 - n.bit_length()
        while True:
            if i == len(words):
                self._fetch(max(self._left, 1))
                words, i = self._words, 0
            r = words[i] >> shift
            i += 1
            if r < n:
                self._next = i
                self._left -= 1
                return r


def shuffle(items: MutableSequence[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, words in batches.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(4).shuffle(a)
    >>> shuffle(b, random.Random(4))
    >>> a == b
    True
    """
    if len(items) < 2:
        return
    draws = Draws(rng, len(items) - 1)
    for i in range(len(items) - 1, 0, -1):
        j = draws.below(i + 1)
        items[i], items[j] = items[j], items[i]
