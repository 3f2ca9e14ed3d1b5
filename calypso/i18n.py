"""Words for the learner, in the page's language: gettext catalogs, managed with Babel.

The engine returns values (cards, suits, seats, a trick's cards with its winner and ruling
id); this module words them. Every sentence is an English message id marked with ``_`` (or
``ngettext`` for a count, ``pgettext`` where one English word has two jobs), extracted into
``calypso/locale/calypso.pot`` and translated in ``calypso/locale/<lang>/LC_MESSAGES/calypso.po``
(``make messages-extract``, ``messages-update``, ``messages-compile``). English needs no
catalog: it is the message ids themselves.

A page picks its language once, before it draws anything (:func:`use`); a kernel serves one
page, so the choice is the kernel's.

>>> from calypso.engine.cards import Card, Suit
>>> with language("hu"):
...     suit_name(Suit.HEARTS), seat_name("W"), card_text(Card.parse("QS")), ordinal(2)
('kőr', 'Nyugat', 'D♠', '2.')
>>> suit_name(Suit.HEARTS), seat_name("W"), card_text(Card.parse("QS")), ordinal(2)
('hearts', 'W', 'Q♠', '2nd')
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import pathlib
import re
from collections.abc import Iterator, Sequence

from calypso.engine.cards import Card, Rank, Suit

LOCALES = pathlib.Path(__file__).resolve().parent / "locale"
"""Where the catalogs live: ``<lang>/LC_MESSAGES/calypso.po`` and its compiled ``.mo``."""
DOMAIN = "calypso"
LANGUAGES = {"en": "English", "hu": "Magyar"}
"""The languages a page can be read in, each named in itself (the language switch's words)."""
_current: dict[str, _gettext.NullTranslations] = {}


def _catalog(lang: str) -> _gettext.NullTranslations:
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALES, languages=[lang])


def use(lang: str) -> None:
    """Word everything drawn from now on in ``lang`` (one of :data:`LANGUAGES`).

    >>> use("xx")
    Traceback (most recent call last):
    ValueError: bad language 'xx': expected one of en, hu
    """
    if lang not in LANGUAGES:
        raise ValueError(f"bad language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    _current.clear()
    _current[lang] = _catalog(lang)


def current() -> str:
    """The language in use: ``"en"`` until a page chooses another."""
    return next(iter(_current), "en")


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Word what is drawn inside the ``with`` block in ``lang``, then go back."""
    before = current()
    use(lang)
    try:
        yield
    finally:
        use(before)


def _translations() -> _gettext.NullTranslations:
    return next(iter(_current.values()), None) or _gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` (an English message id) in the language in use."""
    return _articled(_translations().gettext(message))


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (it is worded later)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (English has two, every language its own)."""
    return _articled(_translations().ngettext(singular, plural, count))


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context``, for an English word that other languages split."""
    return _articled(_translations().pgettext(context, message))


_ARTICLE = re.compile(r"\b([Aa])\(z\) ((?:<[^>]*>|[„\"'(\[])*)(\S+)")
"""Hungarian's „a(z)" before a value, the tags and quotes before the value, and its first word."""
_VOWELS = "aáeéiíoóöőuúüű"


class Articled(str):
    """A Hungarian message whose „a(z)" before a value becomes *a* or *az* once the value is
    written in (:meth:`format`), as the value is read aloud: *az* before a vowel, so before
    Észak, ÉD, Á♠ (ász), 5♥ (öt), 1 (egy) or 1250 (ezer…); *a* before Kelet, K♦ or 10♦ (tíz).

    >>> Articled("a(z) {card} lapot a(z) {seat} teszi").format(card="Á♠", seat="Kelet")
    'az Á♠ lapot a Kelet teszi'
    >>> Articled("A(z) {n}. szint").format(n=5), Articled("A(z) {n}. szint").format(n=10)
    ('Az 5. szint', 'A 10. szint')
    """

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return _ARTICLE.sub(_article, super().format(*args, **kwargs))


def _articled(text: str) -> str:
    """``text``, as :class:`Articled` when it leaves an article to its value."""
    return Articled(text) if "a(z) " in text.lower() else text


def _article(found: re.Match[str]) -> str:
    """*a* or *az* for the value after „a(z)", keeping the article's capital."""
    capital, before, word = found.groups()
    first = word[0].lower()
    if first.isdigit():
        digits = re.match(r"[0-9\u00a0\u202f ]+", word)
        number = (digits.group() if digits else word).replace("\u00a0", "").replace(" ", "")
        number = number.replace("\u202f", "")
        vowel = number[0] == "5" or (number[0] == "1" and len(number) % 3 == 1)
    else:
        vowel = first in _VOWELS
    return f"{capital}{'z' if vowel else ''} {before}{word}"


# -- the game's nouns ---------------------------------------------------------------------


def suit_name(suit: Suit) -> str:
    """A suit's name as a word: ``hearts``, ``kőr``."""
    return (
        pgettext("suit", "clubs"),
        pgettext("suit", "diamonds"),
        pgettext("suit", "hearts"),
        pgettext("suit", "spades"),
    )[suit]


def seat_name(seat: str, *, full: bool = False, short: bool = False) -> str:
    """A compass seat's name as a sentence writes it (``W``; ``Nyugat``, since Hungarian's
    seat letters D and K are also the queen's and the king's), ``short`` as a badge or a
    compact label writes it (``W``, ``Ny``), or ``full`` (``West``, ``Nyugat``); a player
    named by a letter (``A``..., and any seat inside :func:`lettered`) as
    :func:`player_letter` writes it.

    >>> with language("hu"):
    ...     seat_name("S"), seat_name("S", short=True), seat_name("S", full=True)
    ('Dél', 'D', 'Dél')
    >>> seat_name("S"), seat_name("S", short=True), seat_name("S", full=True)
    ('S', 'S', 'South')
    """
    if _LETTERED or seat not in ("N", "E", "S", "W"):
        return player_letter(seat, short=short)
    if full:
        names = {
            "N": pgettext("seat", "North"),
            "E": pgettext("seat", "East"),
            "S": pgettext("seat", "South"),
            "W": pgettext("seat", "West"),
        }
    elif short:
        names = {
            "N": pgettext("seat", "N"),
            "E": pgettext("seat", "E"),
            "S": pgettext("seat", "S"),
            "W": pgettext("seat", "W"),
        }
    else:
        names = {
            "N": pgettext("seat in a sentence", "N"),
            "E": pgettext("seat in a sentence", "E"),
            "S": pgettext("seat in a sentence", "S"),
            "W": pgettext("seat in a sentence", "W"),
        }
    return names.get(seat, seat)


def side_name(side: str) -> str:
    """A side (its two seats, ``"NS"``) by its seats' short names: ``NS``, ``ÉD``.

    >>> side_name("EW")
    'EW'
    >>> with language("hu"):
    ...     side_name("NS")
    'ÉD'
    """
    return "".join(seat_name(seat, short=True) for seat in side)


_LETTERED: list[bool] = []
"""Non-empty inside :func:`lettered`."""


@contextlib.contextmanager
def lettered(on: bool = True) -> Iterator[None]:
    """Inside the block (when ``on``), seats are players named by letters (Collett Whist's A
    to G, W1), never compass points, though E is also East's letter.

    >>> with language("hu"), lettered():
    ...     seat_name("E"), seat_name("E", short=True)
    ('„E”', 'E')
    """
    if on:
        _LETTERED.append(True)
    try:
        yield
    finally:
        if on:
            _LETTERED.pop()


def player_letter(letter: str, *, short: bool = False) -> str:
    """A player named by a letter, as a sentence writes it (``A``; ``„A”`` in Hungarian, where
    a bare A reads as the article), or ``short`` as a badge writes it (``A``); anything but a
    letter from A to G is left as it is.

    >>> with language("hu"):
    ...     player_letter("A"), player_letter("A", short=True), player_letter("")
    ('„A”', 'A', '')
    """
    if short or len(letter) != 1 or letter not in "ABCDEFG":
        return letter
    return _("{letter}").format(letter=letter)


def rule_label(rule: str, *, named: bool = True) -> str:
    """A ruling's id as a label shows it: the id itself (``C4.5``), but the variant's id
    ``C5.ruff-wins`` with the variant's name in the page's language (``C5 (adu mindig üt)``),
    or without it where the line already ``named`` the variant (``C5``); links keep the id.

    >>> rule_label("C4.5"), rule_label("C5.ruff-wins"), rule_label("C5.ruff-wins", named=False)
    ('C4.5', 'C5.ruff-wins', 'C5.ruff-wins')
    >>> with language("hu"):
    ...     rule_label("C5.ruff-wins"), rule_label("C5.ruff-wins", named=False)
    ('C5 (adu mindig üt)', 'C5')
    """
    if rule != "C5.ruff-wins":
        return rule
    if named:
        return pgettext("rule label", "C5.ruff-wins")
    return pgettext("rule label, the variant named before it", "C5.ruff-wins")


def rank_text(rank: Rank) -> str:
    """A rank as a card face shows it: ``Q`` in English, ``D`` (dáma) in Hungarian."""
    faces = {
        Rank.JACK: pgettext("rank", "J"),
        Rank.QUEEN: pgettext("rank", "Q"),
        Rank.KING: pgettext("rank", "K"),
        Rank.ACE: pgettext("rank", "A"),
    }
    return faces.get(rank, rank.text)


def rank_name(rank: Rank) -> str:
    """A rank in words: ``queen``, ``dáma``; a number rank is its number."""
    names = {
        Rank.JACK: pgettext("rank", "jack"),
        Rank.QUEEN: pgettext("rank", "queen"),
        Rank.KING: pgettext("rank", "king"),
        Rank.ACE: pgettext("rank", "ace"),
    }
    return names.get(rank, rank.text)


def card_text(card: Card) -> str:
    """A card as text with its suit's symbol: ``Q♠``, ``D♠``."""
    return f"{rank_text(card.rank)}{card.suit.symbol}"


def card_label(card: Card) -> str:
    """A card read out in words, for screen readers: ``queen of spades``, ``pikk dáma``.

    >>> card_label(Card.parse("10H"))
    '10 of hearts'
    """
    return _("{rank} of {suit}").format(rank=rank_name(card.rank), suit=suit_name(card.suit))


def ordinal(n: int) -> str:
    """``n`` as an ordinal number: ``1st``, ``2nd``; ``1.``, ``2.`` in Hungarian.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if current() != "en":
        # English's suffixes are worked out below; a catalog gives its language's one form.
        return pgettext("ordinal", "{n}th").format(n=n)
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def numbered(numbers: Sequence[int]) -> str:
    """Line or puzzle numbers as a list in words: ``3, 5 and 8``; ``3., 5. és 8.`` in
    Hungarian, which writes each as an ordinal.

    >>> numbered([3, 5, 8])
    '3, 5 and 8'
    >>> with language("hu"):
    ...     numbered([3, 5, 8])
    '3., 5. és 8.'
    """
    each = pgettext("a line's or a puzzle's number in a list", "{n}")
    return join([each.format(n=n) for n in numbers])


def join(names: Sequence[str]) -> str:
    """A list in words: ``A, B and C``; ``A, B és C``.

    >>> join(["N"]), join(["N", "E"]), join(["N", "E", "S"])
    ('N', 'N and E', 'N, E and S')
    """
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def number(value: float, *, sign: bool = False) -> str:
    """A number as the page's language writes it: English groups thousands with commas from
    four digits on and marks a fraction with a point (``1,250``, ``312.5``, ``-40``); Hungarian
    leaves four digits whole, groups from five with a space, marks a fraction with a comma and
    writes the minus sign, U+2212 (``1250``, ``12 500``, ``312,5``), so that two numbers side by
    side never read as one. With ``sign`` a positive number has its plus (``+1,250``).

    >>> number(1250), number(12500, sign=True), number(-40, sign=True), number(312.5)
    ('1,250', '+12,500', '-40', '312.5')
    """
    whole, point, fraction = f"{abs(value)}".partition(".")
    grouped = whole
    if len(whole) >= int(pgettext("fewest digits grouped in thousands", "4")):
        groups = [whole[max(0, end - 3) : end] for end in range(len(whole), 0, -3)]
        grouped = pgettext("thousands separator", ",").join(reversed(groups))
    if point:
        grouped += pgettext("decimal mark", ".") + fraction
    if value < 0:
        return pgettext("minus sign", "-") + grouped
    return f"+{grouped}" if sign else grouped
