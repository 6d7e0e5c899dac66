import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument } from "#contract/openapi";
import { escapeHtml } from "../html";

type Doc = ReturnType<typeof buildOpenApiDocument>;
interface Operation {
  tags: string[];
  summary: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/** Try a call with an API key: a form and a small script from this origin (the CSP allows 'self'). */
const TRY_FORM = `<section id="try" aria-labelledby="try-heading">
<h2 id="try-heading">Try a call</h2>
<p>With an API key from My Account → API keys. Routes marked <span class="auth">API key</span> take it; a read-only key may only GET.</p>
<form id="try-form">
<label for="try-key">API key</label><input id="try-key" type="password" autocomplete="off" placeholder="bahi_sk_..." required>
<label for="try-method">Method</label><select id="try-method"><option>GET</option><option>POST</option><option>PUT</option><option>PATCH</option><option>DELETE</option></select>
<label for="try-path">Path</label><input id="try-path" value="/api/invoices?page=1" required>
<label for="try-body">JSON body (POST, PUT, PATCH)</label><textarea id="try-body" rows="4"></textarea>
<button type="submit">Send</button>
</form>
<h3>Answer</h3>
<pre id="try-answer" aria-live="polite">Nothing sent yet.</pre>
</section>
<script src="/api/docs/try.js" defer></script>`;

/** Sends the form's call with the key; the key stays in the page (never stored). */
export const TRY_SCRIPT = `"use strict";
document.getElementById("try-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const out = document.getElementById("try-answer");
  const method = document.getElementById("try-method").value;
  const path = document.getElementById("try-path").value.trim();
  const body = document.getElementById("try-body").value.trim();
  if (!path.startsWith("/api/")) { out.textContent = "The path must start with /api/."; return; }
  out.textContent = "Sending...";
  try {
    const response = await fetch(path, {
      method,
      credentials: "omit",
      headers: { authorization: "Bearer " + document.getElementById("try-key").value.trim(), ...(body && method !== "GET" ? { "content-type": "application/json" } : {}) },
      body: body && method !== "GET" && method !== "DELETE" ? body : undefined,
    });
    const text = await response.text();
    let shown = text;
    try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch {}
    out.textContent = response.status + " " + response.statusText + "\\n\\n" + shown;
  } catch (error) {
    out.textContent = "The call failed: " + error.message;
  }
});
`;

/** The document as one plain page: no script, no CDN, so it passes the app's CSP as it is. */
export function renderDocsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const parts = [
        `<summary><code class="m">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary)}${op.security.length ? ' <span class="auth">signed in</span>' : ""}${op.security.length > 1 ? ' <span class="auth">API key</span>' : ""}</summary>`,
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
#try { border: 1px solid #c7d2fe; border-radius: 6px; padding: .8rem 1rem; background: #f8faff; }
#try label { display: block; font-weight: 600; margin-top: .6rem; }
#try input, #try select, #try textarea { width: 100%; box-sizing: border-box; font: 14px ui-monospace, monospace; padding: .4rem; }
#try button { margin-top: .8rem; padding: .5rem 1rem; background: #1e3a8a; color: #fff; border: 0; border-radius: 6px; font-weight: 600; }
</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>The machine-readable OpenAPI ${escapeHtml(doc.openapi)} document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p>
${TRY_FORM}
${sections.join("\n")}
</body>
</html>`;
}

/** GET /api/docs/openapi.json and GET /api/docs: the API's description, public. */
export function registerDocsRoutes(app: FastifyInstance) {
  // Built on the first request, not at start (~40 ms of the start otherwise).
  let built: { doc: Doc; page: string } | null = null;
  const docs = () => {
    if (!built) {
      const doc = buildOpenApiDocument();
      built = { doc, page: renderDocsPage(doc) };
    }
    return built;
  };
  app.get("/api/docs/openapi.json", async () => docs().doc);
  app.get("/api/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(docs().page));
  app.get("/api/docs/try.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(TRY_SCRIPT),
  );
}
