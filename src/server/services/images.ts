import { createHash } from "node:crypto";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { MAX_IMAGE_BYTES } from "#domain/limits";
import { SETTINGS_MESSAGES } from "#domain/messages";
import type { NewImage } from "../db/queries/images";
import { AppError } from "../errors";
import { sanitizeSvg, UnusableSvgError } from "./svg";

// Uploaded images are judged by their bytes only (docs/decisions/0003-images.md): the name and the
// declared type are ignored. PNG and JPEG are re-encoded without metadata, flattened onto white and
// bounded; an SVG logo is cleaned by a parser-based sanitiser (svg.ts) and rasterised to PNG, so nothing we serve can run script.

export const IMAGE_KINDS = ["logo", "signature", "qr"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export type ImageMime = "image/png" | "image/jpeg";

export interface PreparedImage {
  bytes: Buffer;
  mimeType: ImageMime;
  width: number;
  height: number;
  contentHash: string;
}

export const MAX_IMAGE_SIDE = 1200;
const MAX_INPUT_PIXELS = 40_000_000;

type Sniffed = "png" | "jpeg" | "svg" | null;

export function sniffImage(bytes: Buffer): Sniffed {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.includes(0)) return null;
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  // Optional XML declaration, comments and doctype, then the <svg> root.
  if (
    /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      head,
    )
  )
    return "svg";
  return null;
}

function invalidImage(kind: ImageKind): AppError {
  const allowed = kind === "logo" ? "PNG, JPEG or SVG" : "PNG or JPEG";
  return new AppError("unsupported_media_type", `This file is not a ${allowed} image.`);
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The image as stored: these bytes, their type and size, and their content hash. */
const prepared = (
  bytes: Buffer,
  mimeType: ImageMime,
  size: { width: number; height: number },
): PreparedImage => ({ bytes, mimeType, width: size.width, height: size.height, contentHash: hashOf(bytes) });

async function toPng(pipeline: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  return pipeline
    .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
    .toBuffer({ resolveWithObject: true });
}

function bounded(pipeline: Sharp): Sharp {
  return pipeline
    .rotate() // applies the EXIF orientation before the metadata is dropped
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" });
}

/**
 * Checks an image by its bytes and normalises it. Re-preparing a prepared image gives the same
 * bytes (so export -> import keeps the same content hash): PNG is re-encoded deterministically and
 * a JPEG that is already clean and bounded is kept as it is.
 */
export async function prepareImage(input: Buffer, kind: ImageKind): Promise<PreparedImage> {
  if (input.length > MAX_IMAGE_BYTES) {
    throw new AppError("payload_too_large", SETTINGS_MESSAGES.fileTooLarge);
  }
  if (input.length === 0) throw invalidImage(kind);
  const sniffed = sniffImage(input);
  if (!sniffed || (sniffed === "svg" && kind !== "logo")) throw invalidImage(kind);
  // sharp (libvips, ~20 MB resident) is loaded by the first upload, not with the server.
  const sharp = (await import("sharp")).default;

  try {
    if (sniffed === "svg") {
      let clean: Buffer;
      try {
        clean = Buffer.from(sanitizeSvg(input.toString("utf8")), "utf8");
      } catch (error) {
        if (error instanceof UnusableSvgError) {
          throw new AppError("unsupported_media_type", "This SVG file cannot be used.");
        }
        throw error;
      }
      const meta = await sharp(clean, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (meta.format !== "svg") throw invalidImage(kind);
      // Draw small SVGs large enough to look sharp on an A4 page, then bound as any other image.
      const longest = Math.max(meta.width ?? 1, meta.height ?? 1);
      const density = Math.min(2400, Math.max(72, Math.round((72 * 600) / longest)));
      const { data, info } = await toPng(
        bounded(sharp(clean, { density, limitInputPixels: MAX_INPUT_PIXELS })),
      );
      return prepared(data, "image/png", info);
    }

    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== sniffed || (meta.pages ?? 1) > 1) throw invalidImage(kind);

    if (sniffed === "jpeg" && isCleanJpeg(meta)) {
      await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).raw().toBuffer(); // decodes whole
      return prepared(input, "image/jpeg", { width: meta.width!, height: meta.height! });
    }
    const pipeline = bounded(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }));
    if (sniffed === "png") {
      const { data, info } = await toPng(pipeline);
      return prepared(data, "image/png", info);
    }
    const { data, info } = await pipeline
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return prepared(data, "image/jpeg", info);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImage(kind);
  }
}

function isCleanJpeg(meta: Metadata): boolean {
  return (
    !meta.exif &&
    !meta.icc &&
    !meta.xmp &&
    !meta.iptc &&
    !meta.comments?.length &&
    (meta.orientation ?? 1) === 1 &&
    (meta.width ?? 0) > 0 &&
    (meta.height ?? 0) > 0 &&
    (meta.width ?? 0) <= MAX_IMAGE_SIDE &&
    (meta.height ?? 0) <= MAX_IMAGE_SIDE &&
    meta.space === "srgb" &&
    !meta.hasAlpha
  );
}

/** A data URL such as the export file carries; the declared type is ignored, the bytes decide. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:[^,;]*(;[^,;=]+=[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(value);
  if (!match) return null;
  return Buffer.from(match[2]!.replace(/\s+/g, ""), "base64");
}

export function toDataUrl(mimeType: string, bytes: Buffer): string {
  return `data:${mimeType};base64,${bytes.toString("base64")}`;
}

/** Stable id of an image for its owner, so re-importing the same bytes gives back the same id. */
export function imageIdFor(businessId: string, contentHash: string): string {
  return `img_${createHash("sha256").update(`${businessId}:${contentHash}`).digest("base64url").slice(0, 26)}`;
}

/** The row a prepared image is stored as: one per owner and content, under imageIdFor's id. */
export function imageRowFor(businessId: string, image: PreparedImage): NewImage {
  return {
    id: imageIdFor(businessId, image.contentHash),
    businessId,
    contentHash: image.contentHash,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  };
}

export { sanitizeSvg } from "./svg";
