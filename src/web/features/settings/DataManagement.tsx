import { useQueryClient } from "@tanstack/react-query";
import { Download, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { CLEAR_MESSAGES, IMPORT_MESSAGES, SETTINGS_MESSAGES } from "#domain/messages";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { STORAGE_KEYS } from "#domain/storage-keys";
import { DELAYS_MS } from "#domain/timings";
import { ApiError, call, resourceKey } from "#web/api";
import { useAuth } from "#web/auth/AuthProvider";
import { Button } from "#web/components/ui/button";
import { SectionCard } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { useSignOut } from "../shell/useSignOut";
import { clearDraft, SETTINGS_QUERY_KEY } from "./useSettings";

const CLEAR_TIMEOUT_MS = 60_000;
const SECTIONS = ["invoices", "settings", "clients", "productServices"] as const;

function fileNameFrom(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/);
  return match?.[1] ?? `invoice_app_data_${new Date().toISOString().slice(0, 10)}.json`;
}

/** Removes what this browser keeps for the user (spec §4 "Clear all data"). */
function forgetLocalData(userId: string) {
  clearDraft(userId);
  try {
    localStorage.removeItem(STORAGE_KEYS.theme);
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(STORAGE_KEYS.welcomedPrefix) || key.startsWith(STORAGE_KEYS.invoicePrefix)) {
        localStorage.removeItem(key);
      }
    }
  } catch {
    // storage unavailable: nothing kept
  }
  document.documentElement.classList.remove("dark");
}

export function DataManagement() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { signOut } = useSignOut();
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [pending, setPending] = useState<{ name: string; text: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [status, setStatus] = useState("");

  async function exportData() {
    setExporting(true);
    setStatus("Preparing your export...");
    try {
      const res = await fetch("/api/export", { credentials: "same-origin" });
      if (!res.ok)
        throw new Error(
          (await res.json().catch(() => null))?.error?.message ?? "Could not export your data.",
        );
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = fileNameFrom(res.headers.get("content-disposition"));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success(IMPORT_MESSAGES.dataExportedTitle, { description: `Saved as ${a.download}.` });
    } catch (error) {
      toast.error(IMPORT_MESSAGES.exportErrorTitle, { description: (error as Error).message });
    } finally {
      setExporting(false);
      setStatus("");
    }
  }

  async function pickFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    const invalid = () =>
      toast.error(IMPORT_MESSAGES.importErrorTitle, { description: IMPORT_MESSAGES.invalidFileFormat });
    if (!file.name.toLowerCase().endsWith(".json")) return invalid();
    const text = await file.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return invalid();
    }
    const record = parsed as Record<string, unknown> | null;
    if (!record || typeof record !== "object" || SECTIONS.some((s) => !(s in record))) return invalid();
    setPending({ name: file.name, text });
  }

  async function importData() {
    if (!pending) return;
    setImporting(true);
    setStatus("Importing your data...");
    try {
      const res = await fetch("/api/import", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: pending.text,
      });
      const body = await res.json().catch(() => null);
      if (!res.ok)
        throw new ApiError(res.status, body?.error?.code ?? "http", body?.error?.message ?? "Import failed.");
      if (user) clearDraft(user.id);
      await queryClient.invalidateQueries();
      // Links the file holds that this business's export did not make are not taken over (decision 0087).
      const linksNotKept = Number(body?.imported?.linksNotKept ?? 0);
      toast.success(IMPORT_MESSAGES.dataImportedTitle, {
        description:
          linksNotKept > 0
            ? `${IMPORT_MESSAGES.dataImported} ${IMPORT_MESSAGES.linksNotKept(linksNotKept)}`
            : IMPORT_MESSAGES.dataImported,
        ...(linksNotKept > 0 ? { duration: 15_000 } : {}),
      });
      setPending(null);
    } catch (error) {
      toast.error(IMPORT_MESSAGES.importErrorTitle, {
        description: <span className="whitespace-pre-line">{(error as Error).message}</span>,
        duration: 15_000,
      });
      setPending(null);
    } finally {
      setImporting(false);
      setStatus("");
    }
  }

  async function clearData() {
    if (!user) {
      toast.error(SETTINGS_MESSAGES.errorTitle, { description: SETTINGS_MESSAGES.userNotAuthenticated });
      return;
    }
    setClearing(true);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), CLEAR_TIMEOUT_MS);
    try {
      try {
        await call("POST /api/functions/clear-user-data", { body: {} });
      } catch (error) {
        if (abort.signal.aborted || (error instanceof ApiError && [503, 504].includes(error.status))) {
          throw new Error(CLEAR_MESSAGES.timedOut);
        }
        throw new Error(CLEAR_MESSAGES.failedToClear);
      }
      forgetLocalData(user.id);
      queryClient.setQueryData(SETTINGS_QUERY_KEY, DEFAULT_SETTINGS);
      await queryClient.invalidateQueries({ queryKey: resourceKey("products") });
      setConfirmClear(false);
      toast.success("All Data Cleared", { description: "You will be signed out in 3 seconds." });
      setTimeout(() => void signOut(), DELAYS_MS.signOutAfterClearingData);
    } catch (error) {
      setClearing(false);
      toast.error(CLEAR_MESSAGES.errorClearingDataTitle, { description: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }

  return (
    <SectionCard
      id="data-heading"
      title="Data Management"
      description="Download everything as one JSON file, bring a file back, or remove all your data."
    >
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <Button
          variant="outline"
          busy={exporting}
          onClick={() => void exportData()}
          className="justify-center"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export All Data
        </Button>
        <Button
          variant="outline"
          busy={importing}
          onClick={() => fileInput.current?.click()}
          className="justify-center"
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          Import Data
        </Button>
        <Button variant="destructive" onClick={() => setConfirmClear(true)} className="justify-center">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Clear All Data
        </Button>
      </div>
      <label className="sr-only" htmlFor="import-file">
        Import file (.json)
      </label>
      <input
        ref={fileInput}
        id="import-file"
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => void pickFile(e.target.files?.[0])}
      />
      <p role="status" aria-live="polite" className="mt-3 min-h-5 text-sm text-muted-foreground">
        {status}
      </p>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !importing && setPending(null)}
        title="Import this file?"
        description={`Importing ${pending?.name ?? "this file"} replaces all your invoices, clients, products and settings with the file's. If anything in the file is wrong, nothing is changed.`}
        confirmLabel="Replace my data"
        onConfirm={() => void importData()}
        busy={importing}
      />
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={(open) => !clearing && setConfirmClear(open)}
        title="Clear all application data?"
        description="This permanently removes all your invoices, clients, products, stock history, settings and images. Your account, credits and purchase history are kept. You will be signed out afterwards."
        confirmLabel="Clear All Data"
        onConfirm={() => void clearData()}
        busy={clearing}
      />
    </SectionCard>
  );
}
