// One runnable cell on the page: builds its controls around the static HTML written by
// hooks/cells_fence.py, keeps its state in data-* attributes (stable hooks for tests),
// and persists the reader's edits.
import { createEditor, replaceText } from "./editor.js";
import { drawVerdicts, OutputView } from "./output.js";
import { forgetShareLink, MAX_LINK_CHARS, ShareError, shareURL } from "./share.js";
import { lineDiff } from "./line-diff.js";
import { saveEdit } from "./storage.js";
import { bn, t } from "./strings.js";

/** A cell that checks an exercise: lessonkit's check("N.k", ...) prints the verdict. */
const EXERCISE_CHECK = /(^|[^\w.])check\s*\(\s*["']\d/m;

/** A toolbar button: its symbol is decoration (aria-hidden), its name is the Bengali word. */
function button(role, symbol, label, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `lr-btn lr-btn-${role}`;
  b.dataset.role = role;
  const icon = document.createElement("span");
  icon.className = "lr-btn-icon";
  icon.setAttribute("aria-hidden", "true");
  icon.textContent = symbol;
  const text = document.createElement("span");
  text.className = "lr-btn-label";
  text.textContent = label;
  b.append(icon, text);
  b.title = title;
  return b;
}

/**
 * Say on a button, for two seconds, how its action went: in its word, and in its symbol
 * (a ✓ or ✗), which is all a phone shows of it. Returns the timer that puts both back.
 */
function flash(b, word, ok, backWord, backSymbol) {
  const label = b.querySelector(".lr-btn-label");
  const icon = b.querySelector(".lr-btn-icon");
  label.textContent = word;
  icon.textContent = ok ? "✓" : "✗";
  return setTimeout(() => {
    label.textContent = backWord;
    icon.textContent = backSymbol;
  }, 2000);
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
    this.changedAt = null; // when the reader last changed the code, while that is unsaved
    this.quiet = false;
    /** @type {{own: string, typed?: boolean} | null} */
    this.shared = null; // {own: the reader's code before} while it shows a link's code
    this.sharedPending = false; // a link's code not yet run by the reader: no run starts it
    this.stops = 0; // Stop presses; runs queued before a Stop are cancelled (page.js)
    const next = element.nextElementSibling;
    this.expectedEl = next?.classList.contains("lr-expected") ? next : null;
    // what the cell must print, read before its verdict emoji are drawn as marks
    this.expected = this.expectedEl ? this.expectedEl.querySelector("code, pre")?.textContent || "" : null;
    if (this.expectedEl) drawVerdicts(this.expectedEl);
    this._build();
  }

  /**
   * Build the cell's controls off the page; mount() puts them in. The editor itself is made
   * later, in attachEditor(): building twenty CodeMirror views while the page started took
   * 250-450 ms of the main thread that Python's boot needed on two cores, and most cells
   * are out of view then.
   */
  _build() {
    const el = this.el;
    this.staticCode = el.querySelector(".highlight");
    this.pendingEditor = null; // the editor's box while it waits off the page (attachEditor)

    const bar = document.createElement("div");
    bar.className = "lr-toolbar";
    this.counterEl = document.createElement("span");
    this.counterEl.className = "lr-counter";
    this.counterEl.dataset.role = "counter";
    this.counterEl.textContent = t.counter(0);
    this.runBtn = button("run", "▶", t.run, t.runTitle);
    this.stopBtn = button("stop", "■", t.stop, t.stopTitle);
    this.stopBtn.disabled = true;
    this.resetBtn = button("reset", "↺", t.reset, t.resetTitle);
    const aboveBtn = button("run-above", "⤒", t.runAbove, t.runAboveTitle);
    aboveBtn.hidden = this.index === 0;
    const copyBtn = button("copy", "❐", t.copy, t.copyTitle);
    const linkBtn = button("link", "↗", t.share.link, t.share.linkTitle);
    this.statusEl = document.createElement("span");
    this.statusEl.className = "lr-status";
    this.statusEl.dataset.role = "status";
    // a live region: "running", "done in 12 ms", "error" are announced as they change
    this.statusEl.setAttribute("role", "status");
    this.statusEl.setAttribute("aria-live", "polite");
    bar.append(
      this.counterEl,
      this.runBtn,
      this.stopBtn,
      this.resetBtn,
      aboveBtn,
      copyBtn,
      linkBtn,
      this.statusEl,
    );
    this.bar = bar;

    const editorBox = document.createElement("div");
    editorBox.className = "lr-editor";
    editorBox.dataset.role = "editor";
    // the editor keeps Tab for indenting: while it has focus, the way out is written under it
    const keysHint = document.createElement("p");
    keysHint.className = "lr-keys-hint";
    keysHint.dataset.role = "keys-hint";
    keysHint.textContent = t.keysHint;
    keysHint.hidden = true;
    keysHint.setAttribute("aria-hidden", "true"); // the editor's label says the same to a screen reader
    this.keysHint = keysHint;
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
    this.edited = text !== this.original;
    this.text = text; // the code till the editor exists (then the editor has it)
    this.editorBox = editorBox;
    this.view = null;
    this.parts = [bar, editorBox];
    this.runBtn.addEventListener("click", () => this.runByReader());
    this.stopBtn.addEventListener("click", () => this.actions.stop(this));
    this.resetBtn.addEventListener("click", () => this.reset());
    aboveBtn.addEventListener("click", () => this.actions.runAbove(this));
    copyBtn.addEventListener("click", () => this.copy(copyBtn));
    linkBtn.addEventListener("click", () => this.copyLink(linkBtn));
  }

  /** Put the cell's controls and output on the page (once, after _build). The editor takes
   * the place of the page's static code later, in attachEditor(), unless the reader's saved
   * edits differ from that code: then at once. */
  mount() {
    const el = this.el;
    el.dataset.cell = String(this.index);
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", t.cellLabel(this.index));
    const [bar, editorBox] = this.parts;
    if (this.staticCode) {
      this.staticCode.before(bar);
      this.staticCode.dataset.role = "editor"; // where the editor goes, and its text till then
      this.pendingEditor = editorBox;
    } else {
      this.makeEditor(); // off the page first (makeEditor says why)
      el.append(bar, editorBox);
    }
    el.append(this.keysHint, this.noticeEl, this.output.el);
    el.addEventListener("focusin", (event) => {
      if (event.target instanceof Element && event.target.closest(".cm-editor")) this.keysHint.hidden = false;
    });
    el.addEventListener("focusout", (event) => {
      if (event.target instanceof Element && event.target.closest(".cm-editor")) this.keysHint.hidden = true;
    });
    this.parts = null;
    if (this.edited) this.attachEditor();
    this.setState("idle");
    el.classList.add("lr-ready");
  }

  /**
   * Swap the static code (the same text, highlighted at build time) for the editor. Not
   * done for every cell at once: an editor on the page measures itself as it starts, which
   * lays out the whole page, and twenty of them during start-up took the CPU Python's boot
   * needed. page.js attaches editors as their cells come near the view, and the others
   * once Python is up and idle. Runs and Copy work before it too (they read `code`).
   */
  attachEditor() {
    this.makeEditor();
    if (!this.pendingEditor) return;
    this.staticCode.replaceWith(this.pendingEditor);
    this.staticCode = null;
    this.pendingEditor = null;
  }

  /**
   * Make the editor while its box is still off the page. CodeMirror reads the document's
   * selection as it starts, which lays out the whole page when a DOM change is pending: a
   * batch of cells is made first and put in after (page.js), one layout for the batch.
   */
  makeEditor() {
    if (this.view) return;
    this.view = createEditor(this.editorBox, this.text, {
      label: t.editorLabel(this.index),
      onRun: () => this.runByReader(),
      onChange: (code) => this._save(code),
    });
    this.text = null;
  }

  get code() {
    return this.view ? this.view.state.doc.toString() : this.text;
  }

  /** The reader changed the code: saved after a short pause (and when the page goes). */
  _save(code) {
    if (this.quiet) return; // not the reader's change: another tab's edit, a link's code
    if (this.shared) this.shared.typed = true;
    this.changedAt = Date.now();
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.flushSave(code), 250);
  }

  /**
   * Write the reader's latest change of this cell, if any is unsaved: a cell this tab did
   * not change is never written (another tab may hold a newer edit of it), and an entry
   * saved later by another tab wins (it is shown here instead, with a notice).
   */
  flushSave(code = this.code) {
    clearTimeout(this.saveTimer);
    if (this.changedAt === null) return;
    const { outcome, newer } = saveEdit(
      this.storageKey,
      this.index,
      this.storageAfter,
      code,
      this.original,
      Boolean(this.saved?.adopted),
      this.changedAt,
    );
    if (outcome === "failed") {
      this.actions.storageFailed(this);
      return;
    }
    this.changedAt = null;
    if (outcome === "older") this.showOutsideEdit(newer);
  }

  /**
   * Another tab saved this cell (``edit``: {code, adopted}, code null for the author's
   * code): show it, unless this tab holds a later unsaved change of its own (that one is
   * saved next and wins). Replacing the text is one undoable change, so the reader's own
   * version is a Ctrl+Z away.
   */
  showOutsideEdit(edit) {
    if (this.changedAt !== null) return;
    if (this.shared) {
      this.shared.own = edit?.code ?? this.original; // the link's code stays in view
      this.saved = edit?.code == null ? null : edit;
      return;
    }
    const code = edit?.code ?? this.original;
    this.saved = edit?.code == null ? null : edit;
    this.edited = code !== this.original;
    if (code === this.code) return;
    if (this.view) {
      this.quiet = true;
      try {
        replaceText(this.view, code);
      } finally {
        this.quiet = false;
        this.shared = null; // {own: the reader's code before} while it shows a link's code
        this.sharedPending = false; // a link's code not yet run by the reader: no run starts it
      }
    } else {
      this.text = code;
      this.attachEditor();
    }
    this.showNotice(t.otherTab, "info");
  }

  /** Copy the code as it is now in the editor (with the reader's edits). */
  async copy(copyBtn) {
    let copied = true;
    try {
      await navigator.clipboard.writeText(this.code);
    } catch (_err) {
      copied = false;
    }
    clearTimeout(this.copyTimer);
    this.copyTimer = flash(copyBtn, copied ? t.copied : t.copyFailed, copied, t.copy, "❐");
  }

  /** The reader's own Run (button or keyboard): the one way a link's code starts. */
  runByReader() {
    this.sharedPending = false;
    return this.actions.run(this);
  }

  /** Copy a link to this cell with its current code (share.js), or say why not. */
  async copyLink(linkBtn) {
    let url;
    try {
      url = await shareURL(this);
    } catch (err) {
      const tooLong = err instanceof ShareError && err.kind === "tooLong";
      this.showNotice(
        tooLong ? t.share.tooLong(bn(Number(err.message)), bn(MAX_LINK_CHARS)) : t.share.unsupported,
      );
      return;
    }
    let copied = true;
    try {
      await navigator.clipboard.writeText(url);
      this.showNotice(t.share.copiedNote, "info");
    } catch (_err) {
      copied = false;
      this.showNotice(`${t.share.copyFailed} ${url}`);
    }
    if (!copied) return;
    clearTimeout(this.linkTimer);
    this.linkTimer = flash(linkBtn, t.share.copied, true, t.share.link, "↗");
  }

  /**
   * Show ``code`` from a share link, marked as such, with a way back to the author's code
   * and to the reader's own edit. It is not saved unless the reader changes it, and it
   * runs only by the reader's own Run (runByReader).
   */
  showShared(code, warning = null) {
    this.attachEditor();
    this.leaveShared();
    this.shared = { own: this.code };
    this.sharedPending = true;
    this.setText(code);
    this.el.dataset.shared = "true";
    const box = document.createElement("div");
    box.className = "lr-shared";
    box.dataset.role = "shared";
    const text = document.createElement("p");
    text.textContent = warning ? `${warning} ${t.share.shown}` : t.share.shown;
    const back = (role, label, code) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "lr-btn";
      b.dataset.role = role;
      b.textContent = label;
      b.addEventListener("click", () => {
        const { own, typed } = this.shared || { own: undefined, typed: false };
        this.leaveShared();
        // typed into the link's code: that was saved, so the choice is saved too
        if (typed) replaceText(this.view, code ?? own);
        else this.setText(code ?? own);
        this.view.focus();
      });
      return b;
    };
    box.append(text, back("shared-original", t.share.toOriginal, this.original));
    if (this.shared.own !== this.original) box.append(back("shared-own", t.share.toOwn, null));
    this.bar.after(box);
    this.sharedBox = box;
  }

  /** Back from a link's code: the banner goes, and the address no longer carries it. */
  leaveShared() {
    if (!this.shared) return;
    this.shared = null;
    this.sharedPending = false;
    delete this.el.dataset.shared;
    this.sharedBox?.remove();
    this.sharedBox = null;
    forgetShareLink();
  }

  /** Put ``code`` in the editor without saving it (as one undoable change). */
  setText(code) {
    if (code === this.code) return;
    this.quiet = true;
    try {
      replaceText(this.view, code);
    } finally {
      this.quiet = false;
    }
  }

  reset() {
    if (this.code === this.original) return;
    this.attachEditor();
    replaceText(this.view, this.original);
    this.saved = null; // back on the author's current code
    this.changedAt = Date.now();
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

  /** The page's expected-output block, or null when the cell has none. */
  expectedText() {
    return this.expected;
  }

  /**
   * Show whether the run printed what the page says. The comparison itself is made in the
   * worker by lessonkit.cells, the same rule the CPython tests apply (one normaliser).
   */
  showMatch(matches) {
    if (matches === null || matches === undefined) return;
    this.el.dataset.matchesExpected = matches ? "true" : "false";
    // an exercise's verdict is check()'s own line: a second one here would contradict it
    // (the expected block of an exercise is what a wrong or missing answer prints)
    if (EXERCISE_CHECK.test(this.code)) return;
    if (matches) {
      this.output.notice(t.matchesExpected, "ok");
      return;
    }
    // what differs, line by line: the expected line (−) and what was printed instead (+)
    const { lines, more } = lineDiff(this.expectedText() || "", this.output.stdout);
    if (!lines.length) return;
    const box = this.output.notice(t.differsExpected, "warning");
    box.dataset.role = "expected-diff";
    const pre = document.createElement("pre");
    pre.className = "lr-diff";
    for (const [sign, line] of lines) {
      const row = document.createElement("span");
      row.className = sign === "-" ? "lr-diff-expected" : "lr-diff-printed";
      row.textContent = `${sign === "-" ? t.diffExpected : t.diffPrinted} ${line}\n`;
      pre.append(row);
    }
    if (more) pre.append(t.diffMore(bn(more)));
    box.append(pre);
  }
}
