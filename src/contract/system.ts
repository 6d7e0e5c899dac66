import { z } from "zod";
import { route } from "./registry";

export const fontParams = z.object({ family: z.string().max(100), weight: z.enum(["regular", "bold"]) });

const tag = "System";
export const systemRoutes = [
  route({
    method: "GET",
    path: "/api/health",
    summary: "Alive, and the database answers",
    tag,
    auth: "public",
    responses: { 200: z.object({ status: z.literal("ok") }) },
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
    summary: "This document as a page to read",
    tag,
    auth: "public",
    responses: { 200: { contentType: "text/html", description: "The API reference" } },
  }),
];
