import fc from "fast-check";
import { z } from "zod";
import { API_ROUTES, type RouteContract } from "#contract";
import { errorSchema } from "#contract/common";
import { buildOpenApiDocument, openApiPath } from "#contract/openapi";
import type { FileResponse } from "#contract/registry";
import { accountsForSuite, describeEachDb, TEST_ORIGIN, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// Every route of the OpenAPI document, fuzzed from its own JSON schemas plus hostile values.
// A fixed seed and a bounded count keep the run repeatable and short; a failure prints the
// counterexample and the seed/path to replay it.
// PGlite is PostgreSQL itself (the same parser, types and errors), so the full count runs there; on
// PostgreSQL the first 10 cases of the same seed check what differs, the driver and its errors
// (docs/decisions/0063).
const SEED = 20_261_123;
const RUNS_PER_ROUTE = { pglite: 30, postgres: 10 };

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

const nested = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

/** Values no schema expects: NUL, lone surrogates, huge numbers, wrong types, deep nesting. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\u202e\u0000",
    "",
    " ",
    "x".repeat(10_000),
    "9".repeat(400),
    "-0",
    "1e309",
    "NaN",
    "__proto__",
    "2026-02-30",
    "0000-00-00",
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    0.1,
    2 ** 53,
    true,
    false,
    null,
    [],
    {},
    { __proto__: { admin: true } },
    { constructor: { prototype: { polluted: true } } },
    nested(600, 1, (inner) => [inner]),
    nested(600, "x", (inner) => ({ a: inner })),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schemaArb = plain(schema, depth);
  return fc.oneof({ weight: 9, arbitrary: schemaArb }, { weight: 1, arbitrary: hostile });
}

/** A valid-looking string with one character PostgreSQL cannot store, so the rest still passes. */
const poisoned = (base: fc.Arbitrary<string>) =>
  fc.tuple(base, fc.constantFrom("\u0000", "\ud800", "\udc00"), fc.nat()).map(([text, bad, at]) => {
    const i = text.length ? at % (text.length + 1) : 0;
    return text.slice(0, i) + bad + text.slice(i);
  });

const OMIT = Symbol("omit");

function plain(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((c) => plain(c, depth)));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => plain({ ...schema, type }, depth)));
  switch (schema.type) {
    case "string": {
      const maxLength = Math.min(schema.maxLength ?? 60, 300);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      const samples = [
        "2026-11-21",
        "#1E3A8A",
        "INR",
        "27AAPFU0939F1ZV",
        "a@example.com",
        "12.50",
        "Asia/Kolkata",
      ];
      const sample = fc.constantFrom(...samples);
      const short = fc.string({ minLength, maxLength: Math.max(0, maxLength - 1) });
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 2, arbitrary: sample },
        { weight: 1, arbitrary: poisoned(fc.oneof(sample, short)) },
      );
    }
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case "number":
      return fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noNaN: true }));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (depth > 4) return fc.constant([]);
      const item = schema.items ? fromSchema(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    }
    case "object": {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      // Optional fields are mostly left out, so one bad value is not hidden behind another.
      for (const [key, value] of Object.entries(properties)) {
        const arb = fromSchema(value, depth + 1);
        model[key] = required.has(key) ? arb : fc.oneof({ weight: 3, arbitrary: fc.constant(OMIT) }, arb);
      }
      if (!Object.keys(model).length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc
        .record(model)
        .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== OMIT)));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Operation = {
  parameters: { name: string; in: "path" | "query"; schema: JsonSchema }[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
};

/** Good bodies, so that one changed leaf is the only thing wrong with a request. */
const VALID_INVOICE = {
  invoiceNumber: "FUZZ-2",
  invoiceDate: "2026-11-21",
  dueDate: "2026-12-21",
  currency: "INR",
  client: { name: "Fuzz client", billingAddress: { line1: "1 MG Road", city: "Pune" } },
  items: [{ id: "l1", name: "Work", quantity: "2", rate: "100.50", taxPercent: "18" }],
  notes: "Thanks",
};
const VALID_BODIES: Record<string, unknown> = {
  "POST /api/clients": { name: "Asha", email: "a@example.com", billingAddress: { city: "Pune" } },
  "PATCH /api/clients/:id": { notes: "n", shippingAddress: { line1: "x" } },
  "POST /api/products": { name: "Pen", rate: "10.50", availableQuantity: 5, lowStockLevel: 1 },
  "PATCH /api/products/:id": { name: "Pen", rate: 12, defaultTaxPercent: 18 },
  "POST /api/products/:id/stock-adjustments": { change: 2, note: "Count" },
  "POST /api/invoices": VALID_INVOICE,
  "PUT /api/invoices/:id": VALID_INVOICE,
  "POST /api/invoices/:id/status": { status: "paid", paymentDate: "2026-11-22" },
  "PUT /api/settings": { companyName: "Acme", bankDetails: { bankName: "SBI" }, defaultDueDateDays: 15 },
  "PATCH /api/profile": { fullName: "Asha Rao" },
  "POST /api/auth/sign-in/email": { email: "a@example.com", password: "s3cret-Passw0rd" },
};

function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [at];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, inner]) => leafPaths(inner, [...at, key]));
}

/** The good body with one leaf replaced by a hostile or poisoned value. */
function mutated(good: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(good);
  const bad = fc.oneof(hostile, poisoned(fc.constantFrom("Asha", "2026-11-21", "10")));
  return fc.tuple(fc.nat({ max: paths.length - 1 }), bad).map(([index, value]) => {
    const copy = structuredClone(good) as Record<string | number, unknown>;
    const path = paths[index];
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path[path.length - 1]] = value;
    return copy;
  });
}

function requestArbitrary(operation: Operation, realIds: string[], good?: unknown) {
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of operation.parameters) {
    if (p.in === "path") {
      const generated = fromSchema(p.schema);
      params[p.name] =
        p.name === "id" && realIds.length ? fc.oneof(fc.constantFrom(...realIds), generated) : generated;
    } else query[p.name] = fromSchema(p.schema);
  }
  const bodySchema = operation.requestBody?.content["application/json"].schema;
  return fc.record({
    params: fc.record(params),
    query: fc.record(query, { requiredKeys: [] }),
    body: bodySchema
      ? fc.oneof(
          { weight: 8, arbitrary: fromSchema(bodySchema) },
          { weight: 1, arbitrary: hostile },
          ...(good === undefined
            ? []
            : [
                { weight: 1, arbitrary: fc.constant(good) },
                { weight: 8, arbitrary: mutated(good) },
              ]),
        )
      : fc.constant(undefined),
  });
}

const asText = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

/** encodeURIComponent, but a lone surrogate is sent as its (invalid) UTF-8 bytes instead of throwing. */
const encodeSegment = (text: string) =>
  text
    .split(/(\p{Cs})/u)
    .map((part) => {
      if (!/^\p{Cs}$/u.test(part)) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    })
    .join("");

function urlOf(route: RouteContract, params: Record<string, unknown>, query: Record<string, unknown>) {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    encodeSegment(asText(params[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const isFile = (r: unknown): r is FileResponse =>
  typeof r === "object" && r !== null && "contentType" in r && !(r instanceof z.ZodType);

// Routes that would end the fuzzing user's own session are fuzzed as a stranger instead.
const AS_STRANGER = (route: RouteContract) => route.path.startsWith("/api/auth/");

describeEachDb("every route under fuzzing", (kind) => {
  const t = testAppForSuite(kind, { env: { RAZORPAY_WEBHOOK_SECRET: "fuzz-webhook-secret" } });
  const [me] = accountsForSuite(t, 1);
  const realIds: string[] = [];
  const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    const client = await t.post("/api/clients", { name: "Fuzz client" }, me.cookie);
    const product = await t.post(
      "/api/products",
      { name: "Fuzz product", rate: 10, availableQuantity: 5 },
      me.cookie,
    );
    const invoice = await t.post(
      "/api/invoices",
      invoiceRequest("FUZZ-1", { status: "draft", client: { name: "Fuzz client" } }),
      me.cookie,
    );
    for (const response of [client, product]) realIds.push(response.json().id);
    realIds.push(invoice.json().invoice.id);
  });

  // clear-user-data last, so the real ids stay real for the others.
  const ordered = [...API_ROUTES].sort(
    (a, b) => Number(a.path.endsWith("clear-user-data")) - Number(b.path.endsWith("clear-user-data")),
  );

  for (const route of ordered) {
    it(`${route.method} ${route.path}: no 5xx, every answer as documented`, async () => {
      const operation = doc.paths[openApiPath(route.path)][route.method.toLowerCase()];
      await fc.assert(
        fc.asyncProperty(
          requestArbitrary(operation, realIds, VALID_BODIES[`${route.method} ${route.path}`]),
          async ({ params, query, body }) => {
            const url = urlOf(route, params, query);
            const response = await t.app.inject({
              method: route.method,
              url,
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
              headers: {
                origin: TEST_ORIGIN,
                ...(body === undefined ? {} : { "content-type": "application/json" }),
                ...(AS_STRANGER(route) ? {} : { cookie: me.cookie }),
              },
            });
            const status = response.statusCode;
            const where = `${route.method} ${url.slice(0, 200)} -> ${status} ${response.body.slice(0, 300)}`;
            // Only a documented 5xx is allowed (readiness says 503 while the PDF threads start).
            if (!(status in route.responses)) expect(status, where).toBeLessThan(500);
            if (status >= 400 && !(status in route.responses)) {
              const errors = route.errors ?? errorSchema;
              expect(errors.safeParse(response.json()).success, where).toBe(true);
              return;
            }
            expect(Object.keys(route.responses), where).toContain(String(status));
            const documented = route.responses[status];
            if (documented === null) return;
            if (isFile(documented)) {
              const [major, minor] = documented.contentType.split("/");
              const type = String(response.headers["content-type"]);
              expect(type.startsWith(minor === "*" ? `${major}/` : documented.contentType), where).toBe(true);
              return;
            }
            const parsed = documented.safeParse(response.json());
            expect(parsed.success, `${where}\n${parsed.error?.message}`).toBe(true);
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE[kind], endOnFailure: true },
      );
    });
  }
});
