"""The ``calypso`` command: simulate games, explain a trick, replay records, solve an ending,
duel two bots.

Exit status: 0 when all went well; 1 when a record does not follow the rules (a line on standard
error for each such record, saying what is wrong and where); 2 for input the command cannot use
(a bad flag or number, a file it cannot read, text that is not JSON), with one line on standard
error; 130 when stopped with Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from importlib import metadata
from typing import Any, NoReturn

from calypso.engine.cards import Suit, cards_text, parse_card
from calypso.engine.games import GameSpec, find_game, names
from calypso.engine.limits import GAMES, SEEDS
from calypso.engine.record import Record, RecordError, RelabelledRecord, replay
from calypso.engine.tricks import TRUMP_LEADS, resolve_trick
from calypso.partnership.duel import duel
from calypso.partnership.game import DEALS, TRICKS_PER_DEAL, CalypsoOptions, Game
from calypso.partnership.solver import MEANING, MOST_TRICKS, solve
from calypso.words.tricks import explain

COUNTS: dict[str, dict[str, tuple[int, int]]] = {
    "calypso": {"target": (1, 100_000)},
    "auction-calypso": {"hands": (1, 300)},
    "call-bridge": {"target": (1, 500), "rounds": (1, 1000)},
}
"""The command line's range for each counting option that the rules leave open-ended, by game.

A Calypso match stops after 1000 games (:data:`calypso.partnership.match.MAX_MATCH_GAMES`) and a
side makes some 1500 points a game, so 100000 points is reached long before; Call Bridge stops after
1000 rounds (``WhistGame.MAX_ROUNDS``), in which the leader makes some 1600 points. The other
counting options already have a range of their own (Collett Whist's players, 3 to 7).
"""

BROKEN_RULES, BAD_INPUT, INTERRUPTED = 1, 2, 130
"""Exit statuses other than 0: a record against the rules, unusable input, Ctrl-C."""

_NO_TRUMP = ("-", "none")
"""What ``--trumps`` takes for a player without a trump."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _version() -> str:
    try:
        return metadata.version("calypso-tutorial")
    except metadata.PackageNotFoundError:
        return "unknown: the calypso-tutorial package is not installed (make install)"


def _whole(low: int, high: int) -> Callable[[str], int]:
    """A flag's type: a whole number from ``low`` to ``high``.

    >>> _whole(0, 9)("7")
    7
    >>> _whole(0, 9)("10")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: bad value '10': expected a whole number from 0 to 9
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"bad value {text!r}: expected a whole number from {low} to {high}"
            )
        return value

    return parse


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _add_options(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    """One flag per declared option of the game, and ``--bots`` for its computer players."""
    seats = spec.layouts[0]
    bots = (
        f"one bot for every seat, or {len(seats)} comma-separated ({', '.join(spec.bots)})"
        if len(spec.bots) > 1
        else f"the computer players ({spec.bots[0]}, the only kind)"
    )
    parser.add_argument("--bots", default=argparse.SUPPRESS, help=bots)
    for field in spec.options.declared():
        meta, flag = field.metadata, _flag(field.name)
        if meta["cli_type"] is None:
            parser.add_argument(
                flag, action="store_true", default=argparse.SUPPRESS, help=meta["help"]
            )
        elif field.name == "trumps":
            parser.add_argument(
                flag,
                nargs="+",
                default=argparse.SUPPRESS,
                metavar="SUITS",
                help=meta["help"] + "; or a suit a word, H D S C",
            )
        elif meta["cli_type"] is str:
            parser.add_argument(
                flag, choices=meta["choices"] or None, default=argparse.SUPPRESS, help=meta["help"]
            )
        elif meta["choices"]:
            parser.add_argument(
                flag,
                type=int,
                default=argparse.SUPPRESS,
                metavar="{" + ",".join(meta["choices"]) + "}",
                help=meta["help"],
            )
        else:
            span = COUNTS.get(spec.name, {}).get(field.name)
            parser.add_argument(
                flag,
                type=int if span is None else _whole(*span),
                default=argparse.SUPPRESS,
                metavar="N",
                help=meta["help"] + ("" if span is None else f"; {span[0]} to {span[1]}"),
            )


_EXPLAIN = """\
Who wins a trick with personal trumps (Calypso, Auction Calypso), by which ruling
(docs/rulings.md, C4 and C5), and why. Give the cards in play order, the leader's first:
four for a whole Calypso trick, three in Auction Calypso for three players; with fewer, the
answer is who is winning so far. --trumps gives each of those players' own trump in the same
order, all different (C1): as one word (SCDH) or a suit a word (S C D H), with - for a player
who has none (every player, in a misère hand). The cards may also follow the trumps:
calypso explain --trumps S C D H 9H 4C 6D 2H.
"""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="calypso",
        description="The Calypso card game engine. Exit status: 0 done, 1 a record that does "
        "not follow the rules, 2 bad input, 130 stopped with Ctrl-C.",
    )
    parser.add_argument("--version", action="version", version=f"calypso {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sim = commands.add_parser(
        "simulate",
        help="play whole games with bots",
        description="Play whole games with bots; each game has its own options "
        "(calypso simulate GAME --help).",
    )
    games = sim.add_subparsers(dest="game", required=True, parser_class=_Parser, metavar="GAME")
    for name in names():
        spec = find_game(name)
        game = games.add_parser(name, help=spec.title, description=f"Simulate {spec.title}.")
        game.add_argument(
            "--seed",
            type=_whole(*SEEDS),
            default=0,
            metavar="SEED",
            help=f"seed of the first game, {SEEDS[0]} to {SEEDS[1]} (default 0)",
        )
        game.add_argument(
            "--games",
            type=_whole(*GAMES),
            default=1,
            metavar="N",
            help=f"how many games, {GAMES[0]} to {GAMES[1]}, dealt from seeds SEED, SEED+1, ... "
            "(default 1)",
        )
        game.add_argument("--jsonl", action="store_true", help="print one JSON record per line")
        _add_options(game, spec)

    exp = commands.add_parser("explain", help="who wins a trick, and why", description=_EXPLAIN)
    exp.add_argument("cards", nargs="*", help="the cards in play order, e.g. 9H 4C 6D 2H")
    exp.add_argument(
        "--trumps",
        nargs="+",
        required=True,
        metavar="SUITS",
        help="each card's player's own trump: S C D H or SCDH (- for none)",
    )
    exp.add_argument(
        "--trump-lead",
        choices=TRUMP_LEADS,
        default="ranked",
        help="how a ruff fares against a lead of the leader's own trump (C5; default ranked)",
    )

    rep = commands.add_parser(
        "replay",
        help="re-play and re-score records, reporting disagreements",
        description="Re-play and re-score game records. Exit status 1 if any record does not "
        "follow the rules: one line on standard error for each, saying what and where.",
    )
    rep.add_argument(
        "file",
        help="a JSON record, or JSON lines (one record per line), in UTF-8; - for standard input",
    )

    sol = commands.add_parser(
        "solve",
        help="value every legal card at a point of a Calypso record, every hand shown",
        description=_SOLVE,
    )
    sol.add_argument(
        "file",
        metavar="RECORD",
        help="a Calypso record, or JSON lines of them, in UTF-8; - for standard input",
    )
    sol.add_argument(
        "--deal",
        type=_whole(1, DEALS),
        required=True,
        metavar="D",
        help=f"the deal, 1 to {DEALS} (of the record's first game)",
    )
    sol.add_argument(
        "--trick",
        type=_whole(1, TRICKS_PER_DEAL),
        required=True,
        metavar="T",
        help=f"the trick, {TRICKS_PER_DEAL - MOST_TRICKS + 1} to {TRICKS_PER_DEAL}: the solver "
        f"answers in a deal's last {MOST_TRICKS} tricks",
    )
    sol.add_argument(
        "--played",
        type=_whole(0, 3),
        default=0,
        metavar="K",
        help="cards of that trick already played, 0 to 3 (default 0)",
    )
    sol.add_argument(
        "--json", action="store_true", help="print one JSON line per record instead of a table"
    )

    duel = commands.add_parser(
        "duel",
        help="duplicate games between two Calypso bots: the mean score difference ± its error",
        description=_DUEL,
    )
    duel.add_argument("first", metavar="BOT", help="random, greedy, expert, or expert:N")
    duel.add_argument("second", metavar="BOT", help="the bot it plays against")
    duel.add_argument(
        "--deals",
        type=_whole(*GAMES),
        required=True,
        metavar="N",
        help=f"duplicate pairs, {GAMES[0]} to {GAMES[1]}: each deal's game played twice",
    )
    duel.add_argument(
        "--seed",
        type=_whole(*SEEDS),
        default=0,
        metavar="S",
        help="seed of the first game; the others follow, S+1, ... (default 0)",
    )
    duel.add_argument("--json", action="store_true", help="print one JSON line")
    return parser


def _suit(word: str) -> Suit | None:
    """The suit ``word`` names (``None`` for ``-``); ``ValueError`` if it names none."""
    return None if word.lower() in _NO_TRUMP else Suit.parse(word)


def _compact(word: str) -> bool:
    """Whether ``word`` is several trumps written as one word, as in ``SCDH`` or ``SC-H``."""
    if len(word) < 2:
        return False
    try:
        for letter in word.replace("-", ""):
            Suit.parse(letter)
    except ValueError:
        return False
    return True


def _read_trumps(words: Sequence[str]) -> tuple[list[Suit | None], list[str]]:
    """The trumps typed after ``--trumps`` (one word, ``SCDH``, or a suit a word, ``S C D H``;
    ``-`` for none), and the words after them, from the first that is not a suit: the cards.

    >>> _read_trumps(["S", "C", "D", "H", "9H", "4C"])
    ([Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS], ['9H', '4C'])
    >>> _read_trumps(["SC-H"])
    ([Suit.SPADES, Suit.CLUBS, None, Suit.HEARTS], [])
    """
    words = [*words[0].split(), *words[1:]] if words else []
    if words and _compact(words[0]):
        return [_suit(c) for c in words[0]], words[1:]
    trumps: list[Suit | None] = []
    for number, word in enumerate(words):
        try:
            trumps.append(_suit(word))
        except ValueError:
            if trumps:
                return trumps, words[number:]
            raise ValueError(
                f"bad --trumps: {word!r} is not a suit; expected C, D, H or S for each player "
                "(- for none), as SCDH or S C D H"
            ) from None
    return trumps, []


def _different(trumps: Sequence[Suit | None]) -> None:
    """Refuse two players with the same own trump (docs/rulings.md C1)."""
    suits = [t for t in trumps if t is not None]
    for suit in suits:
        if suits.count(suit) > 1:
            shown = " ".join("-" if t is None else t.letter for t in trumps)
            raise ValueError(
                f"bad --trumps {shown}: two players have {suit.symbol}, but each player's own "
                "trump is a different suit (docs/rulings.md C1)"
            )


def _as_flags(message: str, keywords: Iterable[str]) -> str:
    """An engine message about a keyword, as about the flag the user typed.

    >>> _as_flags("bad trump_lead 'x': expected 'ranked' or 'ruff-wins'", ["trump_lead"])
    "bad --trump-lead 'x': expected 'ranked' or 'ruff-wins'"
    """
    for keyword in keywords:
        if message.startswith(f"bad {keyword} "):
            return f"bad {_flag(keyword)} " + message.removeprefix(f"bad {keyword} ")
    return message


_SOLVE = f"""\
Value every legal card of the player to move at one point of each Calypso record: deal D,
trick T, after K cards of that trick. The solver searches to the end of the deal with every
hand shown; {MEANING}. Each card comes with its line, the card and both sides' best play to the
deal's last card, best card first. Only a deal's last {MOST_TRICKS} tricks are solved (--trick
{TRICKS_PER_DEAL - MOST_TRICKS + 1} to {TRICKS_PER_DEAL}): six take up to a few seconds, and
each trick more multiplies that.
"""


_RUN = {"command", "game", "seed", "games", "jsonl", "bots"}
"""What ``calypso simulate`` reads for itself; every other flag is a game option."""


_DUEL = """\
Play duplicate Calypso games between two bots: each game seed twice, the first bot's side
N and S, then E and W, so both sides get the same cards. Printed: the mean over pairs of the
first bot's side's total minus the other's (a pair: the mean of its two games) ± the standard
error. A bot is random, greedy, expert, or expert:N (the expert with N layouts a choice)."""


def _duel(args: argparse.Namespace) -> int:
    result = duel(args.first, args.second, args.deals, args.seed)
    print(json.dumps(result.to_dict()) if args.json else result.text())
    return 0


def _simulate(args: argparse.Namespace) -> int:
    last = args.seed + args.games - 1
    if last > SEEDS[1]:
        raise ValueError(
            f"bad --seed {args.seed} with --games {args.games}: the last game would need seed "
            f"{last}, and seeds go up to {SEEDS[1]}"
        )
    spec = find_game(args.game)
    given = {k: v for k, v in vars(args).items() if k not in _RUN}
    if "trumps" in given:
        trumps, rest = _read_trumps(given["trumps"])
        seats = spec.layouts[0]
        if rest or None in trumps or len(trumps) != len(seats):
            raise ValueError(
                f"bad --trumps {' '.join(given['trumps'])}: expected a suit for each of "
                f"{', '.join(seats)}, as HDSC or H D S C"
            )
        _different(trumps)
        given["trumps"] = trumps
    bots = getattr(args, "bots", None)
    try:
        options = spec.options.parse(**given)
        seats = spec.bots_for(
            spec.seats(options), bots.split(",") if bots and "," in bots else bots
        )
    except ValueError as exc:
        raise ValueError(_as_flags(str(exc), [*given, "bots"])) from None
    for number in range(args.games):
        record = spec.play(options, args.seed + number, seats)
        if args.jsonl:
            print(record.to_json())
        else:
            scores = "  ".join(
                f"{side} {points:>5}" for side, points in record.final_scores.items()
            )
            print(f"seed {record.seed:>6}  {scores}")
    return 0


def _explain(args: argparse.Namespace) -> int:
    trumps, more = _read_trumps(args.trumps)
    cards = [parse_card(card) for card in [*args.cards, *more]]
    if not cards or len(cards) > 4:
        raise ValueError(
            f"bad trick: {len(cards)} cards; expected 1 to 4 in play order, e.g. "
            "calypso explain 9H 4C 6D 2H --trumps S C D H"
        )
    if len(trumps) != len(cards):
        raise ValueError(
            f"bad --trumps: {len(trumps)} for {len(cards)} cards; expected one per card, in "
            "play order (- for a player without a trump)"
        )
    _different(trumps)
    result = resolve_trick(cards, trumps, trump_lead=args.trump_lead)
    print(f"winner: card {result.winner + 1}, {result.winning_card.symbol}")
    print(f"rule: {result.rule.value}")
    print(explain(result))
    return 0


def _read_text(name: str) -> str:
    """The file's text (``-``: standard input), or a one-line reason it cannot be read.

    UTF-8, with or without the byte-order mark some editors put first.
    """
    where = "standard input" if name == "-" else name
    try:
        data = sys.stdin.buffer.read() if name == "-" else pathlib.Path(name).read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {where}: {exc.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if b"\0" in data:
            raise ValueError(f"{where} is not a text file, so not a game record") from None
        raise ValueError(
            f"{where} is not UTF-8 text (byte {exc.start + 1} is 0x{data[exc.start]:02x}): "
            "records are written in UTF-8, so save the file as UTF-8"
        ) from None


def _read_records(text: str, where: str) -> list[Any]:
    """One JSON record, or JSON lines of records."""
    if not text.strip():
        raise ValueError(f"{where} is empty: expected a JSON record or JSON lines of records")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError as exc:
        if len(text.strip().splitlines()) == 1:
            raise ValueError(f"{where} is not valid JSON ({exc})") from None
    else:
        if isinstance(whole, list):
            raise ValueError(
                f"{where} is a JSON array ({len(whole)} items): write one record per line "
                "instead (JSON lines)"
            )
        return [whole]
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{where}, line {number}: not valid JSON ({exc})") from None
    return records


def _replay(args: argparse.Namespace) -> int:
    broken = 0
    where = "standard input" if args.file == "-" else args.file
    for number, data in enumerate(_read_records(_read_text(args.file), where), 1):
        try:
            report = replay(Record.from_dict(data))
            problems = report.problems
        except RelabelledRecord as exc:
            problems = (str(exc),)
        except RecordError as exc:
            raise ValueError(f"record {number}: {exc}") from None
        if problems:
            broken += 1
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            print(f"record {number}: {problems[0]}{more}", file=sys.stderr)
        else:
            print(f"record {number}: ok, scores {report.scores}")
    return BROKEN_RULES if broken else 0


def _position(record: Record, number: int, args: argparse.Namespace) -> Game:
    """The record's first game, replayed to deal D, trick T, after K cards of that trick."""
    where = f"record {number}"
    if record.game != CalypsoOptions.game:
        title = find_game(record.game).title
        raise ValueError(f"{where} is a {title} record: calypso solve reads Calypso records only")
    if len(record.deals) < args.deal:
        raise ValueError(f"{where} has {len(record.deals)} deals, so no deal {args.deal}")
    deal = record.deals[args.deal - 1]
    if len(deal.tricks) < args.trick:
        raise ValueError(
            f"{where}: deal {args.deal} has {len(deal.tricks)} tricks, so no trick {args.trick}"
        )
    if len(deal.tricks[args.trick - 1].cards) < args.played:
        raise ValueError(
            f"{where}: trick {args.trick} of deal {args.deal} has only "
            f"{len(deal.tricks[args.trick - 1].cards)} card(s), so no --played {args.played}"
        )
    deals = record.deals[:DEALS]
    try:
        game = Game(
            record.seed or 0,
            options=CalypsoOptions.from_record(record.options, trumps=record.trumps),
            hands=[d.hands for d in deals],
            first_dealer=deals[0].dealer,
        )
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    for d, played in enumerate(deals[: args.deal], 1):
        tricks = played.tricks if d < args.deal else played.tricks[: args.trick]
        for t, trick in enumerate(tricks, 1):
            cards = trick.cards if (d, t) != (args.deal, args.trick) else trick.cards[: args.played]
            for card in cards:
                try:
                    game.play(card)
                except ValueError as exc:
                    raise ValueError(f"{where}: deal {d} trick {t}: {exc}") from None
    return game


def _solve(args: argparse.Namespace) -> int:
    to_go = TRICKS_PER_DEAL - args.trick + 1
    if to_go > MOST_TRICKS:
        raise ValueError(
            f"bad --trick {args.trick}: {to_go} tricks to go, and the solver answers only in a "
            f"deal's last {MOST_TRICKS} (--trick {TRICKS_PER_DEAL - MOST_TRICKS + 1} to "
            f"{TRICKS_PER_DEAL})"
        )
    where = "standard input" if args.file == "-" else args.file
    games = []
    for number, data in enumerate(_read_records(_read_text(args.file), where), 1):
        try:
            record = Record.from_dict(data)
        except RecordError as exc:
            raise ValueError(f"record {number}: {exc}") from None
        games.append(_position(record, number, args))
    if not args.json:
        print(MEANING)
    for number, game in enumerate(games, 1):
        start = time.perf_counter()
        solution = solve(game)
        ms = round((time.perf_counter() - start) * 1000, 1)
        if args.json:
            cards = [
                {"card": str(cv.card), "value": cv.value, "line": [str(c) for c in cv.line]}
                for cv in solution.cards
            ]
            print(json.dumps({"seat": solution.seat, "cards": cards, "ms": ms}))
            continue
        side = game.side(solution.seat)
        print(
            f"record {number}: deal {args.deal}, trick {args.trick}, {solution.seat} to play "
            f"({side}), {ms} ms\n  card   value   line, trick by trick"
        )
        left = (4 - len(game.trick)) % 4
        for cv in solution.cards:
            tricks = [cv.line[:left]] if left else []
            tricks += [cv.line[i : i + 4] for i in range(left, len(cv.line), 4)]
            line = " | ".join(cards_text(trick) for trick in tricks)
            print(f"  {cv.card.symbol:<4} {cv.value:>7}   {line}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``calypso`` command; the exit status (see the module's help)."""
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print("calypso: interrupted", file=sys.stderr)
        return INTERRUPTED


def _run(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "simulate":
        game = f"calypso simulate {args.game}"
        word = extra[0].split("=")[0]
        problem = (
            f"{args.game} has no option {word}" if word.startswith("-") else f"unexpected {word!r}"
        )
        parser.exit(BAD_INPUT, f"{game}: error: {problem} (see {game} --help)\n")
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    handlers = {
        "simulate": _simulate,
        "explain": _explain,
        "replay": _replay,
        "solve": _solve,
        "duel": _duel,
    }
    try:
        return handlers[args.command](args)
    except ValueError as exc:
        print(f"calypso: error: {exc}", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
