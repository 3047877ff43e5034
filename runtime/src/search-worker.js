// Material's search worker, held back while Python boots. Material creates its worker (lunr,
// classic script) as the page loads and sends it the whole site's index at once; building
// that index took CPU from Python's start on a two-core machine. The build hook
// (hooks/site_build.py) points Material's config at this script, written next to Material's
// own worker with REAL_WORKER filled in. It keeps Material's messages until the page says
// "go" on the BroadcastChannel below (search-hold.js: no boot under way, the boot ended, or
// the reader went for the search box), or after MAX_HOLD_MS whatever happens; then it loads
// the real worker and hands it the messages in order. Queries that arrive before the index is
// ready wait for its ready message, as Material's own worker would have answered them only then.
const REAL_WORKER = "__REAL_WORKER__";
const CHANNEL = "pyautograd-lessons:search";
const MAX_HOLD_MS = 20000;
const SETUP = 0;
const READY = 1;

const held = [];
let started = false;
let indexReady = false;
let queries = [];
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

function hold(event) {
  held.push(event.data);
}

function start() {
  if (started) return;
  started = true;
  clearTimeout(timer);
  channel?.close();
  removeEventListener("message", hold);
  const post = self.postMessage.bind(self);
  self.postMessage = (message, ...rest) => {
    post(message, ...rest);
    if (message?.type !== READY || indexReady) return;
    indexReady = true;
    for (const data of queries) dispatchEvent(new MessageEvent("message", { data }));
    queries = [];
  };
  // later messages: a query before the index is ready waits for it
  addEventListener("message", (event) => {
    if (!indexReady && event.data?.type !== SETUP) {
      event.stopImmediatePropagation();
      queries.push(event.data);
    }
  });
  importScripts(REAL_WORKER);
  for (const data of held) {
    if (!indexReady && data?.type !== SETUP) queries.push(data);
    else dispatchEvent(new MessageEvent("message", { data }));
  }
}

addEventListener("message", hold);
const timer = setTimeout(start, MAX_HOLD_MS);
if (channel) {
  channel.onmessage = (event) => {
    if (event.data === "go") start();
  };
  channel.postMessage("ask"); // the page answers "go" when nothing is booting
} else start();
