import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build } from "esbuild";
// @ts-expect-error: a plain JavaScript build script without type declarations
import { serverBuildOptions } from "../../scripts/build-server.mjs";
// @ts-expect-error: plain JavaScript, shared with scripts/release.mjs
import * as tree from "../../scripts/production-tree.mjs";
import { PROJECT_ROOT } from "./paths";
import { FALLBACK_FACES, FONT_FAMILIES, fontFace } from "./pdf/fonts";

// `npm install --omit=dev` installs only `dependencies`: whatever the compiled server loads must be
// one of them, or a production install does not start.

const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const dependencies = new Set(Object.keys(manifest.dependencies));
const builtins = new Set(builtinModules);

/** "@scope/name/sub" -> "@scope/name"; "name/sub" -> "name". */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** The server's build in memory, made once for the checks below (about 3 CPU-s a build). */
let built: ReturnType<typeof build> | undefined;
const serverBuild = () =>
  (built ??= build({ ...serverBuildOptions, write: false, metafile: true, logLevel: "silent" }));

describe("a production install", () => {
  it("has every package the compiled server and render thread import in dependencies", async () => {
    const result = await serverBuild();
    const imported = new Set<string>();
    for (const output of Object.values(result.metafile!.outputs)) {
      for (const i of output.imports) {
        if (!i.external || i.path.startsWith("node:") || builtins.has(i.path)) continue;
        imported.add(packageOf(i.path));
      }
    }
    // Most packages are compiled in (decision 0124); the ones left out are imported at run time.
    expect(imported).toContain("@electric-sql/pglite");
    expect(imported).toContain("pdfkit");
    expect(imported).not.toContain("fastify");
    // pg asks for pg-native only when `pg.native` is read, which Bahi never does.
    const optional = new Set(["pg-native"]);
    expect([...imported].filter((p) => !dependencies.has(p) && !optional.has(p)).sort()).toEqual([]);
  });

  it("runs compiled code that is all ASCII (V8 keeps one byte a character of it, not two)", async () => {
    const result = await serverBuild();
    const code = (result.outputFiles ?? []).filter((f) => f.path.endsWith(".mjs"));
    expect(code.length).toBeGreaterThan(3);
    const notAscii = code
      .map((f) => ({ file: path.basename(f.path), at: /[\u0080-\uffff].{0,30}/.exec(f.text)?.[0] }))
      .filter((f) => f.at !== undefined);
    expect(notAscii).toEqual([]);
  });

  it("holds no build tool or browser-only package (the release's package.json through the lock file)", () => {
    const lock = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package-lock.json"), "utf8"));
    const release = tree.productionManifest(manifest) as { dependencies: Record<string, string> };
    const installed = [...(tree.productionPackages(lock, release.dependencies) as Set<string>)].map(
      (p) => tree.packageName(p) as string,
    );
    expect(installed).toContain("fastify");
    expect(installed).toContain("sharp");
    expect(installed.filter((name) => (tree.BUILD_TOOLS as string[]).includes(name)).sort()).toEqual([]);
    // The server's packages are all there, so the release starts (first test: they are dependencies).
    for (const name of Object.keys(release.dependencies)) expect(installed).toContain(name);
  });

  it("has the font packages the PDF resolves at run time in dependencies", () => {
    const files = [
      ...FONT_FAMILIES.flatMap((f) => [fontFace(f).regular, fontFace(f).bold]),
      ...FALLBACK_FACES.map((f) => f.regular),
    ];
    const packages = new Set(
      files.map((file) => {
        const inside = file.split(`node_modules${path.sep}`).at(-1)!;
        return packageOf(inside.split(path.sep).join("/"));
      }),
    );
    expect([...packages].filter((p) => !dependencies.has(p)).sort()).toEqual([]);
  });
});
