import { z } from "zod";
import { idParams } from "./common";
import { routeGroup } from "./registry";

export const IMAGE_KINDS = ["logo", "signature", "qr"] as const;

export const imageUpload = z.object({
  kind: z.enum(IMAGE_KINDS),
  /** The file's bytes as base64, or as a data URL (its declared type is ignored). */
  data: z.string().min(1, "Choose an image file."),
});

const images = routeGroup("Images");
export const imageRoutes = [
  images.post("/api/images", "Upload an image (checked by its bytes, normalised; at most 6 MB)", {
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
  images.get("/api/images/:id", "An image of the user's", {
    params: idParams,
    responses: { 200: { contentType: "image/*", description: "The image bytes" } },
  }),
];
