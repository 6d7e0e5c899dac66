import { z } from "zod";
import { route } from "./registry";

// Unknown families and weights are a 404 from the route (no such font), not a 400.
export const fontParams = z.object({
  family: z.string().max(100).describe("One of the PDF font families, e.g. Inter"),
  weight: z.string().max(20).describe("regular or bold"),
});

const tag = "System";
const check = z.enum(["ok", "unavailable", "pending", "starting", "draining"]);
export const systemRoutes = [
  route({
    method: "GET",
    path: "/api/health",
    summary: "Liveness: 200 while the process serves HTTP, with whether the database answers",
    tag,
    auth: "public",
    responses: { 200: z.object({ status: z.literal("ok"), database: check }) },
  }),
  route({
    method: "GET",
    path: "/api/ready",
    summary:
      "Readiness: 200 only when the database, migrations and PDF threads are ready (else 503); 503 from the moment the server is told to stop",
    tag,
    auth: "public",
    responses: {
      200: z.object({ status: z.literal("ready"), checks: z.record(z.string(), check) }),
      503: z.object({ status: z.literal("not_ready"), checks: z.record(z.string(), check) }),
    },
  }),
  route({
    method: "GET",
    path: "/api/fonts/:family/:weight",
    summary: "A font file the PDFs embed (for the editor's preview)",
    tag,
    auth: "public",
    params: fontParams,
    responses: { 200: { contentType: "font/ttf", description: "The TrueType font" } },
  }),
  route({
    method: "GET",
    path: "/api/docs/openapi.json",
    summary: "This document",
    tag,
    auth: "public",
    responses: { 200: z.looseObject({ openapi: z.string() }) },
  }),
  route({
    method: "GET",
    path: "/api/docs",
    summary: "This document as a page to read, and to try calls with an API key",
    tag,
    auth: "public",
    responses: { 200: { contentType: "text/html", description: "The API reference" } },
  }),
  route({
    method: "GET",
    path: "/api/docs/try.js",
    summary: "The reference page's small script that sends a call with an API key",
    tag,
    auth: "public",
    responses: { 200: { contentType: "text/javascript", description: "The script" } },
  }),
];
