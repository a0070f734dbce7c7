// Builds templates/echarts/echarts.min.js, the ECharts that partlab embeds
// and its pages load, from entry.js with the esbuild that package-lock.json
// pins: one minified script that defines window.echarts, as ECharts' own
// echarts.min.js does. `npm run build:echarts` runs it; report's
// TestEChartsBuild runs it into a temporary file and compares the bytes.
//
// Usage: node templates/echarts/build.mjs [OUTFILE]
import * as esbuild from "esbuild";
import {fileURLToPath} from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));

await esbuild.build({
  entryPoints: [path.join(here, "entry.js")],
  outfile: process.argv[2] || path.join(here, "echarts.min.js"),
  absWorkingDir: path.resolve(here, "..", ".."),
  bundle: true,
  format: "iife",
  globalName: "echarts",
  minify: true,
  target: "es2017",
  // ECharts' development checks and warnings are left out, as in its own
  // minified build.
  define: {"process.env.NODE_ENV": '"production"'},
  banner: {js: "/*! ECharts 5.6.0 (Apache-2.0, https://echarts.apache.org) with zrender 5.6.1 (BSD-3-Clause) and tslib 2.3.0 (0BSD): the parts partlab's pages use, built by templates/echarts/build.mjs */"},
  legalComments: "none",
  logLevel: "warning",
});
