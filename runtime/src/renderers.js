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

/**
 * A graph wider than its box is shown whole, shrunk to the box's width, with a note saying
 * so and a button to see it at full size (then it scrolls, and pinches, inside its own box,
 * never widening the page); the same button fits it again. The note shows only while the
 * graph is wider than its box (a phone turned sideways may hold it whole).
 * @param {HTMLElement} box @param {SVGSVGElement} svg @param {number} width @param {HTMLElement} holder
 */
function fitToWidth(box, svg, width, holder) {
  const note = document.createElement("p");
  note.className = "lr-figure-note lr-graph-size";
  note.dataset.role = "graph-size";
  const text = document.createElement("span");
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "md-button lr-graph-toggle";
  toggle.dataset.role = "graph-toggle";
  note.append(text, " ", toggle);
  holder.append(note);
  const show = (full) => {
    box.dataset.size = full ? "full" : "fit";
    svg.style.minWidth = full ? `${width}px` : "0";
    text.textContent = full ? t.graphFull : t.graphFitted;
    toggle.textContent = full ? t.graphShowFit : t.graphShowFull;
  };
  toggle.addEventListener("click", () => show(box.dataset.size !== "full"));
  show(false);
  const wide = () => {
    note.hidden = width <= box.clientWidth;
  };
  wide();
  if (typeof ResizeObserver === "function") new ResizeObserver(wide).observe(box);
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
    const { svg, warnings, width } = await graph.renderDot(/** @type {string} */ (message.dot), stop.signal);
    const box = document.createElement("div");
    box.className = "lr-graph-box";
    box.dataset.role = "graph-box";
    box.append(svg);
    holder.replaceChildren(box);
    if (width > 0) fitToWidth(box, svg, width, holder);
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
