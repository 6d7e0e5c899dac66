import type { FastifyInstance, FastifyReply } from "fastify";

/** The error a late request is answered with: app.ts's error handler turns it into a 503. */
export const REQUEST_TIMED_OUT_CODE = "FST_ERR_HANDLER_TIMEOUT";

/**
 * Answers a request whose answer has not started within `limitMs` (REQUEST_TIMEOUT_MS) with the
 * error above, as Fastify's `handlerTimeout` did. That option made an AbortController, a timer and
 * a 'close' listener for every request, and took them down again (a list request's allocations and
 * ~2 % of its CPU, docs/decisions/0070-list-request-cpu.md); here one timer looks over the requests
 * in flight a few times per limit, so a late answer comes within a quarter of the limit (at most 1 s)
 * after it.
 */
export function answerLateRequests(app: FastifyInstance, limitMs: number) {
  /** Each request in flight and when its time is up; in arrival order, so also in deadline order. */
  const inFlight = new Map<FastifyReply, number>();
  app.addHook("onRequest", (_request, reply, done) => {
    inFlight.set(reply, Date.now() + limitMs);
    done();
  });
  app.addHook("onResponse", (_request, reply, done) => {
    inFlight.delete(reply);
    done();
  });
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const [reply, deadline] of inFlight) {
        if (deadline > now) break;
        inFlight.delete(reply);
        // Answered already (its onResponse has yet to run), or the client went away.
        if (reply.sent || reply.raw.destroyed) continue;
        const error = Object.assign(new Error("The request took longer than REQUEST_TIMEOUT_MS."), {
          code: REQUEST_TIMED_OUT_CODE,
          statusCode: 503,
        });
        // An answer already under way (a stream) cannot be replaced by an error: it is cut off.
        if (reply.raw.headersSent) reply.raw.destroy(error);
        else reply.send(error);
      }
    },
    Math.max(10, Math.min(1_000, limitMs / 4)),
  );
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
