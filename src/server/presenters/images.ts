/** A stored upload as the API shows it (src/contract/images.ts): never its bytes. */
export function presentImage(image: { id: string; mimeType: string; width: number; height: number }) {
  return {
    id: image.id,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    url: `/api/images/${image.id}`,
  };
}
