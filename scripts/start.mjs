// `npm start`: runs the compiled server; `npm run backup` / `npm run restore`: the compiled backup
// command. In a clone with the dev dependencies it first builds the web app and the server when
// they are missing or older than their sources. A production install (a release folder from
// `npm run release`, without src/ or build tools) only runs what was built.
// package.json runs this with `exec`: the shell npm starts (dash) does not pass SIGTERM on, so
// without it a stop left the server running.
import { exitOnUnsupportedNode } from "./node-version.mjs";

exitOnUnsupportedNode();

const { spawn, spawnSync } = await import("node:child_process");
const { existsSync, readdirSync, statSync } = await import("node:fs");
const path = await import("node:path");
const { SERVER_NODE_ARGS, serverEnv } = await import("./server-node-args.mjs");

const root = path.resolve(import.meta.dirname, "..");
const [command, ...args] = process.argv.slice(2);
const entry =
  command === "backup" || command === "restore" ? "dist/server/backup.mjs" : "dist/server/main.mjs";

function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  const target = path.join(root, output);
  const present = sources.filter((s) => existsSync(path.join(root, s)));
  if (!existsSync(target)) return true;
  return (
    present.length > 0 &&
    Math.max(...present.map((s) => newestMtime(path.join(root, s)))) > statSync(target).mtimeMs
  );
}

function run(title, command, args) {
  console.log(title);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hasSources = existsSync(path.join(root, "src/server/main.ts"));
const canBuild =
  hasSources &&
  existsSync(path.join(root, "node_modules/vite")) &&
  existsSync(path.join(root, "node_modules/esbuild"));
const builds = [
  ...(entry.endsWith("main.mjs")
    ? [
        {
          output: "dist/web/index.html",
          sources: ["src/web", "src/domain", "src/contract"],
          title: "Building the web app...",
          cmd: ["npx", ["vite", "build", "--logLevel", "warn"]],
        },
      ]
    : []),
  {
    output: entry,
    sources: ["src/server", "src/domain", "src/contract", "scripts/node-version.mjs"],
    title: "Building the server...",
    cmd: [process.execPath, ["scripts/build-server.mjs"]],
  },
];
for (const b of builds) {
  // A release folder has no sources to compare with: it runs what was built into it.
  if (hasSources ? !isStale(b.output, b.sources) : existsSync(path.join(root, b.output))) continue;
  if (canBuild) {
    run(b.title, ...b.cmd);
  } else if (!existsSync(path.join(root, b.output))) {
    console.error(
      `${b.output} is missing and this install has no build tools (a production install). Build with the dev dependencies (npm ci && npm run build), or deploy a release folder (npm run release).`,
    );
    process.exit(1);
  } else {
    console.warn(
      `${b.output} is older than its sources; running it as built (this install has no build tools).`,
    );
  }
}

// The backup command runs with Node's defaults; the server with the arguments and malloc setting
// that keep it lean.
const backup = entry.endsWith("backup.mjs");
const nodeArgs = backup ? [] : SERVER_NODE_ARGS;
const child = spawn(process.execPath, [...nodeArgs, entry, ...(backup ? [command, ...args] : [])], {
  cwd: root,
  stdio: "inherit",
  env: backup ? process.env : serverEnv(),
});
// The server shuts down gracefully on SIGTERM/SIGINT: pass them on and leave with its exit code.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
