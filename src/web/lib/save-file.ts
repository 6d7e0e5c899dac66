// Saving a file the server sent: under the name it chose, through a link the browser follows.

/** The file name the server chose (content-disposition), or a fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/** Saves a blob as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; give them a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
