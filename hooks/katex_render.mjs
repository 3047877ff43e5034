// Render formulas with KaTeX at build time (hooks/math_prerender.py), so pages arrive with
// their math drawn instead of running KaTeX in the reader's browser while Python starts.
//
//   node hooks/katex_render.mjs <node_modules/katex>  < [[tex, display], ...]  > [html, ...]
//
// The options are runtime/src/math.js's: a formula KaTeX cannot read is shown in red with
// its source (throwOnError: false), as it would be in the browser.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [katexDir] = process.argv.slice(2);
const { default: katex } = await import(pathToFileURL(resolve(katexDir, "dist", "katex.mjs")).href);
const formulas = JSON.parse(readFileSync(0, "utf8"));
const html = formulas.map(([tex, display]) =>
  katex.renderToString(tex, { displayMode: display, throwOnError: false, output: "htmlAndMathml" }),
);
process.stdout.write(JSON.stringify(html));
