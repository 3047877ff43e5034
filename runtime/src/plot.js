// Line charts for lessonkit.plot(...) messages, drawn with uPlot on a canvas.
// Labels are set by uPlot as text; nothing from the message is parsed as HTML.
// The figure's caption (output.js) is the chart's only title; the y label is written
// horizontally above the chart (a rotated canvas label is hard to read, in Bengali most of
// all). Colours follow the light/dark palette, and charts are redrawn when it changes.
import uPlot from "uplot";
import { t } from "./strings.js";

const COLORS = {
  default: ["#3f51b5", "#d84315", "#00796b", "#8e24aa", "#6d4c41", "#546e7a"],
  slate: ["#8c9eff", "#ff8a65", "#4db6ac", "#ce93d8", "#bcaaa4", "#b0bec5"],
};

// holder -> {message, holder, canvasBox, chart, resize}: a figure redrawn in place reuses
// its holder; the palette watcher redraws every chart still in the page
const charts = new Map();
let paletteWatch = null;

const scheme = () => (document.body?.getAttribute("data-md-color-scheme") === "slate" ? "slate" : "default");

/** Columns for uPlot: one shared x, each series' y (null = a gap, undefined = no point). */
function mergeX(series) {
  const xs = [...new Set(series.flatMap((s) => s.x))].sort((a, b) => a - b);
  const columns = series.map((s) => {
    const at = new Map(s.x.map((x, i) => [x, s.y[i]]));
    return xs.map((x) => (at.has(x) ? at.get(x) : undefined));
  });
  return [xs, ...columns];
}

function draw(entry) {
  const { message, holder } = entry;
  const style = getComputedStyle(holder);
  const ink = style.getPropertyValue("--md-default-fg-color").trim() || "#222";
  const grid = style.getPropertyValue("--md-default-fg-color--lightest").trim() || "#ddd";
  const family = style.getPropertyValue("--md-text-font-family").trim() || "sans-serif";
  const palette = COLORS[scheme()];
  const axis = (label) => ({
    label: label || null,
    stroke: ink,
    grid: { stroke: grid },
    ticks: { stroke: grid },
    font: `12px ${family}`,
    labelFont: `bold 13px ${family}`,
  });
  const width = Math.max(260, Math.min(holder.clientWidth || 600, 720));
  const options = {
    width,
    height: Math.round(width * 0.55),
    scales: { x: { time: false } },
    axes: [axis(message.xlabel), axis(null)],
    series: [
      { label: message.xlabel || "x" },
      ...message.series.map((s, i) => ({
        label: s.label,
        stroke: palette[i % palette.length],
        width: 2,
        spanGaps: false, // NaN/inf arrive as null: leave the gap visible
      })),
    ],
    legend: {
      show: message.series.length > 1 || Boolean(message.series[0]?.label && message.series[0].label !== "y"),
    },
  };
  if (entry.chart) entry.chart.destroy();
  entry.chart = new uPlot(options, mergeX(message.series), entry.canvasBox);
  entry.canvasBox.dataset.scheme = scheme();
  entry.canvasBox.dataset.ink = ink;
}

function forget(entry) {
  entry.resize.disconnect();
  entry.chart.destroy();
  charts.delete(entry.holder);
}

function watchPalette() {
  if (paletteWatch || !document.body) return;
  paletteWatch = new MutationObserver(() => {
    for (const entry of [...charts.values()]) {
      if (!entry.holder.isConnected)
        forget(entry); // the cell ran again, or the page changed
      else if (entry.canvasBox.dataset.scheme !== scheme()) draw(entry);
    }
  });
  paletteWatch.observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
}

export function renderPlot(message, holder) {
  const previous = charts.get(holder);
  if (previous) forget(previous);
  holder.replaceChildren();
  if (message.ylabel) {
    const ylabel = document.createElement("p");
    ylabel.className = "lr-plot-ylabel";
    ylabel.textContent = `↑ ${message.ylabel}`;
    holder.appendChild(ylabel);
  }
  const canvasBox = document.createElement("div");
  canvasBox.className = "lr-plot-canvas";
  holder.appendChild(canvasBox);
  if (message.gaps) {
    const note = document.createElement("p");
    note.className = "lr-figure-note";
    note.dataset.role = "plot-gaps";
    note.textContent = t.plotGaps(message.gaps);
    holder.appendChild(note);
  }
  const entry = { message, holder, canvasBox, chart: null, resize: null };
  draw(entry);
  entry.resize = new ResizeObserver(() => {
    const w = Math.max(260, Math.min(holder.clientWidth, 720));
    if (Math.abs(w - entry.chart.width) > 4) entry.chart.setSize({ width: w, height: Math.round(w * 0.55) });
  });
  entry.resize.observe(holder);
  charts.set(holder, entry);
  watchPalette();
  return entry.chart;
}
