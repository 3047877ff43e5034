// @ts-check
// When Python starts, decided in one place (the early script in a page's head, early.js,
// and the page module, page.js, both ask here):
// * on a page with code cells Python starts at once, in the background, so that it is
//   (nearly) ready when the reader presses Run; the boot panel still appears only then;
// * unless the reader's browser asks to save data (Save-Data, `prefers-reduced-data`) or
//   the link is slow (2G/3G): then Python starts on intent (focus or pointer on a cell);
// * except when the runtime is already in the service worker's cache: starting costs no
//   data then, so it starts at once anyway;
// * never while the page is about to reload itself for cross-origin isolation
//   (sw-client.js): the reload would throw the boot away.
import { isolationReloadPending } from "./sw-client.js";

const SLOW_LINKS = new Set(["slow-2g", "2g", "3g"]);
/** Pyodide's big files: when the cache holds them, a start downloads next to nothing. */
const CORE_FILES = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"];

/** The reader's browser asks to save data, or says the link is slow. */
export function readerSavesData() {
  /** @type {{saveData?: boolean, effectiveType?: string} | undefined} */
  const link = /** @type {any} */ (navigator).connection;
  if (link && (link.saveData || SLOW_LINKS.has(link.effectiveType || ""))) return true;
  try {
    return Boolean(globalThis.matchMedia?.("(prefers-reduced-data: reduce)").matches);
  } catch {
    return false;
  }
}

/**
 * Whether the service worker that controls this page has Pyodide's core in its cache.
 * @param {string} runtimeURL  the site's assets/runtime/ folder (absolute, ends with /)
 */
export async function runtimeIsCached(runtimeURL) {
  if (typeof caches !== "object" || !caches || !navigator.serviceWorker?.controller) return false;
  try {
    for (const file of CORE_FILES) if (!(await caches.match(`${runtimeURL}${file}`))) return false;
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether Python should start now, before the reader shows any intent to run a cell.
 * @param {string} runtimeURL
 */
export async function startsAtOnce(runtimeURL) {
  if (isolationReloadPending()) return false;
  return !readerSavesData() || runtimeIsCached(runtimeURL);
}
