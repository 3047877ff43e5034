// One runnable cell on the page: builds its controls around the static HTML written by
// hooks/cells_fence.py, keeps its state in data-* attributes (stable hooks for tests),
// and persists the reader's edits.
import { createEditor, replaceText } from "./editor.js";
import { OutputView } from "./output.js";
import { saveEdit } from "./storage.js";
import { t } from "./strings.js";

function button(role, label, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `lr-btn lr-btn-${role}`;
  b.dataset.role = role;
  b.textContent = label;
  b.title = title;
  return b;
}

export class Cell {
  constructor(element, index, page, storage, actions) {
    this.el = element;
    this.index = index;
    this.page = page;
    this.storageKey = storage.key; // see storage.js
    this.storageAfter = storage.after; // key of the previous cell
    this.saved = storage.saved; // {code, adopted} or null
    this.actions = actions; // {run(cell), stop(cell), runAbove(cell)}
    this.original = element.dataset.src || "";
    this.expectError = element.hasAttribute("data-expect-error");
    this.ran = false;
    const next = element.nextElementSibling;
    this.expectedEl = next?.classList.contains("lr-expected") ? next : null;
    this._build();
  }

  _build() {
    const el = this.el;
    el.dataset.cell = String(this.index);
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", t.cellLabel(this.index));
    const staticCode = el.querySelector(".highlight");

    const bar = document.createElement("div");
    bar.className = "lr-toolbar";
    this.counterEl = document.createElement("span");
    this.counterEl.className = "lr-counter";
    this.counterEl.dataset.role = "counter";
    this.counterEl.textContent = t.counter(0);
    this.runBtn = button("run", `▶ ${t.run}`, t.runTitle);
    this.stopBtn = button("stop", `■ ${t.stop}`, t.stopTitle);
    this.stopBtn.disabled = true;
    this.resetBtn = button("reset", `↺ ${t.reset}`, t.resetTitle);
    const aboveBtn = button("run-above", `⤒ ${t.runAbove}`, t.runAboveTitle);
    aboveBtn.hidden = this.index === 0;
    this.statusEl = document.createElement("span");
    this.statusEl.className = "lr-status";
    this.statusEl.dataset.role = "status";
    bar.append(this.counterEl, this.runBtn, this.stopBtn, this.resetBtn, aboveBtn, this.statusEl);

    const editorBox = document.createElement("div");
    editorBox.className = "lr-editor";
    editorBox.dataset.role = "editor";
    this.noticeEl = document.createElement("div");
    this.noticeEl.className = "lr-notice";
    this.noticeEl.dataset.role = "notice";
    this.noticeEl.hidden = true;
    const out = document.createElement("div");
    out.className = "lr-output";
    out.dataset.role = "output";
    out.setAttribute("role", "log");
    out.setAttribute("aria-live", "polite");
    out.setAttribute("aria-label", t.outputLabel(this.index));
    this.output = new OutputView(out);

    const saved = this.saved;
    let text = this.original;
    if (saved && saved.code !== this.original) {
      text = saved.code;
      this.showNotice(saved.adopted ? t.authorChanged : t.edited, "info");
    }
    this.view = createEditor(editorBox, text, {
      label: t.editorLabel(this.index),
      onRun: () => this.actions.run(this),
      onChange: (code) => this._save(code),
    });
    if (staticCode) staticCode.replaceWith(bar, editorBox);
    else el.append(bar, editorBox);
    el.append(this.noticeEl, out);
    this.runBtn.addEventListener("click", () => this.actions.run(this));
    this.stopBtn.addEventListener("click", () => this.actions.stop(this));
    this.resetBtn.addEventListener("click", () => this.reset());
    aboveBtn.addEventListener("click", () => this.actions.runAbove(this));
    this.setState("idle");
    el.classList.add("lr-ready");
  }

  get code() {
    return this.view.state.doc.toString();
  }

  _save(code) {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.flushSave(code), 250);
  }

  flushSave(code = this.code) {
    clearTimeout(this.saveTimer);
    if (
      !saveEdit(
        this.storageKey,
        this.index,
        this.storageAfter,
        code,
        this.original,
        Boolean(this.saved?.adopted),
      )
    )
      this.actions.storageFailed(this);
  }

  reset() {
    if (this.code === this.original) return;
    replaceText(this.view, this.original);
    this.saved = null; // back on the author's current code
    this.flushSave(this.original);
    this.showNotice(t.resetDone, "info");
    this.view.focus();
  }

  showNotice(text, level = "warning") {
    this.noticeEl.textContent = text;
    this.noticeEl.dataset.level = level;
    this.noticeEl.hidden = false;
  }

  hideNotice() {
    this.noticeEl.hidden = true;
    this.noticeEl.textContent = "";
  }

  setState(state, statusText) {
    this.el.dataset.state = state;
    this.statusEl.textContent = statusText ?? (typeof t.status[state] === "string" ? t.status[state] : "");
    const busy = state === "running" || state === "booting";
    this.stopBtn.disabled = !busy;
    this.el.setAttribute("aria-busy", busy ? "true" : "false");
  }

  setCounter(n) {
    this.counterEl.textContent = t.counter(n);
  }

  /** Compare stdout (+ error line) with the page's expected block, like tests/doc_cells.py. */
  compareWithExpected(stdout, error) {
    if (!this.expectedEl) return;
    const norm = (s) => {
      const lines = s.split("\n").map((l) => l.replace(/\s+$/, ""));
      while (lines.length && !lines[lines.length - 1]) lines.pop();
      return lines.join("\n");
    };
    const want = norm(this.expectedEl.querySelector("code, pre")?.textContent || "");
    const got = norm(error ? stdout + (stdout && !stdout.endsWith("\n") ? "\n" : "") + error : stdout);
    const ok = want === got;
    this.el.dataset.matchesExpected = ok ? "true" : "false";
    if (ok) this.output.notice(t.matchesExpected, "ok");
  }
}
