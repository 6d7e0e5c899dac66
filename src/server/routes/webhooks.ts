import type { FastifyInstance } from "fastify";
import type { ApiKey, ContractAt } from "#contract";
import { type ContractRequest, contractRoutes } from "./contract-route";

/**
 * Registers a webhook route in a scope of its own whose JSON parser keeps the body's bytes untouched:
 * the sender's signature covers the raw bytes (a re-serialised body would not match). The handler
 * gets those bytes (empty when there were none).
 */
export function registerRawBodyRoute<K extends ApiKey>(
  app: FastifyInstance,
  key: K,
  handle: (raw: Buffer, request: ContractRequest<ContractAt<K>>) => Promise<unknown>,
) {
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 64 * 1024 }, // Razorpay's events are a few KB; anyone may post here
      (_req, body, done) => done(null, body),
    );
    contractRoutes(scope)(
      key,
      async (request) => {
        const raw: unknown = request.body;
        return handle(Buffer.isBuffer(raw) ? raw : Buffer.alloc(0), request);
      },
      { ownBody: true },
    );
  });
}

/** Razorpay's webhook for Bahi's own credit sales. */
export function registerWebhookRoutes(
  app: FastifyInstance,
  handleWebhook: (raw: Buffer, signature: unknown, eventId: unknown) => Promise<unknown>,
) {
  registerRawBodyRoute(app, "POST /api/webhooks/razorpay", (raw, request) =>
    handleWebhook(raw, request.headers["x-razorpay-signature"], request.headers["x-razorpay-event-id"]),
  );
}
