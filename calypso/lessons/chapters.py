"""The tutorial's chapters, each known by a short name (its slug) that never changes.

A chapter's number and file say where it sits today; its slug says which chapter it is, so
stars kept under a slug stay with their chapter when a chapter is inserted or renumbered.
The teacher's desk is a page for teachers, not a chapter.

>>> chapter = find_chapter("who-wins")
>>> chapter.number, chapter.title, chapter.file
(2, 'Who wins the trick?', '02-who-wins-the-trick.ipynb')
>>> chapter.heading
'2. Who wins the trick?'
>>> chapter_of_file("04-scoring.html").slug
'scoring'
>>> [chapter.slug for chapter in CHAPTERS if chapter.on_path][:3]
['table', 'who-wins', 'calypsos']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chapter:
    """One chapter: its slug, its number (its place in the contents), its title as its page
    heading gives it, and its notebook file."""

    slug: str
    number: int
    title: str
    file: str
    on_path: bool = True
    """Whether the chapter is on the learners' path of stars, which the map shows: every
    chapter but the welcome page, where the path starts."""

    @property
    def page(self) -> str:
        """The file without ``.ipynb``: ``"02-who-wins-the-trick"``.

        >>> find_chapter("table").page
        '01-the-table'
        """
        return self.file.removesuffix(".ipynb")

    @property
    def heading(self) -> str:
        """The chapter as its page heading names it: ``"2. Who wins the trick?"``, the welcome
        page by its title alone.

        >>> find_chapter("welcome").heading, find_chapter("cousins").heading
        ('Welcome', '10. Cousins: Call Bridge and Collett Whist')
        """
        return f"{self.number}. {self.title}" if self.number else self.title


CHAPTERS = (
    Chapter("welcome", 0, "Welcome", "00-welcome.ipynb", on_path=False),
    Chapter("table", 1, "The table", "01-the-table.ipynb"),
    Chapter("who-wins", 2, "Who wins the trick?", "02-who-wins-the-trick.ipynb"),
    Chapter("calypsos", 3, "Building calypsos", "03-building-calypsos.ipynb"),
    Chapter("scoring", 4, "Scoring", "04-scoring.ipynb"),
    Chapter("play", 5, "Play a game", "05-play-a-game.ipynb"),
    Chapter("endings", 6, "Endings", "06-endings.ipynb"),
    Chapter("playing-well", 7, "Playing well", "07-playing-well.ipynb"),
    Chapter("quiz", 8, "Class quiz", "08-class-quiz.ipynb"),
    Chapter("auction", 9, "Auction Calypso", "09-auction-calypso.ipynb"),
    Chapter("cousins", 10, "Cousins: Call Bridge and Collett Whist", "10-cousins.ipynb"),
)
"""Every chapter in the order of the contents."""

_BY_SLUG = {chapter.slug: chapter for chapter in CHAPTERS}
_BY_PAGE = {chapter.page: chapter for chapter in CHAPTERS}


def find_chapter(slug: str) -> Chapter:
    """The chapter named ``slug``.

    >>> find_chapter("auction").file
    '09-auction-calypso.ipynb'
    >>> find_chapter("07")
    Traceback (most recent call last):
    ...
    ValueError: bad chapter '07': expected one of welcome, table, who-wins, ...
    """
    if slug not in _BY_SLUG:
        raise ValueError(f"bad chapter {slug!r}: expected one of {', '.join(_BY_SLUG)}")
    return _BY_SLUG[slug]


def chapter_of_file(name: str) -> Chapter | None:
    """The chapter whose page is ``name``: a notebook file, a static-site page or a page name
    without either ending, with or without its folder; None for a page that is no chapter
    (the teacher's desk).

    >>> chapter_of_file("notebooks/05-play-a-game.ipynb").slug
    'play'
    >>> chapter_of_file("teachers-desk.ipynb") is None
    True
    """
    page = name.rsplit("/", 1)[-1].removesuffix(".ipynb").removesuffix(".html")
    return _BY_PAGE.get(page)
