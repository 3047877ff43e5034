// DOT text -> sanitised SVG in the page, with @viz-js/viz (Graphviz compiled to WebAssembly).
// Loaded lazily: pages that never draw a graph never download Graphviz.
import { instance } from "@viz-js/viz";
import { sanitizeSVG } from "./sanitize-svg.js";

const PT = 4 / 3; // Graphviz sizes its SVG in points
const MIN_SCALE = 0.75; // a wide graph shrinks this far at most, then the figure scrolls

let vizPromise = null;

/** Load and compile Graphviz (once), ahead of the first graph when called early. The
 * WebAssembly's functions are compiled lazily, on their first call: a tiny graph drawn here
 * takes that cost (50 to 150 ms on a slow machine) off the first real graph. */
export function prepare() {
  if (!vizPromise) {
    vizPromise = instance().then((viz) => {
      viz.render("digraph { a -> b [label=x] }", { format: "svg" });
      return viz;
    });
    vizPromise.catch(() => {
      vizPromise = null; // let a later figure try loading again
    });
  }
  return vizPromise;
}

/** Graphviz read the DOT text and refused it; ``message`` is Graphviz's own reason. */
export class DotError extends Error {}

/**
 * Returns ``{svg, warnings}``; throws DotError when the DOT text is wrong, any other
 * error when Graphviz itself could not be loaded or run.
 */
export async function renderDot(dot) {
  const viz = await prepare();
  const result = viz.render(dot, { format: "svg" });
  const said = (level) => result.errors.filter((e) => e.level === level).map((e) => e.message.trim());
  if (result.status !== "success") {
    const why = [...said("error"), ...said(undefined)].join("\n");
    throw new DotError(why || "Graphviz could not draw this graph");
  }
  const svg = sanitizeSVG(result.output);
  if (!svg) throw new Error("Graphviz returned no SVG");
  svg.setAttribute("role", "img");
  // Fit narrow screens by shrinking only so far: below that, labels would be unreadable
  // (6 px on a phone), so the figure scrolls sideways instead.
  const width = Number.parseFloat(svg.getAttribute("width") || "");
  if (width > 0) svg.style.minWidth = `${Math.round(width * PT * MIN_SCALE)}px`;
  return { svg, warnings: said("warning") };
}
