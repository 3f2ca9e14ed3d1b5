"""The page template's own words: what a page says before any widget can (the server is busy,
the connection is lost, the static site's cards are still being got ready), in every language
of the site, from the catalogs.

Both templates (``site/voila/templates/calypso/`` and the static site's, which extends it) read
them from ``page_words.j2`` in the first, a file written from the catalogs by
:func:`template` (``make messages-compile`` writes it again; ``tests/test_i18n.py`` fails while
it is stale).

>>> words("hu")["reload"]
'Újratöltés'
>>> words("en")["busy"]
'The server is busy, so this page is missing some of its exercises. Trying again in {seconds} s.'
"""

from __future__ import annotations

import json
from pathlib import Path

from calypso.i18n import LANGUAGES, N_, _, language

TEMPLATE = Path(__file__).resolve().parents[2] / "site" / "voila" / "templates" / "calypso"
"""Where the written file goes (the Voila template's folder, in a checkout)."""

WORDS = {
    "try_now": N_("Try again now"),
    "still_busy": N_(
        "The server is still busy, so this page is missing some of its exercises. Wait a "
        "minute and try again, or ask your teacher."
    ),
    "busy": N_(
        "The server is busy, so this page is missing some of its exercises. Trying again in "
        "{seconds} s."
    ),
    "scroll": N_("Scroll sideways for more"),
    "scroll_named": N_("{panel} (scroll sideways for more)"),
    "lost": N_(
        "This page has lost its connection to the server. Your answers so far are kept (in "
        "this browser, and on your teacher's board in a class). When the server is back, "
        "reload this page to go on."
    ),
    "back": N_(
        "The server answers again. Reload this page to go on: your answers so far are kept."
    ),
    "reload": N_("Reload"),
    "getting_ready": N_("Getting the table ready: it will answer in a few seconds."),
    "cards_ready": N_("Getting the cards ready…"),
}
"""Each word the pages use, by the name the page's scripts read it under
(``window.calypsoWords``)."""


def words(lang: str) -> dict[str, str]:
    """The template's words in ``lang``."""
    with language(lang):
        return {key: _(message) for key, message in WORDS.items()}


def template() -> str:
    """``page_words.j2``: the words of every language, as a Jinja variable the templates
    import."""
    table = {lang: words(lang) for lang in LANGUAGES}
    return (
        "{#- Written by python -m calypso.words.pages from the catalogs (make messages-compile): "
        "never by hand. -#}\n"
        f"{{%- set WORDS = {json.dumps(table, ensure_ascii=False, sort_keys=True)} %}}\n"
    )


if __name__ == "__main__":
    (TEMPLATE / "page_words.j2").write_text(template(), encoding="utf-8")
