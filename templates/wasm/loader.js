// loader.js: the page's side of the engine in the page, in partlab-run.js.
// partlabRun.start(assets) starts a Blob URL worker (a file:// page may not
// start one from a file) and gives it the module: fetched from
// assets + "partlab.wasm.gz" over http(s), or, from file://, where fetch
// cannot read a sibling file, from the script assets + "partlab.wasm.js",
// which hands it over as base64. Either way the page inflates it with
// DecompressionStream. start returns {run(kind, spec, options)}, which
// returns {result, cancel}: result is a promise of {json, html, narrative}.
function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

function moduleBytes(assets) {
  if (location.protocol !== "file:") {
    return fetch(assets + "partlab.wasm.gz").then(function (r) {
      if (!r.ok) throw new Error("partlab.wasm.gz: " + r.status + " " + r.statusText);
      return r.arrayBuffer();
    }).then(gunzip);
  }
  return new Promise(function (resolve, reject) {
    window.partlabWasm = function (base64) {
      delete window.partlabWasm;
      const bin = atob(base64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      resolve(gunzip(bytes));
    };
    const s = document.createElement("script");
    s.src = assets + "partlab.wasm.js";
    s.onerror = function () { reject(new Error("partlab.wasm.js did not load")); };
    document.head.appendChild(s);
  });
}

function start(assets) {
  const source = "(" + partlabWorker.toString() + ")();";
  const url = URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
  const worker = new Worker(url);
  URL.revokeObjectURL(url);
  const calls = new Map();
  let next = 0;
  const ready = moduleBytes(assets).then(function (module) {
    return new Promise(function (resolve, reject) {
      calls.set("ready", {resolve: resolve, reject: reject});
      worker.postMessage({module: module}, [module]);
    });
  });
  worker.onmessage = function (e) {
    const m = e.data;
    const key = "ready" in m ? "ready" : m.id;
    const c = calls.get(key);
    if (!c) return;
    calls.delete(key);
    if (key === "ready") {
      if (m.ready) c.resolve(); else c.reject(new Error(m.error));
    } else if (m.error !== undefined) {
      const err = new Error(m.error);
      err.name = m.name;
      if (m.problems) err.problems = m.problems;
      c.reject(err);
    } else {
      c.resolve(m.cell);
    }
  };
  return {
    ready: ready,
    run: function (kind, spec, options) {
      const id = next++;
      const o = options || {};
      let posted = false, cancelled = false;
      const result = ready.then(function () {
        return new Promise(function (resolve, reject) {
          if (cancelled) {
            const err = new Error("context canceled");
            err.name = "AbortError";
            reject(err);
            return;
          }
          calls.set(id, {resolve: resolve, reject: reject});
          worker.postMessage({id: id, kind: kind, spec: spec, source: o.source, above: o.above});
          posted = true;
        });
      });
      // A call cancelled before the module is ready never reaches the
      // worker; one in the worker is aborted there, as partlab.run is.
      const cancel = function () {
        cancelled = true;
        if (posted) worker.postMessage({id: id, cancel: true});
      };
      return {result: result, cancel: cancel};
    },
  };
}

window.partlabRun = {start: start};
