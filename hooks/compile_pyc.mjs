// Compile Python sources to bytecode with Pyodide's own CPython (the interpreter the pages
// run), so the browser imports pyautograd and lessonkit without compiling them first
// (compiling was ~70% of `import pyautograd` in Pyodide: ~120 of ~165 ms in Node).
//
//   node hooks/compile_pyc.mjs <node_modules/pyodide> <folder>
//
// Every .py under <folder> gets __pycache__/<name>.cpython-3XY.pyc beside it, as an
// unchecked-hash pyc (PEP 552: Python loads it without comparing the source's timestamp,
// which unpacking in the browser does not keep). The sources stay, for tracebacks; their
// file names in the bytecode are set right by importlib when it loads them. Called by
// hooks/wheels.py; prints the cache tag it compiled for (e.g. cpython-314).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${resolve(pyodideDir)}/`, stdout: () => {}, stderr: () => {} });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(folder) }, "/src");
const tag = pyodide.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir(
    "/src", quiet=2, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
if not ok:
    raise SystemExit("compileall failed")
sys.implementation.cache_tag
`);
pyodide.FS.unmount("/src");
process.stdout.write(`${tag}\n`);
