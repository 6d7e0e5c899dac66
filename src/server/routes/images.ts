import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { presentImage } from "../presenters/images";
import { readImage, uploadImage } from "../services/image-store";
import { businessRoutes } from "./contract-route";

/** Uploads (checked by their bytes and normalised) and owner-only reads of images. */
export function registerImageRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route(
    "POST /api/images",
    async (me, request, reply) => {
      const image = await uploadImage(db, me.businessId, request.body);
      return reply.status(201).send(presentImage(image));
    },
    { bodyLimit: 6 * 1024 * 1024 },
  );

  route("GET /api/images/:id", async (me, request, reply) => {
    const image = await readImage(db, me.businessId, request.params.id);
    // Ids are content-addressed, so an id always means the same bytes: cache for long, privately.
    return reply
      .header("content-type", image.mimeType)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("etag", `"${image.contentHash.slice(0, 32)}"`)
      .header("content-disposition", "inline")
      .send(image.bytes);
  });
}
