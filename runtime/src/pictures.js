// Canvas pictures for lessonkit.images(...) and lessonkit.boundary(...) messages.
// Colours come from the page's theme (Material's CSS variables), so both pictures follow
// light and dark mode, and are redrawn when the reader switches. Labels and titles are
// set as text; nothing from a message is parsed as HTML.

const CLASS_COLORS = ["#3f51b5", "#ff5722", "#009688", "#9c27b0", "#795548", "#607d8b"];
const redraws = new Set(); // {draw, element} of the pictures on the page
const resizers = new WeakMap(); // holder -> its ResizeObserver (a figure redrawn in place reuses the holder)
let watchingTheme = false;

function parseColor(text, fallback) {
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = fallback;
  probe.fillStyle = text || fallback;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

function theme(element) {
  const style = getComputedStyle(element);
  return {
    ink: parseColor(style.getPropertyValue("--md-default-fg-color").trim(), "#222"),
    paper: parseColor(style.getPropertyValue("--md-default-bg-color").trim(), "#fff"),
  };
}

const mix = (a, b, t) => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t));

function whenThemeChanges(draw, element) {
  for (const entry of redraws) if (!entry.element.isConnected) redraws.delete(entry);
  redraws.add({ draw, element });
  if (watchingTheme) return;
  watchingTheme = true;
  new MutationObserver(() => {
    for (const entry of redraws) {
      if (entry.element.isConnected) entry.draw();
      else redraws.delete(entry);
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
}

function fail(why) {
  throw new Error(why);
}

function checkImages(message) {
  const list = message.images;
  if (!Array.isArray(list) || !list.length) fail("কোনো ছবি নেই");
  list.forEach((im, k) => {
    const ok = Number.isInteger(im?.w) && Number.isInteger(im?.h) && im.w > 0 && im.h > 0;
    if (!ok || !Array.isArray(im.pixels) || im.pixels.length !== im.w * im.h)
      fail(`ছবি ${k}-এর মাপ আর পিক্সেলের সংখ্যা মেলে না`);
    if (!im.pixels.every((v) => Number.isFinite(v))) fail(`ছবি ${k}-এ সংখ্যা নয় এমন পিক্সেল আছে`);
  });
  if (message.labels && message.labels.length !== list.length) fail("ছবি আর লেবেলের সংখ্যা মেলে না");
}

/** A grid of small grey-scale images (each a canvas with one pixel per value). */
export function renderImages(message, container) {
  checkImages(message);
  const grid = document.createElement("div");
  grid.className = "lr-image-grid";
  const canvases = message.images.map((im, k) => {
    const cell = document.createElement("div");
    cell.className = "lr-image";
    const canvas = document.createElement("canvas");
    canvas.width = im.w;
    canvas.height = im.h;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", message.labels ? message.labels[k] : `ছবি ${k}`);
    cell.appendChild(canvas);
    if (message.labels) {
      const caption = document.createElement("div");
      caption.className = "lr-image-label";
      caption.textContent = message.labels[k];
      caption.setAttribute("aria-hidden", "true"); // for the eye: the canvas already says it
      cell.appendChild(caption);
    }
    grid.appendChild(cell);
    return canvas;
  });
  const draw = () => {
    const { ink, paper } = theme(container);
    message.images.forEach((im, k) => {
      const ctx = canvases[k].getContext("2d");
      const data = ctx.createImageData(im.w, im.h);
      im.pixels.forEach((v, i) => {
        const [r, g, b] = mix(paper, ink, Math.min(Math.max(v, 0), 255) / 255);
        data.data.set([r, g, b, 255], i * 4);
      });
      ctx.putImageData(data, 0, 0);
    });
  };
  container.replaceChildren(grid);
  draw();
  whenThemeChanges(draw, grid);
}

function checkBoundary(message) {
  const { probs, extent, points, classes } = message;
  if (!Array.isArray(probs) || !probs.length || !Array.isArray(probs[0]) || !probs[0].length)
    fail("probs ২-মাত্রার অ্যারে নয়");
  const width = probs[0].length;
  for (const row of probs) {
    if (!Array.isArray(row) || row.length !== width) fail("probs-এর সারিগুলোর দৈর্ঘ্য সমান নয়");
    if (!row.every((p) => Number.isFinite(p) && p >= 0 && p <= 1)) fail("probs-এ 0 থেকে 1-এর বাইরের মান আছে");
  }
  if (!Array.isArray(extent) || extent.length !== 4 || !extent.every(Number.isFinite))
    fail("extent চারটি সংখ্যা নয়");
  if (extent[0] >= extent[1] || extent[2] >= extent[3]) fail("extent-এর সীমা উল্টো");
  if (points) {
    if (!Array.isArray(points) || !Array.isArray(classes) || points.length !== classes.length)
      fail("বিন্দু আর শ্রেণির সংখ্যা মেলে না");
    if (!points.every((p) => Array.isArray(p) && p.length === 2 && p.every(Number.isFinite)))
      fail("প্রতিটি বিন্দু হতে হবে দুটি সংখ্যা (x, y)");
  }
}

/** Heat map of P(class 1) over the plane, the data points on top, y pointing up. */
export function renderBoundary(message, container) {
  checkBoundary(message);
  const canvas = document.createElement("canvas");
  canvas.className = "lr-boundary";
  canvas.setAttribute("role", "img");
  // what the picture is; its title already names the figure around it (output.js)
  canvas.setAttribute("aria-label", "সিদ্ধান্তের সীমানা");
  const { probs, extent, points, classes } = message;
  const [x0, x1, y0, y1] = extent;
  const rows = probs.length;
  const cols = probs[0].length;
  const draw = () => {
    const side = Math.max(120, Math.min(container.clientWidth || 360, 420));
    const scale = window.devicePixelRatio || 1;
    canvas.width = Math.round(side * scale);
    canvas.height = Math.round(side * scale);
    const ctx = canvas.getContext("2d");
    const { ink, paper } = theme(container);
    const tint = CLASS_COLORS.slice(0, 2).map((c) => parseColor(c, c));
    // the field: one small cell per grid value, stronger colour where the model is surer
    const field = ctx.createImageData(cols, rows);
    probs.forEach((row, i) => {
      row.forEach((p, j) => {
        const color = mix(paper, tint[p >= 0.5 ? 1 : 0], 0.55 * Math.abs(2 * p - 1));
        field.data.set([...color, 255], ((rows - 1 - i) * cols + j) * 4);
      });
    });
    const tile = document.createElement("canvas");
    tile.width = cols;
    tile.height = rows;
    tile.getContext("2d").putImageData(field, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(tile, 0, 0, canvas.width, canvas.height);
    // the points, outlined in the page's ink so they stand out on both themes
    const radius = Math.max(2.5, canvas.width / 110);
    ctx.lineWidth = Math.max(1, scale);
    ctx.strokeStyle = `rgb(${ink.join(",")})`;
    (points || []).forEach(([x, y], k) => {
      ctx.beginPath();
      ctx.arc(((x - x0) / (x1 - x0)) * canvas.width, ((y1 - y) / (y1 - y0)) * canvas.height, radius, 0, 7);
      ctx.fillStyle = CLASS_COLORS[classes[k] % CLASS_COLORS.length];
      ctx.fill();
      ctx.stroke();
    });
  };
  container.replaceChildren(canvas);
  draw();
  whenThemeChanges(draw, canvas);
  resizers.get(container)?.disconnect();
  let width = container.clientWidth;
  const resize = new ResizeObserver(() => {
    if (Math.abs(container.clientWidth - width) > 4 && canvas.isConnected) {
      width = container.clientWidth;
      draw();
    }
  });
  resize.observe(container);
  resizers.set(container, resize);
}
