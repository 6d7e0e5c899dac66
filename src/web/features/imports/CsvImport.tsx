import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus, Upload } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { toast } from "sonner";
import type { ImportCheckAnswer } from "#contract/imports";
import { call, resourceKey } from "#web/api";
import { chosenFile, FileBox, type FileLimit, FileReading, importFailed } from "#web/components/file-box";
import { Button, DownloadLink } from "#web/components/ui/button";
import { Dialog } from "#web/components/ui/lazy-dialog";
import { useMay } from "#web/features/members/role";

// Import from a spreadsheet (CSV) and export to one, for clients and products: the file is checked
// first (a preview of its first rows, every row's errors by line), then imported whole or not at all.

type Kind = "clients" | "products";
const NOUN = { clients: "clients", products: "items" } as const;
const FILE_LIMIT: FileLimit = {
  maxBytes: 2_000_000,
  tooLarge: "The file is larger than 2 MB: split it into smaller files.",
};

/** What changing each list needs (src/domain/roles.ts). */
export const MANAGE_ACTION = { clients: "clients.manage", products: "products.manage" } as const;

/**
 * A list page's actions: its CSV in and out, then adding one record (the main action, last); each
 * only for a role that may (decision 0079): import and add to manage the list, export to see reports.
 */
export function ListActions({ kind, addLabel, onAdd }: { kind: Kind; addLabel: string; onAdd: () => void }) {
  const mayManage = useMay(MANAGE_ACTION[kind]);
  return (
    <>
      <CsvImportExport kind={kind} />
      {mayManage && (
        <Button onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </>
  );
}

export function CsvImportExport({ kind }: { kind: Kind }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [check, setCheck] = useState<ImportCheckAnswer | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const checking = useMutation({
    mutationFn: (csv: string) => call(`POST /api/${kind}/import/check`, { body: { csv } }),
    onSuccess: setCheck,
    onError: (error) => setReadError((error as Error).message),
  });
  const importing = useMutation({
    mutationFn: (csv: string) => call(`POST /api/${kind}/import`, { body: { csv } }),
    onSuccess: async ({ imported }) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(kind) });
      toast.success(`${imported} ${NOUN[kind]} imported`);
      setOpen(false);
      setFile(null);
      setCheck(null);
    },
    onError: importFailed,
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setCheck(null);
    const chosen = chosenFile(event, FILE_LIMIT, setReadError);
    if (!chosen) return;
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    checking.mutate(csv);
  }

  const ok = check && check.errors.length === 0 && check.rows > 0;
  const mayImport = useMay(MANAGE_ACTION[kind]);
  const mayExport = useMay("reports.read");
  return (
    <>
      {mayImport && (
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Import CSV
        </Button>
      )}
      {mayExport && <DownloadLink href={`/api/${kind}/export.csv`}>Export CSV</DownloadLink>}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Import ${NOUN[kind]} from CSV`}
        description="Use the columns of Export CSV (a first line naming them; only Name is required). Save a spreadsheet as CSV (UTF-8) to get such a file. Nothing is imported if any row has an error."
        className="max-w-2xl"
      >
        <div className="space-y-4">
          <FileBox label="CSV file" accept=".csv,text/csv" onChoose={choose} />
          <FileReading
            reading={checking.isPending ? `Checking ${file?.name ?? ""}…` : null}
            error={readError}
          />
          {check && (
            <div className="space-y-3" data-testid="import-check">
              <p className="text-sm" role="status">
                {check.rows} row{check.rows === 1 ? "" : "s"} in {file?.name}; columns:{" "}
                {check.columns.join(", ")}.
                {check.ignoredColumns.length > 0 &&
                  ` Left out (not Bahi's): ${check.ignoredColumns.join(", ")}.`}
              </p>
              {check.preview.length > 0 && (
                <div className="overflow-x-auto rounded-md border border-border">
                  <table className="w-full text-left text-xs">
                    <caption className="sr-only">The first rows of the file</caption>
                    <thead>
                      <tr className="border-b border-border">
                        {check.columns.map((c) => (
                          <th key={c} scope="col" className="px-2 py-1 font-semibold">
                            {c}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {check.preview.map((row, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no id
                        <tr key={i} className="border-b border-border last:border-0">
                          {check.columns.map((c) => (
                            <td key={c} className="max-w-40 truncate px-2 py-1">
                              {row[c]}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {check.errors.length > 0 && (
                <div role="alert" className="text-sm text-destructive">
                  <p className="font-semibold">
                    {check.errors.length} row{check.errors.length === 1 ? " has" : "s have"} errors; fix them
                    and choose the file again:
                  </p>
                  <ul className="mt-1 list-disc space-y-1 pl-5">
                    {check.errors.slice(0, 20).map((e) => (
                      <li key={`${e.line}-${e.message}`}>
                        Line {e.line}: {e.message}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <Button
                disabled={!ok}
                busy={importing.isPending}
                onClick={() => file && importing.mutate(file.csv)}
              >
                Import {check.rows} {NOUN[kind]}
              </Button>
            </div>
          )}
        </div>
      </Dialog>
    </>
  );
}
