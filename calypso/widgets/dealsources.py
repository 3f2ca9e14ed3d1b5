"""Where a position the class plays comes from, and what the teacher is told of it before
the class sees it (issue 33): an ending of chapter 06 by its number (:func:`ending_position`,
under the class's house rule), a game on chapter 05's table by its link
(:func:`link_position`), or a point of a game record (:func:`record_position`), each of those
two under the rules it was played with; :func:`preview_words` says who is to play, the tricks
left, how each card is priced and whether students say why; :func:`best_line` is the solver's
line from the position, where the deal's end is within its reach. A position the class cannot
play is refused with :class:`calypso.classroom.classdeal.PositionError`, in a learner's words.

>>> position = ending_position(1)
>>> position == Position.from_ending(5)  # chapter 06's first ending: its first stage's first
True
>>> len(best_line(position)), "tricks left" in preview_words(position)[0]
(12, True)
>>> link_text("https://room/voila/render/05-play-a-game.ipynb#play=5.S.QS.n&trick=N.2H")
'5.S.QS.n'
"""

from __future__ import annotations

import json
from urllib.parse import unquote

from calypso.classroom.boardinput import MESSAGES
from calypso.classroom.classdeal import Asked, Position, PositionError
from calypso.engine.cards import Card
from calypso.engine.record import Record, RecordError
from calypso.i18n import _, ngettext, seat_name
from calypso.lessons.exercises import STAGES
from calypso.lessons.house import HouseRule
from calypso.partnership.advice import HINT_TRICKS
from calypso.partnership.game import DEALS, SEATS, TRICKS_PER_DEAL, Game
from calypso.partnership.match import load_game
from calypso.partnership.solver import solve
from calypso.widgets.base import record_words
from calypso.widgets.cardtable import CardTable
from calypso.widgets.endings import problem_seed
from calypso.widgets.felt import draw_trick
from calypso.widgets.play import PlayTable
from calypso.widgets.playlink import PlayLink

ENDINGS_MOST = 500
"""The highest ending number the desk takes (a hundred stages of chapter 06)."""


def ending_position(number: int, rule: HouseRule | None = None) -> Position:
    """Ending ``number`` as chapter 06 deals them: 1 to 5 are its first stage, 6 to 10 the
    stage *Try this stage again* deals next, and so on; under the house ``rule``, the problem
    chapter 06 deals a student of that class
    (:func:`calypso.lessons.exercises.endings.make_problem`)."""
    size = STAGES["endings"].size
    if not 1 <= number <= ENDINGS_MOST:
        raise PositionError(
            _("There is no ending {n}: the endings are numbered 1 to {most}.").format(
                n=number, most=ENDINGS_MOST
            )
        )
    seed = problem_seed(1 + (number - 1) // size, (number - 1) % size)
    return Position.from_ending(seed, rule or HouseRule())


def link_text(text: str) -> str:
    """The game's part of a link to chapter 05's table (``#play=...``), or the text itself
    when it is no address."""
    text = text.strip()
    if "#" not in text and "play=" not in text:
        return text
    fragment = text.split("#", 1)[-1]
    for part in fragment.split("&"):
        key, _sep, value = part.partition("=")
        if key == "play":
            return unquote(value)
    return ""


def link_position(text: str) -> Position:
    """The game a link to chapter 05's table opens, where it stands (its bots answering as they
    did on the table), under the rules it was played with (the link names a house rule)."""
    try:
        PlayLink.from_link(link_text(text))
    except ValueError:
        raise PositionError(
            _(
                "That is not a link to a game on chapter 5's table: copy the page's address "
                "there (it holds #play=)."
            )
        ) from None
    table = PlayTable()
    try:
        table.open_link(link_text(text))
    except ValueError:
        raise PositionError(
            _("That link's cards do not fit its game: copy the link again from chapter 5's table.")
        ) from None
    game = table.game
    if game.turn is None:
        raise PositionError(_("That game is over: copy its link before its last card."))
    return Position.from_game(game)


def read_record(content: bytes) -> Record:
    """An uploaded record file, checked to replay as one game of partnership Calypso; any
    other file is refused in a learner's words."""
    text = content.decode("utf-8", errors="replace")
    try:
        record = Record.from_json(text)
        load_game(record)
    except RecordError as error:
        raise PositionError(record_words(error)) from None
    except json.JSONDecodeError:
        raise PositionError(record_words(RecordError("not json", "json"))) from None
    if record.seed is None or len(record.deals) != DEALS:
        raise PositionError(
            _("That record holds more than one game: a class position comes from one game.")
        )
    return record


def record_cards(record: Record) -> int:
    """How many cards the record's game played."""
    return sum(len(trick.cards) for deal in record.deals for trick in deal.tricks)


def record_position(record: Record, move: int) -> Position:
    """The record's game after its first ``move`` cards, under the record's own rules."""
    count = record_cards(record)
    if not 0 <= move < count:
        raise PositionError(
            _(
                "The record's game has cards 1 to {count}: choose a position after 0 to {last}."
            ).format(count=count, last=count - 1)
        )
    try:
        return Position.from_record(record, move)
    except PositionError:
        raise PositionError(_(MESSAGES["position"])) from None


def tricks_left(game: Game) -> int:
    """Tricks still to finish in the deal, the one in play included."""
    return TRICKS_PER_DEAL - len(game.tricks[-1])


def best_line(position: Position) -> tuple[Card, ...]:
    """The solver's line from ``position`` to its deal's last card, both sides at their best
    with every hand shown; empty where the deal's end is beyond the solver's reach."""
    game = position.game()
    if tricks_left(game) > HINT_TRICKS:
        return ()
    return solve(game).best.line


def preview_words(position: Position, asked: Asked | None = None) -> list[str]:
    """What the teacher needs to know of a position before the class plays it, a sentence
    each: who is to play, the tricks left, how each card is priced, whether students say why."""
    asked = asked or Asked(position)
    game = position.game()
    seat = seat_name(str(game.turn), full=True)
    left = tricks_left(game)
    said = [
        ngettext(
            "{seat} to play, in deal {deal} of 4: {n} trick left in this deal.",
            "{seat} to play, in deal {deal} of 4: {n} tricks left in this deal.",
            left,
        ).format(seat=seat, deal=game.deal_number + 1, n=left)
    ]
    if asked.prices.exact:
        said.append(
            _(
                "The solver prices every card exactly, every hand shown and both sides at "
                "their best; the students see every hand."
            )
        )
    else:
        said.append(
            _(
                "Too far from the deal's end for the solver: each card's cost is the expert's "
                "estimate, its average over layouts of the cards {seat} cannot see; the "
                "students see {seat}'s hand only, and the best line is shown only within a "
                "deal's last {most} tricks."
            ).format(seat=seat, most=HINT_TRICKS)
        )
    if asked.why is not None:
        said.append(_("The students are asked why, after their card."))
    else:
        said.append(_("The students choose a card; they are not asked why."))
    rule = HouseRule(position.trump_lead, position.all_fours).words()
    if rule:
        said.append(rule)
    return said


def lay_position(table: CardTable, game: Game, *, open_hands: bool) -> None:
    """Seat ``game`` at ``table`` as its seat to play sees it: that seat at the bottom, the
    trick so far in the middle, every other hand face up with ``open_hands``, else face down
    and counted. The seat's own hand is the caller's to show (playable or not)."""
    seat = str(game.turn)
    others = {s: sorted(game.hand(s)) for s in SEATS if s != seat}
    table.set_table(
        SEATS,
        dict(zip(SEATS, game.options.trumps, strict=True)),
        you=seat,
        partners=True,
        rotate=True,
        shown=others if open_hands else None,
        hidden=None if open_hands else {s: len(hand) for s, hand in others.items()},
    )
    draw_trick(table, game, seat, last=False)
