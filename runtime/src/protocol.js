// @ts-check
// The messages between the page (worker-client.js) and the Pyodide worker (worker.js),
// written down once. Both sides import the type names from here, so a renamed or new
// message is one edit, and the typedefs say what each message carries.

/** Page -> worker. */
export const ToWorker = Object.freeze({
  boot: "boot",
  run: "run",
  newNamespace: "new-ns",
  dropNamespace: "drop-ns",
});

/** Worker -> page. */
export const FromWorker = Object.freeze({
  progress: "progress",
  bytes: "bytes",
  ready: "ready",
  bootError: "boot-error",
  stream: "stream",
  capped: "capped",
  display: "display",
  displaysCapped: "displays-capped",
  solved: "solved",
  done: "done",
  fatal: "fatal",
});

/**
 * @typedef {object} Wheel
 * @property {string} file      file name under assets/runtime/wheels/
 * @property {string} sha256    hex digest (checked with subresource integrity)
 * @property {"wheel"|"zip"} format
 *
 * @typedef {object} RuntimeManifest   assets/runtime/manifest.json, written by hooks/runtime_assets.py
 * @property {string} pyodide   Pyodide version
 * @property {{file: string, sha256: string, local: boolean, remote_base: string, bytecode?: Wheel}} numpy
 *   bytecode: a zip of pycs for NumPy's modules (only with a local wheel), unpacked over it
 * @property {Record<string, Wheel>} wheels
 * @property {Record<string, {sha256: string, size: number}>} files   path under the site root
 * @property {string} build     digest of all files: names the service worker's cache
 * @property {number} [download_stall_ms]
 */

/**
 * @typedef {{type: "boot", interruptBuffer: Int32Array|null}} BootMessage
 *   sent as soon as the worker is created; the worker reads the build manifest itself
 *   (next to its own script), so nothing waits for the page's main thread
 * @typedef {{type: "run", id: number, ns: string, number: number, code: string,
 *            expected: string|null}} RunMessage
 *   number: the cell's position on its page, from 1 (the "সেল N" of the page's notes);
 *   the code runs as "<cell N>"
 *   expected: the page's expected-output block, compared in Python (lessonkit.cells)
 * @typedef {{type: "new-ns"|"drop-ns", ns: string}} NamespaceMessage
 * @typedef {BootMessage|RunMessage|NamespaceMessage} PageMessage
 */

/**
 * @typedef {"python"|"numpy"|"pyautograd"} BootStep
 * @typedef {{type: "progress", step: BootStep, state: "start"|"done"|"failed"}} ProgressMessage
 * @typedef {{type: "bytes", loaded: number, expected: number}} BytesMessage
 * @typedef {{type: "ready", limited: boolean, restored: boolean, build: string,
 *            timeline: [string, number][]}} ReadyMessage
 *   limited: NumPy (and so pyautograd) failed to load; plain Python still runs
 *   restored: Python came from the build's memory snapshot (snapshot.js), not a fresh start
 *   build: the build manifest's digest (names the build's caches and its snapshot)
 *   timeline: when each boot step ended, in ms since the epoch
 * @typedef {{type: "boot-error", stage: BootStep, message: string, partial?: boolean,
 *            download?: boolean}} BootErrorMessage
 *   download: a download failed or stalled (trying again may work)
 * @typedef {{type: "stream", id: number, stream: "stdout"|"stderr", text: string}} StreamMessage
 * @typedef {{type: "capped", id: number, limit: number}} CappedMessage
 * @typedef {{type: "display", id: number, message: DisplayMessage}} DisplayEnvelope
 * @typedef {{type: "displays-capped", id: number, limit: number, dropped: number}} DisplaysCappedMessage
 *   more new figures than `limit` in one run: `dropped` were not sent
 * @typedef {{type: "solved", id: number, exercise: string}} SolvedMessage
 *   the run solved exercise `exercise` (lessonkit's check, e.g. "3.2"): the page records it;
 *   a mark, not a figure, so it is neither thinned nor counted against the figure cap
 * @typedef {{type: "fatal", message: string}} FatalMessage
 *   Pyodide's runtime is broken (a fatal error): the page must throw the worker away
 */

/**
 * @typedef {object} DoneMessage   the end of one run: from the worker, or made by the page
 *   (worker-client.js) for the runs of a worker it throws away
 * @property {"done"} type
 * @property {number} [id]           the run (the page's own outcomes go straight to their run)
 * @property {number} ms
 * @property {string|null} error     last traceback line ("ValueError: ...") or null
 * @property {string|null} traceback the reader's frames only
 * @property {string|null} [kind]    exception class name (null: the run raised nothing)
 * @property {boolean} [capped]
 * @property {boolean} [bootFailed]
 * @property {boolean} [restarted]   the worker was thrown away (Stop, or a crash)
 * @property {boolean} [crashed]     the worker died under this run
 * @property {boolean} [notRun]      the worker died while this run still waited: its code never ran
 * @property {boolean|null} [matchesExpected] the output matched the expected block
 *   (null: the cell has none), by the same rule as the CPython tests
 */

/**
 * @typedef {ProgressMessage|BytesMessage|ReadyMessage|BootErrorMessage|StreamMessage|
 *           CappedMessage|DisplayEnvelope|DisplaysCappedMessage|SolvedMessage|FatalMessage|DoneMessage} WorkerMessage
 */

/**
 * A figure from lessonkit (Python side: runtime/python/lessonkit). `kind` picks the
 * renderer in renderers.js; the other fields belong to that kind.
 * @typedef {{kind: string, title?: string} & Record<string, unknown>} DisplayMessage
 */
