// @ts-check
// "Save the whole course for offline": every page, the files they load, Material's search and
// the whole runtime (Pyodide, NumPy, our wheels), as the build lists them with their sizes
// (assets/offline-course.json, hooks/offline_course.py). The page downloads them itself, into
// the service worker's own caches (sw-cache.js: a runtime file only with the manifest's
// sha256), so the worker then serves them offline. The size is shown before anything is
// fetched, progress while it runs, and Stop cancels it; what is saved stays saved, so the state
// after a reload is read from the caches. A save the reader started and did not cancel goes
// on at the next load (also one a lost connection cut short). The action appears where a page has [data-role="offline-course"].
import {
  inParallel,
  PAGES_CACHE,
  pageKey,
  runtimeCacheName,
  SAVING_HEADER,
  SHA_HEADER,
  storeVerified,
  withIsolation,
} from "./sw-cache.js";
import { bn, t } from "./strings.js";
import "./offline-course.css";

export const LIST_PATH = "assets/offline-course.json";
const SAVING_FLAG = "pyautograd-lessons:offline-saving"; // localStorage: a save is under way
const PARALLEL = 3;

/** @typedef {{build: string, pages: string[], files: [string, number, string?][]}} CourseList */
/** @typedef {{total: number, saved: number, todo: [string, number, string?][]}} SavedState */

const mb = (/** @type {number} */ n) => bn(Math.round(n / 1e5) / 10);

async function digest(/** @type {ArrayBuffer} */ data) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The build's list, from the network or (offline) from the copy the save kept. */
export async function courseList(/** @type {string} */ siteRoot) {
  const response = await fetch(new URL(LIST_PATH, siteRoot), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${LIST_PATH}: HTTP ${response.status}`);
  return /** @type {CourseList} */ (await response.json());
}

/** How much of the list the caches hold: a runtime file with this build's digest, a page
 * with the length the build gave it (an older copy of a page counts as missing). */
export async function savedState(/** @type {CourseList} */ list, /** @type {string} */ siteRoot) {
  const runtime = await caches.open(runtimeCacheName(list.build));
  const pages = await caches.open(PAGES_CACHE);
  let total = 0;
  let saved = 0;
  /** @type {SavedState["todo"]} */
  const todo = [];
  for (const file of list.files) {
    const [path, size, sha] = file;
    total += size;
    const url = new URL(path, siteRoot).href;
    const hit = sha ? await runtime.match(url) : await pages.match(pageKey(url));
    const same = sha
      ? hit?.headers.get(SHA_HEADER) === sha
      : hit?.headers.get("content-length") === String(size);
    if (hit && same) saved += size;
    else todo.push(file);
  }
  return { total, saved, todo };
}

/** The body of `response`, reporting each chunk's length to `onBytes` as it arrives. */
export async function readCounting(
  /** @type {Response} */ response,
  /** @type {(n: number) => void} */ onBytes,
) {
  if (!response.body) {
    const body = await response.arrayBuffer();
    onBytes(body.byteLength);
    return body;
  }
  const reader = response.body.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    onBytes(value.byteLength);
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

/**
 * Download and keep every file `state` still misses. `onBytes(n)` hears every chunk; resolves
 * to the bytes fetched, rejects on the first failed file (or when `signal` aborts): the files
 * kept until then stay kept.
 * @param {{list: CourseList, state: SavedState, siteRoot: string, signal: AbortSignal,
 *          onBytes: (n: number) => void}} o
 */
export async function saveMissing({ list, state, siteRoot, signal, onBytes }) {
  const runtime = await caches.open(runtimeCacheName(list.build));
  const pages = await caches.open(PAGES_CACHE);
  let fetched = 0;
  const count = (/** @type {number} */ n) => {
    fetched += n;
    onBytes(n);
  };
  let broken = false; // after a failed file no other download starts
  await inParallel(state.todo, PARALLEL, async ([path, , sha]) => {
    signal.throwIfAborted();
    if (broken) return;
    const url = new URL(path, siteRoot).href;
    // the service worker may have kept it meanwhile (it keeps the runtime once Python is up)
    if (sha && (await runtime.match(url))?.headers.get(SHA_HEADER) === sha) return;
    try {
      const response = await fetch(url, { headers: { [SAVING_HEADER]: "1" }, signal });
      if (!response.ok || response.redirected) throw new Error(`${path}: HTTP ${response.status}`);
      const body = await readCounting(response, count);
      const copy = new Response(body, { status: 200, headers: response.headers });
      if (sha) {
        if (!(await storeVerified(runtime, url, copy, sha, digest)))
          throw new Error(`${path}: ${t.offline.notThisBuild}`);
      } else
        await pages.put(pageKey(url), withIsolation(copy, { "Content-Length": String(body.byteLength) }));
    } catch (err) {
      broken = true;
      throw err;
    }
  });
  // the list itself, so the state can be read without a network
  const listURL = new URL(LIST_PATH, siteRoot).href;
  const listed = await fetch(listURL, { headers: { [SAVING_HEADER]: "1" }, signal });
  if (listed.ok) await pages.put(pageKey(listURL), withIsolation(listed));
  return fetched;
}

function savingWanted() {
  try {
    return localStorage.getItem(SAVING_FLAG) === "1";
  } catch {
    return false;
  }
}

function wantSaving(/** @type {boolean} */ on) {
  try {
    if (on) localStorage.setItem(SAVING_FLAG, "1");
    else localStorage.removeItem(SAVING_FLAG);
  } catch {
    // private mode: a reload does not resume the save, nothing else changes
  }
}

/** The one save of this visit (instant navigation keeps this module): its progress reaches
 * whichever action is on the page now. */
let job = null; // {controller, done, todo, promise}
let view = null; // the mounted action's update(state)
let viewRoot = ""; // the site root the mounted action reads from

/** What the caches hold changed without this module (the service worker kept the runtime
 * after Python started): the action shows the new figures. */
export function courseChanged() {
  if (view && !job && viewRoot) refresh(viewRoot).catch(() => {});
}

function show(/** @type {object} */ state) {
  view?.(state);
}

async function refresh(/** @type {string} */ siteRoot, extra = {}) {
  const list = await courseList(siteRoot);
  const state = await savedState(list, siteRoot);
  show({ phase: state.todo.length ? (state.saved ? "partial" : "none") : "saved", list, state, ...extra });
  return { list, state };
}

async function startSaving(/** @type {string} */ siteRoot) {
  if (job) return job.promise;
  const { list, state } = await refresh(siteRoot);
  if (!state.todo.length) return;
  wantSaving(true);
  const controller = new AbortController();
  const todo = state.total - state.saved;
  job = { controller, done: 0, todo };
  const tick = () => show({ phase: "saving", list, state, done: job.done, todo });
  tick();
  let timer = 0;
  job.promise = saveMissing({
    list,
    state,
    siteRoot,
    signal: controller.signal,
    onBytes: (n) => {
      job.done += n;
      if (timer) return;
      timer = setTimeout(() => {
        timer = 0;
        if (job) tick();
      }, 200);
    },
  })
    .then(
      (fetched) => ({ phase: "done", fetched }),
      (err) =>
        controller.signal.aborted
          ? { phase: "cancelled" }
          : { phase: "failed", why: String(err?.message || err) },
    )
    .then(async (/** @type {{phase: string, fetched?: number, why?: string}} */ end) => {
      const fetched = end.fetched ?? job.done;
      job = null;
      // a save cut short by the network (or by leaving the page) is tried again on the next load
      if (end.phase !== "failed") wantSaving(false);
      const after = await refresh(siteRoot, { ended: end.phase, why: end.why, fetched });
      if (end.phase === "done" && after.state.todo.length)
        show({ ...after, phase: "partial", ended: "failed", why: t.offline.incomplete });
    });
  return job.promise;
}

/** Build the action inside `host`, showing what is saved now. */
export function mountOfflineCourse(/** @type {HTMLElement} */ host, /** @type {string} */ siteRoot) {
  host.replaceChildren();
  host.classList.add("lr-offline");
  viewRoot = siteRoot;
  if (!("serviceWorker" in navigator) || !globalThis.caches || !globalThis.isSecureContext) {
    host.dataset.state = "unavailable";
    host.textContent = t.offline.unavailable;
    return;
  }
  const status = document.createElement("p");
  status.dataset.role = "offline-status";
  status.setAttribute("aria-live", "polite");
  const bar = document.createElement("progress");
  bar.hidden = true;
  const bytes = document.createElement("p");
  bytes.dataset.role = "offline-bytes";
  bytes.setAttribute("aria-live", "off"); // ticks while it runs: not announced
  const save = document.createElement("button");
  save.type = "button";
  save.className = "md-button md-button--primary";
  save.dataset.role = "offline-save";
  save.addEventListener("click", () => startSaving(siteRoot));
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "md-button";
  cancel.dataset.role = "offline-cancel";
  cancel.textContent = t.offline.cancel;
  cancel.addEventListener("click", () => job?.controller.abort());
  host.append(status, bar, bytes, save, cancel);

  view = (s) => {
    if (!host.isConnected) return;
    const { phase, list, state } = s;
    const left = state.total - state.saved;
    host.dataset.state = phase;
    host.dataset.total = String(state.total);
    host.dataset.toFetch = String(phase === "saving" ? s.todo : left);
    if (s.fetched !== undefined) host.dataset.fetched = String(s.fetched);
    const pages = bn(list.pages.length);
    const notes = {
      none: t.offline.offer(pages, mb(state.total)),
      partial: t.offline.partial(mb(state.saved), mb(state.total), mb(left)),
      saving: t.offline.saving,
      saved:
        s.ended === "done" ? t.offline.done(pages, mb(state.total)) : t.offline.saved(pages, mb(state.total)),
    };
    let note = notes[phase];
    if (s.ended === "cancelled") note = `${t.offline.cancelled} ${note}`;
    if (s.ended === "failed") note = `${t.offline.failed(s.why || "")} ${note}`;
    status.textContent = note;
    status.className = phase === "saved" ? "lr-offline-saved" : "";
    bar.hidden = phase !== "saving";
    bytes.hidden = phase !== "saving";
    if (phase === "saving") {
      bar.max = s.todo;
      bar.value = s.done;
      bytes.textContent = t.offline.progress(mb(s.done), mb(s.todo));
    }
    save.hidden = phase === "saving" || phase === "saved";
    save.textContent = phase === "partial" ? t.offline.resume(mb(left)) : t.offline.save(mb(left));
    cancel.hidden = phase !== "saving";
  };
  if (job) return; // a save of this visit is under way: its next tick draws the action
  refresh(siteRoot)
    .then(({ state }) => {
      if (state.todo.length && savingWanted()) startSaving(siteRoot);
    })
    .catch((err) => {
      host.dataset.state = "unavailable";
      status.textContent = t.offline.noList(String(err?.message || err));
    });
}
