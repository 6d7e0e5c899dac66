// The walls between the floors of src/, checked on every test run (docs: README "Layout").
// Each broken rule is printed as `file:line  import "x": why`, so the fix is obvious.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { FIRST_PAGES, isEditorRoute } from "#web/first-pages";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "src");

type Area = "domain" | "contract" | "server" | "web";
/** How an import loads: with its file, only when called (`import()`), or not at all (types). */
type Loads = "static" | "dynamic" | "type";
type Use = { file: string; line: number; specifier: string; loads?: Loads };

const ALIASES: [prefix: string, folder: string][] = [
  ["#domain/", "src/domain/"],
  ["#contract/", "src/contract/"],
  ["#contract", "src/contract/index"],
  ["#server/", "src/server/"],
  ["#web/", "src/web/"],
];
const DATABASE_DRIVERS = ["drizzle-orm", "pg", "@electric-sql/pglite"];
/** Packages the pure floors may use; test files may also use the test tools. */
const DOMAIN_PACKAGES = ["zod"];
/** ajv checks the e-invoice JSON against its schema fixture (decision 0034). */
const TEST_PACKAGES = ["vitest", "fast-check", "ajv"];
/**
 * Outside src/server/db, only these may speak to a database driver, because they work beneath
 * Drizzle: a backup copies the whole database (PGlite's data folder, or a pg client beside pg_dump),
 * and the test harness creates and drops a database per test file.
 */
const DRIVER_ALLOWED = ["src/server/backup/", "src/server/testing/"];
/**
 * Each kind of document has its folder under src/web/features, and none imports another's (issue
 * 30): what they share lives in the shared folders, which import no kind; where one kind's page
 * shows another's card, features/document-links puts them together for the router.
 */
const DOCUMENT_KINDS = ["invoices", "quotes", "credit-notes", "recurring", "pre-invoice"];
const SHARED_DOCUMENT_FOLDERS = ["documents", "document-editor"];
/** `process.env` is read once, by config.ts; tests read theirs through test-config.ts. */
const ENV_READERS = ["src/server/config.ts", "src/server/testing/test-config.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

type Parsed = { file: string; imports: Use[]; envReads: Use[] };

function parse(file: string): Parsed {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const at = (node: ts.Node, specifier: string, loads: Loads = "static"): Use => ({
    file: relative(file),
    line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1,
    specifier,
    loads,
  });
  const imports: Use[] = [];
  const envReads: Use[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier))
        imports.push(at(node, node.moduleSpecifier.text, typeOnly(node) ? "type" : "static"));
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const loads = dynamic || (ts.isIdentifier(node.expression) && node.expression.text === "require");
      if (loads && first && ts.isStringLiteralLike(first))
        imports.push(at(node, first.text, dynamic ? "dynamic" : "static"));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) imports.push(at(node, literal.text, "type"));
    } else if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === "env" &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "process"
    ) {
      envReads.push(at(node, "process.env"));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { file, imports, envReads };
}

/** `import type {…}`, `import { type A, type B }`, `export type {…} from`: gone from the build. */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

type Target =
  | { kind: "file"; path: string; area: Area | undefined; viaRelative: boolean }
  | { kind: "package"; name: string; builtin: boolean };

function resolve(from: string, specifier: string): Target {
  if (specifier.startsWith(".")) {
    const target = relative(path.resolve(path.dirname(from), specifier));
    return { kind: "file", path: target, area: areaOf(target), viaRelative: true };
  }
  for (const [prefix, folder] of ALIASES) {
    if (specifier === prefix || (prefix.endsWith("/") && specifier.startsWith(prefix))) {
      const target = folder + specifier.slice(prefix.length);
      return { kind: "file", path: target, area: areaOf(target), viaRelative: false };
    }
  }
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  const builtin = specifier.startsWith("node:") || builtinModules.includes(name);
  return { kind: "package", name, builtin };
}

function areaOf(repoPath: string): Area | undefined {
  const match = /^src\/(domain|contract|server|web)(\/|$)/.exec(repoPath);
  return match?.[1] as Area | undefined;
}

/** The server's floors, top to bottom: routes -> services -> queries (all of db/) -> schema. */
function serverFloor(repoPath: string): number | undefined {
  if (repoPath.startsWith("src/server/routes/")) return 3;
  if (repoPath.startsWith("src/server/services/")) return 2;
  if (/^src\/server\/db\/schema(\.ts)?$/.test(repoPath)) return 0;
  if (repoPath.startsWith("src/server/db/")) return 1;
  return undefined;
}
const FLOOR_NAMES = ["schema", "queries", "services", "routes"];

function featureOf(repoPath: string): string | undefined {
  return /^src\/web\/features\/([^/]+)\//.exec(repoPath)?.[1];
}

/** Why an import between the web's feature folders breaks the kinds' walls, or undefined. */
function kindBreach(from: string, target: string): string | undefined {
  const source = featureOf(from);
  const into = featureOf(target);
  if (!source || !into || source === into || !DOCUMENT_KINDS.includes(into)) return undefined;
  if (DOCUMENT_KINDS.includes(source)) {
    return `one kind of document imports no other's folder (features/${source} -> features/${into}): share it through features/documents or compose them in features/document-links`;
  }
  if (SHARED_DOCUMENT_FOLDERS.includes(source)) {
    return `features/${source} is shared by every kind and imports none (here: features/${into})`;
  }
  return undefined;
}

/** Why this import breaks a wall, or undefined when it is fine. */
function breach(file: string, use: Use): string | undefined {
  const from = relative(file);
  const area = areaOf(from);
  const test = isTest(from);
  const target = resolve(file, use.specifier);

  if (target.kind === "file") {
    const climbs = use.specifier.match(/\.\.\//g)?.length ?? 0;
    if (area === "domain" && target.area && target.area !== "domain") {
      return `src/domain is pure and imports nothing outside itself (here: src/${target.area})`;
    }
    if (area === "contract" && target.area && target.area !== "contract" && target.area !== "domain") {
      return `src/contract imports only src/domain and zod (here: src/${target.area})`;
    }
    if (area === "web" && target.area === "server") {
      return "src/web never imports src/server: share it through src/contract or src/domain";
    }
    if (target.viaRelative && target.area && area && target.area !== area) {
      return `crosses from src/${area} into src/${target.area} by a relative path: import it as #${target.area}/...`;
    }
    if (target.viaRelative && target.area && climbs >= 2) {
      return `climbs ${climbs} folders: import it as #${target.area}/...`;
    }
    const floor = serverFloor(from);
    const targetFloor = serverFloor(target.path);
    if (!test && floor !== undefined && targetFloor !== undefined && targetFloor > floor) {
      return `server imports point down (routes -> services -> queries -> schema): ${FLOOR_NAMES[floor]} must not import ${FLOOR_NAMES[targetFloor]}`;
    }
    return kindBreach(from, target.path);
  }

  if (area === "domain" || area === "contract") {
    const allowed = [...DOMAIN_PACKAGES, ...(test ? TEST_PACKAGES : [])];
    if (!allowed.includes(target.name)) {
      const what = target.builtin ? "a node built-in" : "a package";
      return `src/${area} is pure and uses no package but ${allowed.join(", ")} (here: ${target.name}, ${what})`;
    }
  }
  if (area === "web" && target.builtin && !test) {
    return "src/web runs in the browser: no node built-ins";
  }
  if (DATABASE_DRIVERS.includes(target.name) && !test) {
    if (area === "web") return `src/web never imports a database driver (${target.name})`;
    if (!from.startsWith("src/server/db/") && !DRIVER_ALLOWED.some((prefix) => from.startsWith(prefix))) {
      return `only src/server/db speaks to the database (${target.name}): call a query in src/server/db/queries`;
    }
  }
  return undefined;
}

function report(lines: string[]): string {
  return lines.length === 0 ? "" : `\n${lines.join("\n")}\n`;
}

const parsed = sourceFiles(src).map(parse);

describe("the walls between domain, contract, server and web", () => {
  it("finds the source files and their imports", () => {
    expect(parsed.length).toBeGreaterThan(100);
    expect(parsed.some((p) => p.imports.length > 0)).toBe(true);
  });

  it("every import stays inside its walls", () => {
    const breaches = parsed.flatMap(({ file, imports }) =>
      imports.flatMap((use) => {
        const why = breach(file, use);
        return why ? [`${use.file}:${use.line}  import "${use.specifier}": ${why}`] : [];
      }),
    );
    expect(report(breaches)).toBe("");
  });

  it("reads process.env only in src/server/config.ts (tests: src/server/testing/test-config.ts)", () => {
    const reads = parsed
      .flatMap(({ envReads }) => envReads)
      .filter((use) => !ENV_READERS.includes(use.file))
      .map((use) => `${use.file}:${use.line}  process.env: read it through config.ts (or test-config.ts)`);
    expect(report(reads)).toBe("");
  });
});

const byFile = new Map(parsed.map((p) => [relative(p.file), p]));

function sourceOf(target: string): string | undefined {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => byFile.has(candidate));
}

/**
 * The source files that download and run with `start` (static imports; not types, and not what
 * `import()` loads later), each with the chain of imports that brings it in.
 */
function loadedWith(start: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const use of byFile.get(file)?.imports ?? []) {
      if (use.loads !== "static") continue;
      const target = resolve(path.join(root, file), use.specifier);
      const next = target.kind === "file" ? sourceOf(target.path) : undefined;
      if (!next || chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const ENTRY = "src/web/main.tsx";
const firstPages = FIRST_PAGES.map((route) => {
  const [pattern, modules] = route;
  const loaded = new Map<string, string[]>();
  for (const start of [ENTRY, ...modules.map((m) => `src/web/${m}`)])
    for (const [file, chain] of loadedWith(start)) if (!loaded.has(file)) loaded.set(file, chain);
  return { pattern, editor: isEditorRoute(route), loaded };
});

// Decision 0012: what a phone downloads and runs before the first page can draw. A page that
// breaks one of these rules falls below 90 in Lighthouse's mobile run (bench/lighthouse/lighthouse.ts).
describe("what the first pages load before they draw", () => {
  it("finds each first page's modules", () => {
    for (const { pattern, loaded } of firstPages) expect(loaded.size, pattern).toBeGreaterThan(10);
  });

  it("no first page loads Radix's dialog before a dialog opens (components/ui/lazy-dialog)", () => {
    const eager = firstPages.flatMap(({ pattern, loaded }) => {
      const chain = loaded.get("src/web/components/ui/dialog.tsx");
      return chain ? [`${pattern}: ${chain.join(" -> ")}`] : [];
    });
    expect(report(eager)).toBe("");
  });

  it("the entry, /auth, /dashboard and the lists load no zod schema (zod's builders are ~80 KB)", () => {
    const lean = firstPages.filter(({ editor }) => !editor);
    const schemas = lean.flatMap(({ pattern, loaded }) =>
      [...loaded]
        .filter(([file]) => file !== "src/web/zod-config.ts")
        .filter(([file]) =>
          byFile.get(file)?.imports.some((u) => u.loads === "static" && u.specifier === "zod"),
        )
        .map(([, chain]) => `${pattern}: ${chain.join(" -> ")} imports zod`),
    );
    expect(report(schemas)).toBe("");
  });
});

describe("the wall checker itself", () => {
  const at = (file: string, specifier: string) => breach(path.join(root, file), { file, line: 1, specifier });

  it.each([
    ["src/domain/totals.ts", "#server/config", /pure/],
    ["src/domain/totals.ts", "node:fs", /node built-in/],
    ["src/domain/totals.ts", "drizzle-orm", /pure/],
    ["src/domain/totals.ts", "../web/api", /imports nothing outside itself/],
    ["src/server/errors.ts", "../domain/errors", /relative path: import it as #domain/],
    ["src/contract/clients.ts", "#web/api", /only src\/domain and zod/],
    ["src/web/api.ts", "#server/config", /never imports src\/server/],
    ["src/web/api.ts", "pg", /database driver/],
    ["src/web/api.ts", "fs", /node built-ins/],
    ["src/server/services/invoices.ts", "drizzle-orm", /only src\/server\/db/],
    ["src/server/services/invoices.ts", "../routes/invoices", /services must not import routes/],
    ["src/server/db/queries/clients.ts", "#server/services/invoices", /queries must not import services/],
    ["src/server/db/schema.ts", "./queries/clients", /schema must not import queries/],
    ["src/web/features/a/b/page.tsx", "../../../components/ui/button", /climbs 3 folders/],
    [
      "src/web/features/quotes/QuoteEditor.tsx",
      "../invoices/editor/draft",
      /one kind of document imports no other's folder \(features\/quotes -> features\/invoices\)/,
    ],
    [
      "src/web/features/invoices/editor/Cards.tsx",
      "#web/features/credit-notes/NotesCard",
      /no other's folder/,
    ],
    [
      "src/web/features/documents/editor/draft.ts",
      "#web/features/invoices/queries",
      /shared by every kind and imports none/,
    ],
  ])("refuses %s importing %s", (file, specifier, why) => {
    expect(at(file, specifier)).toMatch(why);
  });

  it.each([
    ["src/domain/totals.ts", "./decimal"],
    ["src/domain/totals.ts", "zod"],
    ["src/contract/clients.ts", "#domain/validation"],
    ["src/web/api.ts", "#contract"],
    ["src/server/routes/invoices.ts", "#server/services/invoices"],
    ["src/server/services/invoices.ts", "#server/db/queries/invoices"],
    ["src/server/db/queries/clients.ts", "drizzle-orm"],
    ["src/server/db/queries/clients.ts", "../schema"],
    ["src/server/routes/invoices.test.ts", "drizzle-orm"],
    ["src/web/features/quotes/QuoteEditor.tsx", "#web/features/documents/editor/draft"],
    ["src/web/features/document-links/Route.tsx", "#web/features/invoices/Page"],
    ["src/web/features/dashboard/DashboardPage.tsx", "#web/features/invoices/queries"],
  ])("lets %s import %s", (file, specifier) => {
    expect(at(file, specifier)).toBeUndefined();
  });
});
