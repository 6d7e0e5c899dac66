import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { images } from "../schema";
import { ownedValuesAmong } from "./owned";

export interface NewImage {
  id: string;
  businessId: string;
  contentHash: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** Stores an image once per owner and content hash; answers the stored row's id. */
export async function saveImage(db: Db, image: NewImage): Promise<string> {
  await db
    .insert(images)
    .values({ ...image, byteSize: image.bytes.length })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.businessId, image.businessId), eq(images.contentHash, image.contentHash)));
  return row!.id;
}

export async function findImage(db: Db, businessId: string, id: string) {
  const [row] = await db
    .select({
      id: images.id,
      mimeType: images.mimeType,
      bytes: images.bytes,
      contentHash: images.contentHash,
    })
    .from(images)
    .where(and(eq(images.id, id), eq(images.businessId, businessId)));
  return row ?? null;
}

/** Which of `ids` belong to this user. */
export function ownedImageIds(db: Db, businessId: string, ids: string[]): Promise<Set<string>> {
  return ownedValuesAmong(db, images, images.id, businessId, ids);
}
