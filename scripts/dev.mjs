// `npm run dev`: the server from source, restarted on every change (tsx watch), and Vite's dev
// server for the web app with hot reload, which passes /api on to the server. Open the Vite page:
// http://localhost:5173. Ctrl+C stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import { exitOnUnsupportedNode } from "./node-version.mjs";

exitOnUnsupportedNode();

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const apiPort = process.env.PORT || "3000";
const webPort = process.env.DEV_WEB_PORT || "5173";
const env = {
  ...process.env,
  // development lets the Vite page's Origin (localhost:5173) through the server's Origin check.
  NODE_ENV: "development",
  PORT: apiPort,
  // Links in e-mails and Google's callback go to the page the developer has open.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
  DEV_API_URL: `http://localhost:${apiPort}`,
};

const children = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
  spawn(bin("vite"), ["--port", webPort, "--strictPort"], { cwd: root, env, stdio: "inherit" }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
// One of them stopping (a port in use, a crash at start) stops the other too.
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
