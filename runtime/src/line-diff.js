// @ts-check
// A short line-by-line difference between the page's expected output and what a run printed,
// shown under a cell whose output differs (cell.js): the lines only one side has, in order.

const MAX_LINES = 200; // longer outputs are compared on their first lines only

/**
 * The lines that differ, as [["-", expected line] | ["+", printed line]], in reading order,
 * at most `limit` of them; trailing spaces and blank edges are ignored, as the cell contract's
 * comparison ignores them. Uses the longest common run of lines (an LCS table).
 * @param {string} expected @param {string} printed @param {number} limit
 * @returns {{lines: [string, string][], more: number}} more: further differing lines left out
 */
export function lineDiff(expected, printed, limit = 8) {
  const split = (/** @type {string} */ text) =>
    text
      .replace(/\s+$/, "")
      .replace(/^\n+/, "")
      .split("\n")
      .map((line) => line.replace(/\s+$/, ""))
      .slice(0, MAX_LINES);
  const a = split(expected);
  const b = split(printed);
  const common = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  /** @type {[string, string][]} */
  const all = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && common[i + 1][j] >= common[i][j + 1]))
      all.push(["-", a[i++]]);
    else all.push(["+", b[j++]]);
  }
  return { lines: all.slice(0, limit), more: Math.max(0, all.length - limit) };
}
