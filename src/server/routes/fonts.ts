import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors";
import { fontFace, isFontFamily } from "../pdf/fonts";
import { contractRoutes } from "./contract-route";

/**
 * The very font files the PDF embeds, so the editor's live preview draws the same letters. They
 * are free fonts, the same for everyone: public and cached.
 */
export function registerFontRoutes(app: FastifyInstance) {
  contractRoutes(app)("GET /api/fonts/:family/:weight", async (request, reply) => {
    const { family, weight } = request.params;
    if (!isFontFamily(family) || (weight !== "regular" && weight !== "bold")) throw notFound("Font");
    return reply
      .type("font/ttf")
      .header("cache-control", "public, max-age=604800")
      .send(createReadStream(fontFace(family)[weight]));
  });
}
