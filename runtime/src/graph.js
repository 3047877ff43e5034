// DOT text -> sanitised SVG in the page, with @viz-js/viz (Graphviz compiled to WebAssembly).
// Loaded lazily: pages that never draw a graph never download Graphviz.
import { instance } from "@viz-js/viz";
import { sanitizeSVG } from "./sanitize-svg.js";

let vizPromise = null;

export async function renderDot(dot) {
  vizPromise = vizPromise || instance();
  const viz = await vizPromise;
  const result = viz.render(dot, { format: "svg" });
  if (result.status !== "success") {
    const why = result.errors.map((e) => e.message).join("\n");
    throw new Error(why || "Graphviz could not draw this graph");
  }
  const svg = sanitizeSVG(result.output);
  if (!svg) throw new Error("Graphviz returned no SVG");
  svg.setAttribute("role", "img");
  return svg;
}
