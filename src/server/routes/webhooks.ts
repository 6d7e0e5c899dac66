import type { FastifyInstance } from "fastify";
import { contractRoutes } from "./contract-route";

/**
 * Razorpay's webhook. Its signature covers the raw bytes, so this route lives in its own scope
 * whose JSON parser keeps the Buffer untouched (a re-serialised body would not match).
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  handleWebhook: (raw: Buffer, signature: unknown, eventId: unknown) => Promise<unknown>,
) {
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 64 * 1024 }, // Razorpay's events are a few KB; anyone may post here
      (_req, body, done) => done(null, body),
    );
    contractRoutes(scope)(
      "POST /api/webhooks/razorpay",
      async (request) => {
        const raw: unknown = request.body;
        return handleWebhook(
          Buffer.isBuffer(raw) ? raw : Buffer.alloc(0),
          request.headers["x-razorpay-signature"],
          request.headers["x-razorpay-event-id"],
        );
      },
      { ownBody: true },
    );
  });
}
