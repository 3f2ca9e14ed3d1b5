// Where a static page's Python start-up spends its time, without the browser: Pyodide under
// Node.js starts from a built site's own files (SITE/static/pyodide/) and does what the kernel's
// worker does before the first cell, then what that cell imports. Run by
// benchmarks/static_site.py (--python): node static_python.mjs SITE. It prints one JSON line of
// CPU milliseconds per step (this process's, which a busy machine stretches less than the clock):
// pyodide (Python up, with every preloaded package installed), piplite (the package manager the
// kernel imports first), kernel (pyodide_kernel: IPython and the rest), widgets (ipywidgets,
// anywidget and calypso.widgets, as a chapter's first cell imports them), and modules (how many
// modules Python has imported by then).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const pyodideDir = join(resolve(process.argv[2]), "static", "pyodide") + "/";
const settings = JSON.parse(readFileSync(join(resolve(process.argv[2]), "jupyter-lite.json")));
const kernel = settings["jupyter-config-data"].litePluginSettings[
  "@jupyterlite/pyodide-kernel-extension:kernel"
];
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const steps = {};
let last = cpu();
const step = (name) => {
  const now = cpu();
  steps[name] = Math.round(now - last);
  last = now;
};

const pyodide = await loadPyodide({
  indexURL: pyodideDir,
  packages: kernel.loadPyodideOptions.packages,
  stdout: () => {},
});
step("pyodide");
pyodide.runPython("import piplite.piplite");
step("piplite");
pyodide.runPython("import pyodide_kernel");
step("kernel");
pyodide.runPython("import ipywidgets, anywidget, calypso.widgets");
step("widgets");
steps.modules = pyodide.runPython("import sys; len(sys.modules)");
console.log(JSON.stringify(steps));
