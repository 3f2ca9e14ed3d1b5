"""Build the tutorial as a static site in _site/: Voici on JupyterLite, Python in the browser.

    python site/build_static.py                 (what `make site` runs)
    python site/build_static.py --lock-kernel   (what `make lock` runs: see KERNEL_LOCK)

The environment variable CALYPSO_SITE_OUT names another output folder (say /tmp/site), so a
second build, a benchmark's say, never overwrites the _site/ another run is serving.

Every chapter becomes a page whose Python runs in the learner's browser (Pyodide), so the site
is plain files that any static file server can host: `python -m http.server`, a school's
intranet, GitHub Pages. Nothing is fetched off the site's own origin at run time: Pyodide, every
wheel the kernel imports, the Voila template's Font Awesome and our stylesheet are all copied in,
and the kernel's fallback to the public package index is switched off.

Every Python package the build installs or ships comes from a lock file with sha256 hashes,
which pip checks: the build tools from requirements/static-build.txt (BUILD_LOCK), the kernel's
wheels from requirements/static-kernel.txt (KERNEL_LOCK); `make lock` writes both, from the
.in files beside them, which say why each pin is what it is. Everything downloaded is cached
under build/static/, keyed by version, so a second build is fast and needs no network:

- venv-<key>/     the build tools (voici-core, the Pyodide kernel, anywidget, ...), installed
                  from BUILD_LOCK; the key is a hash of that file and the Python version
- cache/npm/      the npm tarballs of Pyodide's core and of Font Awesome, one file per version
- cache/wheels/   the pure-Python wheels the kernel imports, each checked against KERNEL_LOCK
- cache/pyc/      those wheels with the modules a page imports at start as bytecode, made by
                  Pyodide itself under Node.js (see build_wheels.precompiled())

Only the calypso wheel is built afresh every time, from this working tree.

What makes a chapter quick to show (issue 18): its pages come from the calypso-static template
(site/static-site/), which shows the chapter's text at once with a note in each widget's place;
Pyodide loads every package the kernel and the chapters need while it starts (PRELOAD), the
modules they import ship as bytecode, and jedi is left out; the site leaves out JupyterLab's app
and the extensions no page loads (about 20 MB). Then each page gets a picture of every widget
as it first draws itself (site/paint_static.py), shown until the live widget takes its place.

The build's parts, beside this file (this one runs them in stages, STAGES):

- build_tools.py      where things go, running a command, the build tools' virtualenv
- build_downloads.py  the npm packages and the kernel's locked wheels (and `make lock`'s file)
- build_wheels.py     the Pyodide folder: the calypso wheel, placeholders, bytecode, the lock
- build_pages.py      the pages with voici, then what they share, the front page and the check
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

import build_downloads as downloads
import build_pages as pages
import build_tools as tools
import build_wheels as wheels

STAGES = (
    "the build tools",
    "Pyodide and the kernel's wheels",
    "the pages, with voici",
    "the assets and the front page",
    "a picture of each widget in its page (the longest stage: Chromium runs every page)",
)


def stage(number: int) -> None:
    tools.log(f"building the static site: {number}/{len(STAGES)} {STAGES[number - 1]}")


def build() -> Path:
    """Build the static site into _site/ (or CALYPSO_SITE_OUT) and return that folder."""
    start = time.monotonic()
    downloads.check_npm()
    stage(1)
    venv = tools.build_venv()
    stage(2)
    wheels.prepare_lite_dir(venv)
    stage(3)
    pages.voici_build(venv)
    stage(4)
    pages.drop_unused()
    pages.add_assets()
    pages.share_styles()
    pages.add_front_door()
    stage(5)
    tools.run(venv / "bin" / "python", tools.ROOT / "site" / "paint_static.py", tools.OUTPUT)
    pages.check_output()
    megabytes, seconds = tools.size(tools.OUTPUT) / 1e6, time.monotonic() - start
    tools.log(f"built {tools.shown(tools.OUTPUT)}/ ({megabytes:.0f} MB) in {seconds:.0f} s")
    return tools.OUTPUT


def main(argv: Sequence[str] | None = None) -> None:
    if list(argv or ()) == ["--lock-kernel"]:
        downloads.write_kernel_lock()
        tools.log(f"wrote {tools.shown(downloads.KERNEL_LOCK)}")
    elif argv:
        raise SystemExit(__doc__)
    else:
        build()


if __name__ == "__main__":
    main(sys.argv[1:])
