import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { MailOutbox } from "../services/mail-jobs";
import { answerPublicQuote } from "../services/quote-sharing";
import { contractRoutes } from "./contract-route";
import { windowLimiter } from "./public-pages";

/** Answers per client address per minute (on this process). */
const ANSWERS_PER_MINUTE = 60;

/** The client's Accept and Decline on the public quote page (/q/<token>): the link is the key. */
export function registerPublicQuoteRoutes(
  app: FastifyInstance,
  deps: { db: Db; outbox: MailOutbox; publicUrl: string },
) {
  const { db } = deps;
  const route = contractRoutes(app);
  const answersAllowed = windowLimiter(ANSWERS_PER_MINUTE, 60_000);
  const noIndex = (reply: FastifyReply) => reply.header("x-robots-tag", "noindex, nofollow");
  const limited = (request: FastifyRequest) => {
    if (!answersAllowed(request.ip)) {
      throw new AppError("too_many_requests", "Too many requests. Please wait a minute and try again.");
    }
  };

  for (const [verb, status] of [
    ["accept", "accepted"],
    ["decline", "declined"],
  ] as const) {
    route(`POST /api/public/quotes/:token/${verb}`, async (request, reply) => {
      limited(request);
      noIndex(reply);
      const input = request.body;
      const saved = await answerPublicQuote(
        {
          db,
          mailer: deps.outbox,
          publicUrl: deps.publicUrl,
          onMailFailed: (error) => request.log.warn({ err: error }, "quote answer e-mail failed"),
        },
        request.params.token,
        status,
        { ...input, ip: request.ip },
      );
      return { status: saved.status };
    });
  }
}
