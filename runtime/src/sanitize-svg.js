// Keep only plain drawing elements and attributes of an SVG produced by Graphviz.
// Labels come from the reader's code (tensor names, DOT text they wrote), so nothing
// that can run script, load a resource or navigate survives: no <script>, no
// <foreignObject>, no <a>/<image>/<use>, no on* handlers, no href, no style url(...).

const ELEMENTS = new Set([
  "svg",
  "g",
  "path",
  "polygon",
  "polyline",
  "ellipse",
  "circle",
  "rect",
  "line",
  "text",
  "tspan",
  "title",
  "defs",
  "lineargradient",
  "radialgradient",
  "stop",
]);
const ATTRIBUTES = new Set([
  "width",
  "height",
  "viewbox",
  "x",
  "y",
  "x1",
  "x2",
  "y1",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "points",
  "d",
  "fill",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-opacity",
  "fill-opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "transform",
  "class",
  "id",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientunits",
  "gradienttransform",
  "preserveaspectratio",
  "dominant-baseline",
  "opacity",
]);

function clean(node, doc) {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.nodeValue);
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const name = node.localName.toLowerCase();
  const unwrap = name === "a"; // Graphviz links (URL=...): keep the drawing, drop the link
  if (!ELEMENTS.has(name) && !unwrap) return null;
  const out = doc.createElementNS("http://www.w3.org/2000/svg", unwrap ? "g" : node.localName);
  for (const attr of node.attributes) {
    const key = attr.name.toLowerCase();
    if (unwrap || !ATTRIBUTES.has(key)) continue;
    if (/url\s*\(|javascript:|expression\s*\(/i.test(attr.value)) continue;
    out.setAttribute(attr.name, attr.value);
  }
  for (const child of node.childNodes) {
    const copy = clean(child, doc);
    if (copy) out.appendChild(copy);
  }
  return out;
}

/** Parse SVG text and return a clean SVG element (or null if it is not SVG). */
export function sanitizeSVG(svgText, doc = document) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = parsed.documentElement;
  if (root?.localName !== "svg" || parsed.getElementsByTagName("parsererror").length) return null;
  return clean(root, doc);
}
