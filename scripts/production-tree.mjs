// What a production install holds, read from package-lock.json without installing anything: the
// release's package.json (scripts/release.mjs) and every package npm places for it. Shared by the
// release script and src/server/production-deps.test.ts.
//
// Why the release has its own package.json: npm keeps a devDependency in `npm ci --omit=dev` when a
// production package names it as an *optional* peer (npm/cli#7740). better-auth names vitest,
// drizzle-kit, react and react-dom so, which would bring vite, esbuild 0.18/0.25 and the rest into
// every production install of a clone. Without devDependencies in the manifest, npm has nothing to
// satisfy those optional peers with and leaves them out.

/** Build tools and browser-only code: none of them may be in a production install. */
export const BUILD_TOOLS = [
  "vite",
  "rolldown",
  "esbuild",
  "tsx",
  "tailwindcss",
  "@tailwindcss/vite",
  "@tailwindcss/oxide",
  "lightningcss",
  "@vitejs/plugin-react",
  "drizzle-kit",
  "vitest",
  "typescript",
  "react",
  "react-dom",
  "react-router",
  "lucide-react",
  "@fontsource/roboto",
  // The Node binary from npm: a production machine brings a real Node 24 (decision 0006).
  "node",
];

/** The package.json of a release: runtime dependencies only, and the scripts a release can run. */
export function productionManifest(manifest) {
  const { node: _binary, ...dependencies } = manifest.dependencies;
  return {
    name: manifest.name,
    version: manifest.version,
    private: true,
    description: manifest.description,
    type: manifest.type,
    engines: manifest.engines,
    scripts: {
      start: manifest.scripts.start,
      backup: manifest.scripts.backup,
      restore: manifest.scripts.restore,
    },
    dependencies,
  };
}

/**
 * The lock's packages that npm installs for `dependencies`: each one's dependencies, optional
 * dependencies and required peers, found the way Node resolves them (the nearest node_modules up
 * from the package). Optional peers are not followed: npm installs them only to satisfy something
 * else. Answers lock paths ("node_modules/x", "node_modules/a/node_modules/x").
 */
export function productionPackages(lock, dependencies) {
  const packages = lock.packages;
  const resolve = (from, name) => {
    let dir = from;
    for (;;) {
      const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return undefined;
      const at = dir.lastIndexOf("/node_modules/");
      dir = at === -1 ? "" : dir.slice(0, at);
    }
  };
  const reached = new Set();
  const visit = (from, names) => {
    for (const name of names) {
      const found = resolve(from, name);
      if (!found || reached.has(found)) continue;
      reached.add(found);
      const p = packages[found];
      const optionalPeers = new Set(
        Object.entries(p.peerDependenciesMeta ?? {})
          .filter(([, meta]) => meta.optional)
          .map(([n]) => n),
      );
      visit(found, [
        ...Object.keys(p.dependencies ?? {}),
        ...Object.keys(p.optionalDependencies ?? {}),
        ...Object.keys(p.peerDependencies ?? {}).filter((n) => !optionalPeers.has(n)),
      ]);
    }
  };
  visit("", Object.keys(dependencies));
  return reached;
}

/** "node_modules/a/node_modules/@s/x" -> "@s/x". */
export const packageName = (lockPath) => lockPath.slice(lockPath.lastIndexOf("node_modules/") + 13);
