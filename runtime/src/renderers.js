// @ts-check
// How each kind of lessonkit display is drawn: one table, one entry per `kind`. A new
// display adds its Python side in lessonkit and one entry here; output.js looks the kind
// up and never needs to change. Each renderer draws a message into an (emptied) holder
// and is loaded lazily, so a page that never draws a graph never downloads Graphviz.

/**
 * @typedef {import("./protocol.js").DisplayMessage} DisplayMessage
 * @typedef {(message: DisplayMessage, holder: HTMLElement) => Promise<void>} Renderer
 *   draws `message` into `holder` (an empty element inside the cell's output); throws on failure
 */

/** @type {Record<string, Renderer>} */
export const renderers = {
  async dot(message, holder) {
    const { renderDot } = await import("./graph.js");
    holder.replaceChildren(await renderDot(/** @type {string} */ (message.dot)));
  },
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

/** @param {string} kind @returns {Renderer|undefined} */
export function rendererFor(kind) {
  return Object.hasOwn(renderers, kind) ? renderers[kind] : undefined;
}
