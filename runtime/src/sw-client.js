// The page's side of the service worker (sw.js). It is registered on every visit: it
// caches the runtime and the pages (a reload starts from the cache, and visited pages
// work offline), and it makes the page cross-origin isolated when the server did not.
// In that case a page that is not yet controlled reloads once; a session flag makes sure
// this can never loop. Without isolation the runner still works, and Stop falls back to
// restarting Python.
const FLAG = "pyautograd-lessons:coi-reload";

function reloadedOnce() {
  try {
    return sessionStorage.getItem(FLAG) === "1";
  } catch {
    return true;
  }
}

/** Whether this page will reload itself once its service worker is active (see above). */
export function isolationReloadPending() {
  return (
    "serviceWorker" in navigator &&
    Boolean(globalThis.isSecureContext) &&
    !globalThis.crossOriginIsolated &&
    !navigator.serviceWorker.controller &&
    !reloadedOnce()
  );
}

export async function registerServiceWorker(siteRoot) {
  if (!("serviceWorker" in navigator) || !globalThis.isSecureContext) return false;
  try {
    const registration = await navigator.serviceWorker.register(`${siteRoot}sw.js`, { scope: siteRoot });
    if (globalThis.crossOriginIsolated || navigator.serviceWorker.controller) {
      // Isolated already, or controlled but the headers did not take: never loop.
      return false;
    }
    if (reloadedOnce()) return false;
    const worker = registration.installing || registration.waiting || registration.active;
    await new Promise((resolve) => {
      if (worker.state === "activated") return resolve(undefined);
      worker.addEventListener("statechange", () => worker.state === "activated" && resolve(undefined));
    });
    try {
      sessionStorage.setItem(FLAG, "1");
    } catch {
      return false;
    }
    location.reload();
    return true;
  } catch {
    return false;
  }
}

/**
 * Ask the service worker to keep this page, the assets it loaded, the pages named in
 * ``alsoKeep`` (addresses), and the rest of the runtime for offline use. Resolves to its
 * answer ({build, cached, missing, pages}), or to null when there is no service worker
 * (file://, an old browser, a private window).
 */
export async function keepForOffline(alsoKeep = []) {
  if (!("serviceWorker" in navigator) || !globalThis.isSecureContext) return null;
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  const worker = navigator.serviceWorker.controller || (await navigator.serviceWorker.ready).active;
  if (!worker) return null;
  const urls = [
    location.href,
    ...alsoKeep,
    ...performance.getEntriesByType("resource").map((entry) => entry.name),
  ].filter((url) => url.startsWith(location.origin));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: "keep-for-offline", urls }, [channel.port2]);
  });
}
