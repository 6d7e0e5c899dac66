import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyInstance, LogController } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config";
import { requestContext } from "./logger";
import type { Metrics } from "./metrics";
import type { PdfRenderer } from "./pdf/pool";
import type { Mailer } from "./services/mail";

export const REQUEST_ID_HEADER = "x-request-id";
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Fastify's options for request ids and time limits. */
export function serverOptions(config: Config) {
  return {
    // A proxy's id is kept so one request can be followed across services; otherwise a UUID.
    genReqId: (req: IncomingMessage) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // The whole request must arrive within the limit (its answer must start within it too:
    // request-deadline.ts).
    requestTimeout: config.timeouts.requestMs,
    // Fastify's own request logging writes two lines per request (serialising req and res):
    // registerRequestContext writes one instead.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** Every answer names its request id, and every log line written while serving it carries it. */
export function registerRequestContext(app: FastifyInstance) {
  const log = app.log as unknown as Logger; // the app's logger is pino (logger.ts)
  app.addHook("onRequest", (request, _reply, done) => {
    // At debug and below, a line when a request arrives too (one that never ends still shows).
    if (log.isLevelEnabled("debug")) request.log.debug({ req: request }, "incoming request");
    requestContext.run({ reqId: request.id }, done);
  });
  // One line per request, after the answer: method, path (query values redacted), status, time,
  // and who asked by id alone (a user's name or e-mail address never goes into the logs).
  app.addHook("onResponse", (request, reply, done) => {
    if (log.isLevelEnabled("info")) {
      request.log.info(
        {
          req: request,
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
          userId: request.sessionUser?.id,
          apiKeyId: request.apiKeyId ?? undefined,
        },
        "request completed",
      );
    }
    done();
  });
  // Reading the body continues in the socket's context: enter the request's again. A request
  // without a body read none, so it is still in the context onRequest entered.
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.body === undefined) return done();
    requestContext.run({ reqId: request.id }, done);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
}

/** nodemailer's error codes (and the file system's, for the outbox) by what an operator does about them. */
const MAIL_FAILURE_REASONS: Record<string, string> = {
  EAUTH: "auth",
  ENOAUTH: "auth",
  EOAUTH2: "auth",
  ECONNECTION: "connection",
  ESOCKET: "connection",
  ETIMEDOUT: "connection",
  EDNS: "connection",
  ECONNREFUSED: "connection",
  ECONNRESET: "connection",
  ETLS: "connection",
  EENVELOPE: "rejected",
  EMESSAGE: "message",
  ESTREAM: "message",
  ENOSPC: "disk",
  EACCES: "disk",
  EPERM: "disk",
  EROFS: "disk",
  EDQUOT: "disk",
};

/** Why a mail was not taken, as one of a few fixed words (a metric label must stay bounded). */
export function mailFailureReason(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const known = typeof code === "string" ? MAIL_FAILURE_REASONS[code] : undefined;
  // Bad credentials, no connection, a full disk: the operator's to fix, whatever the server said.
  if (known === "auth" || known === "connection" || known === "disk") return known;
  // Otherwise the server's answer tells: 5xx refuses this mail for good, 4xx asks to try later.
  if (typeof responseCode === "number" && responseCode >= 500) return "rejected";
  if (typeof responseCode === "number" && responseCode >= 400) return "deferred";
  return known ?? "other";
}

/** The mailer, counting what it sent and what failed (and why). */
export function countMails(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mails.inc({ outcome: "sent" });
      } catch (error) {
        metrics.mails.inc({ outcome: "failed" });
        metrics.mailFailures.inc({ reason: mailFailureReason(error) });
        throw error;
      }
    },
    close: () => mailer.close?.(),
  };
}

/** The PDF renderer, counting renders and their time; everything else reaches the renderer itself. */
export function countRenders(renderer: PdfRenderer, metrics: Metrics): PdfRenderer {
  const render: PdfRenderer["render"] = async (...args) => {
    const stop = metrics.pdfRenderDuration.startTimer();
    try {
      const pdf = await renderer.render(...args);
      metrics.pdfRenders.inc({ outcome: "done" });
      return pdf;
    } catch (error) {
      metrics.pdfRenders.inc({ outcome: "failed" });
      throw error;
    } finally {
      stop();
    }
  };
  return new Proxy(renderer, {
    get(target, property) {
      if (property === "render") return render;
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
