"""Serve the static site (_site/, built by `make site`) as plain files, or check a port first.

    python site/serve_static.py [--port 8867] [--host 127.0.0.1] [--directory _site]
                                [--check] [--from-make serve-static|lab]

A taken port (or an address not of this machine) stops it with one line naming what to change:
``--port`` and ``--host``, or, with ``--from-make``, that make target's variables. ``--check``
only checks and serves nothing: ``make serve-static`` checks ``STATIC_PORT`` so before it builds
the site, and ``make lab`` checks ``LAB_PORT`` for JupyterLab.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import pathlib
import sys
from collections.abc import Sequence

from serve import listen_problem, whole_number

ROOT = pathlib.Path(__file__).resolve().parents[1]

PORT_VARIABLES = {"serve-static": "STATIC_PORT=", "lab": "LAB_PORT="}
"""The make variable that sets each make target's port."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", default="8867")
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 for a classroom network")
    parser.add_argument("--directory", type=pathlib.Path, default=ROOT / "_site")
    parser.add_argument("--check", action="store_true", help="check the port, serve nothing")
    parser.add_argument(
        "--from-make", choices=PORT_VARIABLES, help="name this make target's variables in errors"
    )
    args = parser.parse_args(argv)
    port_word = PORT_VARIABLES[args.from_make] if args.from_make else "--port"
    host_word = "HOST=" if args.from_make else "--host"
    say = f"{args.from_make or 'serve-static'}: error:"
    try:
        port = whole_number(args.port, 1, 65535, port_word, "a port number")
    except ValueError as exc:
        print(say, exc, file=sys.stderr)
        return 2
    problem = listen_problem(args.host, port, port_word, host_word)
    if problem is not None:
        print(say, problem, file=sys.stderr)
        return 1
    if args.check:
        return 0
    if not (args.directory / "index.html").is_file():
        print(say, f"no site in {args.directory}: run `make site`", file=sys.stderr)
        return 1
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(args.directory))
    with http.server.ThreadingHTTPServer((args.host, port), handler) as server:
        print(f"Serving {args.directory} at http://{args.host}:{port}/ (Ctrl-C stops it)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
