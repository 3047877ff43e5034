// Web Worker that owns Pyodide; the messages it reads and posts are listed in protocol.js.
// It never touches the DOM and knows nothing of the page beyond those messages.
import { FromWorker, ToWorker } from "./protocol.js";
import { mayRestore } from "./snapshot-hint.js";
import { AFTER_RESTORE_PYTHON, dropSnapshot, PYTHON_ENV, readSnapshot } from "./snapshot.js";

const OUTPUT_CAP = 200000; // characters of stdout+stderr per cell
const DISPLAY_CAP = 50; // new figures per cell (in-place updates of a figure are not counted)
const UPDATE_EVERY_MS = 50; // a figure updated in place is redrawn at most 20 times a second
const STALL_MS = 30000; // a download with no data for this long has failed
const BYTES_EVERY_MS = 100; // at most ten download-progress messages a second
const BIG_DOWNLOAD = /\.(wasm|zip|whl|tar|tar\.gz)(\?|#|$)/;
// Python's own files, fetched by Pyodide's loader: without any of them there is no Python
const CORE_FILE = /\/pyodide\/(pyodide\.asm\.(wasm|mjs|js)|python_stdlib\.zip|pyodide-lock\.json)(\?|#|$)/;

let pyodide = null;
let runner = null; // the lessonkit.harness module
let booting = null; // promise of the boot
let fatalError = null; // set by Pyodide's on_fatal hook: its runtime can no longer be used
let interrupt = null; // the page's interrupt buffer: [signal, cell code ended] (worker-client.js)
let current = null; // {id, chars, capped, displays, dropped, keys, held, streamsHeld, stdout}
const downloads = { inFlight: 0, lastActivity: 0 }; // kept by countDownloads()

// This worker lives in the site's assets/runtime/ folder. The moment it runs it asks for
// the build manifest and Pyodide's loader, both next to it, in parallel: nothing waits for
// the page's main thread (busy with the page itself during a first load).
const runtimeURL = new URL("./", import.meta.url).href;
const manifestLoad = fetch(`${runtimeURL}manifest.json`, { cache: "no-cache" }).then((r) => {
  if (!r.ok) throw new Error(`manifest.json: HTTP ${r.status}`);
  return r.json();
});
const pyodideLoader = import(/* @vite-ignore */ `${runtimeURL}pyodide/pyodide.mjs`);
manifestLoad.catch(() => {}); // both awaited (and reported) by boot()
pyodideLoader.catch(() => {});
// The page's boot message ({interruptBuffer}) reaches a new worker only once the page's
// main thread has heard that this script ran, which during a first load waits behind the
// page's own parsing and layout (0.2 s and more): the boot starts without it, and waits
// for it only where the buffer is needed, after Python is up.
let bootMessage;
const bootAsked = new Promise((resolve) => {
  bootMessage = resolve;
});

/** @param {import("./protocol.js").WorkerMessage} message */
const post = (message) => self.postMessage(message);
// When each boot step ended (ms since the epoch, comparable with the page's clock): the
// page shows it as lessonRunner.bootTimeline, so a slow start can be taken apart.
/** @type {[string, number][]} */
const timeline = [["worker started", performance.timeOrigin + performance.now()]];
const mark = (name) => timeline.push([name, performance.timeOrigin + performance.now()]);
// Pyodide writes this (faulthandler's dump of our own frames) when it breaks; held back
// until the run ends, and dropped if the run ended in a fatal error.
const FAULT_DUMP = "Stack (most recent call first):";

function emit(stream, text) {
  if (!current || !text || current.capped) return;
  if (current.streamsHeld || text.startsWith(FAULT_DUMP)) {
    current.streamsHeld = current.streamsHeld || [];
    current.streamsHeld.push([stream, text]);
    return;
  }
  send(stream, text);
}

function send(stream, text) {
  const room = OUTPUT_CAP - current.chars;
  if (text.length > room) {
    text = text.slice(0, room);
    current.capped = true;
  }
  current.chars += text.length;
  if (stream === "stdout") current.stdout += text;
  if (text) post({ type: FromWorker.stream, id: current.id, stream, text });
  if (current.capped) post({ type: FromWorker.capped, id: current.id, limit: OUTPUT_CAP });
}

function writer(stream) {
  const decoder = new TextDecoder("utf-8");
  return {
    write(buffer) {
      emit(stream, decoder.decode(buffer, { stream: true }));
      return buffer.length;
    },
  };
}

function sriOf(hex) {
  const bytes = hex.match(/../g).map((h) => parseInt(h, 16));
  return `sha256-${btoa(String.fromCharCode(...bytes))}`;
}

/** An error that says a download failed (the page then offers to try again). */
function downloadError(message) {
  const err = /** @type {Error & {download: boolean}} */ (new Error(message));
  err.download = true;
  return err;
}

/**
 * Reject when a download has made no progress for ``idleMs`` (no response, no new bytes)
 * while ``promise`` is pending. A slow but moving download is never cut off, and the
 * CPU-bound work after it (unpacking, compiling) is not timed at all.
 */
function failIfStalled(promise, idleMs, what) {
  let timer;
  const stalled = new Promise((_, reject) => {
    timer = setInterval(() => {
      const idle = performance.now() - downloads.lastActivity;
      if (downloads.inFlight > 0 && idle > idleMs) {
        reject(downloadError(`${what}: the download stalled (no data for ${Math.round(idle / 1000)} s)`));
      }
    }, 250);
  });
  return Promise.race([promise, stalled]).finally(() => clearInterval(timer));
}

async function fetchVerified(url, sha256) {
  const response = await fetch(url, { integrity: sriOf(sha256) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * While Python boots, count the bytes of the big downloads (Pyodide's wasm and standard
 * library, the wheels) as they arrive, so the page can show megabytes, not only steps.
 * Each response is handed back untouched; a clone of it is read alongside (the wasm keeps
 * its streaming compilation and code cache). The total is the build manifest's sizes of
 * the big files (``plan``), so it is right from the first line; only a file the manifest
 * does not list (NumPy from the remote fallback) adds its size when it answers.
 * ``coreFailed`` rejects when one of Python's own files fails to download: Pyodide's
 * loader would wait for it for ever. ``stop`` stops counting.
 */
function countDownloads() {
  const realFetch = self.fetch;
  const planned = new Set();
  let loaded = 0,
    expected = 0,
    lastPost = 0,
    failCore;
  const coreFailed = new Promise((_, reject) => {
    failCore = reject;
  });
  coreFailed.catch(() => {});
  const failed = (url, why) => {
    if (CORE_FILE.test(url)) failCore(downloadError(`${url.split("/").pop()}: the download failed (${why})`));
  };
  const report = (force) => {
    const now = performance.now();
    if (!force && now - lastPost < BYTES_EVERY_MS) return;
    lastPost = now;
    post({ type: FromWorker.bytes, loaded, expected });
  };
  const touch = () => {
    downloads.lastActivity = performance.now();
  };
  self.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const big = BIG_DOWNLOAD.test(url);
    downloads.inFlight += 1;
    touch();
    let response;
    try {
      // low priority: on a slow link the page's own scripts and styles come first
      response = await realFetch(input, big ? { ...init, priority: "low" } : init);
    } catch (err) {
      downloads.inFlight -= 1;
      failed(url, String(err?.message || err));
      throw err;
    }
    touch();
    if (!response.ok) failed(url, `HTTP ${response.status}`);
    if (!big || !response.ok || !response.body) {
      downloads.inFlight -= 1;
      return response;
    }
    if (!planned.has(new URL(url, runtimeURL).href))
      expected += Number(response.headers.get("content-length")) || 0;
    report(true);
    const reader = response.clone().body.getReader();
    (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          loaded += value.byteLength;
          touch();
          report(false);
        }
      } catch (err) {
        // the real consumer sees the same failure; Pyodide's loader may not report it
        failed(url, String(err?.message || err));
      } finally {
        downloads.inFlight -= 1;
      }
      report(true);
    })();
    return response;
  };
  return {
    coreFailed,
    /** The big files this build's boot downloads, with their sizes (manifest.json). */
    plan(manifest) {
      const siteRoot = new URL("../../", runtimeURL);
      for (const [path, file] of Object.entries(manifest.files || {})) {
        if (!BIG_DOWNLOAD.test(path)) continue;
        planned.add(new URL(path, siteRoot).href);
        expected += file.size || 0;
      }
      report(true);
    },
    stop() {
      self.fetch = realFetch;
    },
  };
}

/** The NumPy wheel's load, loudly: reports why it failed and gives up when it stalls.
 * ``beforeImport`` runs between the wheel's install and ``import numpy``. */
async function loadNumpy(manifest, beforeImport) {
  const problems = [];
  await failIfStalled(
    pyodide.loadPackage("numpy", {
      checkIntegrity: true,
      messageCallback: () => {},
      errorCallback: (m) => problems.push(m),
    }),
    manifest.download_stall_ms || STALL_MS,
    "NumPy",
  );
  try {
    await beforeImport();
    pyodide.runPython("import numpy");
  } catch (err) {
    throw new Error(problems.join("\n") || String(err));
  }
}

/**
 * Start Python: from this build's memory snapshot when there is one (a restore takes a
 * fraction of a start), else normally; NumPy is installed after it either way (boot). A
 * snapshot that fails to restore is dropped and Python starts normally.
 * `saved` is null when this worker was told there is none to look for (snapshot-hint.js).
 */
async function startPython(loadPyodide, config, manifest, runtimeURL, saved) {
  const bytes = saved && (await saved);
  if (saved && !bytes) mark("no snapshot");
  if (bytes) {
    mark("snapshot read");
    try {
      // NumPy loads after the restore: a package loading during it would allocate memory
      // that the restore then overwrites
      const restored = await loadPyodide({ ...config, packages: [], _loadSnapshot: bytes });
      restored.runPython(AFTER_RESTORE_PYTHON);
      mark("python restored");
      return { pyodide: restored, restored: true };
    } catch (err) {
      console.warn("memory snapshot not usable, starting Python normally:", err);
      await dropSnapshot(manifest.build, runtimeURL);
    }
  }
  const started = await loadPyodide(config);
  mark("python started");
  return { pyodide: started, restored: false };
}

/**
 * Boot with nothing waiting without need: our wheels, and a NumPy wheel served by the site
 * itself, download while Python starts. That NumPy wheel is unpacked, not loaded with
 * Pyodide's loadPackage: loadPackage loads all 13 of NumPy's extension modules (5.2 MB of
 * wasm) at once, while `import numpy` needs 3 of them and loads those itself. On this
 * machine that made the boot 0.3 s shorter (median of 8 bare-page loads each, 4.15 s
 * against 4.47 s). A wheel from the remote fallback keeps loadPackage's stall-watched load,
 * and so does a local wheel that failed to download or unpack.
 */
async function boot() {
  const step = (name, state) => post({ type: FromWorker.progress, step: name, state });
  /** @type {import("./protocol.js").BootStep} */
  let stage = "python";
  const counting = countDownloads();
  try {
    step("python", "start");
    const manifest = await manifestLoad;
    counting.plan(manifest);
    // a first visit has no snapshot to look for (snapshot-hint.js): Python starts at once
    const saved = mayRestore(self.name) ? readSnapshot(manifest.build, runtimeURL) : null;
    const wheelData = ["pyautograd", "lessonkit"].map((name) => {
      const entry = manifest.wheels[name];
      const data = fetchVerified(`${runtimeURL}wheels/${entry.file}`, entry.sha256);
      data.catch(() => {}); // awaited below, after Python is up
      return { entry, data };
    });
    // NumPy's bytecode (hooks/wheels.py numpy_bytecode): the official wheel has none, so
    // without it every boot compiles NumPy's ~170 modules at `import numpy`
    const numpyBytecode = manifest.numpy.bytecode
      ? fetchVerified(`${runtimeURL}wheels/${manifest.numpy.bytecode.file}`, manifest.numpy.bytecode.sha256)
      : null;
    numpyBytecode?.catch(() => {});
    const numpyWheel = manifest.numpy.local
      ? fetchVerified(`${runtimeURL}pyodide/${manifest.numpy.file}`, manifest.numpy.sha256)
      : null;
    numpyWheel?.catch(() => {});
    const { loadPyodide } = await pyodideLoader;
    mark("pyodide.mjs loaded");
    const config = {
      indexURL: `${runtimeURL}pyodide/`,
      env: { ...PYTHON_ENV }, // a copy: Pyodide adds HOME and PYTHONINSPECT to it
      packages: [],
    };
    if (!manifest.numpy.local) config.packageBaseUrl = manifest.numpy.remote_base;
    step("numpy", "start");
    const started = await failIfStalled(
      Promise.race([startPython(loadPyodide, config, manifest, runtimeURL, saved), counting.coreFailed]),
      manifest.download_stall_ms || STALL_MS,
      "Python",
    );
    pyodide = started.pyodide;
    pyodide._api.on_fatal = (err) => {
      fatalError = err || new Error("fatal error");
    };
    pyodide.setStdout(writer("stdout"));
    pyodide.setStderr(writer("stderr"));
    step("python", "done");
    const { interruptBuffer } = await bootAsked;
    if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
    interrupt = interruptBuffer?.length > 1 ? interruptBuffer : null;

    stage = "numpy";
    let numpyProblem = null;
    // Pyodide's loader knows its site-packages; asking sysconfig instead imports it (60 ms)
    const site =
      pyodide._api?.sitepackages || pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    let numpyUnpacked = false; // the site's wheel is in site-packages (see boot's comment)
    if (numpyWheel) {
      try {
        pyodide.unpackArchive(await numpyWheel, "wheel", { extractDir: site });
        numpyUnpacked = true;
        mark("numpy unpacked");
      } catch (err) {
        console.warn("NumPy's wheel not unpacked, loading it with loadPackage:", err);
      }
    }
    // over the installed wheel; without it (not built, or its download failed) NumPy's
    // modules are compiled at import, as Pyodide itself does
    const addBytecode = async () => {
      try {
        const data = await numpyBytecode;
        // only over an installed wheel: pycs alone would make `numpy` a namespace package
        if (data && (numpyUnpacked || pyodide.loadedPackages.numpy))
          pyodide.unpackArchive(data, "zip", { extractDir: site });
      } catch (err) {
        console.warn("NumPy's bytecode not used:", err);
      }
      mark("numpy bytecode");
    };
    try {
      if (!numpyUnpacked && !pyodide.loadedPackages.numpy) await loadNumpy(manifest, addBytecode);
      else {
        await addBytecode();
        pyodide.runPython("import numpy");
      }
      mark("numpy imported");
      step("numpy", "done");
    } catch (err) {
      // Pure-Python cells still run; cells that need NumPy get a clear explanation.
      numpyProblem = String(err?.message || err);
      step("numpy", "failed");
      post({ type: FromWorker.bootError, stage: "numpy", partial: true, message: numpyProblem });
    }

    stage = "pyautograd";
    step("pyautograd", "start");
    for (const { entry, data } of wheelData) {
      pyodide.unpackArchive(await data, entry.format, { extractDir: site });
    }
    mark("wheels unpacked");
    pyodide.runPython("import importlib; importlib.invalidate_caches(); import lessonkit");
    mark("lessonkit imported");
    if (!numpyProblem) pyodide.runPython("import pyautograd");
    mark("pyautograd imported");
    runner = pyodide.pyimport("lessonkit.harness");
    runner.setup(
      display,
      interruptBuffer ? waitForInterrupt(interruptBuffer) : undefined,
      interrupt ? () => Atomics.store(interrupt, 1, 1) : undefined,
    );
    step("pyautograd", numpyProblem ? "failed" : "done");
    post({
      type: FromWorker.ready,
      limited: Boolean(numpyProblem),
      restored: started.restored,
      build: manifest.build,
      timeline,
    });
  } catch (err) {
    const message = String(err?.message || err);
    post({ type: FromWorker.bootError, stage, message, download: Boolean(err?.download) });
    throw err;
  } finally {
    counting.stop();
  }
}

/** A display message from lessonkit. One with a ``key`` already shown in this cell updates
 * that figure in place; such updates are thinned to one per UPDATE_EVERY_MS (a training loop
 * may send thousands), and the last one held back is sent when the cell ends. New figures
 * past DISPLAY_CAP are counted, and the page is told how many were dropped. */
function display(json) {
  if (!current) return;
  const message = JSON.parse(json);
  if (message.kind === "exercise") {
    // lessonkit's mark_solved: its own message, never thinned or dropped like a figure
    if (message.solved) post({ type: FromWorker.solved, id: current.id, exercise: String(message.id) });
    return;
  }
  const key = typeof message.key === "string" ? message.key : null;
  if (key !== null && current.keys.has(key)) {
    const now = performance.now();
    if (now - current.keys.get(key) < UPDATE_EVERY_MS) {
      current.held.set(key, message);
      return;
    }
    current.keys.set(key, now);
    current.held.delete(key);
  } else {
    if (current.displays >= DISPLAY_CAP) {
      current.dropped += 1;
      return;
    }
    current.displays += 1;
    if (key !== null) current.keys.set(key, performance.now());
  }
  post({ type: FromWorker.display, id: current.id, message });
}

/**
 * time.sleep's wait (lessonkit/harness.py): block on the interrupt buffer for up to ``seconds``,
 * so Stop (which stores 2 and notifies) wakes it at once; then raise the
 * KeyboardInterrupt in Python as Pyodide's own checks would.
 */
/** @param {Int32Array} buffer */
function waitForInterrupt(buffer) {
  return (seconds) => {
    Atomics.wait(buffer, 0, 0, Math.max(0, seconds * 1000));
    if (Atomics.load(buffer, 0) !== 0) pyodide.checkInterrupt();
  };
}

/**
 * Whether the run printed the page's expected block (null: the cell has none), decided by
 * lessonkit.cells in Python. Pyodide turns JavaScript's null into JsNull, not None, so a
 * missing error is passed as undefined.
 */
function compared(expected, result) {
  if (expected === null || expected === undefined) return null;
  try {
    return Boolean(runner.matches_expected(expected, current.stdout, result.error ?? undefined));
  } catch (_err) {
    return null;
  }
}

function run({ id, ns, number, code, expected = null }) {
  current = {
    id,
    chars: 0,
    capped: false,
    displays: 0,
    dropped: 0,
    keys: new Map(),
    held: new Map(),
    streamsHeld: null,
    stdout: "",
  };
  const started = performance.now();
  let result;
  if (interrupt) Atomics.store(interrupt, 1, 0); // the cell's code is about to run
  try {
    result = JSON.parse(runner.run_cell(ns, number, code));
  } catch (err) {
    if (err?.pyodide_fatal_error) fatalError = fatalError || err;
    result = { error: `InternalError: ${String(err)}`, traceback: String(err), kind: "InternalError" };
  }
  if (fatalError) {
    // Pyodide cannot be trusted any more (its calls may even return nothing): the page
    // throws this worker away and starts a new one. Its dump of our own frames is dropped.
    current = null;
    post({ type: FromWorker.fatal, message: String(fatalError?.message || fatalError) });
    return;
  }
  if (current.streamsHeld) for (const [stream, text] of current.streamsHeld) send(stream, text);
  const ms = Math.round(performance.now() - started);
  for (const message of current.held.values()) post({ type: FromWorker.display, id, message });
  if (current.dropped)
    post({ type: FromWorker.displaysCapped, id, limit: DISPLAY_CAP, dropped: current.dropped });
  post({
    type: FromWorker.done,
    id,
    ms,
    capped: current.capped,
    matchesExpected: compared(expected, result),
    ...result,
  });
  current = null;
}

booting = boot();
booting.catch(() => {});

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === ToWorker.boot) {
    bootMessage(message);
    return;
  }
  try {
    await booting;
  } catch (_err) {
    if (message.type === ToWorker.run)
      post({ type: FromWorker.done, id: message.id, ms: 0, bootFailed: true, error: null, traceback: null });
    return;
  }
  if (message.type === ToWorker.run) run(message);
  else if (message.type === ToWorker.newNamespace) runner.new_namespace(message.ns);
  else if (message.type === ToWorker.dropNamespace) runner.drop_namespace(message.ns);
};
