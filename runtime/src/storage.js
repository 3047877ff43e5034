// A reader's edits, kept in localStorage per page and cell. A cell's key is its page plus
// a hash of the author's code (and which occurrence of that code it is on the page), so
// edits stay with their cell when a lesson gains or loses other cells. When the author
// changes a cell's code, the reader's old edit is adopted by the cell now at that
// position, with a notice: nothing typed is dropped silently.
// Every saved entry carries `saved`, when the reader made that edit: a tab writes a cell
// only when it changed that cell, and never over an entry made later (in another tab of the
// same browser); going back to the author's code leaves a dated entry without `code`, so an
// older edit cannot come back over it. Open tabs hear each other's saves (`storage`
// events, watchEdits) and show them.
export const CELL_PREFIX = "pyautograd-lessons:cell:v2:";
const PREFIX = CELL_PREFIX;

export function hashText(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(16);
}

/** Storage keys for the cells of a page, in order (originals: the author's code of each). */
export function cellKeys(page, originals) {
  const seen = new Map();
  return originals.map((code) => {
    const h = hashText(code);
    const n = seen.get(h) || 0;
    seen.set(h, n + 1);
    return `${PREFIX}${page}:${h}:${n}`;
  });
}

function read(k) {
  try {
    const raw = localStorage.getItem(k);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function storageWorks() {
  try {
    const probe = `${PREFIX}probe`;
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * The saved edits of a page's cells, in order: each {code, adopted} or null (adopted: the
 * edit was made to an earlier version of the author's code; it stays so marked until Reset). An edit made
 * to an earlier version of the author's code (its key is no longer on the page) is
 * adopted by the cell that now follows the same previous cell, or else by the cell now at
 * its old position; adopted edits move to their new cell's key.
 */
export function loadEdits(page, keys) {
  const live = new Set(keys);
  const prefix = `${PREFIX}${page}:`;
  const orphans = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix) && !live.has(k)) {
        const entry = read(k);
        if (entry && typeof entry.code === "string") orphans.push({ k, entry });
      }
    }
  } catch {
    /* storage unavailable */
  }
  const result = keys.map((k) => {
    const own = read(k);
    return own && typeof own.code === "string" ? { code: own.code, adopted: Boolean(own.adopted) } : null;
  });
  // a cell whose key holds a dated return to the author's code adopts nothing
  const settled = keys.map((k) => read(k) !== null);
  const adopt = (i, match) => {
    const found = orphans.findIndex(match);
    if (found < 0) return;
    const { k, entry } = orphans.splice(found, 1)[0];
    result[i] = { code: entry.code, adopted: true };
    try {
      localStorage.setItem(
        keys[i],
        JSON.stringify({ ...entry, index: i, after: keys[i - 1] || "", adopted: true }),
      );
      localStorage.removeItem(k);
    } catch {
      /* kept in memory for this visit */
    }
  };
  for (let i = 0; i < keys.length; i++)
    if (!settled[i]) adopt(i, (o) => o.entry.after === (keys[i - 1] || ""));
  for (let i = 0; i < keys.length; i++) if (!settled[i] && !result[i]) adopt(i, (o) => o.entry.index === i);
  return result;
}

/**
 * Save ``code``, the edit the reader made at time ``at`` (ms), unless the cell's entry was
 * written later (by another tab). Code equal to the original is kept as a dated entry
 * without code. Returns "saved", "older" (nothing written: ``newer`` is the later entry,
 * {code, adopted} with code null for the author's code) or "failed" (storage unusable).
 */
export function saveEdit(key, index, after, code, original, adopted, at) {
  try {
    const stored = read(key);
    if (stored && Number(stored.saved) > at) return { outcome: "older", newer: entryEdit(stored) };
    const entry =
      code === original ? { index, after, saved: at } : { code, index, after, adopted, saved: at };
    localStorage.setItem(key, JSON.stringify(entry));
    return { outcome: "saved" };
  } catch {
    return { outcome: "failed" };
  }
}

/** A stored entry as a cell shows it: {code (null: the author's code), adopted}. */
function entryEdit(entry) {
  return {
    code: entry && typeof entry.code === "string" ? entry.code : null,
    adopted: Boolean(entry?.adopted),
  };
}

/**
 * Call ``onEdit(key, edit)`` whenever another tab of this browser saves a cell's edit
 * (``edit`` as entryEdit makes it; a removed entry reads as the author's code).
 * Returns a function that stops listening.
 */
export function watchEdits(onEdit) {
  const listen = (event) => {
    if (event.storageArea !== localStorage) return;
    if (event.key === null) {
      onEdit(null, null); // storage cleared: every cell is back on the author's code
      return;
    }
    if (!event.key.startsWith(PREFIX)) return;
    let entry = null;
    try {
      entry = event.newValue ? JSON.parse(event.newValue) : null;
    } catch {
      return;
    }
    onEdit(event.key, entryEdit(entry));
  };
  window.addEventListener("storage", listen);
  return () => window.removeEventListener("storage", listen);
}

// How far the reader has run a page's cells in this tab (sessionStorage: it outlives a
// reload and an instant navigation, not the tab). Python's state does not outlive either:
// a page comes back with a fresh namespace, and this says what the reader had built there.
const RAN_PREFIX = "pyautograd-lessons:ran:v1:";

/** The reader ran the cell at ``index`` (0-based) of ``page`` in this tab. */
export function recordRun(page, index) {
  try {
    const k = RAN_PREFIX + page;
    const before = Number(sessionStorage.getItem(k)) || 0;
    if (index + 1 > before) sessionStorage.setItem(k, String(index + 1));
  } catch {
    /* storage unavailable: the page only cannot say later what was run */
  }
}

/** How many of ``page``'s cells, from the first, the reader had run in this tab (0: none). */
export function ranBefore(page) {
  try {
    return Number(sessionStorage.getItem(RAN_PREFIX + page)) || 0;
  } catch {
    return 0;
  }
}
