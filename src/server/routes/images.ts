import type { FastifyInstance } from "fastify";
import { imageUpload } from "#contract/images";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { findImage, saveImage } from "../db/queries/images";
import { notFound } from "../errors";
import { decodeDataUrl, imageIdFor, prepareImage } from "../services/images";
import { parseBody } from "./validate";

/** Uploads (checked by their bytes and normalised) and owner-only reads of images. */
export function registerImageRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.post("/api/images", { bodyLimit: 6 * 1024 * 1024 }, async (request, reply) => {
    const me = await requireUser(auth, request);
    const { kind, data } = parseBody(imageUpload, request.body);
    const bytes = data.startsWith("data:") ? decodeDataUrl(data) : Buffer.from(data, "base64");
    const image = await prepareImage(bytes ?? Buffer.alloc(0), kind);
    const id = await saveImage(db, {
      id: imageIdFor(me.id, image.contentHash),
      userId: me.id,
      contentHash: image.contentHash,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
    });
    return reply.status(201).send({
      id,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      url: `/api/images/${id}`,
    });
  });

  app.get<{ Params: { id: string } }>("/api/images/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    const image = await findImage(db, me.id, request.params.id.slice(0, 200));
    if (!image) throw notFound("Image");
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
