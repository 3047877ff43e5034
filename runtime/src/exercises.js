// Solved exercises, remembered in this browser (localStorage) and shown where the reader
// looks: a ✓ after the exercise's heading on its page, and a count after the lesson's name
// in the navigation. lessonkit.check() sends {kind: "exercise", id, solved: true} when an
// answer passes; nothing else records anything.
import { bn } from "./strings.js";

export const SOLVED_KEY = "pyautograd-lessons:solved:v1";
const KEY = SOLVED_KEY;

export function loadSolved() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** "4a.1" -> "৪ক.১", as the headings write exercise numbers. */
export function exerciseLabel(id) {
  return String(id)
    .replace(/[0-9]/g, (d) => bn(Number(d)))
    .replace(/a/g, "ক");
}

/** Remember that exercise `id` on this page was solved, then update the marks. */
export function recordSolved(id) {
  const solved = loadSolved();
  solved[id] = { page: location.pathname, at: Date.now() };
  try {
    localStorage.setItem(KEY, JSON.stringify(solved));
  } catch {
    /* storage unavailable: the mark still shows for this visit */
  }
  showSolved(solved);
}

function markHeading(heading) {
  if (heading.querySelector(".lr-solved-mark")) return;
  const mark = document.createElement("span");
  mark.className = "lr-solved-mark";
  mark.textContent = "✓";
  mark.title = "সমাধান হয়েছে (এই ব্রাউজারে মনে রাখা)";
  mark.setAttribute("aria-label", "সমাধান হয়েছে");
  const anchor = heading.querySelector(".headerlink");
  heading.insertBefore(mark, anchor);
}

/** Put the marks on this page's headings and on the navigation's lesson links. */
export function showSolved(solved = loadSolved()) {
  const ids = Object.keys(solved);
  for (const heading of document.querySelectorAll(".md-content h3")) {
    const text = heading.textContent.trim();
    const id = ids.find((i) => {
      const label = `অনুশীলন ${exerciseLabel(i)}`;
      return text.startsWith(label) && !/[০-৯]/.test(text.charAt(label.length));
    });
    if (id && solved[id].page === location.pathname) markHeading(heading);
  }
  const perPage = new Map();
  for (const entry of Object.values(solved)) perPage.set(entry.page, (perPage.get(entry.page) || 0) + 1);
  for (const link of document.querySelectorAll("a.md-nav__link[href]")) {
    link.querySelector(".lr-solved-count")?.remove();
    const url = new URL(link.getAttribute("href"), location.href);
    if (url.hash) continue; // the table of contents: sections, not pages
    const path = url.pathname;
    const n = perPage.get(path);
    if (!n) continue;
    const badge = document.createElement("span");
    badge.className = "lr-solved-count";
    badge.textContent = `✓ ${bn(n)}`;
    badge.title = `এই পাঠের ${bn(n)}টি অনুশীলন সমাধান হয়েছে`;
    const target = link.querySelector(".md-ellipsis") || link;
    target.appendChild(badge);
  }
}
