// DOT text -> sanitised SVG in the page. Graphviz runs in graph-worker.js, never on the
// page's main thread: one layout at a time, and one that runs past LAYOUT_BUDGET_MS ends
// that worker (the next graph gets a new one). A graph of more than NODE_BUDGET nodes is not
// laid out at all (Graphviz's layout grows much faster than the graph: 120 steps of
// `s = s + x` took 11 s, 200 more than ten minutes); the reader gets its size and a summary.
// The reader's Stop ends a layout at once (renderers.js shows a Stop while one runs).
// Loaded lazily: pages that never draw a graph never download Graphviz.
import { sanitizeSVG } from "./sanitize-svg.js";
import { t } from "./strings.js";

const PT = 4 / 3; // Graphviz sizes its SVG in points
const MIN_SCALE = 0.75; // a wide graph shrinks this far at most, then the figure scrolls
export const NODE_BUDGET = 150;
export const LAYOUT_BUDGET_MS = 20000;
// Graphviz's warnings that say nothing the reader can act on. Without font files, Graphviz
// sizes a label from a table of ASCII widths and counts each byte of any other character
// (×, every Bengali letter: 2-3 bytes in UTF-8) as a space: that estimate still makes room
// for the browser's own glyphs, and the warning came in English under lesson 1's first graph.
const HARMLESS = [/no value for width of non-ASCII character/];

// graph.js is bundled as a chunk (assets/runtime/chunks/), the worker next to the page module
const here = new URL(".", import.meta.url);
const WORKER_URL = new URL(
  here.pathname.endsWith("/chunks/") ? "../graph-worker.js" : "graph-worker.js",
  here,
);

let worker = null;
let nextId = 1;
let waiting = null; // {id, resolve, reject, timer} of the layout in progress
let queue = Promise.resolve();

function graphviz() {
  if (worker) return worker;
  worker = new Worker(WORKER_URL, { type: "module", name: "graphviz" });
  worker.onmessage = ({ data }) => {
    if (waiting?.id !== data.id) return;
    const job = waiting;
    waiting = null;
    clearTimeout(job.timer);
    if (data.failed) job.reject(new Error(data.failed));
    else job.resolve(data);
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    endWorker(new Error(event.message || t.graphWorkerFailed));
  };
  return worker;
}

function endWorker(reason) {
  worker?.terminate();
  worker = null;
  const job = waiting;
  waiting = null;
  if (job) {
    clearTimeout(job.timer);
    job.reject(reason);
  }
}

/**
 * Graphviz's result for ``dot`` ({status, output, errors}), laid out in the worker, one at a
 * time. Aborting ``signal`` (the reader's Stop) drops a layout still waiting, and ends the
 * worker in the middle of one already running; either rejects with LayoutCancelled.
 */
function layout(dot, signal) {
  if (signal?.aborted) return Promise.reject(new LayoutCancelled());
  return new Promise((resolve, reject) => {
    let id = 0; // set when this layout starts
    const cancel = () => {
      if (id === 0) reject(new LayoutCancelled());
      else if (waiting?.id === id) endWorker(new LayoutCancelled());
    };
    signal?.addEventListener("abort", cancel, { once: true });
    const settle = (fn, next) => (value) => {
      signal?.removeEventListener("abort", cancel);
      fn(value);
      next();
    };
    queue = queue.then(
      () =>
        new Promise((next) => {
          if (signal?.aborted) return next();
          id = nextId++;
          waiting = { id, resolve: settle(resolve, next), reject: settle(reject, next), timer: null };
          waiting.timer = setTimeout(() => endWorker(new LayoutTooLong(LAYOUT_BUDGET_MS)), LAYOUT_BUDGET_MS);
          graphviz().postMessage({ id, dot });
        }),
    );
  });
}

/** Load and compile Graphviz (once), ahead of the first graph when called early. */
export function prepare() {
  graphviz();
  return Promise.resolve();
}

/** Graphviz read the DOT text and refused it; ``message`` is Graphviz's own reason. */
export class DotError extends Error {}

/** The graph has more nodes than NODE_BUDGET: not laid out. */
export class GraphTooBig extends Error {
  constructor(size) {
    super(`${size.nodes} nodes`);
    this.size = size;
  }
}

/** The reader stopped the layout: its worker was ended (or it never started). */
export class LayoutCancelled extends Error {
  constructor() {
    super("layout stopped");
  }
}

/** Graphviz was still laying the graph out after ``ms``: its worker was ended. */
export class LayoutTooLong extends Error {
  constructor(ms) {
    super(`layout ran past ${ms} ms`);
    this.ms = ms;
  }
}

/**
 * How big a DOT graph is, without laying it out: {nodes, edges, common}, where common
 * lists the most repeated node labels (first line) as [label, count], most first.
 */
export function measure(dot) {
  const quoted = [];
  const bare = String(dot).replace(/"(?:[^"\\]|\\.)*"/g, (q) => {
    quoted.push(q);
    return `"${quoted.length - 1}"`;
  });
  const id = String.raw`("\d+"|[\w.\u0080-\uffff]+)`;
  const ids = new Set();
  for (const m of bare.matchAll(new RegExp(`${id}\\s*(?=->|--)|(?:->|--)\\s*${id}`, "g")))
    ids.add(m[1] || m[2]);
  for (const m of bare.matchAll(new RegExp(`(?:^|[;{])\\s*${id}\\s*(?=\\[|;|$)`, "gm"))) ids.add(m[1]);
  for (const word of ["node", "edge", "graph", "digraph", "subgraph", "strict"]) ids.delete(word);
  const counts = new Map();
  for (const m of String(dot).matchAll(/label\s*=\s*"((?:[^"\\]|\\.)*)"/g)) {
    const first = m[1].split("\\n")[0];
    counts.set(first, (counts.get(first) || 0) + 1);
  }
  const common = [...counts.entries()].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1]);
  return { nodes: ids.size, edges: (bare.match(/->|--/g) || []).length, common: common.slice(0, 3) };
}

/**
 * Returns ``{svg, warnings, width}`` (width: the graph's full size in CSS px, 0 if unknown); throws GraphTooBig over the node budget, LayoutTooLong past
 * the time budget, LayoutCancelled when ``signal`` aborts, DotError when the DOT text is
 * wrong, any other error when Graphviz itself could not be loaded or run.
 * @param {string} dot @param {AbortSignal} [signal]
 */
export async function renderDot(dot, signal) {
  const size = measure(dot);
  if (size.nodes > NODE_BUDGET) throw new GraphTooBig(size);
  const result = await layout(dot, signal);
  const said = (level) => result.errors.filter((e) => e.level === level).map((e) => e.message.trim());
  if (result.status !== "success") {
    const why = [...said("error"), ...said(undefined)].join("\n");
    throw new DotError(why || t.graphNotDrawn);
  }
  const svg = sanitizeSVG(result.output);
  if (!svg) throw new Error(t.graphNoPicture);
  svg.setAttribute("role", "img");
  // Fit narrow screens by shrinking only so far: below that, labels would be unreadable
  // (6 px on a phone), so the figure scrolls sideways instead. A graph of its own (show())
  // may still be fitted whole, by the reader's choice (renderers.js).
  const points = Number.parseFloat(svg.getAttribute("width") || "");
  const width = points > 0 ? Math.round(points * PT) : 0;
  if (width > 0) svg.style.minWidth = `${Math.round(width * MIN_SCALE)}px`;
  const warnings = said("warning").filter((w) => !HARMLESS.some((pattern) => pattern.test(w)));
  return { svg, warnings, width };
}
