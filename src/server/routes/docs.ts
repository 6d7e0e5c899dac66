import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument } from "#contract/openapi";

type Doc = ReturnType<typeof buildOpenApiDocument>;
interface Operation {
  tags: string[];
  summary: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/** The document as one plain page: no script, no CDN, so it passes the app's CSP as it is. */
export function renderDocsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const parts = [
        `<summary><code class="m">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary)}${op.security.length ? ' <span class="auth">signed in</span>' : ""}</summary>`,
      ];
      if (op.parameters.length) parts.push("<h4>Parameters</h4>", json(op.parameters));
      const body = op.requestBody?.content["application/json"]?.schema;
      if (body) parts.push("<h4>Request body</h4>", json(body));
      for (const [status, answer] of Object.entries(op.responses)) {
        const [type, content] = Object.entries(answer.content ?? {})[0] ?? [];
        parts.push(
          `<h4>${escapeHtml(status)} ${escapeHtml(answer.description)}${type ? ` (${escapeHtml(type)})` : ""}</h4>`,
        );
        if (type === "application/json" && content) parts.push(json(content.schema));
      }
      const tag = op.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), `<details>${parts.join("\n")}</details>`]);
    }
  }
  const sections = [...byTag].map(
    ([tag, ops]) => `<section><h2>${escapeHtml(tag)}</h2>${ops.join("\n")}</section>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #111827; }
details { border: 1px solid #e5e7eb; border-radius: 6px; margin: .4rem 0; padding: .4rem .8rem; }
summary { cursor: pointer; }
code.m { display: inline-block; min-width: 4.2rem; font-weight: 600; color: #1e3a8a; }
.auth { font-size: 12px; background: #eef2ff; border-radius: 4px; padding: 0 .4rem; }
pre { background: #f9fafb; padding: .6rem; overflow: auto; font-size: 13px; }
h4 { margin: .8rem 0 .2rem; }
</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>The machine-readable OpenAPI ${escapeHtml(doc.openapi)} document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p>
${sections.join("\n")}
</body>
</html>`;
}

/** GET /api/docs/openapi.json and GET /api/docs: the API's description, public. */
export function registerDocsRoutes(app: FastifyInstance) {
  const doc = buildOpenApiDocument();
  const page = renderDocsPage(doc);
  app.get("/api/docs/openapi.json", async () => doc);
  app.get("/api/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));
}
