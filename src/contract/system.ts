import { z } from "zod";
import { routeGroup } from "./registry";

// Unknown families and weights are a 404 from the route (no such font), not a 400.
export const fontParams = z.object({
  family: z.string().max(100).describe("One of the PDF font families, e.g. Inter"),
  weight: z.string().max(20).describe("regular or bold"),
});

const system = routeGroup("System", "public");
const check = z.enum(["ok", "unavailable", "pending", "starting", "draining"]);
export const systemRoutes = [
  system.get(
    "/api/health",
    "Liveness: 200 while the process serves HTTP, with whether the database answers",
    { responses: { 200: z.object({ status: z.literal("ok"), database: check }) } },
  ),
  system.get(
    "/api/ready",
    "Readiness: 200 only when the database, migrations and PDF threads are ready (else 503); 503 from the moment the server is told to stop",
    {
      responses: {
        200: z.object({ status: z.literal("ready"), checks: z.record(z.string(), check) }),
        503: z.object({ status: z.literal("not_ready"), checks: z.record(z.string(), check) }),
      },
    },
  ),
  system.get("/api/fonts/:family/:weight", "A font file the PDFs embed (for the editor's preview)", {
    params: fontParams,
    responses: { 200: { contentType: "font/ttf", description: "The TrueType font" } },
  }),
  system.get("/api/docs/openapi.json", "This document", {
    responses: { 200: z.looseObject({ openapi: z.string() }) },
  }),
  system.get("/api/docs", "This document as a page to read, and to try calls with an API key", {
    responses: { 200: { contentType: "text/html", description: "The API reference" } },
  }),
  system.get("/api/docs/try.js", "The reference page's small script that sends a call with an API key", {
    responses: { 200: { contentType: "text/javascript", description: "The script" } },
  }),
];
