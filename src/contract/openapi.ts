import { z } from "zod";
import { acceptsApiKey } from "./api-keys";
import { errorSchema } from "./common";
import { ERROR_CODES, ERROR_STATUS } from "./errors";
import { API_ROUTES } from "./index";
import type { FileResponse, RouteContract } from "./registry";

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
};

const isFile = (r: unknown): r is FileResponse =>
  typeof r === "object" && r !== null && "contentType" in r && !(r instanceof z.ZodType);

/** /api/clients/:id -> /api/clients/{id} */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

function parametersOf(route: RouteContract) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", route.params],
    ["query", route.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return parameters;
}

function operationOf(route: RouteContract) {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    if (answer === null) responses[status] = { description: status === "204" ? "No content" : "Redirect" };
    else if (isFile(answer))
      responses[status] = {
        description: answer.description,
        content: { [answer.contentType]: { schema: { type: "string", format: "binary" } } },
      };
    else
      responses[status] = {
        description: "Success",
        content: { "application/json": { schema: schemaOf(answer, "output") } },
      };
  }
  responses["4XX"] = {
    description: route.errors ? "better-auth's error" : "The request was refused; `code` says why",
    content: { "application/json": { schema: schemaOf(route.errors ?? errorSchema, "output") } },
  };
  return {
    tags: [route.tag],
    summary: route.summary,
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    security:
      route.auth === "user" ? [{ session: [] }, ...(acceptsApiKey(route.path) ? [{ apiKey: [] }] : [])] : [],
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(route.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the whole API, built from the contract's zod schemas. */
export function buildOpenApiDocument(routes: readonly RouteContract[] = API_ROUTES) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Bahi API",
      version: "1",
      description:
        "Invoicing for Indian businesses. JSON in and out; errors are `{ error: { code, message, fields? } }`. " +
        "State-changing requests must carry the app's Origin; signed-in routes need the session cookie. " +
        "Invoice, payment, client, product, quote, recurring and report routes also take an API key " +
        "(`Authorization: Bearer bahi_sk_...`, made in My Account; a read-only key may only GET), with no Origin. " +
        `Error codes (HTTP status): ${ERROR_CODES.map((code) => `\`${code}\` (${ERROR_STATUS[code]})`).join(", ")}.`,
      license: { name: "Proprietary: all rights reserved by the operator of this Bahi server" },
    },
    servers: [{ url: "/", description: "This Bahi server (paths start with /api)" }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An API key from My Account → API keys: `bahi_sk_` and 43 characters.",
        },
      },
    },
    paths,
  };
}
