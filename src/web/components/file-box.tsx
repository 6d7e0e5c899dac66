import type { ChangeEvent } from "react";
import { toast } from "sonner";

// Choosing a file to read in the browser (a bank statement, a CSV of clients or products): the
// box, the size rule, and the line saying it is being read or why it cannot be.

export interface FileLimit {
  maxBytes: number;
  /** Shown under the box when the chosen file is larger than `maxBytes`. */
  tooLarge: string;
}

/**
 * The file chosen in a file box, or null: none chosen, or one larger than the limit, whose reason
 * is shown in the box's error. A new choice clears the last one's error.
 */
export function chosenFile(
  event: ChangeEvent<HTMLInputElement>,
  limit: FileLimit,
  setReadError: (error: string | null) => void,
): File | null {
  const chosen = event.target.files?.[0];
  setReadError(chosen && chosen.size > limit.maxBytes ? limit.tooLarge : null);
  return chosen && chosen.size <= limit.maxBytes ? chosen : null;
}

export function FileBox({
  label,
  accept,
  onChoose,
}: {
  label: string;
  accept: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input
        type="file"
        accept={accept}
        onChange={(e) => void onChoose(e)}
        className="mt-1 block w-full text-sm"
      />
    </label>
  );
}

/** While the chosen file is read, saying so (`reading`); when it cannot be, why (`error`). */
export function FileReading({ reading, error }: { reading: string | null; error: string | null }) {
  return (
    <>
      {reading && (
        <p role="status" className="text-sm text-muted-foreground">
          {reading}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

/** An import the server refused: it keeps all of the file or none of it. */
export const importFailed = (error: Error) =>
  toast.error("Nothing was imported", { description: error.message });
