import { useCallback, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "#web/api";
import { filenameFrom, saveBlob } from "#web/lib/save-file";

// Free downloads (GSTR-1, e-invoice JSON): fetch, save under the server's file name, or say why not.

/** Fetches a file from our /api and saves it; an error answer becomes an ApiError with the server's message. */
export function downloadFile(path: string, fallbackName: string): Promise<string> {
  return saveDownload(path, { credentials: "same-origin" }, fallbackName);
}

/**
 * Asks our /api for a file (any method) and saves it under the server's file name; a failure to
 * connect or an error answer becomes an ApiError carrying the server's code and message.
 */
export async function saveDownload(path: string, init: RequestInit, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "Could not reach Bahi. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? `http_${response.status}`,
      body?.error?.message ?? "The download failed. Try again.",
    );
  }
  const name = filenameFrom(response.headers.get("content-disposition"), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** One download at a time per screen: which one is running, and a toast for the outcome. */
export function useFileDownload() {
  const [running, setRunning] = useState<string | null>(null);
  const run = useCallback(async (key: string, path: string, fallbackName: string) => {
    setRunning(key);
    try {
      const name = await downloadFile(path, fallbackName);
      toast.success("Downloaded", { description: name });
      return true;
    } catch (error) {
      toast.error("Download failed", {
        description: error instanceof Error ? error.message : "The download failed. Try again.",
      });
      return false;
    } finally {
      setRunning(null);
    }
  }, []);
  return { running, run };
}
