// A reader's edits, kept in localStorage per page and cell. Each entry also records a
// hash of the author's code it started from, so a later change of the lesson is noticed.
const PREFIX = "pyautograd-lessons:cell:v1:";

export function hashText(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(16);
}

function key(page, index) {
  return `${PREFIX}${page}:${index}`;
}

export function storageWorks() {
  try {
    const probe = PREFIX + "probe";
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** The saved edit {code, base} or null. */
export function loadEdit(page, index) {
  try {
    const raw = localStorage.getItem(key(page, index));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Save ``code`` (or forget it when it equals the original). Returns false if storage failed. */
export function saveEdit(page, index, code, original) {
  try {
    if (code === original) localStorage.removeItem(key(page, index));
    else localStorage.setItem(key(page, index), JSON.stringify({ code, base: hashText(original), saved: Date.now() }));
    return true;
  } catch {
    return false;
  }
}
