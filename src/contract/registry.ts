import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A response that is not JSON (a file), described by its media type. */
export interface FileResponse {
  contentType: string;
  description: string;
}

export interface RouteContract {
  method: Method;
  /** Fastify's spelling: /api/clients/:id */
  path: string;
  summary: string;
  tag: string;
  /** "user": refused with 401 before its body is read unless a session comes with it. */
  auth: "user" | "public";
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success answers by status. Errors are documented for every route (see openapi.ts). */
  responses: Record<number, z.ZodType | FileResponse | null>;
  /** The route explains a body that is not a JSON object itself (import's own messages). */
  explainsBadBody?: boolean;
  /** better-auth's routes answer errors in their own shape. */
  errors?: z.ZodType;
}

export const route = (contract: RouteContract) => contract;

export const routeKey = (method: string, path: string) => `${method} ${path}`;
