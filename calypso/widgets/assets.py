"""Where the browser-side files of every anywidget live: ``static/``, beside this module.

Each widget names its JavaScript (and CSS) as ``STATIC / "name.js"``; the wheel carries the
folder (``pyproject.toml``'s package data).

>>> (STATIC / "cardtable.js").is_file(), STATIC.name
(True, 'static')
"""

from __future__ import annotations

import pathlib

STATIC = pathlib.Path(__file__).resolve().parent / "static"
"""The folder of the widgets' JavaScript and CSS files."""
