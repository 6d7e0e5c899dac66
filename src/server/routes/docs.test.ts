import { API_ROUTES } from "#contract";
import { openApiPath } from "#contract/openapi";
import { describeEachDb, testAppForSuite } from "../testing/harness";

interface Operation {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = {
  openapi: string;
  info: { license?: { name: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

describeEachDb("API documentation", (kind) => {
  const t = testAppForSuite(kind);
  let doc: Document;
  beforeAll(async () => {
    const response = await t.get("/api/docs/openapi.json");
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });

  it("is an OpenAPI 3.1 document that names its server and licence", () => {
    expect(doc.openapi).toBe("3.1.0");
    // Relative to where the document is read: a generated client calls the host it came from.
    expect(doc.servers?.map((s) => s.url)).toEqual(["/"]);
    expect(doc.info.license?.name).toMatch(/\S/);
  });

  it("lists every registered API route", () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => r.method !== "HEAD" && r.method !== "OPTIONS" && r.url.startsWith("/api/"),
    );
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => {
      const method = r.method.toLowerCase();
      // better-auth's catch-all is documented route by route.
      if (r.url.endsWith("/*")) {
        const prefix = r.url.slice(0, -1);
        return !Object.entries(doc.paths).some(([path, ops]) => path.startsWith(prefix) && ops[method]);
      }
      return !doc.paths[openApiPath(r.url)]?.[method];
    });
    expect(missing).toEqual([]);
  });

  it("documents only routes that exist", () => {
    const gone = API_ROUTES.filter(
      (r) =>
        !r.path.startsWith("/api/auth/") &&
        !t.app.registeredRoutes.some((seen) => seen.method === r.method && seen.url === r.path),
    );
    expect(gone).toEqual([]);
  });

  it("gives every route its request and response schemas", () => {
    for (const route of API_ROUTES) {
      const op = doc.paths[openApiPath(route.path)][route.method.toLowerCase()];
      const name = `${route.method} ${route.path}`;
      const success = Object.entries(op.responses).filter(([status]) => /^\d+$/.test(status));
      expect(success.length, name).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        if (status === "204" || status.startsWith("3")) continue;
        expect(Object.keys(answer.content ?? {}).length, `${name} ${status}`).toBe(1);
      }
      expect(op.responses["4XX"]?.content?.["application/json"]?.schema, name).toBeTruthy();
      const bodiless = route.path.endsWith("/duplicate") || route.path.endsWith("/pdf");
      if (route.method !== "GET" && route.method !== "DELETE" && !bodiless) {
        expect(op.requestBody?.content["application/json"].schema, name).toBeTruthy();
      }
    }
  });

  it("describes better-auth's routes with their bodies", () => {
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
      "/api/auth/sign-out",
      "/api/auth/change-password",
    ]) {
      const schema = doc.paths[path]?.post?.requestBody?.content["application/json"].schema;
      expect(schema, path).toMatchObject({ type: "object" });
    }
    expect(doc.paths["/api/auth/get-session"]?.get).toBeTruthy();
    const signUp = doc.paths["/api/auth/sign-up/email"].post.requestBody!.content["application/json"].schema;
    expect(signUp.required).toEqual(expect.arrayContaining(["email", "password", "name"]));
  });

  it("serves a page that loads nothing from elsewhere, with one small script of its own to try calls", async () => {
    const response = await t.get("/api/docs");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<link|@import|https?:\/\//i);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/api/docs/try.js" defer>']);
    expect(html).toContain('<form id="try-form">');
    for (const route of API_ROUTES) expect(html).toContain(openApiPath(route.path));
    const script = await t.get("/api/docs/try.js");
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.body).toContain('authorization: "Bearer "');
    expect(script.body).not.toMatch(/https?:\/\//);
    expect(() => new Function(script.body)).not.toThrow();
  });
});
