import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, worked out once at start and set on every answer as they are. The
 * @fastify/helmet plugin ran helmet's middleware on each request, which rebuilt the
 * Content-Security-Policy from its directives every time (about 3 % of a list request's CPU,
 * docs/decisions/0014-api-speed.md); none of Bahi's directives vary per request (no nonces).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, () => {});
  return headers;
}

/**
 * What a JSON answer needs of them (OWASP's REST Security cheat sheet, "Security headers"): no
 * sniffing it as another type, no framing, no reading it from another site's page (CORP), nothing
 * loaded should a browser open it as a document, and HSTS when served over https. The rest of
 * helmet's set (the page's CSP, referrer, opener, DNS prefetch, download and cross-domain policies,
 * the XSS auditor) governs documents, scripts and plugins, which a JSON answer is not: leaving them
 * off a list page saves ~560 bytes an answer and Node's work on ten headers (decision 0073).
 */
export function jsonAnswerHeaders(full: Record<string, string>): Record<string, string> {
  const hsts = full["strict-transport-security"];
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(hsts ? { "strict-transport-security": hsts } : {}),
  };
}

/** A JSON answer (Fastify's own `application/json; charset=utf-8`, or a route's `...+json`). */
const isJson = (contentType: unknown) =>
  typeof contentType === "string" && /^application\/([\w.-]+\+)?json\b/i.test(contentType);

/**
 * Every answer gets the short set when it is JSON and helmet's whole set otherwise (HTML, SVG and
 * other images, the docs page, scripts, PDFs, files, empty answers), once its type is known: in
 * onSend, after the route and the error handler. A header the route set itself is kept.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const full = Object.entries(helmetHeaders(options));
  const short = Object.entries(jsonAnswerHeaders(Object.fromEntries(full)));
  app.addHook("onSend", (_request, reply, payload, done) => {
    for (const [name, value] of isJson(reply.getHeader("content-type")) ? short : full)
      if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
