"""Give wheels the bytecode of the modules a page imports, for the Pyodide that runs this file.

Run inside Pyodide (site/static-site/precompile.mjs runs it under Node.js, from
site/build_static.py): each wheel /work/todo names, of those in /work/in/, is written to
/work/out/ with the source of each
module the kernel and the chapters import as they start (STARTUP, traced by importing them from
the wheels themselves) replaced by its bytecode (``name.py`` becomes ``name.pyc``, as in
Pyodide's own packages), so the browser imports them without compiling them first. The other
modules (most of pygments' lexers, say) stay as source, as bytecode is larger; a wheel whose
startup module does not import from a zip (micropip's vendored packages) has all of its
modules compiled. Front-end files that only a Jupyter server reads are left out; other data
files and the metadata are kept; RECORD is written anew.

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


def pyc(code: CodeType) -> bytes:
    """A sourceless .pyc: magic number, flags 0, no timestamp or size to check, the code."""
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def imported(wheels: list[pathlib.Path]) -> dict[str, set[str]]:
    """The files of each wheel that importing STARTUP from the wheels themselves runs."""
    sys.path[:0] = [str(w) for w in wheels]
    before = set(sys.modules)
    failed = set()
    for name in (*STARTUP, STARTUP_OURS):
        try:
            importlib.import_module(name)
        except Exception:
            failed.add(name.split(".")[0])
    files: dict[str, set[str]] = {w.name: set() for w in wheels}
    for name in set(sys.modules) - before:
        path = getattr(sys.modules[name], "__file__", None) or ""
        wheel, _, member = path.partition(".whl/")
        if member and wheel.startswith("/work/in/"):
            files[pathlib.Path(wheel + ".whl").name].add(member)
    for wheel in wheels:  # what did not import from a zip: all of it
        with zipfile.ZipFile(wheel) as archive:
            if failed & {n.split("/")[0] for n in archive.namelist()}:
                files[wheel.name] = set()
    return files


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
        top = name.split("/")[0]
        chosen = name in wanted or not wanted
        if chosen and name.endswith(".py") and not top.endswith((".dist-info", ".data")):
            try:
                code = compile(data, f"{SITE_PACKAGES}/{name}", "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                out[name] = data
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
