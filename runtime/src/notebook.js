// The lesson as a Jupyter notebook for real PyTorch. The build writes each page's notebook
// beside it (hooks/notebooks.py, whose docstring states the conversion); the bar it puts at
// the top of the page links to that file, and here gains a second choice: the same notebook
// with the reader's edits in their cells, rewritten by the same rules (notebook-rules.json).
import rules from "./notebook-rules.json";
import { t, bn } from "./strings.js";

/** ``code`` for real PyTorch: the rules of notebook-rules.json, in order. */
export function toTorch(code) {
  let out = code;
  for (const [pattern, replacement] of rules.rules) out = out.replace(new RegExp(pattern, "gm"), replacement);
  return out;
}

function sourceLines(code) {
  const lines = code.replace(/\n+$/, "").split("\n");
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
}

/** The built notebook ``nb`` with the edited cells' code (``cells``: the page's cells). */
export function withEdits(nb, cells) {
  const edited = [];
  for (const cell of nb.cells) {
    const i = cell.metadata?.lesson_cell;
    const page = Number.isInteger(i) ? cells[i] : null;
    if (!page || page.code === page.original) continue;
    cell.source = sourceLines(toTorch(page.code));
    cell.metadata.edited = true;
    edited.push(i);
  }
  nb.metadata.lesson = { ...nb.metadata.lesson, edited_cells: edited };
  if (edited.length && nb.cells[0]?.cell_type === "markdown")
    nb.cells[0].source.push("\n\n", t.notebook.editedNote(edited.map((i) => bn(i + 1)).join(", ")));
  return { nb, edited: edited.length };
}

function save(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-ipynb+json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Give the page's notebook bar (if any) its "with my edits" button. */
export function attachNotebookBar(cells) {
  const bar = /** @type {HTMLElement | null} */ (document.querySelector('[data-role="notebook"]'));
  if (!bar || bar.dataset.ready) return;
  bar.dataset.ready = "1";
  const name = bar.dataset.notebook;
  const link = bar.querySelector("a");
  link.textContent = t.notebook.original;
  link.title = t.notebook.originalTitle;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button lr-notebook-edits";
  button.dataset.role = "notebook-edits";
  button.textContent = t.notebook.withEdits;
  button.title = t.notebook.withEditsTitle;
  const status = document.createElement("span");
  status.className = "lr-notebook-status";
  status.dataset.role = "notebook-status";
  status.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    status.textContent = "";
    let nb;
    try {
      const response = await fetch(new URL(name, location.href));
      if (!response.ok) throw new Error(String(response.status));
      nb = await response.json();
    } catch {
      status.textContent = t.notebook.unavailable;
      return;
    }
    const { edited } = withEdits(nb, cells);
    save(name, `${JSON.stringify(nb, null, 1)}\n`);
    status.textContent = edited ? t.notebook.savedEdits(bn(edited)) : t.notebook.noEdits;
  });
  bar.prepend(document.createTextNode(`${t.notebook.label} `));
  bar.append(" ", button, " ", status);
}
