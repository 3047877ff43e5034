// Make the page cross-origin isolated when the server did not (see coi-sw.js). If the
// service worker is installed but does not control this page yet, reload once; a
// session flag makes sure this can never loop. Without isolation the runner still works,
// and Stop falls back to restarting Python.
const FLAG = "pyautograd-lessons:coi-reload";

export async function ensureIsolation(siteRoot) {
  if (globalThis.crossOriginIsolated || !("serviceWorker" in navigator) || !globalThis.isSecureContext)
    return false;
  try {
    const registration = await navigator.serviceWorker.register(`${siteRoot}coi-sw.js`, { scope: siteRoot });
    if (navigator.serviceWorker.controller) {
      // Controlled but still not isolated: the headers did not take; do not loop.
      return false;
    }
    let again = false;
    try {
      again = sessionStorage.getItem(FLAG) === "1";
    } catch {
      again = true;
    }
    if (again) return false;
    const worker = registration.installing || registration.waiting || registration.active;
    await new Promise((resolve) => {
      if (worker.state === "activated") return resolve();
      worker.addEventListener("statechange", () => worker.state === "activated" && resolve());
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
