// Material's search reads its box on keyup (and on focus), so a query pasted with the
// mouse, dropped in, or typed through an IME (Bengali phonetic keyboards compose words)
// found nothing until another key was pressed. Any finished change of the box is passed
// on as the keyup it listens for.
import { bn } from "./strings.js";

const QUERY = "[data-md-component=search-query]";
const RESULTS = "[data-md-component=search-result]";
// where Material writes a count into its (Bengali) strings: "# টা ডকুমেন্ট", "আরও #টি আছে"
const COUNTS = ".md-search-result__meta, .md-search-result__more summary";

function forward(event) {
  if (event.isComposing || !event.target.matches?.(QUERY)) return;
  event.target.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
}

export function searchReactsToEveryInput() {
  document.addEventListener("input", forward, true);
  document.addEventListener("compositionend", forward, true);
}

/** Writes the counts of ``root``'s result lines in Bengali digits (bn leaves them unchanged
 * when they already are, so the observer's own change ends the round). */
function bengaliCounts(root) {
  for (const line of root.querySelectorAll(COUNTS)) {
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (/[0-9]/.test(text)) node.textContent = bn(text);
    }
  }
}

const watched = new WeakSet();

/** Material counts results with the number's own digits (ASCII) inside its Bengali strings;
 * the site's interface text uses Bengali digits. Call on every page scan (idempotent). */
export function searchCountsInBengaliDigits() {
  const results = document.querySelector(RESULTS);
  if (!results || watched.has(results)) return;
  watched.add(results);
  bengaliCounts(results);
  new MutationObserver(() => bengaliCounts(results)).observe(results, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}
