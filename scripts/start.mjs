// `npm start`: builds the web app and the server when they are missing or older than their
// sources, then runs the compiled server. package.json runs this with `exec`: the shell npm
// starts (dash) does not pass SIGTERM on, so without it a stop left the server running.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_ARGS } from "./server-node-args.mjs";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  const target = path.join(root, output);
  return (
    !existsSync(target) ||
    Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > statSync(target).mtimeMs
  );
}

function run(title, command, args) {
  console.log(title);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale("dist/web/index.html", ["src/web", "src/domain", "src/contract"])) {
  run("Building the web app...", "npx", ["vite", "build", "--logLevel", "warn"]);
}
if (isStale("dist/server/main.mjs", ["src/server", "src/domain", "src/contract"])) {
  run("Building the server...", process.execPath, ["scripts/build-server.mjs"]);
}
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, "dist/server/main.mjs"], {
  cwd: root,
  stdio: "inherit",
});
// The server shuts down gracefully on SIGTERM/SIGINT: pass them on and leave with its exit code.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
