// @ts-check
// The caching rules of the site's service worker (sw.js), kept free of service-worker
// globals so they can be tested in Node (runtime/test/sw-cache.test.js).
//
// Two caches:
// * the runtime cache, one per build ("lr-runtime-<build digest>"): the files listed in the
//   build manifest (Pyodide, NumPy, our wheels, bundles, fonts, icons), each stored only if
//   its bytes have the manifest's sha256, served cache-first. A new build fills a new cache
//   (unchanged files are copied over, changed ones the reader had are downloaded again)
//   before it takes over; then the old caches are deleted.
// * the pages cache: everything else of the site (pages, Material's assets, the search
//   index) as it is visited, served network-first, from the cache when offline.
// Every same-origin response gets the COOP/COEP headers that make pages cross-origin
// isolated (SharedArrayBuffer, so Stop can interrupt Python) on any static host.

export const RUNTIME_PREFIX = "lr-runtime-";
export const PAGES_CACHE = "lr-pages";
export const SHA_HEADER = "x-lr-sha256";
// on a request the page makes to keep a file itself (offline-course.js): the worker lets it pass
export const SAVING_HEADER = "x-lr-offline-save";
const PARALLEL_DOWNLOADS = 4;

export const ISOLATION_HEADERS = Object.freeze({
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
});

/**
 * @typedef {{build: string, files: Record<string, string>}} Precache
 *   build: digest naming this build; files: site-relative path -> sha256 (hex)
 * @typedef {(data: ArrayBuffer) => Promise<string>} Digest   sha256 as lowercase hex
 */

/** @param {string} build */
export function runtimeCacheName(build) {
  return RUNTIME_PREFIX + build;
}

/** Runtime caches of other builds: deleted once this build's worker is active. */
export function staleCaches(/** @type {string[]} */ names, /** @type {string} */ build) {
  return names.filter((n) => n.startsWith(RUNTIME_PREFIX) && n !== runtimeCacheName(build));
}

/** The path of `url` relative to the site root `scope`, or null for another origin or path. */
export function sitePath(/** @type {string} */ url, /** @type {string} */ scope) {
  const u = new URL(url);
  const root = new URL(scope);
  if (u.origin !== root.origin || !u.pathname.startsWith(root.pathname)) return null;
  return decodeURIComponent(u.pathname.slice(root.pathname.length));
}

/** The cache key of a page or asset: its URL without query or fragment. */
export function pageKey(/** @type {string} */ url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  return u.href;
}

/** A copy of `response` with the isolation headers (and `extra`) added. */
export function withIsolation(/** @type {Response} */ response, extra = {}) {
  if (response.status === 0 || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries({ ...ISOLATION_HEADERS, ...extra })) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Put `response` (a network response for `url`) into `cache` if its bytes have digest
 * `sha`; a file from another build (a deploy in progress) is not kept. Returns whether
 * it was stored.
 * @param {Cache} cache @param {string} url @param {Response} response @param {string} sha @param {Digest} digest
 */
export async function storeVerified(cache, url, response, sha, digest) {
  if (!response.ok) return false;
  const body = await response.arrayBuffer();
  if ((await digest(body)) !== sha) return false;
  const stored = withIsolation(new Response(body, { status: 200, headers: response.headers }), {
    [SHA_HEADER]: sha,
    "Content-Length": String(body.byteLength),
  });
  await cache.put(url, stored);
  return true;
}

/**
 * A runtime file: from the cache, else from the network (the response streams to the page
 * while a copy is verified and stored; `keep` receives that promise, e.g. waitUntil).
 * @param {{request: Request, url: string, sha: string, cache: Cache, fetch: typeof globalThis.fetch,
 *          digest: Digest, keep: (p: Promise<unknown>) => void}} o
 */
export async function runtimeResponse({ request, url, sha, cache, fetch, digest, keep }) {
  const hit = await cache.match(url);
  if (hit) return hit; // untouched: V8 can use its code cache for the wasm
  const response = await fetch(request);
  if (response.ok) keep(storeVerified(cache, url, response.clone(), sha, digest).catch(() => false));
  return withIsolation(response);
}

/**
 * Anything else of the site: the network first (a copy kept for offline), the cache when
 * the network fails. Pages come back as they were last seen.
 * @param {{request: Request, cache: Cache, fetch: typeof globalThis.fetch, keep: (p: Promise<unknown>) => void}} o
 */
export async function pageResponse({ request, cache, fetch, keep }) {
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const cached = await cache.match(pageKey(request.url));
    if (cached) return cached;
    if (request.mode === "navigate") return offlinePage(cache);
    throw err;
  }
  if (response.ok && !response.type.startsWith("opaque") && !response.redirected) {
    const copy = withIsolation(response.clone());
    keep(cache.put(pageKey(request.url), copy).catch(() => {}));
  }
  return withIsolation(response);
}

const OFFLINE_LISTED = 80; // saved pages named on the offline page at most
const escapeHTML = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/**
 * What a page not yet saved shows without a network: a Bengali page (in place of the
 * browser's own error) saying so, with links to the pages that are saved, by their titles.
 * @param {Cache} cache the pages cache
 */
export async function offlinePage(cache) {
  const saved = [];
  for (const key of (await cache.keys()).slice(0, OFFLINE_LISTED * 2)) {
    if (saved.length >= OFFLINE_LISTED || !new URL(key.url).pathname.endsWith("/")) continue;
    const page = await cache.match(key);
    const title = /<title>([^<]*)<\/title>/i.exec((await page?.text()) || "")?.[1];
    if (title) saved.push(`<li><a href="${escapeHTML(key.url)}">${title}</a></li>`);
  }
  const html = `<!doctype html>
<html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ইন্টারনেট সংযোগ নেই</title>
<style>body{font-family:"Noto Sans Bengali",system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.7;color:#222;background:#fff}
a{color:#3f51b5}@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#1e2129}a{color:#9fa8da}}</style>
</head><body data-role="offline-page">
<h1>ইন্টারনেট সংযোগ নেই</h1>
<p>এই পাতাটি এখনও এই ডিভাইসে রাখা হয়নি, তাই সংযোগ ছাড়া খোলা যাচ্ছে না। সংযোগ ফিরলে <a href="">পাতাটি আবার লোড করুন</a>।</p>
${saved.length ? `<p>যে পাতাগুলো রাখা আছে, সেগুলো সংযোগ ছাড়াই পড়া যায়:</p><ul>${saved.join("")}</ul>` : "<p>এখনও কোনো পাতা রাখা হয়নি।</p>"}
</body></html>`;
  return withIsolation(
    new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } }),
  );
}

/** Run `task` over `items`, at most `limit` at a time; resolves to the results in order. */
export async function inParallel(
  /** @type {any[]} */ items,
  limit,
  /** @type {(x: any) => Promise<any>} */ task,
) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Fill the new build's runtime cache from the older ones before it takes over: files with
 * the same sha256 are copied, files the reader had that changed are downloaded again (so a
 * reader who could work offline still can). Throws if a download fails, which keeps the
 * old build in charge. Returns {copied, downloaded}.
 * @param {{caches: CacheStorage, precache: Precache, scope: string, fetch: typeof globalThis.fetch, digest: Digest}} o
 */
export async function carryOver({ caches, precache, scope, fetch, digest }) {
  const fresh = await caches.open(runtimeCacheName(precache.build));
  const wanted = new Map(); // path -> url, for files some older cache had
  let copied = 0;
  for (const name of staleCaches(await caches.keys(), precache.build)) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const path = sitePath(request.url, scope);
      if (path === null || !(path in precache.files) || (await fresh.match(request.url))) continue;
      const response = await old.match(request);
      if (response && response.headers.get(SHA_HEADER) === precache.files[path]) {
        await fresh.put(request.url, response);
        copied += 1;
        wanted.delete(path);
      } else wanted.set(path, request.url);
    }
  }
  const downloads = await inParallel([...wanted], PARALLEL_DOWNLOADS, async ([path, url]) => {
    const ok = await storeVerified(
      fresh,
      url,
      await fetch(url, { cache: "no-cache" }),
      precache.files[path],
      digest,
    );
    if (!ok) throw new Error(`${path}: not the bytes this build lists`);
    return path;
  });
  return { copied, downloaded: downloads.length };
}

/**
 * Download every runtime file this build lists that the cache does not hold yet (lazy
 * chunks, fonts, the parts a boot did not need), so every cell works offline afterwards.
 * The browser's HTTP cache answers for what the page already fetched. Returns {cached, missing}.
 * @param {{cache: Cache, precache: Precache, scope: string, fetch: typeof globalThis.fetch, digest: Digest}} o
 */
export async function completeRuntime({ cache, precache, scope, fetch, digest }) {
  const paths = Object.keys(precache.files);
  const have = new Set((await cache.keys()).map((r) => sitePath(r.url, scope)));
  const todo = paths.filter((p) => !have.has(p));
  const results = await inParallel(todo, PARALLEL_DOWNLOADS, async (path) => {
    const url = new URL(path, scope).href;
    try {
      return await storeVerified(cache, url, await fetch(url), precache.files[path], digest);
    } catch {
      return false;
    }
  });
  const missing = todo.filter((_, i) => !results[i]);
  return { cached: paths.length - missing.length, missing };
}

/**
 * Keep pages (and the assets they loaded before this worker controlled them) for offline
 * reading: each URL not under the runtime is fetched (HTTP cache first) into the pages cache.
 * @param {{cache: Cache, urls: string[], fetch: typeof globalThis.fetch}} o
 */
export async function keepPages({ cache, urls, fetch }) {
  const keys = [...new Set(urls.map(pageKey))];
  const done = await inParallel(keys, PARALLEL_DOWNLOADS, async (url) => {
    if (await cache.match(url)) return true;
    try {
      const response = await fetch(url);
      if (!response.ok || response.redirected) return false;
      await cache.put(url, withIsolation(response));
      return true;
    } catch {
      return false;
    }
  });
  return done.filter(Boolean).length;
}
