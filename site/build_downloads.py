"""What the static site's build downloads, each pinned: the npm packages (Pyodide's core, Font
Awesome), fetched once with npm, and the pure-Python wheels the kernel imports, which pip
downloads and checks against requirements/static-kernel.txt (KERNEL_LOCK). `make lock` writes
that file (write_kernel_lock()) from requirements/static-kernel.in (KERNEL_PINS).

Cached under build/static/cache/: npm/ one tarball per version, wheels/ each wheel checked
against KERNEL_LOCK.

>>> locked("Segno==1.6.6 --hash=sha256:ab")
{'segno==1.6.6': ('ab',)}
>>> npm_path(PYODIDE).name
'pyodide-0.29.0.tgz'
"""

from __future__ import annotations

import re
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

import build_tools as tools
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

#: The npm packages: Pyodide's core (the version jupyterlite-pyodide-kernel 0.7.0 names), and
#: the Font Awesome the Voila lab template links from a public CDN.
PYODIDE = "pyodide@0.29.0"
FONT_AWESOME = "@fortawesome/fontawesome-free@5.15.4"
#: What of Pyodide's core package the site serves (not its lock file: the build writes its own).
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
#: The pure-Python wheels the kernel imports, each pinned with the sha256 of its py3-none-any
#: wheel: written by `make lock` (write_kernel_lock()) from KERNEL_PINS, which says why each
#: version is the one it is.
KERNEL_LOCK = tools.REQUIREMENTS / "static-kernel.txt"
KERNEL_PINS = tools.REQUIREMENTS / "static-kernel.in"
#: Pure-Python wheels only: without these flags pip picks compiled wheels (psygnal's, say)
#: that cannot run in Pyodide.
PIP_DOWNLOAD_FLAGS = (
    "--no-deps",
    "--only-binary=:all:",
    "--platform",
    "any",
    "--python-version",
    "3.13",
    "--implementation",
    "py",
    "--abi",
    "none",
)


def npm_path(spec: str) -> Path:
    """Where the npm package `spec` (name@version) is cached."""
    return tools.CACHE / "npm" / (re.sub(r"[^A-Za-z0-9.]+", "-", spec.lstrip("@")) + ".tgz")


def check_npm() -> None:
    """Stop with one line if an npm package is still to fetch and there is no npm to fetch it."""
    missing = [spec for spec in (PYODIDE, FONT_AWESOME) if not npm_path(spec).exists()]
    if missing and shutil.which("npm") is None:
        raise SystemExit(
            f"the static site needs npm (Node.js) to fetch {' and '.join(missing)} once: "
            "install it (Debian: apt-get install npm)"
        )


def npm_tarball(spec: str) -> Path:
    """The npm package `spec` (name@version), fetched once with `npm pack`."""
    tarball = npm_path(spec)
    folder = tarball.parent
    if not tarball.exists():
        tools.log(f"fetching {spec} with npm")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            tools.run("npm", "pack", "--silent", "--pack-destination", tmp, spec, quiet=True)
            (packed,) = Path(tmp).glob("*.tgz")
            packed.replace(tarball)
    return tarball


def unpack(tarball: Path, members: dict[str, Path]) -> None:
    """Copy files out of an npm tarball: each key is a path under package/ (a file, or a folder
    ending in /), each value where it goes."""
    with tarfile.open(tarball) as archive:
        for info in archive.getmembers():
            name = info.name.removeprefix("package/")
            for wanted, target in members.items():
                if not info.isfile():
                    continue
                if name == wanted:
                    dest = target
                elif wanted.endswith("/") and name.startswith(wanted):
                    dest = target / name.removeprefix(wanted)
                else:
                    continue
                source = archive.extractfile(info)
                assert source is not None
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(source.read())


def wheel_spec(wheel: Path) -> str:
    name, version, _, _ = parse_wheel_filename(wheel.name)
    return f"{name}=={version}"


def locked(text: str) -> dict[str, tuple[str, ...]]:
    r"""A requirements file's pins, each as name==version (the name normalised), with the
    sha256 digests its --hash options give (none in a file of bare pins). Stops on a line that
    is not one exact pin.

    >>> locked("# a comment\nSegno==1.6.6 \\\n    --hash=sha256:ab\n    # via -r x.in\n")
    {'segno==1.6.6': ('ab',)}
    """
    found: dict[str, tuple[str, ...]] = {}
    for line in text.replace("\\\n", " ").splitlines():
        line = re.sub(r"(^|\s)#.*", "", line).strip()
        if line:
            spec, *hashes = re.split(r"\s+--hash=", line)
            found[canonical(spec)] = tuple(h.removeprefix("sha256:") for h in hashes)
    return found


def canonical(spec: str) -> str:
    """An exact pin as name==version with its name normalised; stops on anything else."""
    requirement = Requirement(spec)
    pins = [s for s in requirement.specifier if s.operator == "=="]
    if len(pins) != 1 or len(requirement.specifier) != 1 or requirement.marker or "*" in spec:
        raise SystemExit(f"not one exact pin: {spec}")
    return f"{canonicalize_name(requirement.name)}=={pins[0].version}"


def kernel_wheels(venv: Path) -> list[Path]:
    """The wheels KERNEL_LOCK pins, downloaded once into the cache with pip's hash checking.
    A cached wheel counts only if its sha256 is one the lock gives for it."""
    folder = tools.CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = locked(KERNEL_LOCK.read_text(encoding="utf-8"))

    def cached() -> dict[str, Path]:
        found = {}
        for wheel in folder.glob("*.whl"):
            spec = wheel_spec(wheel)
            if spec in wanted and tools.sha256(wheel) in wanted[spec]:
                found[spec] = wheel
        return found

    have = cached()
    missing = sorted(wanted.keys() - have.keys())
    if missing:
        tools.log(f"downloading {len(missing)} wheels for the kernel")
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text(
                "".join(
                    f"{spec} {' '.join(f'--hash=sha256:{h}' for h in wanted[spec])}\n"
                    for spec in missing
                )
            )
            pip = (venv / "bin" / "python", "-m", "pip")
            download = ("download", "--quiet", "--disable-pip-version-check", "--require-hashes")
            dest = Path(tmp) / "wheels"
            tools.run(*pip, *download, *PIP_DOWNLOAD_FLAGS, "--dest", dest, "-r", requirements)
            for wheel in dest.glob("*.whl"):
                wheel.replace(folder / wheel.name)
        have = cached()
    absent = wanted.keys() - have.keys()
    if absent:
        raise SystemExit(f"pip did not download {sorted(absent)}")
    return [have[spec] for spec in sorted(wanted)]


def write_kernel_lock() -> None:
    """KERNEL_LOCK written afresh from KERNEL_PINS: each pin with the sha256 of the one wheel
    pip downloads for it under PIP_DOWNLOAD_FLAGS (what kernel_wheels() then asks pip for)."""
    pins = sorted(locked(KERNEL_PINS.read_text(encoding="utf-8")))
    with tempfile.TemporaryDirectory() as tmp:
        pip = (sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check")
        tools.run(*pip, *PIP_DOWNLOAD_FLAGS, "--dest", tmp, *pins)
        hashes = {wheel_spec(w): tools.sha256(w) for w in Path(tmp).glob("*.whl")}
    absent = sorted(set(pins) - hashes.keys())
    if absent:
        raise SystemExit(f"pip downloaded no wheel for {absent}")
    pyodide = PYODIDE.split("@")[1]
    header = (
        "# The pure-Python wheels the static site's kernel imports in the browser, each pinned\n"
        f"# with the sha256 of its py3-none-any wheel (Pyodide {pyodide}, Python 3.13).\n"
        "# Written by make lock (site/build_static.py --lock-kernel) from "
        f"{tools.shown(KERNEL_PINS)}:\n"
        "# change that file and run make lock, never this file.\n"
    )
    lines = "".join(f"{spec} \\\n    --hash=sha256:{hashes[spec]}\n" for spec in pins)
    KERNEL_LOCK.write_text(header + lines, encoding="utf-8")
