// The boot progress panel: Python, NumPy, pyautograd, each pending / loading / done / failed.
// It is built as soon as booting starts (so it knows every step) but shown only when the
// reader waits on Python: inside the waiting cell, above its output, so it never covers
// any output (without a cell, e.g. lessonRunner.ready(), it floats in a corner).
import { t, bn } from "./strings.js";

const STEPS = ["python", "numpy", "pyautograd"];

export class BootProgress {
  constructor() {
    this.el = null;
    this.states = {};
    this.started = 0;
    this.timer = null;
  }

  _build() {
    const el = document.createElement("div");
    el.className = "lr-boot";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    el.dataset.role = "boot-progress";
    const title = document.createElement("p");
    title.className = "lr-boot-title";
    title.textContent = t.boot.title;
    const bar = document.createElement("progress");
    bar.max = STEPS.length * 2;
    bar.value = 0;
    const list = document.createElement("ol");
    this.items = {};
    for (const step of STEPS) {
      const li = document.createElement("li");
      li.dataset.step = step;
      li.dataset.state = "pending";
      li.textContent = t.boot[step];
      list.appendChild(li);
      this.items[step] = li;
    }
    const download = document.createElement("p");
    download.className = "lr-boot-bytes";
    download.dataset.role = "boot-bytes";
    download.dataset.loaded = "0";
    download.hidden = true;
    download.setAttribute("aria-live", "off"); // ticks ten times a second: not announced
    const clock = document.createElement("p");
    clock.className = "lr-boot-clock";
    clock.setAttribute("aria-live", "off"); // the seconds tick: not announced
    const close = document.createElement("button");
    close.type = "button";
    close.className = "lr-boot-close";
    close.textContent = "×";
    close.title = t.boot.close;
    close.setAttribute("aria-label", t.boot.close);
    close.addEventListener("click", () => {
      el.hidden = true;
    });
    el.append(close, title, bar, list, download, clock);
    this.download = download;
    this.title = title;
    this.bar = bar;
    this.clock = clock;
    el.hidden = true;
    el.dataset.state = "booting";
    this.el = el;
    this.started = performance.now();
  }

  /** Show the panel: in `host` (a cell) before its notice and output, else in a corner. */
  start(host = null) {
    if (!this.el) this._build();
    const anchor = host?.querySelector('[data-role="notice"]');
    if (anchor) anchor.before(this.el);
    else if (!this.el.isConnected) document.body.appendChild(this.el);
    this.el.classList.toggle("lr-boot-inline", Boolean(anchor));
    this.el.hidden = false;
    if (this.finished) return;
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      this.clock.textContent = `${bn(Math.round((performance.now() - this.started) / 1000))} সেকেন্ড`;
    }, 500);
  }

  step(name, state) {
    if (!this.el) this._build();
    const li = this.items[name];
    if (!li) return;
    li.dataset.state = state;
    this.bar.value = STEPS.reduce(
      (n, s) => n + ({ start: 1, done: 2, failed: 2 }[this.items[s].dataset.state] || 0),
      0,
    );
  }

  /** Megabytes downloaded so far (of the expected total, when the server said how much). */
  bytes(loaded, expected) {
    if (!this.el) this._build();
    const mb = (n) => bn(Math.round(n / 1e5) / 10);
    this.download.hidden = false;
    this.download.dataset.loaded = String(loaded);
    this.download.textContent =
      expected >= loaded && expected > 0
        ? t.boot.bytes(mb(loaded), mb(expected))
        : t.boot.bytesSoFar(mb(loaded));
  }

  finish(kind, message) {
    if (!this.el) return;
    clearInterval(this.timer);
    this.finished = kind;
    this.el.dataset.state = kind;
    this.title.textContent =
      kind === "ready" ? t.boot.ready : kind === "limited" ? t.boot.limited : t.boot.failed;
    this.clock.setAttribute("aria-live", "polite"); // the outcome is worth announcing
    this.clock.textContent = message || "";
    if (kind === "ready") {
      // In a cell the output takes over at once; in the corner, leave a moment to read it.
      if (this.el.classList.contains("lr-boot-inline")) this.el.hidden = true;
      else
        setTimeout(() => {
          if (this.el?.dataset.state === "ready") this.el.hidden = true;
        }, 2500);
    }
  }

  /** The page is being replaced: take the panel out of it (a later start() puts it back). */
  detach() {
    if (this.el) {
      this.el.remove();
      if (this.finished === "ready") this.el.hidden = true;
    }
  }

  reset() {
    if (this.el) this.el.remove();
    this.el = null;
    this.finished = null;
    clearInterval(this.timer);
  }
}
