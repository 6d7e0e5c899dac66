import { z } from "zod";
import { idParams } from "./common";
import { route } from "./registry";

export const IMAGE_KINDS = ["logo", "signature", "qr"] as const;

export const imageUpload = z.object({
  kind: z.enum(IMAGE_KINDS),
  /** The file's bytes as base64, or as a data URL (its declared type is ignored). */
  data: z.string().min(1, "Choose an image file."),
});

const tag = "Images";
export const imageRoutes = [
  route({
    method: "POST",
    path: "/api/images",
    summary: "Upload an image (checked by its bytes, normalised; at most 6 MB)",
    tag,
    auth: "user",
    body: imageUpload,
    responses: {
      201: z.object({
        id: z.string(),
        mimeType: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        url: z.string(),
      }),
    },
  }),
  route({
    method: "GET",
    path: "/api/images/:id",
    summary: "An image of the user's",
    tag,
    auth: "user",
    params: idParams,
    responses: { 200: { contentType: "image/*", description: "The image bytes" } },
  }),
];
