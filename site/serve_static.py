"""Serve the static site (_site/, built by `make site`) as plain files, or check a port first.

    python site/serve_static.py [--port 8867] [--host 127.0.0.1] [--directory _site]
                                [--check] [--from-make serve-static|lab]

A taken port (or an address not of this machine) stops it with one line naming what to change:
``--port`` and ``--host``, or, with ``--from-make``, that make target's variables. ``--check``
only checks and serves nothing: ``make serve-static`` checks ``STATIC_PORT`` so before it builds
the site, and ``make lab`` checks ``LAB_PORT`` for JupyterLab.

It serves as a static host such as GitHub Pages does: text, scripts and Pyodide's WebAssembly
gzipped for a browser that accepts it (each file compressed once, as the server starts, and
kept); pages, settings and wheels revalidated on every load (``Cache-Control: no-cache``),
everything else kept by the browser for ten minutes, as GitHub Pages says too.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import pathlib
import sys
import threading
from collections.abc import Sequence
from email.utils import formatdate
from typing import BinaryIO, ClassVar

from serve import listen_problem, whole_number

ROOT = pathlib.Path(__file__).resolve().parents[1]

PORT_VARIABLES = {"serve-static": "STATIC_PORT=", "lab": "LAB_PORT="}
"""The make variable that sets each make target's port."""


COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".wasm", ".svg", ".txt", ".map"}
"""What is sent gzipped: text, and Pyodide's WebAssembly (8.6 MB, 2.6 MB gzipped)."""
REVALIDATED = {".html", ".json", ".ipynb", ".whl"}
"""Pages, settings and wheels (the calypso wheel keeps its name from one build to the next, and
the lock file lists its sha256), which a new build changes under the same name: checked on every
load."""
KEPT_SECONDS = 600
"""How long the browser keeps anything else without asking (what GitHub Pages sends)."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A plain file server that compresses and says how long to keep each file.

    >>> SiteHandler.cache_control(pathlib.Path("voici/render/00-welcome.html"))
    'no-cache'
    >>> SiteHandler.cache_control(pathlib.Path("voici/render"))
    'no-cache'
    >>> SiteHandler.cache_control(pathlib.Path("static/pyodide/pyodide.asm.wasm"))
    'public, max-age=600'
    """

    _gzipped: ClassVar[dict[tuple[str, int, int], bytes]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    @staticmethod
    def cache_control(path: pathlib.Path) -> str:
        revalidated = path.suffix in REVALIDATED or not path.suffix  # a folder: its index.html
        return "no-cache" if revalidated else f"public, max-age={KEPT_SECONDS}"

    def end_headers(self) -> None:
        path = pathlib.Path(self.translate_path(self.path))
        self.send_header("Cache-Control", self.cache_control(path))
        super().end_headers()

    def send_head(self) -> BinaryIO | None:
        path = pathlib.Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in COMPRESSED and path.is_file()):
            return super().send_head()
        stat = path.stat()
        tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gz"'
        if self.headers.get("If-None-Match") == tag:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        body = self.gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", formatdate(stat.st_mtime, usegmt=True))
        self.send_header("ETag", tag)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    @classmethod
    def compress_all(cls, folder: pathlib.Path) -> None:
        """Compress every file sent gzipped ahead of its first request (a class arriving at
        once would otherwise wait for Pyodide's WebAssembly to be compressed)."""
        for path in sorted(folder.rglob("*")):
            if path.suffix in COMPRESSED and path.is_file():
                stat = path.stat()
                cls.gzipped(path, stat.st_mtime_ns, stat.st_size)

    @classmethod
    def gzipped(cls, path: pathlib.Path, mtime_ns: int, size: int) -> bytes:
        key = (str(path), mtime_ns, size)
        with cls._lock:
            if key not in cls._gzipped:
                cls._gzipped[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            return cls._gzipped[key]


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
    folder = args.directory.resolve()
    handler = functools.partial(SiteHandler, directory=str(folder))
    threading.Thread(target=SiteHandler.compress_all, args=(folder,), daemon=True).start()
    with http.server.ThreadingHTTPServer((args.host, port), handler) as server:
        print(f"Serving {args.directory} at http://{args.host}:{port}/ (Ctrl-C stops it)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
