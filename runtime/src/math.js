// Render $...$ / $$...$$ (pymdownx.arithmatex, generic mode) with KaTeX from the site.
// Runs on every page Material's instant navigation shows. Only a fallback: the build draws
// the formulas itself (hooks/math_prerender.py, same options) and leaves this script out of
// the pages, unless it had no Node to do it with.
import katex from "katex";

function render() {
  const pending = /** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll(".arithmatex:not([data-katex])")
  );
  for (const el of pending) {
    let tex = el.textContent.trim();
    const display = el.tagName === "DIV" || tex.startsWith("\\[");
    tex = tex.replace(/^\\[([]/, "").replace(/\\[)\]]$/, "");
    try {
      katex.render(tex, el, { displayMode: display, throwOnError: false, output: "htmlAndMathml" });
      el.dataset.katex = "ok";
    } catch {
      el.dataset.katex = "error";
    }
  }
}

if (globalThis.document$ && typeof globalThis.document$.subscribe === "function")
  globalThis.document$.subscribe(render);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render);
else render();
