// @ts-check
import { t } from "./strings.js";

// How each kind of lessonkit display is drawn: one table, one entry per `kind`. A new
// display adds its Python side in lessonkit and one entry here; output.js looks the kind
// up and never needs to change. Each renderer draws a message into an (emptied) holder
// and is loaded lazily, so a page that never draws a graph never downloads Graphviz.

/**
 * @typedef {import("./protocol.js").DisplayMessage} DisplayMessage
 * @typedef {(message: DisplayMessage, holder: HTMLElement, signal?: AbortSignal) => Promise<void>} Renderer
 *   draws `message` into `holder` (an empty element inside the cell's output); throws on failure;
 *   `signal` aborts when the drawing is no longer wanted (Stop, a new run of the cell)
 */

const BUSY_NOTE_MS = 300; // a layout still running after this shows a note with a Stop

/** While Graphviz lays a graph out: a note saying so, with a Stop that ends the layout. */
function layingOut(/** @type {AbortController} */ stop) {
  const note = document.createElement("p");
  note.className = "lr-figure-note";
  note.dataset.role = "graph-laying-out";
  note.textContent = `${t.graphLayingOut} `;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button lr-graph-stop";
  button.dataset.role = "graph-stop";
  button.textContent = t.graphStop;
  button.addEventListener("click", () => stop.abort());
  note.append(button);
  return note;
}

/** Draw DOT text; when Graphviz refuses it or cannot be loaded, say which and why. Aborting
 * `signal` (the cell's Stop, a new run) ends the layout, as the note's own Stop does.
 * @type {Renderer} */
async function drawGraph(message, holder, signal) {
  holder.dataset.role = "graph";
  let graph;
  try {
    graph = await import("./graph.js");
  } catch (err) {
    holder.textContent = t.graphUnavailable(String(err?.message || err));
    return;
  }
  const stop = new AbortController();
  const cancel = () => stop.abort();
  signal?.addEventListener("abort", cancel, { once: true });
  if (signal?.aborted) stop.abort();
  const busy = setTimeout(() => holder.replaceChildren(layingOut(stop)), BUSY_NOTE_MS);
  try {
    const { svg, warnings } = await graph.renderDot(/** @type {string} */ (message.dot), stop.signal);
    holder.replaceChildren(svg);
    if (warnings.length) {
      const note = document.createElement("p");
      note.className = "lr-figure-note";
      note.dataset.role = "graph-warnings";
      note.textContent = t.graphWarnings(warnings.join("\n"));
      holder.appendChild(note);
    }
  } catch (err) {
    const why = String(err?.message || err);
    const note = document.createElement("p");
    if (err instanceof graph.GraphTooBig) {
      const { nodes, edges, common } = err.size;
      note.dataset.role = "graph-too-big";
      note.textContent = t.graphTooBig(nodes, edges, graph.NODE_BUDGET, common);
    } else if (err instanceof graph.LayoutCancelled) {
      note.dataset.role = "graph-stopped";
      note.textContent = t.graphStopped;
    } else if (err instanceof graph.LayoutTooLong) {
      note.dataset.role = "graph-too-slow";
      note.textContent = t.graphTooSlow(err.ms / 1000);
    } else note.textContent = err instanceof graph.DotError ? t.graphInvalid(why) : t.graphUnavailable(why);
    holder.replaceChildren(note);
  } finally {
    clearTimeout(busy);
    signal?.removeEventListener("abort", cancel);
  }
}

/** @type {Record<string, Renderer>} */
export const renderers = {
  dot: drawGraph,
  async plot(message, holder) {
    const { renderPlot } = await import("./plot.js");
    renderPlot(message, holder);
  },
  async images(message, holder) {
    const { renderImages } = await import("./pictures.js");
    renderImages(message, holder);
  },
  async boundary(message, holder) {
    const { renderBoundary } = await import("./pictures.js");
    renderBoundary(message, holder);
  },
  async backward(message, holder) {
    const { renderBackward } = await import("./backward.js");
    holder.replaceChildren();
    await renderBackward(message, holder);
  },
};

/** Cells that draw graphs call lessonkit's show() or show_backward(). */
const DRAWS_GRAPHS = /\bshow(_backward)?\s*\(/;

/**
 * Load Graphviz (1.5 MB, its WebAssembly compiled in the page) now when one of `sources`
 * (the page's cells) draws a graph, instead of at the first graph, which then appeared
 * 0.3 s after its cell had run. The page calls this once Python has started: until then
 * the page's own load and Pyodide's compilation keep both cores busy. A failure here is
 * left to drawGraph, which says why when a graph is drawn.
 * @param {string[]} sources
 */
export function prepareFor(sources) {
  if (!sources.some((source) => DRAWS_GRAPHS.test(source))) return;
  import("./graph.js").then((graph) => graph.prepare()).catch(() => {});
}

/** @param {string} kind @returns {Renderer|undefined} */
export function rendererFor(kind) {
  return Object.hasOwn(renderers, kind) ? renderers[kind] : undefined;
}
