import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { MAX_IMAGE_BYTES } from "#domain/limits";
import { SETTINGS_MESSAGES } from "#domain/messages";
import { ApiError, call } from "#web/api";
import { Button } from "#web/components/ui/button";

type Kind = "logo" | "signature" | "qr";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Picks an image, checks its size here, uploads it (the server checks its bytes) and previews it. */
export function ImageUpload({
  kind,
  label,
  hint,
  accept,
  value,
  onChange,
}: {
  kind: Kind;
  label: string;
  hint: string;
  accept: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(SETTINGS_MESSAGES.fileTooLarge);
      toast.error(SETTINGS_MESSAGES.fileTooLargeTitle, { description: SETTINGS_MESSAGES.fileTooLarge });
      return;
    }
    setBusy(true);
    try {
      const data = await readAsDataUrl(file);
      const uploaded = await call("POST /api/images", { body: { kind, data } });
      onChange(uploaded.id);
    } catch (err) {
      const tooLarge = err instanceof ApiError && err.code === "payload_too_large";
      const message = tooLarge ? SETTINGS_MESSAGES.fileTooLarge : (err as Error).message;
      setError(message);
      toast.error(tooLarge ? SETTINGS_MESSAGES.fileTooLargeTitle : "Upload Failed", { description: message });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-20 w-32 items-center justify-center overflow-hidden rounded-md border border-dashed border-border bg-white">
          {value ? (
            <img
              src={`/api/images/${value}`}
              alt={`${label} preview`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="px-2 text-center text-xs text-neutral-500">No image</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" busy={busy} onClick={() => input.current?.click()}>
            <ImageUp className="h-4 w-4" aria-hidden="true" />
            {value ? "Replace" : "Upload"}
          </Button>
          {value && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange(null)}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-describedby={`${id}-hint`}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
