import type { FastifyInstance } from "fastify";
import type { ApiKey, ContractAt, Parsed } from "#contract";
import type { Auth } from "../auth/auth";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "../errors";
import { RenderQueueFullError } from "../pdf/render-queue";
import { sendAttachment } from "./attachment";
import { businessRoutes, contractRoutes } from "./contract-route";

/** Every contracted paid download's path: `/api/<documents>/:id/pdf`. */
type PaidPdfPath = PathOf<Extract<ApiKey, `POST /api/${string}/:id/pdf`>>;
type PathOf<K> = K extends `POST ${infer P}` ? P : never;
/** The download's query as its contract parsed it (a challan's `copies`; nothing for most). */
type PaidPdfQuery<P extends PaidPdfPath> = Parsed<ContractAt<Extract<ApiKey, `POST ${P}`>>>["query"];

/** What a paid download answers: the file, its name and the credits left after it. */
export interface PaidPdf {
  pdf: Buffer | Uint8Array;
  filename: string;
  creditsRemaining: number;
}

/**
 * `POST <path>`: a document (invoice, quote, credit or debit note) as a PDF file, for one download
 * credit. Spending a credit is never a GET or HEAD (DECISIONS §10): a link on another site, a
 * prefetch or `curl -I` must not spend one, and the origin check covers POSTs; GET and HEAD
 * answer 405 for free. A full render queue answers 429 (this user) or 503 (everyone) with
 * Retry-After; a failed render costs nothing and says so.
 */
export function registerPaidPdfRoute<P extends PaidPdfPath>(
  app: FastifyInstance,
  auth: Auth,
  path: P,
  download: (businessId: string, id: string, query: PaidPdfQuery<P>) => Promise<PaidPdf>,
) {
  const route = contractRoutes(app);
  const businessRoute = businessRoutes(app, auth);
  // Registered as any paid download (one handler for all); the download's own query type is P's.
  const at: PaidPdfPath = path;
  route(`GET ${at}`, async (_request, reply) =>
    reply
      .status(405)
      .header("allow", "POST")
      .send({
        error: {
          code: "method_not_allowed",
          message: "A PDF download costs a credit, so it must be a POST from the Bahi app.",
        },
      }),
  );
  businessRoute(`POST ${at}`, async (me, request, reply) => {
    let file: PaidPdf;
    try {
      file = await download(me.businessId, request.params.id, request.query as PaidPdfQuery<P>);
    } catch (error) {
      if (error instanceof RenderQueueFullError) {
        return reply
          .status(error.reason === "owner" ? 429 : 503)
          .header("retry-after", String(error.retryAfterSeconds))
          .send({
            error: {
              code: error.reason === "owner" ? "too_many_requests" : "service_unavailable",
              message: error.message,
            },
          });
      }
      if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
      request.log.error(
        { err: error, path: request.routeOptions.url, id: request.params.id },
        "PDF render failed",
      );
      throw new AppError("internal", "The PDF could not be made. No credit was used. Please try again.");
    }
    reply.header("x-credits-remaining", String(file.creditsRemaining));
    return sendAttachment(reply, { type: "pdf", fileName: file.filename, body: file.pdf });
  });
}
