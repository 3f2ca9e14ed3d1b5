"""The rulings' ids in plain words: what a learner reads behind "Rule C4.4".

Every verdict the site shows names the ruling that decided it by its id (``docs/rulings.md``).
This module gives each id a short title in plain words, in the page's language
(:func:`rule_words`), and says where the tutorial teaches it (:func:`taught_in`). Chapter 00
lists them all under "Rule ids", one anchor per id (:func:`rule_anchor`, :func:`glossary_html`),
so a link to ``00-welcome.ipynb#rule-C4.4`` lands on the words for ``C4.4``.

>>> rule_words("C4.4")
'Another suit was led and someone ruffed: the highest ruff wins'
>>> from calypso.i18n import language
>>> with language("en"):
...     rule_words("W5.2")
'No trump was played, or there is none: the highest card of the led suit wins'
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from calypso.i18n import N_, _, current, rule_label
from calypso.lessons.chapters import find_chapter


@dataclass(frozen=True)
class Ruling:
    """One ruling id, its title in plain words (an English message id), and the chapter (its
    slug) and heading (as the English page writes it) under which the tutorial teaches it."""

    id: str
    words: str
    chapter: str
    heading: str


RULINGS = (
    Ruling(
        "C1",
        N_("Four seats, two partnerships, and a trump suit for each player"),
        "table",
        "A trump suit for each player",
    ),
    Ruling(
        "C2",
        N_("One pack of 208 cards, shuffled once, dealt in four deals of 13 each"),
        "table",
        "One shuffle, four deals",
    ),
    Ruling(
        "C3",
        N_("Follow the suit led if you can; nobody has to ruff or beat the trick"),
        "table",
        "How a trick goes",
    ),
    Ruling("C4", N_("Who wins a trick: five cases"), "who-wins", "The five cases"),
    Ruling(
        "C4.1",
        N_("The leader led their own trump and nobody ruffed: the leader wins"),
        "who-wins",
        "The five cases",
    ),
    Ruling(
        "C4.2",
        N_(
            "The leader led their own trump and someone ruffed: the highest of the "
            "led card and the ruffs wins"
        ),
        "who-wins",
        "The five cases",
    ),
    Ruling(
        "C4.3",
        N_("Another suit was led and nobody ruffed: the highest card of the led suit wins"),
        "who-wins",
        "The five cases",
    ),
    Ruling(
        "C4.4",
        N_("Another suit was led and someone ruffed: the highest ruff wins"),
        "who-wins",
        "The five cases",
    ),
    Ruling(
        "C4.5",
        N_("Two deciding cards tie for the highest rank: the one played first wins"),
        "who-wins",
        "The five cases",
    ),
    Ruling(
        "C5",
        N_("Variants: ruff-wins, and all fours (your own suit at any time)"),
        "who-wins",
        "Where the rule texts disagree",
    ),
    Ruling(
        "C5.ruff-wins",
        N_(
            "Ruff-wins variant: the leader led their own trump and someone "
            "ruffed: the highest ruff wins"
        ),
        "who-wins",
        "Where the rule texts disagree",
    ),
    Ruling(
        "C6",
        N_("Building calypsos: where the cards of a won trick go"),
        "calypsos",
        "Where the cards of a won trick go",
    ),
    Ruling(
        "C7",
        N_("Scoring: calypsos, cards in a calypso in progress, and the pile"),
        "scoring",
        "What everything is worth",
    ),
    Ruling(
        "C8",
        N_("Playing a match of several games up to a target score"),
        "scoring",
        "Playing to a target",
    ),
    Ruling(
        "A1",
        N_("Auction Calypso: three players, each for themselves, with the 208 cards"),
        "auction",
        "Why an auction",
    ),
    Ruling(
        "A2",
        N_("The setup: which cards the calypsos in progress start with"),
        "auction",
        "Why an auction",
    ),
    Ruling(
        "A3",
        N_("The deal: 17 cards each, and the deal passes to the left"),
        "auction",
        "Why an auction",
    ),
    Ruling("A4", N_("The auction: bids, passes, doubles and redoubles"), "auction", "The auction"),
    Ruling(
        "A5",
        N_("The contract: the declarer's trump, and a trump given to each opponent"),
        "auction",
        "Choosing the opponents' trumps",
    ),
    Ruling(
        "A6",
        N_("Where won cards go: your trump's cards to its calypso, the rest to your pile"),
        "auction",
        "Play a hand",
    ),
    Ruling(
        "A7", N_("Scoring a hand with a contract: made or failed"), "auction", "Scoring a contract"
    ),
    Ruling(
        "A8",
        N_("Misère: nobody bid, so the most card points cost the most"),
        "auction",
        "The auction",
    ),
    Ruling(
        "A9",
        N_("Between hands: the sin-bin and the green room"),
        "auction",
        "Between hands: the sin-bin and the green room",
    ),
    Ruling(
        "A10",
        N_("End of the game: a set number of hands, then the highest total wins"),
        "auction",
        "Between hands: the sin-bin and the green room",
    ),
    Ruling(
        "P1",
        N_("Auction Calypso for four: two sides of partners"),
        "auction",
        "Four players in partnerships",
    ),
    Ruling("P2", N_("The auction with four players"), "auction", "Four players in partnerships"),
    Ruling(
        "P3",
        N_("The contract and won cards with partners"),
        "auction",
        "Four players in partnerships",
    ),
    Ruling("P4", N_("Scoring by sides"), "auction", "Four players in partnerships"),
    Ruling(
        "P5",
        N_("With four: the number of hands, the sin-bin and the end"),
        "auction",
        "Four players in partnerships",
    ),
    Ruling(
        "B1",
        N_("Call Bridge: four players, one pack, play going to the right"),
        "cousins",
        "Call Bridge",
    ),
    Ruling(
        "B2",
        N_("Calls: how many tricks each player expects, from 2 to 12"),
        "cousins",
        "Call Bridge",
    ),
    Ruling(
        "B3",
        N_("Follow suit; if you cannot, play a spade that beats the spades so far"),
        "cousins",
        "Call Bridge",
    ),
    Ruling(
        "B4", N_("Who wins a Call Bridge trick: spades are always trumps"), "cousins", "Call Bridge"
    ),
    Ruling("B4.1", N_("A spade was played: the highest spade wins"), "cousins", "Call Bridge"),
    Ruling(
        "B4.2",
        N_("No spade was played: the highest card of the led suit wins"),
        "cousins",
        "Call Bridge",
    ),
    Ruling(
        "B5",
        N_("Scoring a Call Bridge round: your call, or 13 for a bonus call"),
        "cousins",
        "Both scorings",
    ),
    Ruling(
        "B6",
        N_("End of a Call Bridge game: the first round to reach the target"),
        "cousins",
        "Both scorings",
    ),
    Ruling(
        "W1", N_("Collett Whist: three to seven players and one pack"), "cousins", "Collett Whist"
    ),
    Ruling(
        "W2",
        N_("Eighteen rounds: from 1 card each up to 7, and back down to 1"),
        "cousins",
        "Collett Whist",
    ),
    Ruling(
        "W3", N_("The turned-up trump, and the four special rounds"), "cousins", "Collett Whist"
    ),
    Ruling("W4", N_("Calls: how many tricks each player will take"), "cousins", "Collett Whist"),
    Ruling(
        "W5",
        N_("Who wins a Collett Whist trick: one trump suit for everyone"),
        "cousins",
        "Collett Whist",
    ),
    Ruling(
        "W5.1",
        N_("Trumps were played: the highest trump wins"),
        "cousins",
        "One trick, three games",
    ),
    Ruling(
        "W5.2",
        N_("No trump was played, or there is none: the highest card of the led suit wins"),
        "cousins",
        "One trick, three games",
    ),
    Ruling(
        "W6",
        N_("Scoring a Collett Whist round: exactly your call, or nothing"),
        "cousins",
        "Both scorings",
    ),
    Ruling(
        "W7",
        N_("End of a Collett Whist game: after round 18, the highest total wins"),
        "cousins",
        "Both scorings",
    ),
)
"""Every ruling id a learner can meet, in the order of ``docs/rulings.md``."""

_BY_ID = {ruling.id: ruling for ruling in RULINGS}


def ruling(rule_id: str) -> Ruling:
    """The ruling whose id is ``rule_id``.

    >>> ruling("C6").chapter
    'calypsos'
    >>> ruling("C9")
    Traceback (most recent call last):
    ...
    ValueError: unknown ruling id 'C9': see docs/rulings.md for the ids
    """
    if rule_id not in _BY_ID:
        raise ValueError(f"unknown ruling id {rule_id!r}: see docs/rulings.md for the ids")
    return _BY_ID[rule_id]


def rule_words(rule_id: str) -> str:
    """The ruling ``rule_id`` (``"C4.4"``) as a short title in plain words, in the page's
    language; an id that ``docs/rulings.md`` does not define raises ValueError.

    >>> rule_words("C4.1")
    'The leader led their own trump and nobody ruffed: the leader wins'
    >>> rule_words("C4.9")
    Traceback (most recent call last):
    ...
    ValueError: unknown ruling id 'C4.9': see docs/rulings.md for the ids
    """
    return _(ruling(rule_id).words)


def rule_anchor(rule_id: str) -> str:
    """The id of the ruling's entry in chapter 00's list of rule ids (an element id, and the
    fragment a link to it ends with).

    >>> rule_anchor("C5.ruff-wins")
    'rule-C5.ruff-wins'
    """
    return f"rule-{ruling(rule_id).id}"


def _page(slug: str) -> str:
    """A chapter's page where this Python runs: ``.html`` on the static site, whose Python runs
    in the browser (Pyodide, ``sys.platform`` "emscripten"), the notebook under Voila."""
    file = find_chapter(slug).file
    return file.replace(".ipynb", ".html") if sys.platform == "emscripten" else file


def rule_href(rule_id: str) -> str:
    """The link, from a chapter page in the language in use, to the ruling's words in chapter
    00's list of rule ids.

    >>> rule_href("C4.4")
    '00-welcome.ipynb#rule-C4.4'
    """
    return f"{_page('welcome')}#{rule_anchor(rule_id)}"


def rule_link(rule_id: str) -> str:
    """The ruling's id as a link to its words in chapter 00's list of rule ids, opened in a new
    tab so that the page it is on stays as it is; the words are its tooltip too.

    >>> print(rule_link("C4.3"))  # doctest: +NORMALIZE_WHITESPACE
    <a class="calypso-rule" data-rule="C4.3" href="00-welcome.ipynb#rule-C4.3" target="_blank"
    title="Another suit was led and nobody ruffed: the highest card of the led suit wins">C4.3</a>
    """
    return (
        f'<a class="calypso-rule" data-rule="{escape(rule_id)}" href="{escape(rule_href(rule_id))}"'
        f' target="_blank" title="{escape(rule_words(rule_id))}">{escape(rule_id)}</a>'
    )


def taught_in(rule_id: str) -> str:
    """The link, from a page in the language in use, to the section that teaches the ruling:
    the chapter's page in that language and, on an English page, its heading.

    >>> taught_in("C4.4")
    '02-who-wins-the-trick.ipynb#The-five-cases'
    >>> from calypso.i18n import language
    >>> with language("hu"):
    ...     taught_in("C4.4"), taught_in("W5.1")
    ('02-who-wins-the-trick.ipynb', '10-cousins.ipynb')
    """
    entry = ruling(rule_id)
    href = _page(entry.chapter)
    if current() != "en":
        return href  # the page in this language, whose headings are its own
    return f"{href}#{quote(entry.heading.replace(' ', '-'), safe='?/:@!$&()*+,;=')}"


def glossary_html() -> str:
    """Chapter 00's list of rule ids: each id (with its anchor), its words, and a link to the
    chapter that teaches it, as an HTML description list.

    >>> html = glossary_html()
    >>> '<dt id="rule-C4.4">' in html, html.count("<dt ")
    (True, 46)
    """
    items = []
    for entry in RULINGS:
        chapter = find_chapter(entry.chapter)
        href = taught_in(entry.id)
        link = f'<a href="{escape(href)}">{escape(_(chapter.title))}</a>'
        if href.startswith("../"):  # a page of another language than this one's: English
            link += escape(_(" (in English)"))
        taught = _("Taught in chapter {number}, {chapter}.").format(
            number=chapter.number, chapter=link
        )
        items.append(
            f'<dt id="{rule_anchor(entry.id)}"><b>{escape(rule_label(entry.id))}</b></dt>'
            f"<dd>{escape(rule_words(entry.id))}. <small>{taught}</small></dd>"
        )
    return f'<dl class="calypso-glossary">{"".join(items)}</dl>'
