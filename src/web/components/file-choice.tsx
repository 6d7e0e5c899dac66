import { type ChangeEvent, useState } from "react";
import { toast } from "sonner";

// Choosing a file to import (a bank statement, a CSV of clients or items): the file box, the size
// limit, and the line that says the file is being read or why it could not be.

/** The file a box was given, if any and not over `maxBytes`; otherwise `readError` says why not. */
export function useFileChoice(maxBytes: number, tooLarge: string) {
  const [readError, setReadError] = useState<string | null>(null);
  function chosenFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setReadError(null);
    if (!chosen) return null;
    if (chosen.size > maxBytes) {
      setReadError(tooLarge);
      return null;
    }
    return chosen;
  }
  return { readError, setReadError, chosenFile };
}

/** A file box under its label. */
export function FileBox({
  label,
  accept,
  onChange,
}: {
  label: string;
  accept: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input type="file" accept={accept} onChange={onChange} className="mt-1 block w-full text-sm" />
    </label>
  );
}

/** "Reading statement.csv…" while the server reads the file; the reason when it could not. */
export function FileReadStatus({
  reading,
  error,
}: {
  /** The status line while the file is read, or null when it is not. */
  reading: string | null;
  error: string | null;
}) {
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
