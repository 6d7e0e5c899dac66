// Compiles the server, the PDF render thread and the backup command to plain JavaScript in
// dist/server, so a production install runs them without TypeScript or a build tool. Most packages
// are compiled in; the few left in node_modules (EXTERNAL_PACKAGES) must be dependencies
// (src/server/production-deps.test.ts).
//
// dist/server/main.mjs and dist/server/backup.mjs are small entries that check the Node version
// (scripts/node-version.mjs, copied beside them) and only then import the bundle: the bundle's
// package imports are hoisted to its top, so a check inside it would run after a dependency has
// already crashed on an old Node. They (and dist/server/worker.mjs, the PDF thread's entry) also
// turn on source maps for Bahi's own code only, before it loads: `--enable-source-maps` would also
// keep every package's source map in memory, ~6 MB of an idle server's heap
// (docs/decisions/0095-idle-server-within-twice-the-bare-one.md).
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Packages the compiled server imports from node_modules at run time rather than compiling in: they
 * find files beside their own code (PGlite its WebAssembly and data, pdfkit its font metrics, the
 * font packages their font files, jsdom its worker script), load native code (sharp, pg-native), or
 * start worker threads from their own files (pino's transports). The common-password list is a
 * CommonJS package imported on first use: compiled into a chunk of its own, its dynamic import would
 * hand over only a default export, not `dictionary`. A production install keeps them all
 * (src/server/production-deps.test.ts).
 */
export const EXTERNAL_PACKAGES = [
  "@electric-sql/pglite",
  "pdfkit",
  "fontkit",
  "@expo-google-fonts/*",
  "dejavu-fonts-ttf",
  "jsdom",
  "dompurify",
  "sharp",
  "pg-native",
  "pino",
  "@zxcvbn-ts/language-common",
];

/** @type {import("esbuild").BuildOptions} */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: {
    server: "src/server/main.ts",
    "pdf-worker": "src/server/pdf/worker.ts",
    "backup-cli": "src/server/backup/cli.ts",
  },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // What main.ts imports only when it serves (serve.ts: the app) goes into chunks of its own, so
  // the cluster's primary, which only forks and watches, never loads it (~60 MB instead of ~340).
  // Chunks sit beside server.mjs: pdf/pool.ts finds worker.mjs next to itself.
  splitting: true,
  // Packages are compiled in with Bahi's own code (decision 0124): Node then loads a few dozen
  // chunks instead of resolving package files one by one, each through the package.json above it.
  // A restart took 15 % less CPU (7.27 -> 6.15 CPU-s to /api/ready, bench/startup.ts) and served
  // 1.1 s sooner. The packages left out are EXTERNAL_PACKAGES.
  external: EXTERNAL_PACKAGES,
  // A CommonJS package compiled into these ES modules still calls `require` for Node's own modules
  // and for the packages left out.
  banner: {
    js: 'import { createRequire as __bahiRequire } from "node:module"; const require = __bahiRequire(import.meta.url);',
  },
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  // A stack trace needs the mappings only; the TypeScript itself stays in src/ (and out of memory).
  sourcesContent: false,
  // Without spaces and comments the code is about half the text V8 keeps of it, and all ASCII (a
  // comment's ₹ or µ made V8 keep the whole bundle as two bytes a character): ~1.3 MB of an idle
  // server's heap. Names stay, and source maps give stack traces their lines.
  minifyWhitespace: true,
  // Packages' licence comments go to a .LEGAL.txt beside each file: one of them (a name with an
  // "ä") would make V8 keep that whole file as two bytes a character.
  legalComments: "external",
  logLevel: "warning",
};

/**
 * Source-mapped stack traces for Bahi's own files, not for packages' (whose maps cost memory); only
 * maps of files loaded after this call count, hence before the bundle's import (after the version
 * check: older Nodes lack the function).
 */
const SOURCE_MAPS = ['(await import("node:module")).setSourceMapsSupport(true, { nodeModules: false });'];

const entry = (bundle) =>
  [
    "// Written by scripts/build-server.mjs: the Node version is checked before any package loads.",
    'import { exitOnUnsupportedNode } from "./node-version.mjs";',
    "exitOnUnsupportedNode();",
    ...SOURCE_MAPS,
    `await import("./${bundle}");`,
    "",
  ].join("\n");

/** The PDF thread's entry (pdf/pool.ts starts worker.mjs): its own source maps, then the bundle. */
const workerEntry = [
  "// Written by scripts/build-server.mjs.",
  ...SOURCE_MAPS,
  'await import("./pdf-worker.mjs");',
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
  writeFileSync(path.join(outdir, "worker.mjs"), workerEntry);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
