"""Where the browser-side files of every anywidget live: ``static/``, beside this module.

Each widget names its JavaScript (and CSS) as ``STATIC / "name.js"``; the wheel carries the
folder (``pyproject.toml``'s package data). anywidget loads one ES module per widget: the card
table's is kept in a few files by role (:data:`CARD_TABLE`), which :func:`joined` puts together.

>>> (STATIC / "cardtable.css").is_file(), STATIC.name
(True, 'static')
>>> script = joined(CARD_TABLE)
>>> script.startswith("// The card table's view"), script.endswith("export default { render };\\n")
(True, True)
"""

from __future__ import annotations

import pathlib
from collections.abc import Sequence

STATIC = pathlib.Path(__file__).resolve().parent / "static"
"""The folder of the widgets' JavaScript and CSS files."""

CARD_TABLE = (
    "cardtable-parts.js",
    "cardtable-view.js",
    "cardtable-trick.js",
    "cardtable-answers.js",
    "cardtable-hand.js",
    "cardtable-render.js",
)
"""The card table's view by role, in the order they are joined: the page's keys, its words and
the parts a drawing makes (seat panels included); the view built once and what its traits say;
the seats and the trick; the verdict, the reply and an exercise's question, choices and ending;
the hand; then thinking, the look, the keys, the listener table and ``render`` (the export)."""


def joined(names: Sequence[str]) -> str:
    """The files ``names`` of :data:`STATIC`, one after the other with a blank line between.

    >>> joined(CARD_TABLE).count("export default") == 1
    True
    """
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in names)
