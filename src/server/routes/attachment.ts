import type { FastifyReply } from "fastify";

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  pdf: "application/pdf",
} as const;

/**
 * Answers a file for the browser to save under `fileName`. Never cached: every such file holds the
 * business's own data (exports, reports, PDFs).
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { type: keyof typeof CONTENT_TYPES; fileName: string; body: string | Buffer | Uint8Array },
) {
  return reply
    .header("content-type", CONTENT_TYPES[file.type])
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}
