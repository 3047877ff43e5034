// One cell's output area. Everything the reader's code produces is inserted as text
// (createTextNode / textContent) or as sanitised SVG / a canvas chart; never as HTML.
import { explain } from "./explain.js";
import { rendererFor } from "./renderers.js";
import { t, bn } from "./strings.js";

const DOM_CAP = 200000; // characters kept in the page per cell (the worker caps too)
// Terminal escape sequences (colours, cursor moves, titles): the page shows plain text.
const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
const ANSI = new RegExp(
  `${ESC}\\[[0-?]*[ -/]*[@-~]|${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)|${ESC}[@-Z\\\\-_]`,
  "g",
);

// check()'s verdicts (lessonkit) are ✅ and ❌: colour emoji, drawn differently by every
// phone. On the page they become marks drawn by CSS (drawVerdicts); what the cell printed
// (this.stdout, compared with the expected block) keeps them.
const VERDICT = /(\u2705|\u274C)/u;
// how a worker's death by the browser's stack running out reads (Chromium and Safari; Firefox)
const STACK_RAN_OUT = /Maximum call stack size exceeded|too much recursion/i;

/** A verdict mark: drawn by CSS, named for a screen reader. @param {boolean} ok */
export function verdictMark(ok) {
  const mark = document.createElement("span");
  mark.className = `lr-verdict lr-verdict-${ok ? "ok" : "no"}`;
  mark.dataset.role = "verdict";
  mark.setAttribute("role", "img");
  mark.setAttribute("aria-label", ok ? t.verdictOk : t.verdictNo);
  return mark;
}

/** Replace the verdict emoji in the text nodes under ``root`` (or in ``root``, a text node)
 * with verdict marks. @param {Node} root */
export function drawVerdicts(root) {
  const nodes = [];
  if (root.nodeType === Node.TEXT_NODE) nodes.push(root);
  else {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n);
  }
  for (const node of /** @type {Text[]} */ (nodes)) {
    if (!VERDICT.test(node.data)) continue;
    const parts = node.data
      .split(VERDICT)
      .map((part) => (part === "\u2705" ? verdictMark(true) : part === "\u274C" ? verdictMark(false) : part));
    node.replaceWith(...parts.filter((part) => part !== ""));
  }
}

/**
 * A stdout or stderr block: `line` is its last, unfinished line, `returned` says that a "\r"
 * ended the text so far (the next text replaces that line).
 * @typedef {HTMLPreElement & {line: Text, returned: boolean}} StreamBlock
 */

/**
 * Append terminal text to a <pre> as a terminal shows it: "\r" returns to the start of
 * the line, so the next text replaces that line (progress counters print this way).
 * The block's last, unfinished line is its own text node, so only it is rewritten.
 * @param {StreamBlock} block
 * @param {string} text
 */
function writeTerminal(block, text) {
  for (const [k, part] of text.replace(ANSI, "").split("\n").entries()) {
    if (k > 0) {
      block.line.data += "\n";
      drawVerdicts(block.line); // a finished line: no "\r" rewrites it any more
      block.line = block.appendChild(document.createTextNode(""));
      block.returned = false;
    }
    for (const [j, piece] of part.split("\r").entries()) {
      if (j > 0) block.returned = true;
      if (!piece) continue;
      block.line.data = block.returned ? piece : block.line.data + piece;
      block.returned = false;
    }
  }
}

export class OutputView {
  constructor(element) {
    this.el = element;
    this.clear();
  }

  clear() {
    this.stopDrawing(); // a new run: the old run's figures are no longer wanted
    this.el.replaceChildren();
    this.el.hidden = true;
    this.chars = 0;
    this.capped = false;
    this.pending = [];
    /** @type {StreamBlock | null} the stream block that text goes on in */
    this.lastBlock = null;
    this.stdout = "";
    this.stderr = "";
    this.figures = new Map(); // key -> figure, for displays updated in place
  }

  /** End the drawings under way (a graph's layout in Graphviz's worker): the reader's Stop. */
  stopDrawing() {
    this.drawings?.abort();
    this.drawings = new AbortController();
  }

  _block(kind) {
    const block = document.createElement(kind === "stderr" || kind === "stdout" ? "pre" : "div");
    block.className = `lr-out lr-out-${kind}`;
    this.el.hidden = false;
    this.el.appendChild(block);
    this.lastBlock = null;
    if (kind === "stdout" || kind === "stderr") {
      const stream = /** @type {StreamBlock} */ (block);
      stream.dataset.stream = kind;
      stream.line = stream.appendChild(document.createTextNode(""));
      stream.returned = false;
      this.lastBlock = stream;
    }
    return block;
  }

  /** Append streamed text; DOM writes are batched per animation frame. */
  stream(stream, text) {
    if (stream === "stdout") this.stdout += text;
    else this.stderr += text;
    if (this.capped) return;
    const room = DOM_CAP - this.chars;
    if (text.length > room) {
      text = text.slice(0, room);
      this.markCapped(DOM_CAP);
    }
    this.chars += text.length;
    this.pending.push([stream, text]);
    if (this.pending.length === 1) requestAnimationFrame(() => this.flush());
  }

  flush() {
    for (const [stream, text] of this.pending) {
      const block =
        this.lastBlock && this.lastBlock.dataset.stream === stream
          ? this.lastBlock
          : /** @type {StreamBlock} */ (this._block(stream)); // a stream's block is one
      writeTerminal(block, text);
    }
    this.pending = [];
  }

  markCapped(limit) {
    if (this.capped) return;
    this.capped = true;
    this.flush();
    this.notice(t.capped(limit), "warning");
  }

  notice(text, level = "info") {
    this.flush();
    const p = this._block(`notice-${level}`);
    p.textContent = text;
    if (level === "ok") p.prepend(verdictMark(true), " ");
    return p;
  }

  /** A Python error: Bengali explanation first, then the verbatim (trimmed) traceback. */
  error(errorLine, traceback, expected) {
    this.flush();
    const box = this._block(expected ? "error-expected" : "error");
    const why = explain(errorLine);
    if (expected) {
      const p = document.createElement("p");
      p.className = "lr-expected-note";
      p.textContent = t.expectedError;
      box.appendChild(p);
    }
    if (why) {
      const title = document.createElement("p");
      title.className = "lr-explain-title";
      title.textContent = why.title;
      const body = document.createElement("p");
      body.className = "lr-explain-body";
      body.textContent = why.body;
      box.append(title, body);
    }
    const pre = document.createElement("pre");
    pre.className = "lr-traceback";
    pre.textContent = traceback || errorLine;
    box.appendChild(pre);
  }

  /** More figures than the worker forwards: say how many were left out. */
  displaysCapped(limit, dropped) {
    this.notice(t.displaysCapped(bn(limit), bn(dropped)), "warning").dataset.role = "displays-capped";
  }

  /** Pyodide itself broke and was restarted (page.js); explain what probably happened. */
  crashed(reason) {
    this.flush();
    const box = this._block("error");
    box.dataset.role = "crashed";
    const title = document.createElement("p");
    title.className = "lr-explain-title";
    title.textContent = t.crashed.title;
    const body = document.createElement("p");
    body.className = "lr-explain-body";
    body.textContent = STACK_RAN_OUT.test(reason) ? t.crashed.stack : t.crashed.body;
    const pre = document.createElement("pre");
    pre.className = "lr-traceback";
    pre.textContent = reason;
    box.append(title, body, pre);
  }

  /** Draw a display message. A message whose ``key`` names a figure already in this output
   * redraws that figure in place (a picture updated while a loop runs) instead of adding one. */
  display(message) {
    this.flush();
    const key = typeof message.key === "string" ? message.key : null;
    let figure = key === null ? null : this.figures.get(key);
    if (!figure) {
      figure = this._figure(message.kind);
      if (key !== null) this.figures.set(key, figure);
    }
    figure.latest = message;
    figure.element.dataset.drawing = ""; // until drawn (bench/boot.py waits for it to go)
    const drawing = figure.drawing.then(() => this._draw(figure));
    figure.drawing = drawing;
    const drawn = () => {
      if (figure.drawing === drawing) delete figure.element.dataset.drawing;
    };
    drawing.then(drawn, drawn);
    return drawing;
  }

  _figure(kind) {
    const element = this._block(`display-${kind}`);
    element.setAttribute("role", "figure");
    const caption = document.createElement("p");
    caption.className = "lr-figure-title";
    caption.hidden = true;
    // The figure is named by its title (aria-label); the caption shows that same text to the
    // eye only, so a screen reader says the title once, not once as name and again as text.
    caption.setAttribute("aria-hidden", "true");
    const holder = document.createElement("div");
    holder.className = "lr-figure-body";
    element.append(caption, holder);
    return { element, caption, holder, latest: null, drawn: null, draws: 0, drawing: Promise.resolve() };
  }

  async _draw(figure) {
    const message = figure.latest;
    if (message === figure.drawn) return; // a later update was already drawn
    figure.drawn = message;
    figure.draws += 1;
    figure.element.dataset.draws = String(figure.draws);
    figure.caption.hidden = !message.title;
    figure.caption.textContent = message.title || "";
    if (message.title) figure.element.setAttribute("aria-label", message.title);
    else figure.element.removeAttribute("aria-label");
    const holder = figure.holder;
    try {
      const renderer = rendererFor(message.kind);
      if (!renderer) {
        holder.textContent = t.unknownDisplay(message.kind);
        return;
      }
      await renderer(message, holder, this.drawings.signal);
    } catch (err) {
      holder.textContent = t.displayFailed(String(err?.message || err));
    }
  }
}
