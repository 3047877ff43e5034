// Names the type checker cannot see in the sources: those the build provides, modules the
// bundler resolves, and the few service-worker types sw.js uses. The project is checked
// against the DOM library, which cannot be combined with the WebWorker library (its
// ServiceWorkerGlobalScope) in one program; these are the subsets of the standard types
// that sw.js relies on.

/** Prepended to sw.js by hooks/runtime_assets.py: the build's digest and its files. */
declare const LR_PRECACHE: import("./sw-cache.js").Precache;

/** A classic worker's loader (search-worker.js runs as one, as Material's worker does). */
declare function importScripts(...urls: string[]): void;

/** Stylesheets imported for their side effect: esbuild bundles them into the page's CSS. */
declare module "*.css";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: any; // as in the standard library: whatever a page posted
  readonly ports: readonly MessagePort[];
}

interface ServiceWorkerGlobalScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

interface Window {
  /** page.js's handle on the page's cells and Python, for tests and tools (bench/). */
  lessonRunner: Record<string, unknown>;
}
