// `npm run release [-- FOLDER] [--start]`: the Dockerfile's steps, run on this machine in a clean
// folder, for machines without Docker (and for this one: its base image cannot be fetched here).
//
//   build stage   (Dockerfile: FROM node:24-slim AS build)
//     1. package.json and package-lock.json into an empty folder, `npm ci` (dev dependencies too)
//     2. the rest of the sources (the files git tracks), `npm run build`
//     3. `node scripts/release.mjs --assemble /release`: the release folder below
//   run stage     (Dockerfile: FROM node:24-slim)
//     4. the release folder alone, started with a real Node 24: `node dist/server/main.mjs`
//
// The release folder holds dist/ (web app, compiled server, backup command), the migrations,
// scripts/start.mjs, a package.json with the runtime dependencies only (scripts/production-tree.mjs
// says why) and their node_modules: no TypeScript, no build tool, no browser-only package, and no
// Node binary from npm. Keep these steps and the Dockerfile's identical.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUILD_TOOLS, packageName, productionManifest } from "./production-tree.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

function sh(cwd, command, commandArgs) {
  console.log(`[${path.basename(cwd)}] ${command} ${commandArgs.join(" ")}`);
  const result = spawnSync(command, commandArgs, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed (${result.status})`);
}

/** Every package folder under node_modules (nested ones too). */
function installedPackages(dir, found = []) {
  const modules = path.join(dir, "node_modules");
  if (!existsSync(modules)) return found;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith(".")) continue;
    const names = entry.startsWith("@")
      ? readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`)
      : [entry];
    for (const name of names) {
      found.push(name);
      installedPackages(path.join(modules, name), found);
    }
  }
  return found;
}

/** Step 3: the release folder from a built checkout (`from`, with dist/). */
function assemble(from, out) {
  if (
    !existsSync(path.join(from, "dist/server/main.mjs")) ||
    !existsSync(path.join(from, "dist/web/index.html"))
  ) {
    throw new Error(`${from} is not built: run npm run build first`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const part of [
    "dist",
    "src/server/db/migrations",
    "scripts/start.mjs",
    "scripts/node-version.mjs",
    "scripts/server-node-args.mjs",
    "README.md",
  ]) {
    cpSync(path.join(from, part), path.join(out, part), { recursive: true });
  }
  const manifest = readJson(path.join(from, "package.json"));
  writeFileSync(path.join(out, "package.json"), `${JSON.stringify(productionManifest(manifest), null, 2)}\n`);
  // The release's lock file is the project's, cut down by npm to these dependencies: the same
  // versions, nothing newer (checked below).
  cpSync(path.join(from, "package-lock.json"), path.join(out, "package-lock.json"));
  sh(out, "npm", ["install", "--package-lock-only", "--omit=dev", "--no-audit", "--no-fund"]);
  const locked = new Set(
    Object.entries(readJson(path.join(from, "package-lock.json")).packages).map(
      ([p, v]) => `${packageName(p)}@${v.version} ${v.integrity}`,
    ),
  );
  const changed = Object.entries(readJson(path.join(out, "package-lock.json")).packages)
    .filter(([p]) => p)
    .map(([p, v]) => `${packageName(p)}@${v.version} ${v.integrity}`)
    .filter((key) => !locked.has(key));
  if (changed.length)
    throw new Error(`The release's lock differs from package-lock.json: ${changed.join(", ")}`);
  sh(out, "npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"]);
  const tools = [...new Set(installedPackages(out).filter((name) => BUILD_TOOLS.includes(name)))];
  if (tools.length) throw new Error(`Build tools in the release: ${tools.join(", ")}`);
  const mb = execFileSync("du", ["-sm", path.join(out, "node_modules")])
    .toString()
    .split("\t")[0];
  console.log(`Release ${manifest.version} in ${out}: node_modules ${mb} MB (du -sm), no build tools.`);
}

/** Steps 1 to 3 in a clean folder, like the Dockerfile's build stage; the release goes to `release`. */
function buildStage(work, release) {
  const src = path.join(work, "src");
  mkdirSync(src, { recursive: true });
  for (const file of ["package.json", "package-lock.json"])
    cpSync(path.join(root, file), path.join(src, file));
  sh(src, "npm", ["ci", "--no-audit", "--no-fund"]);
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root })
    .toString()
    .split("\0")
    .filter(Boolean);
  for (const file of tracked) {
    if (existsSync(path.join(root, file)))
      cpSync(path.join(root, file), path.join(src, file), { recursive: true });
  }
  sh(src, "npm", ["run", "build"]);
  sh(src, process.execPath, ["scripts/release.mjs", "--assemble", release]);
}

/** Step 4: starts the release as the image does and waits for /api/ready. */
async function startRelease(release) {
  const port = process.env.PORT ?? "3145";
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-release-data-"));
  const server = spawn(process.execPath, ["dist/server/main.mjs"], {
    cwd: release,
    env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: port, DATA_DIR: dataDir, MAIL_OUTBOX: "1" },
    stdio: "inherit",
  });
  try {
    for (let i = 0; ; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200) break;
      // A first start creates the embedded database and runs every migration: 45 s on a busy
      // 2-core machine.
      if (i > 3000 || server.exitCode !== null || server.signalCode !== null) {
        throw new Error("the release did not become ready");
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await fetch(`http://127.0.0.1:${port}/auth`);
    console.log(`Release answers: /api/ready 200, /auth ${page.status} (Node ${process.versions.node})`);
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args[0] === "--assemble") {
  assemble(root, path.resolve(args[1] ?? "/release"));
} else {
  const version = readJson(path.join(root, "package.json")).version;
  const out = path.resolve(
    args.find((a) => !a.startsWith("--")) ?? path.join(root, ".release", `bahi-${version}`),
  );
  const work = mkdtempSync(path.join(tmpdir(), "bahi-release-"));
  try {
    buildStage(work, out);
    console.log(`Release folder: ${out}`);
    if (args.includes("--start")) await startRelease(out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
