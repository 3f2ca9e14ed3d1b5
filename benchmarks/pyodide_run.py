"""Run a benchmark script inside Pyodide under Node.js: the static site's Python, no browser.

:func:`run` starts Node.js on the static build's own Pyodide files (:data:`PYODIDE`: the first
folder of them that exists, as ``make site`` leaves them), mounts the working tree at ``/repo``,
puts ``/repo`` and the script's folder on ``sys.path`` (as ``python script.py`` does the latter),
runs the script as ``__main__`` with the given arguments and hands back the last line it printed,
read as JSON, with a label naming the runtime; or, without Node.js, those files, or a clean run,
``None`` and why not. The script measures itself inside, with :func:`cpu_clock` for CPU time,
and prints its figures with :func:`spread` in either runtime.

>>> outcome = Outcome(None, "Pyodide: not measured: Node.js not found here")
>>> outcome.found is None, outcome.label.startswith("Pyodide")
(True, True)
"""

from __future__ import annotations

import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYODIDE = (ROOT / "build/static/lite/static/pyodide", ROOT / "_site/static/pyodide")
"""Where the static build leaves Pyodide's files, in the order looked at."""

_NODE = """
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, root, script, ...args] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
let last = "";
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  stdout: (line) => { if (line.trim()) last = line; },
});
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
const path = "/repo/" + script;
const sys = pyodide.pyimport("sys");
sys.path.insert(0, "/repo");
sys.path.insert(0, path.slice(0, path.lastIndexOf("/")));
sys.argv = pyodide.toPy([path, ...args]);
try {
  pyodide.pyimport("runpy").run_path.callKwargs(path, { run_name: "__main__" });
} catch (error) {
  console.error(error.message.trim());
  process.exit(1);
}
const python = pyodide.runPython("import platform; platform.python_version()");
console.log(JSON.stringify({ pyodide: pyodide.version, python, node: process.version, last }));
"""


@dataclass(frozen=True)
class Outcome:
    """What a run inside Pyodide gave: ``found``, the script's last printed line read as JSON
    (``None`` if there is none), and ``label``, the runtime it ran in (``Pyodide 0.29.0 (Python
    3.13.2) under Node.js v20.20.2``) or, without ``found``, a line saying why not."""

    found: Any
    label: str


def run(script: pathlib.Path, args: Sequence[str]) -> Outcome:
    """Run ``script`` (in the working tree) inside Pyodide under Node.js with ``args``."""
    node = shutil.which("node")
    folder = next((p for p in PYODIDE if (p / "pyodide.mjs").exists()), None)
    if node is None or folder is None:
        missing = "Node.js (apt-get install nodejs)" if node is None else "Pyodide's files"
        return Outcome(
            None, f"Pyodide: not measured: {missing} not found here (make site fetches Pyodide)"
        )
    relative = script.resolve().relative_to(ROOT).as_posix()
    done = subprocess.run(
        [node, "--input-type=module", "-e", _NODE, str(folder), str(ROOT), relative, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        why = done.stderr.strip().splitlines()[-1:]
        return Outcome(None, f"Pyodide: failed under Node.js: {why}")
    ran = json.loads(lines[-1])
    if not ran["last"]:
        return Outcome(None, f"Pyodide: {relative} printed nothing under Node.js")
    label = f"Pyodide {ran['pyodide']} (Python {ran['python']}) under Node.js {ran['node']}"
    return Outcome(json.loads(ran["last"]), label)


def cpu_clock() -> Callable[[], float]:
    """Seconds of CPU time: the process's own, or in Pyodide, where ``time.process_time`` is
    the wall clock, the Node.js process's (``process.cpuUsage()``, which another program on the
    machine stretches far less).

    >>> clock = cpu_clock()
    >>> 0 <= clock() <= clock()
    True
    """
    if sys.platform != "emscripten":
        return time.process_time
    import js  # type: ignore[import-not-found]

    def node() -> float:
        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6

    return node


def spread(values: Sequence[float], scale: float = 1.0) -> str:
    """Median, 90th percentile and most of ``values``, times ``scale``.

    >>> spread([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1000)
    'median 5500.0, p90 10000.0, max 10000.0'
    """
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * scale:.1f}, p90 {p90 * scale:.1f}, "
        f"max {ordered[-1] * scale:.1f}"
    )


def report_inside(
    script: pathlib.Path, args: Sequence[str], report: Callable[[str, Any], None]
) -> None:
    """Run ``script`` with ``args`` inside Pyodide (:func:`run`) and hand its figures to
    ``report`` with the runtime's label, or print why they could not be measured."""
    outcome = run(script, args)
    if outcome.found is None:
        print(f"\n{outcome.label}")
        return
    report(f"{outcome.label}, CPU time from Node.js", outcome.found)
