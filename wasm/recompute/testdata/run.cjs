// run.cjs runs the WebAssembly engine under Node with Go's own wasm_exec.js
// and answers a file of requests through partlab.run, one by one:
//
//	node run.cjs WASM_EXEC_JS MODULE REQUESTS ANSWERS
//
// A request is {kind, spec, source, above, abort, deep, odd}: abort, when
// set, aborts the run that many milliseconds after it starts; deep makes
// the spec an object nested that deep; odd is the above option as it is. An answer is {json, html,
// narrative, same} or {error, name}; same says that results is json parsed.
"use strict";

const fs = require("fs");
const util = require("util");
const [wasmExec, wasmFile, requests, answers] = process.argv.slice(2);

globalThis.fs = fs;
globalThis.TextEncoder = util.TextEncoder;
globalThis.TextDecoder = util.TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
require(wasmExec);

async function main() {
	const go = new Go();
	const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmFile), go.importObject);
	go.run(instance); // settles only when the module exits, which it does not
	const out = [];
	for (const r of JSON.parse(fs.readFileSync(requests, "utf8"))) {
		const controller = new AbortController();
		const timer = r.abort ? setTimeout(() => controller.abort(), r.abort) : null;
		try {
			const spec = r.deep ? nested(r.deep) : r.spec;
			const cell = await partlab.run(r.kind, spec, { source: r.source, above: r.odd ?? r.above, signal: controller.signal });
			const same = util.isDeepStrictEqual(cell.results, JSON.parse(cell.json));
			out.push({ json: cell.json, html: cell.html, narrative: cell.narrative, same });
		} catch (e) {
			out.push({ error: e.message, name: e.name });
		}
		clearTimeout(timer);
	}
	fs.writeFileSync(answers, JSON.stringify(out));
	process.exit(0);
}

// nested is an object that many levels deep: {a: {a: … 1}}.
function nested(depth) {
	let v = 1;
	for (let i = 1; i < depth; i++) v = { a: v };
	return v;
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
