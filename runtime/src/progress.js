// The boot progress panel: Python, NumPy, pyautograd, each pending / loading / done / failed.
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
    document.body.appendChild(el);
    this.el = el;
  }

  start() {
    if (!this.el?.isConnected) this._build();
    this.el.hidden = false;
    this.el.dataset.state = "booting";
    if (this.clock) this.clock.setAttribute("aria-live", "off");
    this.started = performance.now();
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      this.clock.textContent = `${bn(Math.round((performance.now() - this.started) / 1000))} সেকেন্ড`;
    }, 500);
  }

  step(name, state) {
    if (!this.el) this.start();
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
    if (!this.el) this.start();
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
    this.el.dataset.state = kind;
    this.title.textContent =
      kind === "ready" ? t.boot.ready : kind === "limited" ? t.boot.limited : t.boot.failed;
    this.clock.setAttribute("aria-live", "polite"); // the outcome is worth announcing
    this.clock.textContent = message || "";
    if (kind === "ready")
      setTimeout(() => {
        if (this.el.dataset.state === "ready") this.el.hidden = true;
      }, 2500);
  }

  reset() {
    if (this.el) this.el.remove();
    this.el = null;
    clearInterval(this.timer);
  }
}
