import type { z } from "zod";
import { errorSchema, idParams } from "./common";
import type { RouteGroup } from "./registry";

/**
 * The two routes of a document's PDF, the same for every kind that has one: a POST, since a
 * download spends one credit (402 without credits), and beside it a GET that always answers 405,
 * so that a link followed or prefetched spends nothing. `file` describes the PDF answered.
 */
export function pdfRoutes<const Base extends string, Query extends z.ZodType | undefined = undefined>(
  group: RouteGroup,
  pdf: { base: Base; summary: string; file: string; query?: Query },
) {
  const path = `${pdf.base}/:id/pdf` as const;
  return [
    group.post(path, pdf.summary, {
      params: idParams,
      query: pdf.query as Query,
      responses: { 200: { contentType: "application/pdf", description: pdf.file } },
    }),
    group.get(path, "Always 405: a download spends a credit, so it is a POST", {
      auth: "public",
      params: idParams,
      responses: { 405: errorSchema },
    }),
  ] as const;
}
