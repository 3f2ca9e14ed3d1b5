"""The ``calypso`` command: simulate games, explain a trick, replay records.

Bad input gets a one-line message on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from calypso.games import GameSpec, find_game, names
from calypso.record import Record, RecordError, replay
from calypso.tricks import TrumpLead, resolve_trick


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


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
        meta = field.metadata
        flag = "--" + field.name.replace("_", "-")
        if meta["cli_type"] is None:
            parser.add_argument(
                flag, action="store_true", default=argparse.SUPPRESS, help=meta["help"]
            )
            continue
        choices = f" ({', '.join(meta['choices'])})" if meta["choices"] else ""
        parser.add_argument(
            flag,
            type=meta["cli_type"],
            default=argparse.SUPPRESS,
            metavar=field.name.upper(),
            help=meta["help"] + choices,
        )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="calypso", description="The Calypso card game engine.")
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
        game.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
        game.add_argument(
            "--games", type=int, default=1, help="how many games, seeds seed, seed+1, ..."
        )
        game.add_argument("--jsonl", action="store_true", help="print one JSON record per line")
        _add_options(game, spec)

    exp = commands.add_parser("explain", help="who wins a trick, and why")
    exp.add_argument("cards", nargs="+", help="the cards in play order, e.g. 9H 4C 6D 2H")
    exp.add_argument(
        "--trumps",
        nargs="+",
        required=True,
        help="each card's player's personal trump, e.g. S C D H (- for none)",
    )
    exp.add_argument("--trump-lead", choices=[t.value for t in TrumpLead], default="ranked")

    rep = commands.add_parser(
        "replay", help="re-play and re-score records, reporting disagreements"
    )
    rep.add_argument("file", help="a JSON record, or JSON lines of records (- for standard input)")
    return parser


_RUN = {"command", "game", "seed", "games", "jsonl", "bots"}
"""What ``calypso simulate`` reads for itself; every other flag is a game option."""


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ValueError(f"bad --games {args.games}: expected a whole number from 1 up")
    spec = find_game(args.game)
    options = spec.options.parse(**{k: v for k, v in vars(args).items() if k not in _RUN})
    bots = getattr(args, "bots", None)
    seats = spec.bots_for(spec.seats(options), bots.split(",") if bots and "," in bots else bots)
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
    trumps = [None if t in {"-", "none"} else t for t in args.trumps]
    result = resolve_trick(args.cards, trumps, trump_lead=args.trump_lead)
    print(f"winner: card {result.winner + 1}, {result.winning_card.symbol}")
    print(f"rule: {result.rule.value}")
    print(result.explanation)
    return 0


def _read_text(name: str) -> str:
    """The file's text (``-``: standard input), or a one-line reason it cannot be read."""
    where = "standard input" if name == "-" else name
    try:
        data = sys.stdin.buffer.read() if name == "-" else pathlib.Path(name).read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {where}: {exc.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{where} is not a text file, so not a game record") from None


def _read_records(text: str, where: str) -> list[Any]:
    """One JSON record, or JSON lines of records."""
    if not text.strip():
        raise ValueError(f"{where} is empty: expected a JSON record or JSON lines of records")
    try:
        return [json.loads(text)]
    except json.JSONDecodeError as whole:
        if len(text.strip().splitlines()) == 1:
            raise ValueError(f"{where} is not valid JSON ({whole})") from None
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{where}, line {number}: not valid JSON ({exc})") from None
    return records


def _replay(args: argparse.Namespace) -> int:
    failed = 0
    where = "standard input" if args.file == "-" else args.file
    for number, data in enumerate(_read_records(_read_text(args.file), where), 1):
        try:
            report = replay(Record.from_dict(data))
        except RecordError as exc:
            raise ValueError(f"record {number}: {exc}") from None
        if report.ok:
            print(f"record {number}: ok, scores {report.scores}")
        else:
            failed += 1
            for problem in report.problems:
                print(f"record {number}: {problem}")
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "simulate":
        game = f"calypso simulate {args.game}"
        flag = extra[0].split("=")[0]
        parser.exit(2, f"{game}: error: {args.game} has no option {flag} (see {game} --help)\n")
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    handlers = {"simulate": _simulate, "explain": _explain, "replay": _replay}
    try:
        return handlers[args.command](args)
    except ValueError as exc:
        print(f"calypso: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
