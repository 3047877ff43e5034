// The early start: inlined by the build hook (hooks/site_build.py) into the <head> of pages
// that have code cells, before the stylesheets, so the Python worker is created while the
// page is still being parsed instead of after Material's and our bundles have run.
// start-policy.js decides whether to start at all; the page module (page.js) adopts the
// worker from globalThis.lessonRunnerEarly (a promise of startWorker()'s handle, or null)
// and replays what it said meanwhile. Nothing is shown here: a failure waits for a run.
import { startsAtOnce } from "./start-policy.js";
import { startWorker } from "./worker-client.js";

const script = document.currentScript;
const runtimeURL = new URL(script?.dataset.runtime || "assets/runtime/", document.baseURI).href;
globalThis.lessonRunnerEarly = startsAtOnce(runtimeURL)
  .then((yes) => (yes ? startWorker(runtimeURL) : null))
  .catch(() => null);
