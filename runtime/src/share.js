// Cell links: a cell's code carried in the page address's fragment (after "#"), which the
// browser never sends to a server. Format: `#share=1.<payload>`, the payload being the
// JSON {c: cell id, i: position, code} gzip-compressed (its CRC-32 catches a damaged link)
// and written in base64url. The cell id is the one its saved edits use (storage.js): a
// hash of the author's code and which occurrence of it it is, so a link finds its cell
// when other cells come or go; only when that cell's own code changed does the position
// stand in, with a warning. Shared code is shown, never run, until the reader presses Run.
import { t, bn } from "./strings.js";

const TAG = "share=1.";
/** Longest payload a link may carry (characters after `#share=1.`): chat apps and address
 * bars keep links of this size whole. */
export const MAX_LINK_CHARS = 8000;
const MAX_CODE_BYTES = 256 * 1024; // a payload inflating past this is not one of ours

export class ShareError extends Error {
  constructor(kind, detail = "") {
    super(detail || kind);
    this.kind = kind; // "corrupt" | "tooLong" | "unsupported"
  }
}

/** A cell's id within its page, from its storage key (…:<hash>:<occurrence>). */
export function cellId(storageKey) {
  return storageKey.split(":").slice(-2).join(":");
}

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShareError("corrupt");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

async function pipe(bytes, transform, limit = Number.POSITIVE_INFINITY) {
  const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new ShareError("tooLong");
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The fragment (without "#") that carries ``code`` for the cell ``id`` at ``index``;
 * throws ShareError("tooLong") when it would pass MAX_LINK_CHARS. */
export async function encodeShare(id, index, code) {
  if (typeof CompressionStream !== "function") throw new ShareError("unsupported");
  const json = new TextEncoder().encode(JSON.stringify({ c: id, i: index, code }));
  const payload = toBase64url(await pipe(json, new CompressionStream("gzip")));
  if (payload.length > MAX_LINK_CHARS) throw new ShareError("tooLong", String(payload.length));
  return TAG + payload;
}

/** The fragment's share, {id, index, code}; null when the fragment is not a share link;
 * throws ShareError when it is one that cannot be read. */
export async function decodeShare(fragment) {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith("share=")) return null;
  if (!text.startsWith(TAG)) throw new ShareError("corrupt", "unknown version");
  const payload = text.slice(TAG.length);
  if (payload.length > MAX_LINK_CHARS) throw new ShareError("tooLong");
  if (typeof DecompressionStream !== "function") throw new ShareError("unsupported");
  let data;
  try {
    const bytes = await pipe(fromBase64url(payload), new DecompressionStream("gzip"), MAX_CODE_BYTES);
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (err) {
    if (err instanceof ShareError) throw err;
    throw new ShareError("corrupt", String(err?.message || err));
  }
  const valid =
    data &&
    typeof data.c === "string" &&
    /^[0-9a-f]{1,8}:[0-9]{1,4}$/.test(data.c) &&
    Number.isInteger(data.i) &&
    data.i >= 0 &&
    typeof data.code === "string";
  if (!valid) throw new ShareError("corrupt", "not a cell link");
  return { id: data.c, index: data.i, code: data.code };
}

/** The address of this page with ``cell``'s current code in its fragment. */
export async function shareURL(cell) {
  const url = new URL(location.href);
  url.hash = await encodeShare(cellId(cell.storageKey), cell.index, cell.code);
  return url.href;
}

/** A message above the page's content (a link that cannot be opened). */
function showProblem(text) {
  document.querySelector('[data-role="share-problem"]')?.remove();
  const box = document.createElement("p");
  box.className = "lr-share-problem";
  box.dataset.role = "share-problem";
  box.setAttribute("role", "alert");
  box.textContent = text;
  const host = document.querySelector("article") || document.body;
  host.prepend(box);
}

const PROBLEMS = {
  corrupt: () => t.share.broken,
  tooLong: () => t.share.tooLongToOpen,
  unsupported: () => t.share.unsupported,
};

/** Show the code of the share link in this page's address (if any) in its cell. */
export async function openShared(cells) {
  document.querySelector('[data-role="share-problem"]')?.remove();
  let share;
  try {
    share = await decodeShare(location.hash);
  } catch (err) {
    showProblem((PROBLEMS[err?.kind] || PROBLEMS.corrupt)());
    return;
  }
  if (!share || !cells.length || !cells[0].el.isConnected) return;
  let target = cells.find((c) => cellId(c.storageKey) === share.id);
  let warning = null;
  if (!target) {
    target = cells[share.index];
    if (!target) {
      showProblem(t.share.gone);
      return;
    }
    warning = t.share.moved(bn(share.index + 1));
  }
  target.showShared(share.code, warning);
  target.el.scrollIntoView({ block: "start" });
}

/** Take the share link out of the address (the reader left the shared code). */
export function forgetShareLink() {
  if (location.hash.startsWith("#share="))
    history.replaceState(history.state, "", location.pathname + location.search);
}
