// Runs precompile.py in Pyodide under Node.js: node precompile.mjs PYODIDE_DIR WORK_DIR, where
// PYODIDE_DIR holds Pyodide's core files and lock file and WORK_DIR has in/ (the wheels) and out/.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: workDir }, "/work");
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "precompile.py"), "utf8");
pyodide.runPython(script, { globals: pyodide.toPy({ __name__: "__main__" }) });
