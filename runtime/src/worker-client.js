// The page's handle on the Pyodide worker: boot once, run cells one at a time, stop them.
// Stop uses Pyodide's interrupt buffer when the page is cross-origin isolated (the
// namespace survives); otherwise, or if Python does not stop in time, the worker is
// terminated and a new one is started (the namespace is lost; listeners are told).
// A worker that dies after boot (a fatal Pyodide error, an uncaught error) fails the cell
// that was running, resolves every run still waiting on it, and a fresh worker boots.
// A boot that failed is tried again, in a new worker, by the next boot() (a run, or the
// reader's Retry). The messages are listed in protocol.js.
import { FromWorker, ToWorker } from "./protocol.js";
import { pythonWorkerName, rememberSnapshotStored } from "./snapshot-hint.js";

/** @typedef {import("./protocol.js").DoneMessage} DoneMessage */

const STOP_TICK_MS = 100;
const STOP_BUDGET_MS = 3000; // Python never took the signal: restart after this
const STOP_BUDGET_TAKEN_MS = 8000; // it took the signal and is unwinding: wait longer
const STOP_RESIGNAL_MS = 1000; // taken but still running (a bare except?): again

/** Stop's buffer shared with the worker, [signal, cell code ended]; null where the page is
 * not cross-origin isolated (no SharedArrayBuffer: Stop restarts the worker instead).
 * @returns {Int32Array | null} */
function newInterruptBuffer() {
  return globalThis.crossOriginIsolated && typeof SharedArrayBuffer === "function"
    ? new Int32Array(new SharedArrayBuffer(8))
    : null;
}

/**
 * Create the Pyodide worker and tell it to boot (it reads the build manifest itself). What
 * it says before a PythonWorker takes it over is kept in `messages` and `errors`, in order.
 * The early script in a page's head (early.js) calls this while the page is still being
 * parsed; PythonWorker.boot() for every other start.
 */
export function startWorker(runtimeURL) {
  const worker = new Worker(`${runtimeURL}worker.js`, { type: "module", name: pythonWorkerName() });
  const started = {
    worker,
    createdAt: performance.timeOrigin + performance.now(),
    interrupt: newInterruptBuffer(),
    messages: [],
    errors: [],
  };
  worker.onmessage = (event) => started.messages.push(event.data);
  worker.onerror = (event) => started.errors.push(event.message || "worker failed to start");
  worker.postMessage({ type: ToWorker.boot, interruptBuffer: started.interrupt });
  return started;
}

export class PythonWorker {
  /** `early`: a worker startWorker() created before this page module ran (early.js), taken
   * over by the first boot instead of creating one. */
  constructor(runtimeURL, early = null) {
    this.runtimeURL = runtimeURL;
    this.early = early;
    this.build = null; // the build manifest's digest, from the worker once it is ready
    this.adoptedEarly = false; // the first boot took over the early script's worker
    this.listeners = { progress: [], bytes: [], restart: [], bootError: [], crash: [] };
    this.nextId = 1;
    this.lastStop = null; // how the last Stop went (kept across restarts)
    this.workersStarted = 0; // Pyodide boots this visit (instant navigation keeps one)
    this.snapshotKept = null; // promise: whether this visit kept a memory snapshot
    this._start();
  }

  on(event, fn) {
    this.listeners[event].push(fn);
  }

  _emit(event, ...args) {
    for (const fn of this.listeners[event]) fn(...args);
  }

  get canInterrupt() {
    return this.interrupt !== null;
  }

  _start() {
    this.worker = null;
    this.booted = null;
    this.timeline = null; // [[step, ms since the epoch]] of the last boot, once ready
    this.pending = new Map(); // id -> {resolve, handlers}
    this.running = null; // id of the run in progress
    this.limited = false;
    this.ready = false;
    this.bootProblem = null;
    this.bootFailed = false; // this worker's boot failed: the next boot() starts a new one
    this.restored = false; // this boot restored Python from the build's memory snapshot
    /** @type {Int32Array | null} */
    this.interrupt = newInterruptBuffer();
  }

  boot() {
    if (this.booted && !this.bootFailed) return this.booted;
    if (this.bootFailed) {
      this.worker?.terminate();
      this._start();
    }
    const started = this.early || startWorker(this.runtimeURL);
    if (this.early) this.adoptedEarly = true;
    this.early = null;
    this.worker = started.worker;
    this.interrupt = started.interrupt;
    this.createdAt = started.createdAt;
    this.workersStarted += 1;
    this.booted = new Promise((resolve, reject) => {
      const failed = (message) => {
        if (this.ready) {
          this.crash(message || "the worker stopped with an error");
          return;
        }
        this.bootProblem = { stage: "python", message: message || "worker failed to start" };
        this.bootFailed = true;
        this._emit("bootError", this.bootProblem);
        reject(new Error(this.bootProblem.message));
      };
      this.worker.onmessage = (event) => this._onMessage(event.data, resolve, reject);
      this.worker.onerror = (event) => failed(event.message);
      // An early worker may have said things already (progress, even ready): in order.
      for (const message of started.messages.splice(0)) this._onMessage(message, resolve, reject);
      for (const message of started.errors.splice(0)) failed(message);
    });
    this.booted.catch(() => {});
    return this.booted;
  }

  /** @param {import("./protocol.js").WorkerMessage} message */
  _onMessage(message, resolve, reject) {
    const job = this.pending.get(/** @type {{id?: number}} */ (message).id); // a run's messages name it
    switch (message.type) {
      case FromWorker.progress:
        this._emit("progress", message.step, message.state);
        break;
      case FromWorker.bytes:
        this._emit("bytes", message.loaded, message.expected);
        break;
      case FromWorker.ready:
        this.limited = message.limited;
        this.restored = message.restored;
        this.build = message.build;
        this.timeline = [["worker created", this.createdAt], ...message.timeline];
        this.ready = true;
        resolve(message);
        break;
      case FromWorker.bootError:
        this.bootProblem = message;
        if (!message.partial) this.bootFailed = true;
        this._emit("bootError", message);
        if (!message.partial) reject(new Error(message.message));
        break;
      case FromWorker.stream:
        if (job) job.handlers.onStream(message.stream, message.text);
        break;
      case FromWorker.capped:
        if (job) job.handlers.onCapped(message.limit);
        break;
      case FromWorker.display:
        if (job) job.handlers.onDisplay(message.message);
        break;
      case FromWorker.displaysCapped:
        if (job) job.handlers.onDisplaysCapped(message.limit, message.dropped);
        break;
      case FromWorker.solved:
        if (job) job.handlers.onSolved(message.exercise);
        break;
      case FromWorker.done:
        if (job) {
          this.pending.delete(message.id);
          if (this.running === message.id) this.running = null;
          if (job.stopTimer) clearTimeout(job.stopTimer.timer);
          job.resolve(message);
        }
        break;
      case FromWorker.fatal:
        this.crash(message.message);
        break;
    }
  }

  /**
   * Run code in namespace ns as ``<cell number>``; resolves to the worker's "done" message.
   * `expected` (the page's expected-output block, or null) is compared by the worker.
   * @returns {Promise<DoneMessage>}
   */
  async run(ns, number, code, handlers, expected = null) {
    await this.boot();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, handlers });
      this.running = id;
      if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
      this.worker.postMessage({ type: ToWorker.run, id, ns, number, code, expected });
    });
  }

  /**
   * After a normal boot, take this build's memory snapshot in a worker of its own (once per
   * visit), so later page loads restore Python instead of starting it. Resolves to whether
   * a snapshot is kept (true at once when this boot was itself restored from one).
   */
  keepSnapshot() {
    if (this.restored) return Promise.resolve(true);
    if (!this.build) return Promise.resolve(false);
    this.snapshotKept =
      this.snapshotKept ||
      new Promise((resolve) => {
        let helper;
        try {
          helper = new Worker(`${this.runtimeURL}snapshot-worker.js`, {
            type: "module",
            name: "pyodide-snapshot",
          });
        } catch {
          resolve(false);
          return;
        }
        const done = (stored) => {
          helper.terminate();
          if (stored) rememberSnapshotStored();
          resolve(stored);
        };
        helper.onmessage = (event) => done(Boolean(event.data?.stored));
        helper.onerror = () => done(false);
        helper.postMessage({ runtimeURL: this.runtimeURL, build: this.build });
      });
    return this.snapshotKept;
  }

  newNamespace(ns) {
    if (this.worker) this.worker.postMessage({ type: ToWorker.newNamespace, ns });
  }

  dropNamespace(ns) {
    if (this.worker) this.worker.postMessage({ type: ToWorker.dropNamespace, ns });
  }

  /** Stop the running cell. Resolves to "interrupted" or "restarted". */
  stop() {
    const id = this.running;
    const job = id && this.pending.get(id);
    if (!job) return Promise.resolve("idle");
    if (!this.interrupt) {
      this.lastStop = { outcome: "restarted", seen: false, waitedMs: 0, signals: 0 };
      this.restart();
      return Promise.resolve("restarted");
    }
    if (job.stopping) return job.stopping;
    job.stopping = new Promise((resolve) => {
      const original = job.resolve;
      job.resolve = (message) => {
        if (this.lastStop) this.lastStop.outcome = "interrupted";
        original(message);
        resolve("interrupted");
      };
      job.stopTimer = this._watchInterrupt(() => {
        this.restart();
        resolve("restarted");
      });
    });
    return job.stopping;
  }

  /**
   * Raise SIGINT in the worker and watch it land. Python takes the signal by setting the
   * buffer back to 0; once it has, the cell is finishing (or swallowed the
   * KeyboardInterrupt in an `except`, so it is signalled again). Only time the page was
   * awake counts, so a stalled main thread never turns a good interrupt into a restart.
   * Returns the timer handle; gives up (calls giveUp) when the budget runs out.
   */
  _watchInterrupt(giveUp) {
    const buffer = this.interrupt;
    const signal = () => {
      Atomics.store(buffer, 0, 2); // SIGINT -> KeyboardInterrupt in the cell
      Atomics.notify(buffer, 0); // wakes a time.sleep waiting on the buffer (worker.js)
    };
    signal();
    let waited = 0,
      sinceTaken = 0,
      seen = false,
      last = performance.now();
    const handle = { timer: null };
    const report = { outcome: "pending", seen: false, waitedMs: 0, signals: 1 };
    this.lastStop = report;
    const tick = () => {
      const now = performance.now();
      const step = Math.min(now - last, STOP_TICK_MS * 2);
      last = now;
      waited += step;
      if (Atomics.load(buffer, 0) === 0) {
        seen = true;
        sinceTaken += step;
        // the worker sets slot 1 once the cell's own code has ended: from then on Python is
        // only reporting (a slow machine can take over a second), and a second signal
        // would land in that report instead of in the cell
        if (sinceTaken >= STOP_RESIGNAL_MS && Atomics.load(buffer, 1) === 0) {
          // taken but not ending: signal again
          signal();
          sinceTaken = 0;
          report.signals += 1;
        }
      }
      Object.assign(report, { seen, waitedMs: Math.round(waited) });
      const budget = seen ? STOP_BUDGET_TAKEN_MS : STOP_BUDGET_MS;
      if (waited >= budget) {
        report.outcome = "restarted";
        giveUp();
      } else handle.timer = setTimeout(tick, STOP_TICK_MS);
    };
    handle.timer = setTimeout(tick, STOP_TICK_MS);
    return handle;
  }

  /** Throw the worker away (its namespaces too) and be ready to boot a new one. */
  restart() {
    this._replace({
      type: "done",
      restarted: true,
      error: "KeyboardInterrupt",
      kind: "KeyboardInterrupt",
      traceback: null,
      ms: 0,
    });
    this._emit("restart");
  }

  /**
   * The worker died after boot: the running cell fails with `reason`, runs still waiting
   * on this worker resolve as not run, and a fresh worker boots right away.
   */
  crash(reason) {
    const running = this.running;
    this._replace((id) => ({
      type: "done",
      restarted: true,
      crashed: true,
      notRun: id !== running,
      error: id === running ? `WorkerCrash: ${reason}` : null,
      kind: "WorkerCrash",
      traceback: null,
      ms: 0,
    }));
    this._emit("restart");
    this._emit("crash", reason);
    this.boot();
  }

  /** Terminate the worker and resolve every pending run with `outcome` (or outcome(id)). */
  /** @param {DoneMessage | ((id: number) => DoneMessage)} outcome what each pending run resolves to */
  _replace(outcome) {
    if (this.worker) this.worker.terminate();
    const orphans = [...this.pending.entries()];
    this._start();
    for (const [id, job] of orphans) {
      if (job.stopTimer) clearTimeout(job.stopTimer.timer);
      job.resolve(typeof outcome === "function" ? outcome(id) : outcome);
    }
  }
}
