/** Largest accepted image upload (spec §5: 2 MB enforced for logo, signature and QR). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
