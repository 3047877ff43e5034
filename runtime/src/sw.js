// The site's one service worker (served at the site root as sw.js): makes pages
// cross-origin isolated on any static host, caches the runtime per build and pages as
// they are visited, so a second visit starts from the cache and works offline. The
// rules live in sw-cache.js. The build hook prepends `const LR_PRECACHE = {build, files}`
// (the manifest's digests), so each build is a new worker script and the browser installs
// it in the background. It sends nothing anywhere; other origins pass through untouched.
import {
  carryOver,
  completeRuntime,
  keepPages,
  PAGES_CACHE,
  pageResponse,
  SAVING_HEADER,
  runtimeCacheName,
  runtimeResponse,
  sitePath,
  staleCaches,
} from "./sw-cache.js";

/** @type {import("./sw-cache.js").Precache} */
const precache = LR_PRECACHE; // prepended by hooks/runtime_assets.py
/** This script runs as a service worker: `self` is its global scope, not a window. */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const scope = worker.registration.scope;
const runtimeCache = runtimeCacheName(precache.build);

/** @type {typeof fetch} */
const network = (...args) => fetch(...args); // the global fetch, callable from anywhere

async function digest(data) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

worker.addEventListener("install", (event) => {
  event.waitUntil(
    carryOver({ caches, precache, scope, fetch: network, digest }).then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of staleCaches(await caches.keys(), precache.build)) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  if (request.headers.has(SAVING_HEADER)) return; // the page stores this one itself
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  const path = sitePath(request.url, scope);
  if (path === null) return; // another origin (the NumPy fallback) or outside the site
  const keep = (promise) => event.waitUntil(promise);
  const url = new URL(path, scope).href;
  event.respondWith(
    path in precache.files
      ? caches
          .open(runtimeCache)
          .then((cache) =>
            runtimeResponse({ request, url, sha: precache.files[path], cache, fetch: network, digest, keep }),
          )
      : caches.open(PAGES_CACHE).then((cache) => pageResponse({ request, cache, fetch: network, keep })),
  );
});

/**
 * The page asks, once Python has booted: "keep this page and the rest of the runtime".
 * Replies on the message port with {build, cached, missing, pages}.
 */
worker.addEventListener("message", (event) => {
  if (event.data?.type !== "keep-for-offline") return;
  const port = event.ports[0];
  event.waitUntil(
    (async () => {
      const pages = await keepPages({
        cache: await caches.open(PAGES_CACHE),
        urls: (event.data.urls || []).filter((u) => {
          const path = sitePath(u, scope);
          return path !== null && !(path in precache.files);
        }),
        fetch: network,
      });
      const runtime = await completeRuntime({
        cache: await caches.open(runtimeCache),
        precache,
        scope,
        fetch: network,
        digest,
      });
      port?.postMessage({ build: precache.build, pages, ...runtime });
    })(),
  );
});
