"""Give wheels the bytecode of the modules a page imports, for the Pyodide that runs this file.

Run inside Pyodide (site/static-site/precompile.mjs runs it under Node.js, from
site/build_static.py): each wheel /work/todo names, of those in /work/in/, is written to
/work/out/ with the source of each
module the kernel and the chapters import as they start (STARTUP, traced by importing them from
the wheels themselves) replaced by its bytecode (``name.py`` becomes ``name.pyc``, as in
Pyodide's own packages), so the browser imports them without compiling them first. The other
modules (most of pygments' lexers, say) stay as source, as bytecode is larger; a wheel whose
startup module fails to import has all of its modules compiled; a calypso module naming
``__file__`` keeps its source, since it may read itself, with its bytecode in __pycache__.
Front-end files that only a Jupyter server reads are left out; other data files and the
metadata are kept; RECORD is written anew.

Three modules are edited first (PATCHES), each edit checked, so that a page imports less before
its first widget: IPython's terminal, piplite's micropip, and the look-ups of the notebooks'
folder, which is the browser's drive (see PATCHES).

>>> len(pyc(compile("x = 1", "x.py", "exec"))) > 16
True
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import marshal
import pathlib
import sys
import zipfile
from types import CodeType

SITE_PACKAGES = "/lib/python3.13/site-packages"
#: What a page imports as it starts: the kernel, the widgets and calypso's.
STARTUP = ("micropip", "piplite.piplite", "pyodide_kernel", "ipywidgets", "anywidget")
STARTUP_OURS = "calypso.widgets"

#: Edits of the kernel's modules, (old, new) text by wheel member, measured in the browser:
#: - IPython imports its terminal (prompt_toolkit and more) for ``IPython.embed``, which a
#:   kernel never calls: it is imported when asked for.
#: - The kernel imports piplite (for ``%pip``), which imports micropip and unittest.mock at once;
#:   the site installs nothing at run time, so they are imported at piplite's first install.
#: - The kernel starts in the notebooks' folder, the browser's drive, where every look-up is a
#:   round trip through JupyterLite's service worker, and Python looks there first for every
#:   module it imports (``''``, the current folder, heads ``sys.path``): the site's notebooks
#:   import nothing from their folder, so the kernel leaves it out of ``sys.path`` (and IPython
#:   does not put it back: ``ignore_cwd``).
PATCHES: dict[str, tuple[tuple[str, str], ...]] = {
    "IPython/__init__.py": (
        (
            "from .terminal.embed import embed\n",
            "def __getattr__(name):\n"
            "    if name == 'embed':\n"
            "        from .terminal.embed import embed\n"
            "        return embed\n"
            "    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')\n",
        ),
    ),
    "piplite/piplite.py": (
        (
            "\nfrom typing import Any\n",
            "\nfrom __future__ import annotations\nfrom typing import Any\n",
        ),
        (
            "from unittest.mock import patch\n\nimport micropip\n"
            "from micropip.package_index import ProjectInfo, CompatibilityLayer\n"
            "from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
            "def _import_micropip():\n"
            "    global patch, micropip, ProjectInfo, CompatibilityLayer, _MP_QUERY_PACKAGE\n"
            "    from unittest.mock import patch\n"
            "    import micropip\n"
            "    from micropip.package_index import ProjectInfo, CompatibilityLayer\n"
            "    from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
        ),
        (
            '    """Invoke micropip.install with a patch to get data from local indexes"""\n',
            '    """Invoke micropip.install with a patch to get data from local indexes"""\n'
            "    _import_micropip()\n",
        ),
    ),
    "pyodide_kernel/__init__.py": (
        ("\nimport sys\n", "\nimport sys\n\nif '' in sys.path:\n    sys.path.remove('')\n"),
        ("LitePythonShellApp()", "LitePythonShellApp(ignore_cwd=True)"),
    ),
}


def pyc(code: CodeType, source_hash: bytes | None = None) -> bytes:
    """A sourceless .pyc: magic number, flags 0, no timestamp or size to check, the code; with
    the source's hash, one Python uses beside its source without reading it (PEP 552's
    unchecked hash-based .pyc, flags 1)."""
    if source_hash is None:
        return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
    flags = (1).to_bytes(4, "little")
    return importlib.util.MAGIC_NUMBER + flags + source_hash + marshal.dumps(code)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def imported(wheels: list[pathlib.Path]) -> dict[str, set[str]]:
    """The files of each wheel that importing STARTUP from the wheels themselves (unpacked, as
    the browser installs them) runs."""
    unpacked = pathlib.Path("/tmp/unpacked")
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpacked / wheel.name)
    sys.path[:0] = [str(unpacked / w.name) for w in wheels]
    before = set(sys.modules)
    failed = set()
    for name in (*STARTUP, STARTUP_OURS):
        try:
            importlib.import_module(name)
        except Exception:
            failed.add(name.split(".")[0])
    files: dict[str, set[str]] = {w.name: set() for w in wheels}
    for name in set(sys.modules) - before:
        path = pathlib.Path(getattr(sys.modules[name], "__file__", None) or "/")
        if path.is_relative_to(unpacked):
            owner, *member = path.relative_to(unpacked).parts
            files[owner].add("/".join(member))
    for wheel in wheels:  # what did not import: all of it
        with zipfile.ZipFile(wheel) as archive:
            if failed & {n.split("/")[0] for n in archive.namelist()}:
                files[wheel.name] = set()
    return files


def patched(name: str, data: bytes) -> bytes:
    """A wheel member with its PATCHES applied; an edit whose old text is not there stops.

    >>> patched("IPython/__init__.py", b"x = 1\\nfrom .terminal.embed import embed\\n")[:26]
    b'x = 1\\ndef __getattr__(name'
    >>> patched("calypso/__init__.py", b"x = 1\\n")
    b'x = 1\\n'
    """
    text = data.decode() if name in PATCHES else ""
    for old, new in PATCHES.get(name, ()):
        if text.count(old) != 1:
            raise SystemExit(f"precompile.py: {name} no longer has {old!r} once")
        text = text.replace(old, new)
    return text.encode() if name in PATCHES else data


def server_only(name: str) -> bool:
    """Whether a wheel's file is one only a Jupyter server reads: front-end extensions and
    their settings, which the site serves from extensions/ already.

    >>> server_only("anywidget-0.11.0.data/data/share/jupyter/labextensions/anywidget/package.json")
    True
    >>> server_only("anywidget/__init__.py")
    False
    """
    top, _, rest = name.partition("/")
    return top.endswith(".data") and rest.startswith(("data/share/jupyter/", "data/etc/jupyter/"))


def precompile(source: pathlib.Path, target: pathlib.Path, wanted: set[str]) -> None:
    """source as target, with the modules in wanted (all of them if it is empty) compiled."""
    with zipfile.ZipFile(source) as wheel:
        files = {info.filename: wheel.read(info) for info in wheel.infolist() if not info.is_dir()}
    (record,) = [name for name in files if name.endswith(".dist-info/RECORD")]
    out: dict[str, bytes] = {}
    for name, data in files.items():
        data = patched(name, data)
        top = name.split("/")[0]
        chosen = name in wanted or not wanted
        if chosen and name.endswith(".py") and not top.endswith((".dist-info", ".data")):
            try:
                code = compile(data, f"{SITE_PACKAGES}/{name}", "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                out[name] = data
            else:
                if top == "calypso" and b"__file__" in data:
                    # a module of ours that names its own file may read it (calypso.widgets
                    # reads its imports): its source stays, its bytecode goes to __pycache__
                    out[name] = data
                    cached = importlib.util.cache_from_source(name)
                    out[cached] = pyc(code, importlib.util.source_hash(data))
                else:
                    out[name + "c"] = pyc(code)
        elif name != record and not server_only(name):
            out[name] = data
    lines = "".join(record_line(name, data) for name, data in out.items())
    out[record] = (lines + f"{record},,\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in out.items():
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)


def main() -> None:
    """Trace the imports with every wheel of /work/in/, write those /work/todo names."""
    wheels = sorted(pathlib.Path("/work/in").glob("*.whl"))
    files = imported(wheels)
    for name in pathlib.Path("/work/todo").read_text().split():
        source = pathlib.Path("/work/in") / name
        precompile(source, pathlib.Path("/work/out") / name, files[name])


if __name__ == "__main__":
    main()
