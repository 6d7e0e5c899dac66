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

/** Keeps the literal method, path and schemas, so routes and the web client are typed by them. */
export const route = <const C extends RouteContract>(contract: C) => contract;

/** What a route of a group declares besides its method, path and summary; `auth` where it differs. */
type RouteParts = Omit<RouteContract, "method" | "path" | "summary" | "tag" | "auth"> & {
  auth?: RouteContract["auth"];
};

/**
 * The routes of one tag, signed-in ("user") unless the group or the route says "public":
 * `const clients = routeGroup("Clients")`, then `clients.get(path, summary, { params, responses })`.
 * Each route keeps its literal method and path, as `route()` does.
 */
export function routeGroup(tag: string, auth: RouteContract["auth"] = "user") {
  const withMethod =
    <const M extends Method>(method: M) =>
    <const P extends string, const R extends RouteParts>(path: P, summary: string, parts: R) =>
      route({ method, path, summary, tag, auth, ...parts });
  return {
    get: withMethod("GET"),
    post: withMethod("POST"),
    put: withMethod("PUT"),
    patch: withMethod("PATCH"),
    delete: withMethod("DELETE"),
  };
}
export type RouteGroup = ReturnType<typeof routeGroup>;

/** "GET /api/clients/:id": how the server registers a route and the web calls it. */
export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** Distributes over a union of contracts: each one's own method with its own path, no cross product. */
export type KeyOf<C extends RouteContract> = C extends RouteContract ? `${C["method"]} ${C["path"]}` : never;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What a route receives once its contract has parsed the request. */
export interface Parsed<C extends RouteContract> {
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
}
/** What the caller sends: the schemas' input side (defaults may be left out). */
export type Input<C extends RouteContract> = {
  [P in "params" | "query" | "body" as C[P] extends z.ZodType ? P : never]: C[P] extends z.ZodType
    ? z.input<C[P]>
    : never;
};
/** The JSON a route answers on success (its lowest 2xx status with a schema). */
export type Answer<C extends RouteContract> = {
  [S in keyof C["responses"]]: C["responses"][S] extends z.ZodType ? z.output<C["responses"][S]> : never;
}[keyof C["responses"]] extends infer A
  ? [A] extends [never]
    ? undefined
    : A
  : never;
