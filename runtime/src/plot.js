// Line charts for lessonkit.plot(...) messages, drawn with uPlot on a canvas.
// Labels are set by uPlot as text; nothing from the message is parsed as HTML.
import uPlot from "uplot";
import { t } from "./strings.js";

const COLORS = ["#3f51b5", "#ff5722", "#009688", "#9c27b0", "#795548", "#607d8b"];

function mergeX(series) {
  const xs = [...new Set(series.flatMap((s) => s.x))].sort((a, b) => a - b);
  const columns = series.map((s) => {
    const at = new Map(s.x.map((x, i) => [x, s.y[i]]));
    return xs.map((x) => (at.has(x) ? at.get(x) : null));
  });
  return [xs, ...columns];
}

const charts = new WeakMap(); // holder -> {chart, resize}: a figure redrawn in place reuses its holder

export function renderPlot(message, container) {
  const previous = charts.get(container);
  if (previous) {
    previous.resize.disconnect();
    previous.chart.destroy();
  }
  container.replaceChildren();
  const style = getComputedStyle(container);
  const ink = style.getPropertyValue("--md-default-fg-color").trim() || "#222";
  const grid = style.getPropertyValue("--md-default-fg-color--lightest").trim() || "#ddd";
  const family = style.getPropertyValue("--md-text-font-family").trim() || "sans-serif";
  const axis = (label) => ({
    label: label || "",
    stroke: ink,
    grid: { stroke: grid },
    ticks: { stroke: grid },
    font: `12px ${family}`,
    labelFont: `bold 12px ${family}`,
  });
  const width = Math.max(260, Math.min(container.clientWidth || 600, 720));
  const options = {
    title: message.title || "",
    width,
    height: Math.round(width * 0.55),
    scales: { x: { time: false } },
    axes: [axis(message.xlabel), axis(message.ylabel)],
    series: [
      { label: message.xlabel || "x" },
      ...message.series.map((s, i) => ({
        label: s.label,
        stroke: COLORS[i % COLORS.length],
        width: 2,
        spanGaps: true,
      })),
    ],
    legend: {
      show: message.series.length > 1 || Boolean(message.series[0]?.label && message.series[0].label !== "y"),
    },
  };
  const chart = new uPlot(options, mergeX(message.series), container);
  if (message.gaps) {
    const note = document.createElement("p");
    note.className = "lr-figure-note";
    note.textContent = t.plotGaps(message.gaps);
    container.appendChild(note);
  }
  const resize = new ResizeObserver(() => {
    const w = Math.max(260, Math.min(container.clientWidth, 720));
    if (Math.abs(w - chart.width) > 4) chart.setSize({ width: w, height: Math.round(w * 0.55) });
  });
  resize.observe(container);
  charts.set(container, { chart, resize });
  return chart;
}
