// Compiles the server, the PDF render thread and the backup command to plain JavaScript in
// dist/server, so a production install runs them without TypeScript or a build tool. Packages stay
// in node_modules, so every package the output imports must be a dependency
// (src/server/production-deps.test.ts).
//
// dist/server/main.mjs and dist/server/backup.mjs are small entries that check the Node version
// (scripts/node-version.mjs, copied beside them) and only then import the bundle: the bundle's
// package imports are hoisted to its top, so a check inside it would run after a dependency has
// already crashed on an old Node.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** @type {import("esbuild").BuildOptions} */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: {
    server: "src/server/main.ts",
    worker: "src/server/pdf/worker.ts",
    "backup-cli": "src/server/backup/cli.ts",
  },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // What main.ts imports only when it serves (serve.ts: the app) goes into chunks of its own, so
  // the cluster's primary, which only forks and watches, never loads it (~60 MB instead of ~340).
  // Chunks sit beside server.mjs: pdf/pool.ts finds worker.mjs next to itself.
  splitting: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
};

const entry = (bundle) =>
  [
    "// Written by scripts/build-server.mjs: the Node version is checked before any package loads.",
    'import { exitOnUnsupportedNode } from "./node-version.mjs";',
    "exitOnUnsupportedNode();",
    `await import("./${bundle}");`,
    "",
  ].join("\n");

/** Builds into `outdir` (dist/server by default). */
export async function buildServer(outdir = path.join(root, "dist/server")) {
  // Chunks are named by their content: the previous build's would pile up beside the new ones.
  rmSync(outdir, { recursive: true, force: true });
  await build({ ...serverBuildOptions, outdir });
  mkdirSync(outdir, { recursive: true });
  copyFileSync(path.join(root, "scripts/node-version.mjs"), path.join(outdir, "node-version.mjs"));
  writeFileSync(path.join(outdir, "main.mjs"), entry("server.mjs"));
  writeFileSync(path.join(outdir, "backup.mjs"), entry("backup-cli.mjs"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
