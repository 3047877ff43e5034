// Graphviz (@viz-js/viz, compiled to WebAssembly) in a worker of its own: laying out a big
// graph can take minutes, and here it never blocks the page, which ends this worker when a
// layout runs past its budget (graph.js). Reads {id, dot}, answers {id, status, output,
// errors} (Graphviz's own result), or {id, failed} when Graphviz could not be loaded.
import { instance } from "@viz-js/viz";

// The WebAssembly's functions compile on their first call: a tiny graph takes that cost
// off the first real one.
const viz = instance().then((graphviz) => {
  graphviz.render("digraph { a -> b [label=x] }", { format: "svg" });
  return graphviz;
});
viz.catch(() => {});

self.onmessage = async ({ data }) => {
  try {
    const result = (await viz).render(data.dot, { format: "svg" });
    const errors = result.errors.map(({ level, message }) => ({ level, message }));
    self.postMessage({ id: data.id, status: result.status, output: result.output, errors });
  } catch (err) {
    self.postMessage({ id: data.id, failed: String(err?.message || err) });
  }
};
