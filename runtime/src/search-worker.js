// Material's search worker, held back while Python boots. Material creates its worker (lunr,
// classic script) as the page loads and sends it the whole site's index at once; building
// that index took CPU from Python's start on a two-core machine. The build hook
// (hooks/site_build.py) points Material's config at this script, written next to Material's
// own worker with REAL_WORKER filled in. It keeps Material's messages until the page says
// "go" on the BroadcastChannel below (search-hold.js: no boot under way, the boot ended, or
// the reader went for the search box), or after MAX_HOLD_MS whatever happens; then it loads
// the real worker and hands it the messages in order. Queries that arrive before the index is
// ready wait for its ready message, as Material's own worker would have answered them only then.
// The index and every query are put in one Unicode form on their way in (sameText), so a word
// finds the same pages however the reader's keyboard spells its letters.
const REAL_WORKER = "__REAL_WORKER__";
const CHANNEL = "pyautograd-lessons:search";
const MAX_HOLD_MS = 20000;
const SETUP = 0;
const READY = 1;
const QUERY = 2;
// ত + hasanta + zero-width joiner: the older spelling of khanda ta (ৎ), which NFC keeps apart
const KHANDA_TA = /\u09a4\u09cd\u200d/g;

/** One spelling for text Unicode calls the same: NFC (it also writes য় ড় ঢ়, which some
 * keyboards type as one code point, as the letter and a nukta, as the pages have them). */
function sameText(text) {
  return typeof text === "string" ? text.normalize("NFC").replace(KHANDA_TA, "\u09ce") : text;
}

const normalised = new WeakSet();

/** Puts Material's index (title, text, tags of each page) or query in sameText, in place. */
function normalise(message) {
  if (!message || typeof message !== "object" || normalised.has(message)) return message;
  normalised.add(message);
  if (message.type === QUERY) message.data = sameText(message.data);
  if (message.type === SETUP && Array.isArray(message.data?.docs)) {
    for (const doc of message.data.docs) {
      doc.title = sameText(doc.title);
      doc.text = sameText(doc.text);
      if (Array.isArray(doc.tags)) doc.tags = doc.tags.map(sameText);
    }
  }
  return message;
}

const held = [];
let started = false;
let indexReady = false;
let queries = [];
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

function hold(event) {
  held.push(normalise(event.data));
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
    normalise(event.data);
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
