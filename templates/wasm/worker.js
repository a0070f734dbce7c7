// worker.js: the Web Worker's side of the engine in the page, inside
// partlabWorker in partlab-run.js. The first message is the module's bytes;
// then each {id, kind, spec, source, above} is one partlab.run, answered
// with {id, cell} or {id, error, name, problems}; {id, cancel: true} aborts it.
(function () {
  const pending = new Map();
  let ready = null;
  self.onmessage = function (e) {
    const m = e.data;
    if (m.module) {
      const go = new Go();
      ready = WebAssembly.instantiate(m.module, go.importObject).then(function (r) {
        go.run(r.instance);
      });
      ready.then(function () { self.postMessage({ready: true}); },
        function (err) { self.postMessage({ready: false, error: String(err)}); });
      return;
    }
    if (m.cancel) {
      const c = pending.get(m.id);
      if (c) c.abort();
      return;
    }
    const abort = new AbortController();
    pending.set(m.id, abort);
    ready.then(function () {
      return partlab.run(m.kind, m.spec, {source: m.source, above: m.above, signal: abort.signal});
    }).then(function (cell) {
      self.postMessage({id: m.id, cell: {json: cell.json, html: cell.html, narrative: cell.narrative}});
    }, function (err) {
      self.postMessage({id: m.id, error: err.message, name: err.name, problems: err.problems});
    }).finally(function () { pending.delete(m.id); });
  };
})();
