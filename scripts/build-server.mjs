// Compiles the server (and the PDF render thread) to plain JavaScript in dist/server, so
// `npm start` does not transpile TypeScript at every start. Packages stay in node_modules, so
// every package the output imports must be a dependency (src/server/production-deps.test.ts).
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** @type {import("esbuild").BuildOptions} */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: { main: "src/server/main.ts", worker: "src/server/pdf/worker.ts" },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // What main.ts imports only when it serves (serve.ts: the app) goes into chunks of its own, so
  // the cluster's primary, which only forks and watches, never loads it (~60 MB instead of ~340).
  // Chunks sit beside main.mjs: pdf/pool.ts finds worker.mjs next to itself.
  splitting: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Chunks are named by their content: the previous build's would pile up beside the new ones.
  rmSync(path.join(root, "dist/server"), { recursive: true, force: true });
  await build(serverBuildOptions);
}
