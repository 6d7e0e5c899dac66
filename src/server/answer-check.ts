import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { contractOf, type RouteContract } from "#contract";
import { errorSchema } from "#contract/common";

/**
 * What is wrong with a JSON answer against its route's contract, or undefined when it matches (or
 * the contract declares no JSON for that status: files, 204, redirects).
 */
export function answerMismatch(contract: RouteContract, status: number, json: unknown): string | undefined {
  const declared =
    contract.responses[status] ?? (status >= 400 ? (contract.errors ?? errorSchema) : undefined);
  if (declared === undefined && status < 400) return `status ${status} is not declared`;
  if (!(declared instanceof z.ZodType)) return undefined;
  const result = declared.safeParse(json);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return `${issue?.path.join(".") || "(answer)"}: ${issue?.message}`;
}

/**
 * Tests only (AppDeps.checkAnswers): every JSON answer of a contracted route is parsed with the
 * schema its contract declares for that status; a mismatch becomes a 500 naming the route and the
 * field, so the route test that made the request fails. Production does not pay for this.
 */
export function checkAnswersAgainstContracts(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" || !String(reply.getHeader("content-type")).includes("json")) {
      return payload;
    }
    const contract = contractOf(request.method, request.routeOptions.url);
    if (!contract) return payload;
    const problem = answerMismatch(contract, reply.statusCode, JSON.parse(payload));
    if (!problem) return payload;
    const message = `The answer of ${contract.method} ${contract.path} (${reply.statusCode}) breaks its contract: ${problem}`;
    request.log.error(message);
    reply.status(500);
    return JSON.stringify({ error: { code: "internal", message } });
  });
}
