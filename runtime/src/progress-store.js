// The reader's progress across the course, as this browser keeps it: solved exercises
// (exercises.js), edited cells (storage.js) and the last visit of each page (here). It can
// be written to one file and read back on another device (a format name and version, every
// entry checked before anything is written), or cleared. An import keeps storage.js's
// guarantee: an edit is written only over an older one, so nothing newer is lost.
import { CELL_PREFIX } from "./storage.js";
import { SOLVED_KEY, loadSolved } from "./exercises.js";

const VISITS_KEY = "pyautograd-lessons:visits:v1";
const PROGRESS_KEYS = (key) => key.startsWith(CELL_PREFIX) || key === SOLVED_KEY || key === VISITS_KEY;
export const FORMAT = "pyautograd-lessons-progress";
export const VERSION = 1;
export const MAX_FILE_CHARS = 5 * 1024 * 1024; // far above any course's edits: a bigger file is not ours

function readJSON(key) {
  try {
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

export function loadVisits() {
  return readJSON(VISITS_KEY);
}

/** Remember that the reader is on ``page`` (a path) now. Times only move forward, so two
 * tabs writing at once cannot take a visit back. */
export function recordVisit(page, at = Date.now()) {
  const visits = loadVisits();
  if (Number(visits[page]) >= at) return;
  visits[page] = at;
  try {
    localStorage.setItem(VISITS_KEY, JSON.stringify(visits));
  } catch {
    /* storage unavailable: nothing to remember */
  }
}

/** Every saved cell entry: {key: entry}. */
function loadEdits() {
  const edits = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(CELL_PREFIX)) continue;
      const entry = JSON.parse(localStorage.getItem(key));
      if (entry && typeof entry === "object") edits[key] = entry;
    }
  } catch {
    /* storage unavailable */
  }
  return edits;
}

/** Per page path: {solved: [ids], edited: n, visited: ms or null}. */
export function summary() {
  const pages = new Map();
  const of = (path) => {
    if (!pages.has(path)) pages.set(path, { solved: [], edited: 0, visited: null });
    return pages.get(path);
  };
  for (const [id, entry] of Object.entries(loadSolved())) of(entry.page).solved.push(id);
  for (const [key, entry] of Object.entries(loadEdits()))
    if (typeof entry.code === "string")
      of(key.slice(CELL_PREFIX.length).replace(/:[^:]*:[^:]*$/, "")).edited += 1;
  for (const [path, at] of Object.entries(loadVisits())) of(path).visited = Number(at);
  return pages;
}

/** All progress and edits as the text of one file. */
export function exportProgress(now = new Date()) {
  const data = {
    format: FORMAT,
    version: VERSION,
    exported: now.toISOString(),
    solved: loadSolved(),
    visits: loadVisits(),
    edits: loadEdits(),
  };
  return `${JSON.stringify(data, null, 1)}\n`;
}

export class ImportError extends Error {
  constructor(kind) {
    super(kind);
    this.kind = kind; // "notJson" | "foreign" | "newer" | "invalid" | "tooBig"
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isTime = (v) => Number.isFinite(v) && v >= 0;
const PATH = /^\/[^\s]*$/;

function validEdit(key, entry) {
  return (
    /^pyautograd-lessons:cell:v2:\/[^\s]*:[0-9a-f]{1,8}:[0-9]{1,4}$/.test(key) &&
    isObject(entry) &&
    isTime(entry.saved) &&
    (entry.code === undefined || typeof entry.code === "string") &&
    (entry.index === undefined || Number.isInteger(entry.index)) &&
    (entry.after === undefined || typeof entry.after === "string") &&
    (entry.adopted === undefined || typeof entry.adopted === "boolean")
  );
}

/** The file's data, checked entry by entry; throws ImportError (nothing is written). */
export function parseProgress(text) {
  if (typeof text !== "string" || text.length > MAX_FILE_CHARS) throw new ImportError("tooBig");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError("notJson");
  }
  if (!isObject(data) || data.format !== FORMAT) throw new ImportError("foreign");
  if (data.version !== VERSION) throw new ImportError(Number(data.version) > VERSION ? "newer" : "invalid");
  const { solved, visits, edits } = data;
  const ok =
    isObject(solved) &&
    isObject(visits) &&
    isObject(edits) &&
    Object.entries(solved).every(
      ([id, e]) =>
        /^[0-9]{1,2}[a-z]?\.[0-9]{1,2}$/.test(id) && isObject(e) && PATH.test(e.page) && isTime(e.at),
    ) &&
    Object.entries(visits).every(([path, at]) => PATH.test(path) && isTime(at)) &&
    Object.entries(edits).every(([key, entry]) => validEdit(key, entry));
  if (!ok) throw new ImportError("invalid");
  return { solved, visits, edits };
}

/** Merge a checked file into this browser: solved exercises and visits are joined, an edit
 * replaces this browser's entry only when it was made later. Returns what was taken. */
export function importProgress(data) {
  const current = loadEdits();
  const writes = [];
  let edits = 0;
  for (const [key, entry] of Object.entries(data.edits)) {
    if (current[key] && Number(current[key].saved) >= entry.saved) continue;
    writes.push([key, JSON.stringify(entry)]);
    if (typeof entry.code === "string") edits += 1;
  }
  const solved = loadSolved();
  let newlySolved = 0;
  for (const [id, entry] of Object.entries(data.solved)) {
    if (solved[id]) continue;
    solved[id] = { page: entry.page, at: entry.at };
    newlySolved += 1;
  }
  const visits = loadVisits();
  for (const [path, at] of Object.entries(data.visits)) if (!(Number(visits[path]) >= at)) visits[path] = at;
  writes.push([SOLVED_KEY, JSON.stringify(solved)], [VISITS_KEY, JSON.stringify(visits)]);
  const before = writes.map(([key]) => [key, localStorage.getItem(key)]);
  try {
    for (const [key, value] of writes) localStorage.setItem(key, value);
  } catch {
    // storage full half-way: put back what was there, so a failed import changes nothing
    for (const [key, value] of before) {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        /* nothing more can be done */
      }
    }
    throw new ImportError("storage");
  }
  return { edits, solved: newlySolved };
}

/** Forget every progress record and edit of the course in this browser. */
export function clearProgress() {
  const keys = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && PROGRESS_KEYS(key)) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
  return keys.length;
}
