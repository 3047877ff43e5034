// Service worker that makes the lesson pages cross-origin isolated on any static host.
// Static hosts cannot be told to send COOP/COEP headers, but SharedArrayBuffer (which the
// runner needs to interrupt Python with the Stop button) only exists in isolated pages.
// This worker re-serves same-origin responses with those headers added. It sends nothing
// anywhere and caches nothing. Cross-origin requests (only the NumPy fallback) pass through.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  event.respondWith(
    fetch(request).then((response) => {
      if (response.status === 0 || response.type === "opaqueredirect") return response;
      const headers = new Headers(response.headers);
      headers.set("Cross-Origin-Opener-Policy", "same-origin");
      headers.set("Cross-Origin-Embedder-Policy", "require-corp");
      headers.set("Cross-Origin-Resource-Policy", "same-origin");
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }),
  );
});
