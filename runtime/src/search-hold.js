// The page's side of search-worker.js: Material's search index is built only once Python's
// start, and the runs asked for during it, are over (or failed; page.js afterRuns), at once
// on a page that boots nothing, and the moment the reader goes for the search box. Says so
// on a BroadcastChannel; the held worker asks when it starts, in case it missed the word.
const CHANNEL = "pyautograd-lessons:search";
const SEARCH = "[data-md-component=search-query], label[for=__search], [data-md-toggle=search]";

let channel = null;
let released = false;
let booting = false;

function go() {
  released = true;
  channel?.postMessage("go");
}

/** Call once per visit, before the first page is scanned. */
export function holdSearchDuringBoot() {
  if (typeof BroadcastChannel !== "function") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    if (event.data === "ask" && (released || !booting)) go();
  };
  const intent = (event) => {
    if (event.target.closest?.(SEARCH)) go();
  };
  document.addEventListener("focusin", intent, true);
  document.addEventListener("pointerdown", intent, true);
  document.addEventListener("change", intent, true); // the search toggle (keyboard shortcut)
}

/** A boot started in the background: search waits for ``done`` (a promise) to settle. */
export function searchAfter(done) {
  if (released) return;
  booting = true;
  done.finally(() => {
    booting = false;
    go();
  });
}

/** The page boots nothing now: search may start. */
export function searchNow() {
  if (!booting) go();
}
