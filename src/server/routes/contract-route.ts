import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ApiKey, type ContractAt, contractAt, type Parsed, type RouteContract } from "#contract";
import type { Auth } from "../auth/auth";
import { type RequestBusiness, requireBusiness } from "../auth/session";
import { parseBody } from "./validate";

/** A request whose params, query and body the route's contract has parsed (defaults filled in). */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Parsed<C>["params"];
  Querystring: Parsed<C>["query"];
  Body: Parsed<C>["body"];
}>;

export interface ContractRouteOptions {
  /** Shapes the raw body before the contract parses it (e.g. retired settings keys dropped). */
  prepareBody?: (body: unknown, request: FastifyRequest) => unknown;
  /** The handler reads the body itself: a webhook's signed bytes, the import file's own messages. */
  ownBody?: true;
  bodyLimit?: number;
}

/**
 * Registers routes from their contracts (src/contract): `route("GET /api/clients", handler)`.
 * The method and path come from the contract; params, query and body are parsed by its schemas
 * before the handler runs (a failure answers 400 naming each field) and typed for it. Answers are
 * checked against the contract's response schemas in the tests (testing/response-check.ts), not here.
 */
export function contractRoutes(app: FastifyInstance) {
  return function route<K extends ApiKey>(
    key: K,
    handler: (request: ContractRequest<ContractAt<K>>, reply: FastifyReply) => unknown,
    options: ContractRouteOptions = {},
  ) {
    const contract: RouteContract = contractAt(key);
    const { params, query, body } = contract;
    app.route({
      method: contract.method,
      url: contract.path,
      bodyLimit: options.bodyLimit,
      handler: async (request, reply) => {
        if (params) request.params = parseBody(params, request.params);
        if (query) request.query = parseBody(query, request.query);
        if (body && !options.ownBody) {
          const raw = options.prepareBody ? options.prepareBody(request.body, request) : request.body;
          request.body = parseBody(body, raw);
        }
        return handler(request as ContractRequest<ContractAt<K>>, reply);
      },
    });
  };
}

export type ContractRoute = ReturnType<typeof contractRoutes>;

/**
 * Registers routes about the request's business (decision 0072): as `contractRoutes`, and the
 * handler is given the request's business (`requireBusiness`: 401 signed out, the member or API key
 * noted as the actor) once the contract has parsed the request.
 */
export function businessRoutes(app: FastifyInstance, auth: Auth) {
  const route = contractRoutes(app);
  return function businessRoute<K extends ApiKey>(
    key: K,
    handler: (me: RequestBusiness, request: ContractRequest<ContractAt<K>>, reply: FastifyReply) => unknown,
    options: ContractRouteOptions = {},
  ) {
    route(
      key,
      async (request, reply) => handler(await requireBusiness(auth, request), request, reply),
      options,
    );
  };
}
