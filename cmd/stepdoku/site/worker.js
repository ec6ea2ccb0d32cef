// The engine of a built site (stepdoku site): the whole library compiled to
// WebAssembly, off the page's thread. The page posts {id, method, path, body} as it
// would ask `stepdoku serve`; the answer {id, status, body} is the JSON the server's
// own handler writes (cmd/stepdoku/wasm_js.go). Only the site's own files are loaded.
importScripts("wasm_exec.js");

async function instantiate(go) {
  // instantiateStreaming needs the host to say application/wasm; some do not.
  try {
    return (await WebAssembly.instantiateStreaming(fetch("stepdoku.wasm"), go.importObject)).instance;
  } catch (err) {
    const r = await fetch("stepdoku.wasm");
    if (!r.ok) { throw new Error("stepdoku.wasm: " + r.status + " " + r.statusText); }
    return (await WebAssembly.instantiate(await r.arrayBuffer(), go.importObject)).instance;
  }
}

const ready = (async () => {
  const go = new Go();
  const inst = await instantiate(go);
  go.run(inst); // main registers stepdokuAsk, then waits for questions
  if (typeof self.stepdokuAsk !== "function") { throw new Error("the engine did not start"); }
})();

self.onmessage = async (e) => {
  const { id, method, path, body } = e.data;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ id, status: 500, body: JSON.stringify({ error: "the engine did not load: " + (err.message || err) }) });
    return;
  }
  self.stepdokuAsk(method, "/" + path, body, (status, text) => { self.postMessage({ id, status, body: text }); });
};
