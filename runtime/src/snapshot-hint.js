// @ts-check
// Whether this browser may hold a memory snapshot of the site's Python (snapshot.js). The
// page remembers that it stored one and says so in a new worker's name, the one thing a
// worker can read the moment it starts: on a first visit the worker then starts Python at
// once instead of first asking Cache Storage for a snapshot that cannot be there (80-90 ms
// of a first load's start-up, measured in headless Chromium on two cores).
const KEY = "pyautograd-lessons:snapshot-stored";
const NAME = "pyodide";
const NAME_MAY_RESTORE = "pyodide (snapshot)";

/** Called once a snapshot has been stored (worker-client.js keepSnapshot). */
export function rememberSnapshotStored() {
  try {
    localStorage.setItem(KEY, "1");
  } catch {
    // no localStorage: pythonWorkerName() then always says "may restore"
  }
}

/** The name for a new Python worker. Without readable localStorage it says "may restore",
 * and the worker asks Cache Storage, as it would without the hint. */
export function pythonWorkerName() {
  try {
    return localStorage.getItem(KEY) === null ? NAME : NAME_MAY_RESTORE;
  } catch {
    return NAME_MAY_RESTORE;
  }
}

/** In the worker, from its own name: whether a snapshot is worth looking for. */
export function mayRestore(/** @type {string} */ workerName) {
  return workerName !== NAME;
}
