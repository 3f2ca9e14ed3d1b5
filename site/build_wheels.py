"""The static site's Pyodide folder: the kernel's wheels, the calypso wheel built afresh from
this working tree, an empty placeholder for each package the site leaves out (PLACEHOLDERS),
their pyodide-lock.json, and the kernel settings that forbid the package index fallback.

The modules a page imports at start ship as bytecode, made by Pyodide itself under Node.js
(precompiled()), cached under build/static/cache/pyc/.

>>> record_hash("")
'sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU'
>>> "calypso-tutorial" in PRELOAD and set(PLACEHOLDERS) <= set(PRELOAD)
True
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from email.parser import Parser
from pathlib import Path
from typing import Any

import build_downloads as downloads
import build_tools as tools
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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


def calypso_wheel(venv: Path, dest: Path) -> Path:
    """The calypso package as a wheel, built from a copy of this working tree (so no stale
    setuptools build folder can slip a deleted module in)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source"
        source.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(tools.ROOT / name, source / name)
        shutil.copytree(
            tools.ROOT / "calypso",
            source / "calypso",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        out = Path(tmp) / "wheel"
        pip = (venv / "bin" / "python", "-m", "pip")
        tools.run(
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
    script = (tools.STATIC_TEMPLATES / "precompile.py").read_bytes()
    cached = {
        w: tools.CACHE
        / "pyc"
        / tools.cache_key(hashlib.sha256(w.read_bytes() + script).hexdigest(), downloads.PYODIDE)
        for w in wheels
    }
    missing = [w for w in wheels if not (cached[w] / w.name).exists()]
    if missing and shutil.which("node") is None:
        tools.log("no Node.js to turn the wheels into bytecode: the site ships them as they are")
        return [Path(shutil.copy(w, dest / w.name)) for w in wheels]
    if missing:
        tools.log(f"turning {len(missing)} wheels into bytecode, in Pyodide under Node.js")
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            runtime, inbox, outbox = work / "pyodide", work / "in", work / "out"
            for folder in (inbox, outbox):
                folder.mkdir()
            names = (*downloads.PYODIDE_FILES, "pyodide-lock.json")
            downloads.unpack(
                downloads.npm_tarball(downloads.PYODIDE), {name: runtime / name for name in names}
            )
            for wheel in wheels:  # all of them, to trace what a page imports
                shutil.copy(wheel, inbox / wheel.name)
            (work / "todo").write_text("".join(f"{w.name}\n" for w in missing))
            tools.run("node", tools.STATIC_TEMPLATES / "precompile.mjs", runtime, work, quiet=True)
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
    shutil.rmtree(tools.LITE, ignore_errors=True)
    pyodide = tools.LITE / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    tarball = downloads.npm_tarball(downloads.PYODIDE)
    downloads.unpack(tarball, {name: pyodide / name for name in downloads.PYODIDE_FILES})
    with tempfile.TemporaryDirectory() as tmp:
        downloads.unpack(tarball, {"pyodide-lock.json": Path(tmp) / "lock.json"})
        info = json.loads((Path(tmp) / "lock.json").read_text())["info"]
    with tempfile.TemporaryDirectory() as tmp:
        sources = [
            *downloads.kernel_wheels(venv),
            *extension_wheels(venv),
            calypso_wheel(venv, Path(tmp)),
        ]
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
    (tools.LITE / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
