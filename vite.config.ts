import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { FIRST_PAGES, isEditorRoute } from "./src/web/first-pages";

const SHARED = /node_modules[\\/](lucide-react|@tanstack)[\\/]/;
const APP_CODE = /[\\/]src[\\/](web|domain|contract)[\\/]/;
const modulesOf = (routes: typeof FIRST_PAGES) =>
  routes.flatMap(([, modules]) => modules.map((m) => `/src/web/${m}`));
/** The first pages' modules: /auth's, the editor's (new and saved), and the light app pages'. */
const PUBLIC_FIRST = modulesOf(FIRST_PAGES.filter(([pattern]) => pattern === "^/auth$"));
const APP_FIRST = modulesOf(FIRST_PAGES.filter((r) => !isEditorRoute(r))).filter(
  (m) => !PUBLIC_FIRST.includes(m),
);
const EDITOR_FIRST = modulesOf(FIRST_PAGES.filter(isEditorRoute)).filter((m) => !APP_FIRST.includes(m));

/**
 * Our own modules that several lazily loaded pages share, gathered into three chunks by the first
 * pages (src/web/first-pages.ts) that use them: shared with /auth ("public-common"), with a light app
 * page such as /dashboard or the shell ("app-common"), or among the first pages with the editor only
 * ("editor-common"). Left to itself the bundler makes one chunk per set of pages, 1-2 KB each: the
 * editor opened with 38 files, and a phone on HTTP/1.1 fetches six at a time, 150 ms a round.
 * Modules the entry loads, one page's own, and those no first page uses are left where they fall.
 */
function sharedChunk(id: string, ctx: Rollup.ChunkingContext): string | null {
  const pages = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  for (let module = stack.pop(); module; module = stack.pop()) {
    if (seen.has(module)) continue;
    seen.add(module);
    const info = ctx.getModuleInfo(module);
    if (!info) continue;
    if (info.isEntry) return null;
    // A module loaded by import() starts a page (or a dialog): it is where this module is used.
    if (info.dynamicImporters.length > 0) pages.add(module);
    stack.push(...info.importers);
  }
  if (pages.size < 2) return null;
  const usedBy = (modules: string[]) => [...pages].some((page) => modules.some((m) => page.endsWith(m)));
  if (usedBy(PUBLIC_FIRST)) return "public-common";
  if (usedBy(APP_FIRST)) return "app-common";
  if (usedBy(EDITOR_FIRST)) return "editor-common";
  return null;
}

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside every text file of the build, so
 * the server sends them as they are (src/server/app.ts, `preCompressed`) instead of compressing on
 * every request at a fast, weaker setting: a phone downloads fewer bytes before the first page.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "bahi-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|ico|webmanifest)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * A small script the build writes into index.html asks for a first page's modules and API answers
 * (src/web/first-pages.ts) while the entry itself downloads, instead of after the entry has run: the
 * page's code and data are there when React first draws, one round trip sooner on a phone. The
 * app's own requests take the preloaded answers (same URL and credentials).
 */
function preloadFirstPage(): Plugin {
  return {
    name: "bahi-preload-first-page",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle["index.html"];
      if (!entry || html?.type !== "asset") return;
      // The entry's own imports are already preloaded by index.html.
      const loaded = new Set([entry.fileName, ...entry.imports]);
      const withImports = (file: string, into: Set<string>) => {
        if (loaded.has(file) || into.has(file)) return;
        into.add(file);
        for (const next of (bundle[file] as Rollup.OutputChunk).imports) withImports(next, into);
      };
      const routes = FIRST_PAGES.map(([pattern, modules, api]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/web/${module}`));
          if (!chunk) throw new Error(`preloadFirstPage: no chunk for ${module}`);
          withImports(chunk.fileName, files);
        }
        return [pattern, [...files].map((f) => `/${f}`), api];
      });
      // modulepreload for the code; preload as "fetch" (credentials same-origin, as api.ts asks)
      // for the data.
      const source = `(function(){var r=${JSON.stringify(routes)},p=location.pathname;function add(h,rel,as){var l=document.createElement("link");l.rel=rel;if(as)l.as=as;l.crossOrigin="";l.href=h;document.head.appendChild(l)}for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(h){add(h,"modulepreload")});r[i][2].forEach(function(h){add(h,"preload","fetch")});return}})();\n`;
      const fileName = `assets/first-page-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
      this.emitFile({ type: "asset", fileName, source });
      const tag = `<script src="/${fileName}"></script>`;
      const page = String(html.source);
      if (!page.includes('<script type="module"'))
        throw new Error("preloadFirstPage: no entry script in index.html");
      html.source = page.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), preloadFirstPage(), precompress()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Icons and the data hooks are shared by most app pages: one chunk for them rather than a
        // 1 KB chunk per icon, so an app page opens with a handful of requests instead of twenty
        // (each one a round trip on a phone's connection). Those the entry itself needs go in a
        // chunk of their own, so /auth does not download the app pages' icons.
        codeSplitting: {
          groups: [
            { name: "entry-shared", test: SHARED, tags: ["$initial"], priority: 2 },
            { name: "app-shared", test: SHARED, priority: 1 },
            // Only the modules themselves: what they import finds its own chunk by the same rule.
            { name: sharedChunk, test: APP_CODE, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev` (scripts/dev.mjs) runs the server beside Vite and names its address.
    proxy: { "/api": { target: process.env.DEV_API_URL ?? "http://localhost:3000", changeOrigin: false } },
  },
});
