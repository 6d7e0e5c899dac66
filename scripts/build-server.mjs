// Compiles the server (and the PDF render thread) to plain JavaScript in dist/server, so
// `npm start` does not transpile TypeScript at every start. Packages stay in node_modules.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
await build({
  absWorkingDir: root,
  entryPoints: { main: "src/server/main.ts", worker: "src/server/pdf/worker.ts" },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
});
