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
                  Pyodide itself under Node.js (see precompiled())

Only the calypso wheel is built afresh every time, from this working tree.

What makes a chapter quick to show (issue 18): its pages come from the calypso-static template
(site/static-site/), which shows the chapter's text at once with a note in each widget's place;
Pyodide loads every package the kernel and the chapters need while it starts (PRELOAD), the
modules they import ship as bytecode, and jedi is left out; the site leaves out JupyterLab's app
and the extensions no page loads (about 20 MB). Then each page gets a picture of every widget
as it first draws itself (site/paint_static.py), shown until the live widget takes its place.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable, Sequence
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEMPLATES = ROOT / "site"  # on JUPYTER_PATH: voila/templates/calypso, as `make serve` uses it
#: The static site's own template, calypso-static: the calypso template with the chapter's text
#: shown at once and a note in each widget's place until Python has started in the browser.
STATIC_TEMPLATES = ROOT / "site" / "static-site"
TEMPLATE_STATIC = ROOT / "site" / "voila" / "templates" / "calypso" / "static"
STYLESHEET = TEMPLATE_STATIC / "calypso.css"
ANCHOR_SCRIPT = TEMPLATE_STATIC / "calypso-anchor.js"
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
KERNEL_LOCK = REQUIREMENTS / "static-kernel.txt"
KERNEL_PINS = REQUIREMENTS / "static-kernel.in"
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
#: The kernel installs sqlite3 and jedi when it starts. sqlite3 is a compiled module that
#: Pyodide's core package does not include and no package index has; jedi (1.6 MB, with parso)
#: only completes code as one types, which no page of the site does. The site ships an empty
#: placeholder for each: `import sqlite3` and `import jedi` still fail, and IPython, whose
#: history the kernel switches off anyway and whose completer does without jedi, runs without
#: them.
PLACEHOLDERS = ("sqlite3", "jedi")
#: The kernel extension's own wheels (piplite, pyodide_kernel, the ipykernel stand-in), which
#: the kernel installs one by one once Python is up; listed in the lock file, they load with
#: the rest (PRELOAD).
EXTENSION_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
#: What Pyodide loads while it starts (its loadPyodide option `packages`), every download at
#: once: the kernel's packages, then skipped by the kernel, and what every chapter imports.
#: Without it the kernel installs its packages one after the other once Python is up, and the
#: first cell installs ipywidgets, anywidget and calypso.
PRELOAD = (
    "micropip",
    "piplite",
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "ipywidgets",
    "anywidget",
    "calypso-tutorial",
)
#: Dependencies left out of a package's lock entry, so Pyodide does not install them with it
#: while it starts: only IPython's terminal imports prompt_toolkit (0.7 MB with wcwidth), and a
#: page never opens it. Both stay in the lock file: a cell that imports them installs them.
NOT_AT_START = {("ipython", "prompt-toolkit")}
#: The environment Pyodide 0.29 presents to a wheel's dependency markers.
PYODIDE_MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.13",
    "python_full_version": "3.13.2",
    "extra": "",
}
#: What the kernel extension's settings must say for a site that never calls out.
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"


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


def npm_path(spec: str) -> Path:
    """Where the npm package `spec` (name@version) is cached."""
    return CACHE / "npm" / (re.sub(r"[^A-Za-z0-9.]+", "-", spec.lstrip("@")) + ".tgz")


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
        log(f"fetching {spec} with npm")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            run("npm", "pack", "--silent", "--pack-destination", tmp, spec, quiet=True)
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


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kernel_wheels(venv: Path) -> list[Path]:
    """The wheels KERNEL_LOCK pins, downloaded once into the cache with pip's hash checking.
    A cached wheel counts only if its sha256 is one the lock gives for it."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = locked(KERNEL_LOCK.read_text(encoding="utf-8"))

    def cached() -> dict[str, Path]:
        found = {}
        for wheel in folder.glob("*.whl"):
            spec = wheel_spec(wheel)
            if spec in wanted and sha256(wheel) in wanted[spec]:
                found[spec] = wheel
        return found

    have = cached()
    missing = sorted(wanted.keys() - have.keys())
    if missing:
        log(f"downloading {len(missing)} wheels for the kernel")
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
            run(*pip, *download, *PIP_DOWNLOAD_FLAGS, "--dest", dest, "-r", requirements)
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
        run(*pip, *PIP_DOWNLOAD_FLAGS, "--dest", tmp, *pins)
        hashes = {wheel_spec(w): sha256(w) for w in Path(tmp).glob("*.whl")}
    absent = sorted(set(pins) - hashes.keys())
    if absent:
        raise SystemExit(f"pip downloaded no wheel for {absent}")
    pyodide = PYODIDE.split("@")[1]
    header = (
        "# The pure-Python wheels the static site's kernel imports in the browser, each pinned\n"
        f"# with the sha256 of its py3-none-any wheel (Pyodide {pyodide}, Python 3.13).\n"
        f"# Written by make lock (site/build_static.py --lock-kernel) from {shown(KERNEL_PINS)}:\n"
        "# change that file and run make lock, never this file.\n"
    )
    lines = "".join(f"{spec} \\\n    --hash=sha256:{hashes[spec]}\n" for spec in pins)
    KERNEL_LOCK.write_text(header + lines, encoding="utf-8")


def calypso_wheel(venv: Path, dest: Path) -> Path:
    """The calypso package as a wheel, built from a copy of this working tree (so no stale
    setuptools build folder can slip a deleted module in)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source"
        source.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, source / name)
        shutil.copytree(
            ROOT / "calypso",
            source / "calypso",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        out = Path(tmp) / "wheel"
        pip = (venv / "bin" / "python", "-m", "pip")
        run(
            *pip,
            "wheel",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            out,
            source,
        )
        (wheel,) = out.glob("*.whl")
        return Path(shutil.copy(wheel, dest / wheel.name))


def placeholder_wheel(name: str, dest: Path) -> Path:
    """An empty wheel named `name` (metadata only), the same bytes on every build."""
    dist_info = f"{name}-0.0.0.dist-info"
    files = {
        f"{dist_info}/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
            f"Summary: Placeholder: this static site ships no {name}\n"
        ),
        f"{dist_info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: calypso site/build_static.py\n"
            "Root-Is-Purelib: true\nTag: py3-none-any\n"
        ),
    }
    record = "".join(
        f"{path},{record_hash(text)},{len(text.encode())}\n" for path, text in files.items()
    )
    files[f"{dist_info}/RECORD"] = record + f"{dist_info}/RECORD,,\n"
    wheel = dest / f"{name}-0.0.0-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), text)
    wheel.write_bytes(buffer.getvalue())
    return wheel


def record_hash(text: str) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest())
    return "sha256=" + digest.rstrip(b"=").decode()


def wheel_metadata(wheel: Path) -> tuple[Any, list[str]]:
    """A wheel's METADATA and the top-level modules it installs."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = [n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
        message = Parser().parsestr(archive.read(metadata).decode())
    tops = {n.split("/")[0].removesuffix(".py") for n in names}
    imports = sorted(t for t in tops if t.isidentifier())
    return message, imports


def lock_entries(wheels: Iterable[Path]) -> dict[str, dict[str, Any]]:
    """pyodide-lock.json entries for exactly these wheels, with the sha256 of each file and
    its dependencies under Pyodide's markers (only those the site ships, less NOT_AT_START)."""
    read = {w: wheel_metadata(w) for w in wheels}
    shipped = {canonicalize_name(meta["Name"]) for meta, _ in read.values()}
    packages: dict[str, dict[str, Any]] = {}
    for wheel, (meta, imports) in sorted(read.items()):
        name = canonicalize_name(meta["Name"])
        depends = set()
        for line in meta.get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            marker: Marker | None = requirement.marker
            if marker is not None and not marker.evaluate(dict(PYODIDE_MARKERS)):
                continue
            dependency = canonicalize_name(requirement.name)
            if dependency in shipped and (name, dependency) not in NOT_AT_START:
                depends.add(dependency)
        packages[name] = {
            "name": name,
            "version": meta["Version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": imports,
            "depends": sorted(depends),
            "unvendored_tests": False,
        }
    return packages


def precompiled(wheels: Sequence[Path], dest: Path) -> list[Path]:
    """The wheels, copied into dest with the modules a page imports as it starts turned into
    bytecode (site/static-site/precompile.py, run in Pyodide itself under Node.js), so the
    browser does not compile them first. Each result is cached under build/static/cache/pyc/,
    keyed by the wheel, the script and Pyodide's version (a wheel's traced imports depend on the
    others only through the pins of KERNEL_LOCK); without Node.js the wheels are copied as they
    are."""
    script = (STATIC_TEMPLATES / "precompile.py").read_bytes()
    cached = {
        w: CACHE / "pyc" / cache_key(hashlib.sha256(w.read_bytes() + script).hexdigest(), PYODIDE)
        for w in wheels
    }
    missing = [w for w in wheels if not (cached[w] / w.name).exists()]
    if missing and shutil.which("node") is None:
        log("no Node.js to turn the wheels into bytecode: the site ships them as they are")
        return [Path(shutil.copy(w, dest / w.name)) for w in wheels]
    if missing:
        log(f"turning {len(missing)} wheels into bytecode, in Pyodide under Node.js")
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            runtime, inbox, outbox = work / "pyodide", work / "in", work / "out"
            for folder in (inbox, outbox):
                folder.mkdir()
            names = (*PYODIDE_FILES, "pyodide-lock.json")
            unpack(npm_tarball(PYODIDE), {name: runtime / name for name in names})
            for wheel in wheels:  # all of them, to trace what a page imports
                shutil.copy(wheel, inbox / wheel.name)
            (work / "todo").write_text("".join(f"{w.name}\n" for w in missing))
            run("node", STATIC_TEMPLATES / "precompile.mjs", runtime, work, quiet=True)
            for wheel in missing:
                cached[wheel].mkdir(parents=True, exist_ok=True)
                shutil.copy(outbox / wheel.name, cached[wheel] / wheel.name)
    return [Path(shutil.copy(cached[w] / w.name, dest / w.name)) for w in wheels]


def extension_wheels(venv: Path) -> list[Path]:
    """The kernel extension's wheels named in EXTENSION_WHEELS, from the build tools."""
    pypi = venv / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    wheels = [w for w in pypi.glob("*.whl") if w.name.split("-")[0] in EXTENSION_WHEELS]
    if sorted(w.name.split("-")[0] for w in wheels) != sorted(EXTENSION_WHEELS):
        raise SystemExit(f"the kernel extension's wheels are not all in {pypi}")
    return wheels


def prepare_lite_dir(venv: Path) -> None:
    """The JupyterLite folder voici builds from: Pyodide with our wheels and lock, and the
    kernel settings that forbid the package index fallback."""
    shutil.rmtree(LITE, ignore_errors=True)
    pyodide = LITE / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    tarball = npm_tarball(PYODIDE)
    unpack(tarball, {name: pyodide / name for name in PYODIDE_FILES})
    with tempfile.TemporaryDirectory() as tmp:
        unpack(tarball, {"pyodide-lock.json": Path(tmp) / "lock.json"})
        info = json.loads((Path(tmp) / "lock.json").read_text())["info"]
    with tempfile.TemporaryDirectory() as tmp:
        sources = [*kernel_wheels(venv), *extension_wheels(venv), calypso_wheel(venv, Path(tmp))]
        wheels = precompiled(sources, pyodide)
    wheels.extend(placeholder_wheel(name, pyodide) for name in PLACEHOLDERS)
    lock = {"info": info, "packages": lock_entries(wheels)}
    unknown = sorted(set(PRELOAD) - lock["packages"].keys())
    if unknown:
        raise SystemExit(f"PRELOAD names packages the lock file does not have: {unknown}")
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                KERNEL_SETTINGS: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(PRELOAD)},
                }
            },
        },
    }
    (LITE / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")


def voici_build(venv: Path) -> None:
    shutil.rmtree(OUTPUT, ignore_errors=True)
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(map(str, (STATIC_TEMPLATES, TEMPLATES)))}
    env.pop("JUPYTER_CONFIG_DIR", None)
    run(
        venv / "bin" / "voici",
        "build",
        "--lite-dir",
        LITE,
        "--contents",
        NOTEBOOKS,
        "--output-dir",
        OUTPUT,
        "--template",
        "calypso-static",
        "--theme",
        "light",
        "--no-sourcemaps",
        cwd=LITE,
        env=env,
        quiet=True,
    )


#: What of JupyterLite's own app folder build/ a Voici page uses: the theme's stylesheet and the
#: settings' schemas. The rest (about 18 MB) is JupyterLab's app, which the site never opens.
LITE_APP_KEPT = ("themes", "schemas")


#: Front-end extensions a Voici page never loads (its pages name the ones they load): Voici has
#: its own widget manager, and the preview is JupyterLab's.
UNUSED_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/jupyterlab-preview")


def drop_unused() -> None:
    """Remove what voici builds that no page of the site opens."""
    for entry in (OUTPUT / "build").iterdir():
        if entry.name not in LITE_APP_KEPT:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    for extension in UNUSED_EXTENSIONS:
        shutil.rmtree(OUTPUT / "extensions" / extension)


def add_assets() -> None:
    """Our stylesheet, our page script and Font Awesome where the calypso template links them
    (`<base_url>voila/static/...`, as under Voila)."""
    static = OUTPUT / "voila" / "static"
    static.mkdir(parents=True)
    for asset in (STYLESHEET, ANCHOR_SCRIPT):
        shutil.copy(asset, static / asset.name)
    fontawesome = static / "fontawesome"
    unpack(
        npm_tarball(FONT_AWESOME),
        {
            "css/all.min.css": fontawesome / "css" / "all.min.css",
            "css/v4-shims.min.css": fontawesome / "css" / "v4-shims.min.css",
            # woff2 only: every browser that runs WebAssembly takes it (not eot, svg, ttf, woff)
            **{
                f"webfonts/{font}.woff2": fontawesome / "webfonts" / f"{font}.woff2"
                for font in ("fa-brands-400", "fa-regular-400", "fa-solid-900")
            },
            "LICENSE.txt": fontawesome / "LICENSE.txt",
        },
    )


#: An inline stylesheet at least this long that every page repeats (JupyterLab's theme, 240 kB)
#: is served once, as a file of its own, instead of in each page.
SHARED_STYLE_MIN = 10_000
STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)


def share_styles() -> None:
    """Each long <style> that every chapter page repeats, written once to voila/static/ as
    page-<sha256>.css and linked from each page in its place (the same cascade): 0.24 MB a page
    less to send, and a browser that opened one chapter has it for the next. Only a stylesheet
    whose URLs are all data: URLs moves, so it means the same from its new folder."""
    pages = sorted(OUTPUT.glob("voici/render/**/*.html"))
    texts = [page.read_text() for page in pages]
    repeated = set.intersection(
        *(
            {m.group(1) for m in STYLE.finditer(t) if len(m.group(1)) >= SHARED_STYLE_MIN}
            for t in texts
        )
    )
    static = OUTPUT / "voila" / "static"
    names = {}
    for css in repeated:
        if not re.search(r"url\(\s*['\"]?(?!data:)", css):
            names[css] = f"page-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
            (static / names[css]).write_text(css)
    for page, text in zip(pages, texts, strict=True):
        page.write_text(linked_styles(text, names, os.path.relpath(static, page.parent)))


def linked_styles(text: str, names: dict[str, str], folder: str) -> str:
    """text with each <style> named in names (its text: a file name) a link to folder/name.

    >>> linked_styles("<style id=a>p {}</style><style>b {}</style>", {"p {}": "x.css"}, "../s")
    '<link rel="stylesheet" href="../s/x.css" type="text/css" /><style>b {}</style>'
    """

    def link(match: re.Match[str]) -> str:
        name = names.get(match.group(1))
        if name is None:
            return match.group(0)
        return f'<link rel="stylesheet" href="{folder}/{name}" type="text/css" />'

    return STYLE.sub(link, text)


def add_front_door() -> None:
    """The site's root page: JupyterLite's own goes through two redirects to the chapter list
    (and has no icon, so the browser asks for a /favicon.ico that does not exist). Ours is the
    template's tree page (voici/tree/index.html) moved to the root: it opens the welcome chapter
    at once and lists the chapters meanwhile."""
    tree = (OUTPUT / "voici" / "tree" / "index.html").read_text()
    (OUTPUT / "index.html").write_text(re.sub(r'(href="|url=)\.\./\.\./', r"\1", tree))


def check_output() -> None:
    """What must hold of every page: no link off the site, and the kernel's settings."""
    settings = json.loads((OUTPUT / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"][KERNEL_SETTINGS]
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("jupyter-lite.json lost disablePyPIFallback")
    for page in [OUTPUT / "index.html", *OUTPUT.glob("voici/**/*.html")]:
        text = page.read_text()
        tags = re.findall(r"<(?:link|script|img|iframe)\b[^>]*>", text)
        loads = [t for t in tags if re.search(r"""(?:href|src)=["']?(?:https?:)?//""", t)]
        loads += re.findall(r"""\bimport\(\s*["'](?:https?:)?//[^"']*""", text)
        if loads:
            raise SystemExit(f"{shown(page)} loads from off the site: {loads}")


def shown(path: Path) -> str:
    """A path as the build's messages name it: relative to the project if it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


STAGES = (
    "the build tools",
    "Pyodide and the kernel's wheels",
    "the pages, with voici (the longest stage)",
    "the assets and the front page",
    "a picture of each widget in its page (Chromium runs every page)",
)


def stage(number: int) -> None:
    log(f"building the static site: {number}/{len(STAGES)} {STAGES[number - 1]}")


def build() -> Path:
    """Build the static site into _site/ (or CALYPSO_SITE_OUT) and return that folder."""
    start = time.monotonic()
    check_npm()
    stage(1)
    venv = build_venv()
    stage(2)
    prepare_lite_dir(venv)
    stage(3)
    voici_build(venv)
    stage(4)
    drop_unused()
    add_assets()
    share_styles()
    add_front_door()
    stage(5)
    run(venv / "bin" / "python", ROOT / "site" / "paint_static.py", OUTPUT)
    check_output()
    log(f"built {shown(OUTPUT)}/ ({size(OUTPUT) / 1e6:.0f} MB) in {time.monotonic() - start:.0f} s")
    return OUTPUT


def main(argv: Sequence[str] | None = None) -> None:
    if list(argv or ()) == ["--lock-kernel"]:
        write_kernel_lock()
        log(f"wrote {shown(KERNEL_LOCK)}")
    elif argv:
        raise SystemExit(__doc__)
    else:
        build()


if __name__ == "__main__":
    main(sys.argv[1:])
