"""The static site's build (site/build_static.py): where it puts things, how it runs its tools,
and the build tools' own virtualenv, made from requirements/static-build.txt (BUILD_LOCK).

Everything downloaded is cached under build/static/ (BUILD), keyed by version: the build
tools' venv-<key>/ (the key a hash of BUILD_LOCK and the Python version) and cache/ (CACHE,
see site/build_downloads.py and site/build_wheels.py).

>>> cache_key("3.11", "a lock") == cache_key("3.11", "a lock") != cache_key("3.12", "a lock")
True
>>> shown(ROOT / "site" / "build_static.py")
'site/build_static.py'
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The static site's own template, calypso-static: the calypso template with the chapter's text
#: shown at once and a note in each widget's place until Python has started in the browser.
STATIC_TEMPLATES = ROOT / "site" / "static-site"
BUILD = ROOT / "build" / "static"
CACHE = BUILD / "cache"
OUTPUT = Path(os.environ.get("CALYPSO_SITE_OUT") or ROOT / "_site").resolve()
#: The JupyterLite folder voici builds from: one per output folder, so two builds of different
#: folders can run at once.
LITE = BUILD / (
    "lite" if OUTPUT == ROOT / "_site" else f"lite-{hashlib.sha256(bytes(OUTPUT)).hexdigest()[:12]}"
)
REQUIREMENTS = ROOT / "requirements"
#: The build tools (voici-core, the Pyodide kernel's extension, the widgets' front ends, the
#: setuptools that builds the calypso wheel, Playwright), every package pinned with its sha256
#: hashes: made by `make lock` from static-build.in, which says why each is there.
BUILD_LOCK = REQUIREMENTS / "static-build.txt"


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(
    *args: str | Path,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    quiet: bool = False,
) -> None:
    """Run a command; with quiet, show its output only if it fails."""
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE if quiet else None,
        stderr=subprocess.STDOUT if quiet else None,
        text=True,
    )
    if done.returncode != 0:
        if quiet:
            print(done.stdout, file=sys.stderr)
        raise SystemExit(f"failed ({done.returncode}): {' '.join(str(a) for a in args)}")


def cache_key(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def build_venv() -> Path:
    """The build tools' virtualenv, made once per lock file (older ones are removed): exactly
    the packages of BUILD_LOCK, which pip checks against their hashes and installs without
    adding any it would resolve itself."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    lock = BUILD_LOCK.read_text(encoding="utf-8")
    venv = BUILD / f"venv-{cache_key(version, lock)}"
    ready = venv / ".ready"
    if not ready.exists():
        log(f"making the build virtualenv {venv.relative_to(ROOT)}")
        shutil.rmtree(venv, ignore_errors=True)
        run(sys.executable, "-m", "venv", venv)
        pip = (venv / "bin" / "python", "-m", "pip")
        install = ("install", "--quiet", "--disable-pip-version-check", "--require-hashes")
        run(*pip, *install, "--no-deps", "-r", BUILD_LOCK)
        ready.write_text(lock)
    for old in BUILD.glob("venv-*"):
        if old != venv:
            shutil.rmtree(old, ignore_errors=True)
    return venv


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def shown(path: Path) -> str:
    """A path as the build's messages name it: relative to the project if it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
