"""How tests/test_hungarian_chapters.py works the widgets of the Hungarian page of chapter 10
(Call Bridge and Collett Whist) through their states: one function per widget class, in
:data:`WORKERS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Each widget class of the page, and the function that works it through its states.
WORKERS: dict[type, Callable[[Any], None]] = {}
