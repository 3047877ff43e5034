// The backward-pass step-through (lessonkit.show_backward): the graph drawn by Graphviz,
// Prev/Next buttons and the arrow keys moving through the nodes in backward order. The
// current node and the edges it sends gradient along are highlighted; the step's sentence
// (upstream × local = contribution, or for tensors the vector-Jacobian product in words
// with its shapes, and the sums at shared inputs) is shown under the graph and announced;
// every step is also listed as text for screen readers and printing.
// A node's gradient line shows only what has reached it by the current step.
import { renderDot } from "./graph.js";
import { bn } from "./strings.js";

const KEYS_NEXT = new Set(["ArrowRight", "ArrowDown"]);
const KEYS_PREV = new Set(["ArrowLeft", "ArrowUp"]);

function button(text, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "md-button lr-bw-button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  return b;
}

export async function renderBackward(message, holder) {
  const steps = message.steps;
  const { svg } = await renderDot(message.dot);
  // Graphviz copies the DOT ids ("bw-n0", "bw-e3") into the SVG; keep them as data
  // attributes so two step-throughs on one page never share an id.
  const parts = new Map();
  for (const el of svg.querySelectorAll("[id^='bw-']")) {
    parts.set(el.id.slice(3), el);
    el.dataset.bw = el.id.slice(3);
    el.removeAttribute("id");
  }

  // Each node's label ends with the line reserved for its gradient; every step rewrites
  // it with what has arrived by then, so no node shows a gradient before its time.
  const gradLines = new Map();
  for (const [key, el] of parts) {
    const texts = el.querySelectorAll("text");
    if (key.startsWith("n") && texts.length > 0) gradLines.set(key, texts[texts.length - 1]);
  }

  const box = document.createElement("div");
  box.className = "lr-bw";
  box.tabIndex = 0;
  box.setAttribute("role", "group");
  box.setAttribute(
    "aria-label",
    `ব্যাকওয়ার্ড পাস, ${bn(steps.length)}টি ধাপ। পরের ধাপ: ডান তীর-চাবি, আগের ধাপ: বাম তীর-চাবি।`,
  );

  const controls = document.createElement("div");
  controls.className = "lr-bw-controls";
  const prev = button("← আগের", "আগের ধাপ");
  const next = button("পরের →", "পরের ধাপ");
  const counter = document.createElement("span");
  counter.className = "lr-bw-counter";
  controls.append(prev, counter, next);

  const graph = document.createElement("div");
  graph.className = "lr-bw-graph";
  graph.appendChild(svg);

  const now = document.createElement("p");
  now.className = "lr-bw-now";
  now.setAttribute("aria-live", "polite");

  const list = document.createElement("ol");
  list.className = "lr-bw-list";
  for (const step of steps) {
    const li = document.createElement("li");
    li.textContent = step.text;
    list.appendChild(li);
  }
  const toggle = button("সব ধাপ লেখায় দেখুন", "সব ধাপ লেখায় দেখুন");
  toggle.classList.add("lr-bw-toggle");
  toggle.setAttribute("aria-expanded", "false");
  toggle.addEventListener("click", () => {
    const open = box.classList.toggle("lr-bw-list-open");
    toggle.setAttribute("aria-expanded", String(open));
  });

  box.append(controls, graph, now, toggle, list);
  holder.appendChild(box);

  let current = -1;
  const show = (index) => {
    if (index < 0 || index >= steps.length || index === current) return;
    current = index;
    for (const el of parts.values()) el.classList.remove("lr-bw-current", "lr-bw-active", "lr-bw-done");
    steps.forEach((step, i) => {
      const node = parts.get(step.node);
      if (!node) return;
      if (i < index) node.classList.add("lr-bw-done");
      if (i === index) node.classList.add("lr-bw-current");
    });
    for (const edge of steps[index].edges) parts.get(edge)?.classList.add("lr-bw-active");
    const grads = steps[index].grads ?? {};
    for (const [key, text] of gradLines) {
      const line = grads[key];
      text.textContent = typeof line === "string" ? line : "";
    }
    counter.textContent = `ধাপ ${bn(index + 1)} / ${bn(steps.length)}`;
    now.textContent = `ধাপ ${bn(index + 1)}: ${steps[index].text}`;
    box.dataset.step = String(index);
    for (const [i, li] of [...list.children].entries())
      li.classList.toggle("lr-bw-item-current", i === index);
    const lost = document.activeElement;
    prev.disabled = index === 0;
    next.disabled = index === steps.length - 1;
    // a button that becomes disabled drops focus to <body>: hand it to the other button
    if (lost === prev && prev.disabled) next.focus();
    else if (lost === next && next.disabled) prev.focus();
    parts.get(steps[index].node)?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  };
  prev.addEventListener("click", () => show(current - 1));
  next.addEventListener("click", () => show(current + 1));
  box.addEventListener("keydown", (event) => {
    // the keys step only while the step-through itself has focus; on its buttons they
    // scroll the page as anywhere else
    if (event.target !== box) return;
    let target = null;
    if (KEYS_NEXT.has(event.key)) target = current + 1;
    else if (KEYS_PREV.has(event.key)) target = current - 1;
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = steps.length - 1;
    if (target === null) return;
    event.preventDefault();
    show(Math.max(0, Math.min(steps.length - 1, target)));
  });
  show(0);
  return box;
}
