import type { Db } from "../db/client";
import { findImage, saveImage } from "../db/queries/images";
import { orNotFound } from "../errors";
import { decodeDataUrl, type ImageKind, imageRowFor, prepareImage } from "./images";

// The user's uploaded images: checked and normalised by their bytes (images.ts), stored once per
// owner and content, and read back only by their owner.

/** Stores an upload (a data URL or plain base64) and answers it as stored. */
export async function uploadImage(db: Db, businessId: string, upload: { kind: ImageKind; data: string }) {
  const { data } = upload;
  const bytes = data.startsWith("data:") ? decodeDataUrl(data) : Buffer.from(data, "base64");
  const image = await prepareImage(bytes ?? Buffer.alloc(0), upload.kind);
  const id = await saveImage(db, imageRowFor(businessId, image));
  return { id, ...image };
}

/** One of the user's images; not found for anyone else's. */
export async function readImage(db: Db, businessId: string, id: string) {
  const image = orNotFound(await findImage(db, businessId, id.slice(0, 200)), "Image");
  return image;
}
