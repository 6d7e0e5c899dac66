// The Node versions Bahi runs on (package.json "engines": ^22.22.2 || >=24.15), checked before any
// package is loaded: by scripts/start.mjs and scripts/dev.mjs, and by the compiled server's entry
// (scripts/build-server.mjs copies this file beside it). On an older Node a dependency would crash
// at import with a stack trace that names neither the Node found nor the one needed.
// Plain JavaScript that parses on any Node still in use, so the message itself always shows.

export const NODE_NEEDED = "Node.js 24 (24.15 or newer), or 22.22.2 or newer on 22";

/** The one-line reason this Node cannot run Bahi, or undefined when it can. */
export function nodeVersionProblem(version = process.versions.node, execPath = process.execPath) {
  const [major, minor, patch] = version.split(".").map(Number);
  const supported =
    (major === 22 && (minor > 22 || (minor === 22 && patch >= 2))) ||
    (major === 24 && minor >= 15) ||
    major > 24;
  if (supported) return undefined;
  return `Bahi needs ${NODE_NEEDED}; this is Node.js ${version} (${execPath}). Install Node 24 (https://nodejs.org, a distribution package or the node:24 image); in a clone, npm scripts run on the Node 24 that "npm install" brings.`;
}

/** Stops the process with that line (exit code 1) on an unsupported Node. */
export function exitOnUnsupportedNode() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
