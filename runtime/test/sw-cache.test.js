// The service worker's caching rules (runtime/src/sw-cache.js), run with `node --test`
// (site_tests/test_sw_cache.py does). The Cache Storage API is replaced by a small
// in-memory one with the same methods; Response, Headers and crypto are Node's own.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import test from "node:test";
import {
  carryOver,
  completeRuntime,
  inParallel,
  keepPages,
  offlinePage,
  pageResponse,
  runtimeCacheName,
  runtimeResponse,
  SHA_HEADER,
  sitePath,
  staleCaches,
  storeVerified,
} from "../src/sw-cache.js";

const SCOPE = "https://example.org/course/";
const sha = (text) => createHash("sha256").update(text).digest("hex");
const digest = async (buffer) => createHash("sha256").update(Buffer.from(buffer)).digest("hex");

class MemoryCache {
  constructor() {
    this.entries = new Map();
  }
  async match(key) {
    const hit = this.entries.get(typeof key === "string" ? key : key.url);
    return hit ? hit.clone() : undefined;
  }
  async put(key, response) {
    this.entries.set(typeof key === "string" ? key : key.url, response.clone());
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

class MemoryStorage {
  constructor() {
    this.caches = new Map();
  }
  async open(name) {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name);
  }
  async keys() {
    return [...this.caches.keys()];
  }
}

/** A fake network: path -> body text; records every URL asked for. */
function network(files) {
  const asked = [];
  const fetch = async (input) => {
    const url = typeof input === "string" ? input : input.url;
    asked.push(url);
    const path = sitePath(url, SCOPE);
    if (!(path in files)) return new Response("missing", { status: 404 });
    return new Response(files[path], { status: 200, headers: { "Content-Type": "text/plain" } });
  };
  return { fetch, asked };
}

const offline = async () => {
  throw new TypeError("Failed to fetch");
};

test("paths are relative to the site root; other origins and paths are not the site's", () => {
  assert.equal(sitePath(`${SCOPE}assets/runtime/a%20b.js?x=1`, SCOPE), "assets/runtime/a b.js");
  assert.equal(sitePath("https://cdn.example.net/course/x.js", SCOPE), null);
  assert.equal(sitePath("https://example.org/other/x.js", SCOPE), null);
});

test("only other builds' runtime caches are stale; the pages cache stays", () => {
  const names = [runtimeCacheName("old1"), runtimeCacheName("new"), "lr-pages", "someone-else"];
  assert.deepEqual(staleCaches(names, "new"), [runtimeCacheName("old1")]);
});

test("a file is stored only when its bytes have the listed sha256, with the isolation headers", async () => {
  const cache = new MemoryCache();
  const url = `${SCOPE}assets/runtime/page.js`;
  assert.equal(
    await storeVerified(cache, url, new Response("other build"), sha("this build"), digest),
    false,
  );
  assert.equal(await cache.match(url), undefined);
  assert.equal(await storeVerified(cache, url, new Response("this build"), sha("this build"), digest), true);
  const stored = await cache.match(url);
  assert.equal(await stored.text(), "this build");
  assert.equal(stored.headers.get("Cross-Origin-Embedder-Policy"), "require-corp");
  assert.equal(stored.headers.get("Cross-Origin-Opener-Policy"), "same-origin");
  assert.equal(stored.headers.get(SHA_HEADER), sha("this build"));
});

test("runtime files: a cache hit never touches the network; a miss streams and keeps a copy", async () => {
  const url = `${SCOPE}assets/runtime/pyodide/pyodide.asm.wasm`;
  const { fetch, asked } = network({ "assets/runtime/pyodide/pyodide.asm.wasm": "wasm bytes" });
  const cache = new MemoryCache();
  const kept = [];
  const ask = () =>
    runtimeResponse({
      request: new Request(url),
      url,
      sha: sha("wasm bytes"),
      cache,
      fetch,
      digest,
      keep: (p) => kept.push(p),
    });
  const first = await ask();
  assert.equal(await first.text(), "wasm bytes");
  assert.equal(first.headers.get("Cross-Origin-Embedder-Policy"), "require-corp");
  assert.deepEqual(await Promise.all(kept), [true]);
  const second = await ask();
  assert.equal(await second.text(), "wasm bytes");
  assert.equal(asked.length, 1);
});

test("pages: the network first (a copy kept), the cache when offline, an error when never seen", async () => {
  const cache = new MemoryCache();
  const kept = [];
  const keep = (p) => kept.push(p);
  const { fetch } = network({ "lessons/one/": "<h1>one</h1>" });
  const online = await pageResponse({ request: new Request(`${SCOPE}lessons/one/`), cache, fetch, keep });
  assert.equal(await online.text(), "<h1>one</h1>");
  await Promise.all(kept);
  const again = await pageResponse({
    request: new Request(`${SCOPE}lessons/one/?q=1#top`),
    cache,
    fetch: offline,
    keep,
  });
  assert.equal(await again.text(), "<h1>one</h1>");
  await assert.rejects(
    pageResponse({ request: new Request(`${SCOPE}lessons/two/`), cache, fetch: offline, keep }),
  );
});

test("a new build copies unchanged files and downloads the changed ones the reader had", async () => {
  const caches = new MemoryStorage();
  const old = await caches.open(runtimeCacheName("b1"));
  for (const [path, body] of [
    ["assets/runtime/pyodide/pyodide.asm.wasm", "wasm"],
    ["assets/runtime/page.js", "page v1"],
    ["assets/runtime/gone.js", "removed in b2"],
  ])
    await storeVerified(old, SCOPE + path, new Response(body), sha(body), digest);
  const files = {
    "assets/runtime/pyodide/pyodide.asm.wasm": "wasm",
    "assets/runtime/page.js": "page v2",
    "assets/runtime/plot.js": "never fetched by this reader",
  };
  const precache = {
    build: "b2",
    files: Object.fromEntries(Object.entries(files).map(([p, b]) => [p, sha(b)])),
  };
  const { fetch, asked } = network(files);
  const result = await carryOver({ caches, precache, scope: SCOPE, fetch, digest });
  assert.deepEqual(result, { copied: 1, downloaded: 1 });
  assert.deepEqual(asked, [`${SCOPE}assets/runtime/page.js`]);
  const fresh = await caches.open(runtimeCacheName("b2"));
  assert.equal(await (await fresh.match(`${SCOPE}assets/runtime/page.js`)).text(), "page v2");
  assert.equal(await (await fresh.match(`${SCOPE}assets/runtime/pyodide/pyodide.asm.wasm`)).text(), "wasm");
  assert.equal(await fresh.match(`${SCOPE}assets/runtime/gone.js`), undefined);
  assert.equal(await fresh.match(`${SCOPE}assets/runtime/plot.js`), undefined);
  assert.ok(await (await caches.open(runtimeCacheName("b1"))).match(`${SCOPE}assets/runtime/gone.js`));
});

test("a new build whose changed file cannot be fetched intact fails to install", async () => {
  const caches = new MemoryStorage();
  const old = await caches.open(runtimeCacheName("b1"));
  await storeVerified(old, `${SCOPE}assets/runtime/page.js`, new Response("v1"), sha("v1"), digest);
  const precache = { build: "b2", files: { "assets/runtime/page.js": sha("v2") } };
  const { fetch } = network({ "assets/runtime/page.js": "a half-deployed v3" });
  await assert.rejects(carryOver({ caches, precache, scope: SCOPE, fetch, digest }), /not the bytes/);
  await assert.rejects(carryOver({ caches, precache, scope: SCOPE, fetch: offline, digest }));
});

test("completing the runtime downloads only what is missing and names what failed", async () => {
  const cache = new MemoryCache();
  await storeVerified(cache, `${SCOPE}assets/runtime/a.js`, new Response("a"), sha("a"), digest);
  const precache = {
    build: "b",
    files: {
      "assets/runtime/a.js": sha("a"),
      "assets/runtime/b.js": sha("b"),
      "assets/runtime/c.js": sha("c"),
    },
  };
  const { fetch, asked } = network({ "assets/runtime/b.js": "b", "assets/runtime/c.js": "corrupted" });
  const result = await completeRuntime({ cache, precache, scope: SCOPE, fetch, digest });
  assert.deepEqual(result, { cached: 2, missing: ["assets/runtime/c.js"] });
  assert.deepEqual(asked.sort(), [`${SCOPE}assets/runtime/b.js`, `${SCOPE}assets/runtime/c.js`]);
});

test("pages loaded before the worker took over are kept once each", async () => {
  const cache = new MemoryCache();
  const { fetch, asked } = network({ "lessons/one/": "one", "assets/material.css": "css" });
  const kept = await keepPages({
    cache,
    urls: [`${SCOPE}lessons/one/#x`, `${SCOPE}lessons/one/`, `${SCOPE}assets/material.css`, `${SCOPE}gone/`],
    fetch,
  });
  assert.equal(kept, 2);
  assert.equal(asked.length, 3);
  assert.equal(await keepPages({ cache, urls: [`${SCOPE}lessons/one/`], fetch }), 1);
  assert.equal(asked.length, 3);
});

test("at most `limit` tasks run at once, results in order", async () => {
  let running = 0;
  let most = 0;
  const results = await inParallel([5, 1, 4, 2, 3, 0], 2, async (x) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setImmediate(resolve));
    running -= 1;
    return x * 10;
  });
  assert.deepEqual(results, [50, 10, 40, 20, 30, 0]);
  assert.equal(most, 2);
});

test("a page not saved opens offline as a Bengali page naming the saved ones", async () => {
  const cache = new MemoryCache();
  const html = (title) => new Response(`<html><head><title>${title}</title></head><body>x</body></html>`);
  await cache.put(`${SCOPE}lessons/one/`, html("পাঠ ১ - কোর্স"));
  await cache.put(`${SCOPE}assets/site.css`, new Response("body{}"));
  const offline = async () => {
    throw new TypeError("Failed to fetch");
  };
  const keep = () => {};
  const request = { url: `${SCOPE}lessons/two/`, mode: "navigate" }; // Node cannot build a navigation
  const response = await pageResponse({ request, cache, fetch: offline, keep });
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("cross-origin-embedder-policy"), "require-corp");
  const text = await response.text();
  assert.match(text, /ইন্টারনেট সংযোগ নেই/);
  assert.match(text, new RegExp(`<a href="${SCOPE}lessons/one/">পাঠ ১ - কোর্স</a>`));
  assert.doesNotMatch(text, /site\.css/);
  assert.match(await (await offlinePage(new MemoryCache())).text(), /এখনও কোনো পাতা রাখা হয়নি/);
  // anything but a page (a script, an image) still fails as the network did
  await assert.rejects(pageResponse({ request: new Request(`${SCOPE}x.js`), cache, fetch: offline, keep }));
});
