// Page module: finds the runnable cells on every page Material shows, runs them one at a
// time in a per-page namespace through the Pyodide worker, and exposes window.lessonRunner
// {ready(), run(i), runAll(), cells, lastStop, workersStarted, startedBy, offlineReady(),
// pythonStart, bootTimeline}
// for tests and tools.
// Material's instant navigation swaps pages without a reload (document$ emits each time):
// this module and its worker live for the whole visit, so Python boots once; each page
// view gets a fresh namespace, and a run still going on the page being left is stopped
// (its output goes to the old, detached cells, never to the new page).
import { Cell } from "./cell.js";
import { BootProgress } from "./progress.js";
import { PythonWorker } from "./worker-client.js";
import { keepForOffline, registerServiceWorker } from "./sw-client.js";
import { startsAtOnce } from "./start-policy.js";
import { searchCountsInBengaliDigits, searchReactsToEveryInput } from "./search-input.js";
import { prepareFor } from "./renderers.js";
import { holdSearchDuringBoot, searchAfter, searchNow } from "./search-hold.js";
import { openShared } from "./share.js";
import { attachNotebookBar } from "./notebook.js";
import { recordVisit } from "./progress-store.js";
import { showProgressPage } from "./progress-page.js";
import { storageWorks, cellKeys, loadEdits, ranBefore, recordRun, watchEdits } from "./storage.js";
import { recordSolved, showSolved } from "./exercises.js";
import { courseChanged, mountOfflineCourse } from "./offline-course.js";
import { t, bn } from "./strings.js";
import "./page.css";

const runtimeURL = new URL("./", import.meta.url).href; // .../assets/runtime/
const siteRoot = new URL("../../", import.meta.url).href; // the site's root

/** @type {PythonWorker | null} */
let python = null;
const progress = new BootProgress();
let page = null; // {key, ns, cells, counter}
let nsSerial = 0;
/** @type {Promise<unknown>} the runs queued so far, one after another */
let queue = Promise.resolve();
let runsPending = 0; // runs asked for and not yet over (queued or running)
let editorWatch = null; // attaches editors as their cells come near the view
let idleAttaching = false;
let storageWarned = false;
let activeCell = null; // the cell whose code is running in the worker right now
let offline = null; // the service worker's answer to keepForOffline(), once asked
let snapshotTimer = null;
const SNAPSHOT_AFTER_MS = 10000;

// The worker the early script in the page's head started (early.js), or null.
const earlyStart = Promise.resolve(globalThis.lessonRunnerEarly ?? null).catch(() => null);

async function getPython() {
  if (python) return python;
  const early = await earlyStart;
  if (python) return python;
  python = new PythonWorker(runtimeURL, early);
  python.on("progress", (step, state) => {
    progress.step(step, state);
    if (step === "python" && state === "done") prepareRenderers(); // see prepareFor
  });
  python.on("bytes", (loaded, expected) => progress.bytes(loaded, expected));
  python.on("bootError", (problem) => {
    if (problem.partial) progress.finish("limited", t.numpyFailed(problem.message));
    else progress.finish("failed", bootFailedText(problem));
  });
  python.on("crash", () => {
    // Runs waiting in the page's queue would meet an empty namespace: cancel them.
    for (const cell of page?.cells ?? []) {
      if (cell === activeCell || cell.el.dataset.state !== "running") continue;
      cell.stops += 1; // cancels its queued runs (runCell)
      cell.setState("idle", t.status.cancelled);
      cell.showNotice(t.crashCancelled, "warning");
    }
  });
  python.on("restart", () => {
    progress.reset();
    if (page) {
      page.ns = newNamespaceKey(page.key);
      for (const cell of page.cells) cell.ran = false;
    }
  });
  return python;
}

/** Why the boot failed, in the reader's words: a failed download says the link is to blame. */
function bootFailedText(problem, fallback = "") {
  return problem?.download
    ? t.bootDownloadFailed(problem.message)
    : t.bootFailed(problem?.message || fallback);
}

/**
 * Boot Python (once per visit; a boot that failed is tried again). `panelHost` is the cell the reader is waiting on: only
 * then does the boot panel appear, inside that cell, above its output; a start in the
 * background (or on intent) boots silently, and a run during it shows the panel with the
 * steps done so far.
 */
async function bootPython(panelHost = null) {
  const py = await getPython();
  if (py.bootFailed) progress.reset(); // trying again: a new panel, counting from zero
  if (panelHost !== false && !py.ready) progress.start(panelHost);
  const ready = await py.boot();
  // Python works: keep it for offline, once the runs asked for during the boot are over
  offline =
    offline ||
    afterRuns()
      .then(() => keepForOffline(keptWithPage()).catch(() => null))
      .then((answer) => {
        courseChanged();
        return answer;
      });
  snapshotTimer = snapshotTimer || setTimeout(takeSnapshotWhenIdle, SNAPSHOT_AFTER_MS);
  progress.finish(
    ready.limited ? "limited" : "ready",
    ready.limited ? t.numpyFailed(py.bootProblem?.message || "") : "",
  );
  attachEditorsWhenIdle();
  return py;
}

/** Editors join the page as their cells come within half a screen of the view (cell.js
 * attachEditor says why not all at once). */
function watchEditors(cells) {
  editorWatch?.disconnect();
  editorWatch = null;
  const waiting = new Map(cells.filter((c) => c.pendingEditor).map((c) => [c.el, c]));
  if (!waiting.size || typeof IntersectionObserver !== "function") {
    for (const cell of waiting.values()) cell.attachEditor();
    return;
  }
  const watch = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((e) => e.isIntersecting && waiting.has(e.target));
      const batch = near.map((e) => waiting.get(e.target));
      for (const cell of batch) cell.makeEditor(); // all off the page first (makeEditor says why)
      for (const cell of batch) cell.attachEditor();
      for (const entry of near) {
        waiting.delete(entry.target);
        watch.unobserve(entry.target);
      }
    },
    { rootMargin: "50% 0px" },
  );
  for (const el of waiting.keys()) watch.observe(el);
  editorWatch = watch;
}

/** The editors still off the page join it one per idle moment, once no run is pending
 * (Python has started by then, or is not going to start before the reader asks). */
function attachEditorsWhenIdle() {
  if (idleAttaching) return;
  idleAttaching = true;
  const later = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 50));
  const step = () => {
    const next = page?.cells.find((c) => c.pendingEditor);
    if (!next) {
      idleAttaching = false;
      return;
    }
    if (runsPending > 0 || python?.running) {
      setTimeout(() => later(step), 250);
      return;
    }
    next.attachEditor();
    later(step);
  };
  later(step);
}

/** Resolves once no run is queued or running and the page is idle. What only later visits
 * or later reading need (the offline copy, Material's search index) waits for the runs the
 * reader asked for while Python started: on this machine's two cores they took the CPU the
 * first output was drawn with. */
function afterRuns() {
  const idle = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 50));
  return new Promise((resolve) => {
    const check = () => {
      if (runsPending === 0 && !python?.running) idle(() => resolve(undefined));
      else setTimeout(check, 100);
    };
    check();
  });
}

/** The memory snapshot (snapshot.js) is taken in the background once Python has been up
 * for a while and no cell is running, so it never slows the reader's first runs. */
function takeSnapshotWhenIdle() {
  if (!python?.ready || python.running) {
    snapshotTimer = setTimeout(takeSnapshotWhenIdle, SNAPSHOT_AFTER_MS);
    return;
  }
  python.keepSnapshot();
}

/** Besides the page and its assets, what a reader offline still needs: the progress page
 * (its records are in this browser) and this page's notebook (its download with edits). */
function keptWithPage() {
  const urls = [new URL("progress/", siteRoot).href];
  const bar = /** @type {HTMLElement | null} */ (document.querySelector('[data-role="notebook"]'));
  const notebook = bar?.dataset.notebook;
  if (notebook) urls.push(new URL(notebook, location.href).href);
  return urls;
}

function newNamespaceKey(pageKey) {
  nsSerial += 1;
  return `${pageKey}#${nsSerial}`;
}

function pageKey() {
  return location.pathname.replace(/index\.html$/, "");
}

const CANCELLED = { stdout: "", stderr: "", error: "KeyboardInterrupt", ms: 0, cancelled: true };

/**
 * Run one cell; resolves to {stdout, stderr, error, ms} (error: last traceback line or null).
 * Each run remembers the cell's Stop count when it was asked for: a Stop in between
 * (on the queued cell, or on the same cell's earlier run) cancels it.
 */
function runCell(cell) {
  // a link's code runs only when the reader presses Run in its cell (cell.runByReader)
  if (cell.sharedPending) {
    cell.setState("idle", t.share.waits);
    return Promise.resolve({ ...CANCELLED, error: null, shared: true });
  }
  const stops = cell.stops;
  const job = queue.then(() => (cell.stops === stops ? execute(cell, stops) : CANCELLED));
  runsPending += 1;
  queue = job
    .catch(() => {})
    .finally(() => {
      runsPending -= 1;
    });
  if (cell.el.dataset.state !== "running") cell.setState("running", t.status.queued);
  cell.pendingRun = job;
  const over = () => {
    if (cell.pendingRun === job) cell.pendingRun = null;
  };
  job.then(over, over);
  return job;
}

/** The reader's Run (button, Shift+Enter): a cell already queued or running is not queued
 * again (each press would be one more run); the press waits for the run under way. */
function runByReader(cell) {
  return cell.pendingRun || runCell(cell);
}

/** Names the reader's code failed to find (NameError), as the traceback's last line says. */
const MISSING_NAME = /^(?:NameError|UnboundLocalError): (?:name |cannot access local variable )'(\w+)'/;

/** Whether ``code`` makes the name ``name`` (letters, digits, _): assigns it (also in a tuple,
 * annotated or augmented), defines it (def, class), imports it, loops or binds with it
 * (for, as). A reading of the text, not of Python's grammar: enough to say where a
 * missing name most likely comes from. */
function makesName(code, name) {
  const defines = [
    String.raw`^[ \t]*(?:[\w \t,()[\]*]*[ \t,([*])?${name}[ \t]*(?:[,)\]][\w \t,()[\]*]*)?(?::[^=\n]*)?(?:[-+*/@%&|^]|\/\/|\*\*|>>|<<)?=(?!=)`,
    String.raw`^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+${name}\b`,
    String.raw`^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t][^\n#]*\b${name}\b`,
    String.raw`^[ \t]*(?:async[ \t]+)?for[ \t][^\n]*?\b${name}\b[^\n]*?[ \t]in\b`,
    String.raw`\bas[ \t]+${name}\b`,
  ];
  return defines.some((pattern) => new RegExp(pattern, "m").test(code));
}

/** The earlier cells not run yet that make ``name``: where the missing name comes from. */
function unrunCellsNaming(cell, name) {
  return page.cells.filter((c) => c.index < cell.index && !c.ran && makesName(c.code, name));
}

async function execute(cell, stops) {
  if (!cell.el.isConnected) return { stdout: "", stderr: "", error: null, ms: 0, skipped: true };
  const here = page;
  cell.hideNotice();
  cell.output.clear();
  try {
    if (!python?.ready) cell.setState("booting");
    await bootPython(cell.el);
  } catch (err) {
    cell.setState("error", t.status.bootFailed);
    const note = cell.output.notice(
      bootFailedText(python?.bootProblem, String(err?.message || err)),
      "error",
    );
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "md-button lr-retry";
    retry.dataset.role = "retry-boot";
    retry.textContent = t.retryBoot;
    retry.addEventListener("click", () => runCell(cell)); // boots again, in a new worker
    note.append(" ", retry);
    return { stdout: "", stderr: "", error: `BootError: ${String(err?.message || err)}`, ms: 0 };
  }
  if (cell.stops !== stops) {
    cell.setState("idle", t.status.cancelled);
    return CANCELLED;
  }
  cell.setState("running");
  activeCell = cell;
  here.counter += 1;
  cell.setCounter(here.counter);
  cell.flushSave();
  const result = await python.run(
    here.ns,
    cell.index + 1, // tracebacks say <cell N> with the number the page's notes use
    cell.code,
    {
      onStream: (stream, text) => cell.output.stream(stream, text),
      onCapped: (limit) => cell.output.markCapped(limit),
      onDisplay: (message) => cell.output.display(message),
      onDisplaysCapped: (limit, dropped) => cell.output.displaysCapped(limit, dropped),
      onSolved: (exercise) => recordSolved(exercise),
    },
    cell.expectedText(),
  );
  activeCell = null;
  cell.output.flush();
  cell.ran = !result.restarted;
  if (cell.ran && here === page) {
    recordRun(here.key, cell.index);
    if (here.fresh && here.cells.slice(0, here.fresh.count).every((c) => c.ran)) dropFreshNote(here);
  }
  const ms = result.ms || 0;
  if (result.crashed && !result.notRun) {
    cell.setState("error", t.status.crashed);
    cell.output.crashed(result.error || "");
  } else if (result.crashed) {
    cell.setState("idle", t.status.cancelled);
    cell.output.notice(t.crashCancelled, "error");
  } else if (result.restarted) {
    cell.setState("error", t.status.stopped);
    cell.output.notice(t.stoppedRestarted, "warning");
  } else if (result.error) {
    const stopped = result.kind === "KeyboardInterrupt";
    cell.output.error(result.error, result.traceback, cell.expectError && !stopped);
    if (stopped) cell.output.notice(t.stoppedInterrupted, "info");
    cell.setState(
      "error",
      stopped ? t.status.stopped : cell.expectError ? t.status.expectedError(ms) : t.status.error(ms),
    );
  } else {
    cell.setState("done", t.status.done(ms));
  }
  // Without NumPy only plain Python runs; say why above a cell that needed it (the output
  // itself stays exactly what the cell printed).
  if (
    python.limited &&
    python.bootProblem &&
    /No module named '(numpy|pyautograd)'/.test(result.error || "")
  ) {
    cell.showNotice(t.numpyFailed(python.bootProblem.message), "warning");
  }
  // a name the cell did not find, made by an earlier cell not yet run: say which
  const name = MISSING_NAME.exec(result.error || "")?.[1];
  const makers = name && here === page ? unrunCellsNaming(cell, name) : [];
  if (makers.length) cell.showNotice(t.notRunAbove(makers.map((c) => bn(c.index + 1)).join(", ")), "warning");
  if (!result.restarted) cell.showMatch(result.matchesExpected);
  return {
    stdout: cell.output.stdout,
    stderr: cell.output.stderr,
    error: result.error || null,
    ms,
    crashed: Boolean(result.crashed),
  };
}

async function stopCell(cell) {
  cell.stops += 1; // every run of this cell still in the queue is cancelled
  cell.output.stopDrawing(); // and a graph its run is having laid out
  if (cell !== activeCell) {
    // Queued or waiting for Python to boot: take it out of the queue.
    cell.setState("idle", t.status.cancelled);
    return;
  }
  // Interrupted: the cell ends with KeyboardInterrupt. Restarted: its run resolves with
  // {restarted: true} and execute() tells the reader that the namespace is gone.
  if (python) await python.stop();
}

/**
 * Run the cells above ``cell`` in order, stopping at the first that fails (an error it is
 * not meant to show, a Stop, a crash): the rest would only fail on its missing names. The
 * cell whose button was pressed says where and why it stopped.
 */
function runAbove(cell) {
  return runInOrder(
    page.cells.filter((c) => c.index < cell.index),
    cell,
  );
}

/** Run ``above`` in order, stopping at the first that fails; ``cell`` says where and why. */
async function runInOrder(above, cell) {
  const jobs = above.map((c) => runCell(c));
  const results = [];
  for (const [k, job] of jobs.entries()) {
    const result = await job;
    results.push(result);
    const stopped = /^KeyboardInterrupt/.test(result.error || "");
    const failed = result.crashed || (result.error && (stopped || !above[k].expectError));
    if (!failed) continue;
    for (const rest of above.slice(k + 1)) {
      rest.stops += 1; // its queued run is cancelled
      rest.setState("idle", t.status.cancelled);
    }
    // the reader's own Stop needs no explaining
    if (!stopped) cell.showNotice(t.runAboveStopped(bn(above[k].index + 1)), "warning");
    break;
  }
  return results;
}

/** Leave the current page: save edits, stop its run, forget its namespace. */
function leave() {
  if (!page) return;
  for (const cell of page.cells) {
    if (cell.view) cell.flushSave();
    if (cell !== activeCell && cell.el.dataset.state === "running") cell.stops += 1;
    cell.output.stopDrawing(); // no layout goes on for a page no longer shown
  }
  if (python?.running) python.stop();
  if (python) python.dropNamespace(page.ns);
  editorWatch?.disconnect();
  editorWatch = null;
  progress.detach();
}

function scan() {
  leave();
  searchCountsInBengaliDigits();
  recordVisit(pageKey());
  showSolved();
  showProgressPage();
  const offlineAction = document.querySelector('[data-role="offline-course"]');
  if (offlineAction instanceof HTMLElement) mountOfflineCourse(offlineAction, siteRoot);
  const elements = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".lr-cell"))];
  const key = pageKey();
  page = { key, ns: newNamespaceKey(key), cells: [], counter: 0, fresh: null };
  if (!elements.length) {
    searchNow();
    return;
  }
  const actions = {
    run: (cell) => runByReader(cell),
    stop: (cell) => stopCell(cell),
    runAbove: (cell) => runAbove(cell),
    storageFailed: (cell) => {
      if (!storageWarned) cell.showNotice(t.storageUnavailable, "warning");
      storageWarned = true;
    },
  };
  const keys = cellKeys(
    key,
    elements.map((el) => el.dataset.src || ""),
  );
  const saved = loadEdits(key, keys);
  // every cell is built before any is mounted (cell.js says why)
  page.cells = elements.map(
    (el, i) => new Cell(el, i, key, { key: keys[i], after: keys[i - 1] || "", saved: saved[i] }, actions),
  );
  for (const cell of page.cells) cell.mount();
  watchEditors(page.cells);
  showFreshNote(page);
  openShared(page.cells);
  attachNotebookBar(page.cells);
  if (!storageWorks()) actions.storageFailed(page.cells[0]);
  startInBackground();
}

/**
 * Coming back to a page (an instant navigation back to it, a reload) gives it a fresh
 * namespace, and its cells come back without their outputs: nothing on the page claims a
 * state Python no longer has. When the reader had run its cells in this tab, a note above
 * the first cell says so, with a button that runs them again in order (as far as the reader
 * had gone, stopping at the first that fails).
 */
function showFreshNote(here) {
  const count = Math.min(ranBefore(here.key), here.cells.length);
  if (!count) return;
  const cells = t.fresh.cells(count);
  const note = document.createElement("div");
  note.className = "lr-fresh";
  note.dataset.role = "fresh-state";
  note.setAttribute("role", "note");
  const text = document.createElement("p");
  text.textContent = t.fresh.note(cells);
  const again = document.createElement("button");
  again.type = "button";
  again.className = "md-button lr-fresh-run";
  again.dataset.role = "run-again";
  again.textContent = t.fresh.run(cells);
  again.addEventListener("click", () => {
    dropFreshNote(here);
    const upTo = here.cells.slice(0, count);
    runInOrder(upTo, upTo[upTo.length - 1]);
  });
  note.append(text, again);
  here.cells[0].el.before(note);
  here.fresh = { count, note };
}

function dropFreshNote(here) {
  here.fresh?.note.remove();
  here.fresh = null;
}

/**
 * A page with cells: start Python now, in the background (start-policy.js says when;
 * the early script in the head may have started it already, and bootPython takes that
 * worker over), or else as soon as the reader shows intent to run something (focus or
 * pointer on a cell). Nothing is shown, not even a failure, until a run.
 */
async function startInBackground() {
  if (python?.booted) {
    searchNow();
    prepareRenderers();
    python.booted.then(attachEditorsWhenIdle, attachEditorsWhenIdle);
    return;
  }
  const early = await earlyStart;
  if (early || (await startsAtOnce(runtimeURL))) {
    // Material's search index is built once the boot is over (search-hold.js)
    searchAfter(
      bootPython(false)
        .catch(() => {})
        .then(afterRuns),
    );
    return;
  }
  searchNow();
  attachEditorsWhenIdle(); // Python waits for the reader: nothing competes for the CPU
  document.addEventListener("focusin", warmUp, { capture: true });
  document.addEventListener("pointerover", warmUp, { capture: true });
}

/** What this page's cells will draw with, loaded ahead (renderers.js prepareFor). */
function prepareRenderers() {
  if (page?.cells.length) prepareFor(page.cells.map((cell) => cell.original));
}

function warmUp(event) {
  if (!event.target.closest?.(".lr-cell")) return;
  document.removeEventListener("focusin", warmUp, { capture: true });
  document.removeEventListener("pointerover", warmUp, { capture: true });
  bootPython(false).catch(() => {});
}

window.lessonRunner = {
  /** Resolves when Python, NumPy and pyautograd are loaded; rejects if any failed. */
  async ready() {
    const py = await bootPython(null);
    if (py.limited) throw new Error(`NumPy could not be loaded: ${py.bootProblem?.message || ""}`);
    return true;
  },
  run(index) {
    const cell = page?.cells[index];
    if (!cell) return Promise.reject(new Error(`no cell ${index} on this page`));
    return runCell(cell);
  },
  runAll() {
    return Promise.all((page ? page.cells : []).map((cell) => runCell(cell)));
  },
  get cells() {
    return page ? page.cells.length : 0;
  },
  /** The page whose cells `cells` counts (its path): after an instant navigation the
   * address changes before the new page is swapped in and scanned. */
  get page() {
    return page ? page.key : null;
  },
  /**
   * Resolves once the service worker holds this page and the whole runtime, to
   * {build, cached, missing, pages} (null without a service worker).
   */
  async offlineReady() {
    const py = await bootPython(false); // quietly: no panel for a tool's question
    await py.keepSnapshot(); // the memory snapshot is part of what the next visit finds
    return keepForOffline(keptWithPage());
  },
  /** How Python started: "restored" (from the build's memory snapshot), "started", or null
   * before it has. */
  get pythonStart() {
    if (!python?.ready) return null;
    return python.restored ? "restored" : "started";
  },
  /** The last boot's steps as [[step, ms since this page's navigation started]]. */
  get bootTimeline() {
    const steps = python?.timeline;
    return steps ? steps.map(([step, at]) => [step, Math.round(at - performance.timeOrigin)]) : null;
  },
  /** How Python was started: "early" (by the script in the page's head), "page" (by this
   * module: at once or on intent, or for a run), null before it has been. */
  get startedBy() {
    if (!python?.workersStarted) return null;
    return python.adoptedEarly ? "early" : "page";
  },
  /** Why the last boot failed ({stage, message}, also a NumPy-only failure), else null; a
   * failed start in the background shows nothing until a run. */
  get bootProblem() {
    return python?.bootProblem ?? null;
  },
  /** Python workers booted during this visit (1 while instant navigation keeps it). */
  get workersStarted() {
    return python ? python.workersStarted : 0;
  },
  /** How the last Stop went ({outcome, seen, waitedMs, signals}), for tests and bug reports. */
  get lastStop() {
    return python ? python.lastStop : null;
  },
};

registerServiceWorker(siteRoot);
searchReactsToEveryInput();
holdSearchDuringBoot();
if (globalThis.document$ && typeof globalThis.document$.subscribe === "function")
  globalThis.document$.subscribe(scan);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
else scan();
window.addEventListener("pagehide", () => {
  for (const c of page?.cells ?? []) c.flushSave();
});
window.addEventListener("hashchange", () => openShared(page?.cells ?? []));
// another tab of this page saved a cell: show it here too (storage.js, cell.js)
watchEdits((key, edit) => {
  for (const c of page?.cells ?? []) if (key === null || c.storageKey === key) c.showOutsideEdit(edit);
});
