// @ts-check
// Python's memory snapshot: after the first boot of a build, a short-lived worker
// (snapshot-worker.js) starts Python once more, saves its memory, and later page loads
// restore that (worker.js) instead of starting Python again (seconds of CPU on a slow
// phone). It is kept in the build's runtime cache (sw-cache.js), so a new build drops it
// together with the old runtime.
//
// Limits, from Pyodide 314's makeMemorySnapshot: it copies the wasm memory and the JS objects
// Python holds, nothing else. Shared libraries (NumPy's) live outside that memory, and loading
// a package leaves JS objects the snapshot cannot name; so the snapshot holds Python and the
// standard-library modules our packages import, and NumPy, pyautograd and lessonkit load after
// each restore. The file system is rebuilt by Pyodide on every boot.
import { runtimeCacheName } from "./sw-cache.js";

/** Python's environment: the snapshot keeps os.environ, so both workers start with this. */
export const PYTHON_ENV = Object.freeze({ NO_COLOR: "1", PYTHON_COLORS: "0" });

/** Standard-library modules NumPy, pyautograd and lessonkit import that Pyodide's own start
 * does not: imported before the snapshot is taken, so a restore finds them loaded. */
const PRELOAD = [
  "_compat_pickle",
  "pickle",
  "ctypes",
  "datetime",
  "numbers",
  "difflib",
  "platform",
  "sysconfig",
  "tarfile",
  "hmac",
  "email",
  "importlib.metadata",
];

export const PRELOAD_PYTHON = `
import importlib
for _name in ${JSON.stringify(PRELOAD)}:
    try:
        importlib.import_module(_name)
    except Exception:
        pass
del _name, importlib
`;

/** Run after a restore: every restore would otherwise replay the saved random state. */
export const AFTER_RESTORE_PYTHON = `
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
`;

/** @param {string} runtimeURL */
function snapshotURL(runtimeURL) {
  return `${runtimeURL}pyodide/memory-snapshot.bin`;
}

/** Cache Storage, or null where the browser has none for us (file://, http off localhost). */
function storage() {
  return typeof caches === "object" && caches ? caches : null;
}

/**
 * The snapshot this build saved earlier, or null (none yet, no Cache Storage, unreadable).
 * @param {string} build @param {string} runtimeURL
 * @returns {Promise<Uint8Array|null>}
 */
export async function readSnapshot(build, runtimeURL) {
  const store = storage();
  if (!store) return null;
  try {
    const hit = await (await store.open(runtimeCacheName(build))).match(snapshotURL(runtimeURL));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/**
 * Keep `bytes` as this build's snapshot; resolves to whether it was stored.
 * @param {string} build @param {string} runtimeURL @param {Uint8Array<ArrayBuffer>} bytes
 */
export async function storeSnapshot(build, runtimeURL, bytes) {
  const store = storage();
  if (!store) return false;
  try {
    const cache = await store.open(runtimeCacheName(build));
    const headers = {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(bytes.byteLength),
    };
    await cache.put(snapshotURL(runtimeURL), new Response(bytes, { headers }));
    return true;
  } catch {
    return false;
  }
}

/** Forget this build's snapshot (it failed to restore). */
export async function dropSnapshot(/** @type {string} */ build, /** @type {string} */ runtimeURL) {
  const store = storage();
  if (!store) return;
  try {
    await (await store.open(runtimeCacheName(build))).delete(snapshotURL(runtimeURL));
  } catch {
    // nothing more to do: the next boot starts Python normally
  }
}
