// A short-lived worker that takes this build's memory snapshot (snapshot.js) after the
// reader's Python has booted normally: it starts Python alone, imports what the snapshot
// should hold, saves its memory, says whether it was kept ({stored}), and is thrown away.
// Kept apart from the reader's worker, whose first boot keeps NumPy loading inside
// Pyodide's start-up (a snapshot can only be taken before any package loads).
import { PRELOAD_PYTHON, PYTHON_ENV, storeSnapshot } from "./snapshot.js";

self.onmessage = async (event) => {
  const { runtimeURL, build } = event.data;
  let stored = false;
  try {
    const { loadPyodide } = await import(/* @vite-ignore */ `${runtimeURL}pyodide/pyodide.mjs`);
    const pyodide = await loadPyodide({
      indexURL: `${runtimeURL}pyodide/`,
      env: { ...PYTHON_ENV }, // a copy: Pyodide adds HOME and PYTHONINSPECT to it
      packages: [],
      _makeSnapshot: true,
    });
    pyodide.runPython(PRELOAD_PYTHON);
    stored = await storeSnapshot(build, runtimeURL, pyodide.makeMemorySnapshot());
  } catch (err) {
    console.warn("memory snapshot not taken:", err);
  }
  self.postMessage({ stored });
};
