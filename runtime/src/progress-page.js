// The progress page (docs/progress.md): every lesson with its exercises solved, cells edited
// and last visit, each linked; export to a file, import from one, clear with confirmation.
// The build gives the lessons and their exercises in the page (data-lessons, hooks/site_build.py);
// the records are progress-store.js's.
import {
  clearProgress,
  exportProgress,
  ImportError,
  importProgress,
  MAX_FILE_CHARS,
  parseProgress,
  summary,
} from "./progress-store.js";
import { showSolved } from "./exercises.js";
import { t, bn } from "./strings.js";

/**
 * An element with its properties, data-* attributes, role and children.
 * @param {string} tag
 * @param {{dataset?: Record<string, string>, role?: string | null, [property: string]: unknown}} [options]
 * @param {...(Node | string)} children
 */
function el(tag, { dataset = {}, role = null, ...props } = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const [k, v] of Object.entries(dataset)) node.dataset[k] = v;
  if (role) node.setAttribute("role", role);
  node.append(...children);
  return node;
}

const when = (ms) =>
  new Intl.DateTimeFormat("bn-BD", { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));

function table(lessons) {
  const pages = summary();
  const body = el("tbody");
  for (const lesson of lessons) {
    const url = new URL(lesson.href, location.href);
    const record = pages.get(url.pathname) || { solved: [], edited: 0, visited: null };
    const solved = lesson.exercises.filter((id) => record.solved.includes(id)).length;
    const row = el(
      "tr",
      { dataset: { lesson: url.pathname } },
      el("td", {}, el("a", { href: lesson.href, textContent: lesson.title })),
      el("td", {
        dataset: { role: "solved" },
        textContent: t.progress.solved(bn(solved), bn(lesson.exercises.length)),
      }),
      el("td", { dataset: { role: "edited" }, textContent: bn(record.edited) }),
      el("td", {
        dataset: { role: "visited" },
        textContent: record.visited ? when(record.visited) : t.progress.never,
      }),
    );
    body.append(row);
  }
  const head = el(
    "thead",
    {},
    el("tr", {}, ...t.progress.columns.map((c) => el("th", { scope: "col", textContent: c }))),
  );
  return el("table", { className: "lr-progress-table" }, head, body);
}

let redrawShown = null; // redraws the progress page now shown, if one is

// another tab solved, edited, imported or cleared: the page shown here follows
window.addEventListener("storage", (event) => {
  if (event.storageArea === localStorage && redrawShown) redrawShown();
});

/** Fill the progress page's placeholder (if this page has one). */
export function showProgressPage() {
  const host = /** @type {HTMLElement | null} */ (document.querySelector('[data-role="course-progress"]'));
  redrawShown = null;
  if (!host) return;
  let lessons = [];
  try {
    lessons = JSON.parse(host.dataset.lessons || "[]");
  } catch {
    /* a page without the build's list shows the buttons only */
  }
  const status = el("p", {
    className: "lr-progress-status",
    role: "status",
    dataset: { role: "progress-status" },
  });
  const wrap = el("div", { className: "md-typeset__scrollwrap" });
  const say = (text, kind = "info") => {
    status.textContent = text;
    status.dataset.kind = kind;
  };
  const redraw = () => {
    wrap.replaceChildren(el("div", { className: "md-typeset__table" }, table(lessons)));
    showSolved(); // the navigation's counts follow the same records
  };

  const exportBtn = el("button", {
    type: "button",
    className: "md-button",
    textContent: t.progress.export,
    dataset: { role: "progress-export" },
  });
  exportBtn.addEventListener("click", () => {
    const stamp = new Date().toISOString().slice(0, 10);
    const url = URL.createObjectURL(new Blob([exportProgress()], { type: "application/json" }));
    const a = el("a", { href: url, download: `pyautograd-lessons-progress-${stamp}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(t.progress.exported);
  });

  const file = el("input", {
    type: "file",
    accept: ".json,application/json",
    className: "lr-progress-file",
    dataset: { role: "progress-file" },
  });
  const fileLabel = el("label", { className: "md-button" }, t.progress.import, file);
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    try {
      if (chosen.size > MAX_FILE_CHARS * 4) throw new ImportError("tooBig"); // refused unread: bytes past 4 per char cannot fit
      const taken = importProgress(parseProgress(await chosen.text()));
      redraw();
      say(t.progress.imported(bn(taken.edits), bn(taken.solved)), "ok");
    } catch (err) {
      say(
        (
          t.progress.refused[err instanceof ImportError ? err.kind : "invalid"] || t.progress.refused.invalid
        )(),
        "error",
      );
    }
  });

  const confirmBox = el("p", {
    className: "lr-progress-confirm",
    hidden: true,
    dataset: { role: "progress-confirm" },
  });
  const clearBtn = el("button", {
    type: "button",
    className: "md-button",
    textContent: t.progress.clear,
    dataset: { role: "progress-clear" },
  });
  const yes = el("button", {
    type: "button",
    className: "md-button md-button--primary",
    textContent: t.progress.clearYes,
    dataset: { role: "progress-clear-yes" },
  });
  const no = el("button", {
    type: "button",
    className: "md-button",
    textContent: t.progress.clearNo,
    dataset: { role: "progress-clear-no" },
  });
  confirmBox.append(el("span", { textContent: t.progress.clearAsk }), " ", yes, " ", no);
  clearBtn.addEventListener("click", () => {
    confirmBox.hidden = false;
    no.focus();
  });
  no.addEventListener("click", () => {
    confirmBox.hidden = true;
    clearBtn.focus();
    say(t.progress.clearKept);
  });
  yes.addEventListener("click", () => {
    clearProgress();
    confirmBox.hidden = true;
    redraw();
    clearBtn.focus();
    say(t.progress.cleared, "ok");
  });

  const actions = el("div", { className: "lr-progress-actions" }, exportBtn, fileLabel, clearBtn);
  host.replaceChildren(wrap, actions, confirmBox, status);
  redraw();
  redrawShown = () => {
    if (host.isConnected) redraw();
  };
}
