import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { toast } from "sonner";
import type { StatementPreview } from "#contract/bank-statements";
import { formatMoney } from "#domain/format";
import { call } from "#web/api";
import { chosenFile, FileBox, type FileLimit, FileReading, importFailed } from "#web/components/file-box";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input } from "#web/components/ui/input";
import { useInvalidate } from "#web/lib/useInvalidate";
import { ColumnMapper, type MappedLayout } from "./ColumnMapper";

// Import a bank statement (issue 33, decision 0083): choose the file the bank gave (CSV or TSV),
// see what Bahi read (the bank's layout, the lines, the ones imported before), then import.

const FILE_LIMIT: FileLimit = {
  maxBytes: 5_000_000,
  tooLarge: "The file is larger than 5 MB: download a shorter period.",
};
interface StatementFile {
  name: string;
  text?: string;
  base64?: string;
}

/** A workbook (XLSX, or an old Excel .xls) goes as base64; anything else as text. */
async function readStatementFile(file: File): Promise<StatementFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const workbook = (bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf);
  if (!workbook) return { name: file.name, text: new TextDecoder().decode(bytes) };
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, base64: btoa(binary) };
}

const lines = (n: number) => `${n} line${n === 1 ? "" : "s"}`;

export function StatementImport() {
  const invalidate = useInvalidate("bank-statements", "invoices");
  const [file, setFile] = useState<StatementFile | null>(null);
  const [account, setAccount] = useState("");
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [layout, setLayout] = useState<MappedLayout | undefined>(undefined);

  const body = (f: StatementFile, mapped = layout) => ({
    fileName: f.name,
    ...(f.base64 !== undefined ? { base64: f.base64 } : { text: f.text }),
    account: account || undefined,
    layout: mapped,
  });
  const previewing = useMutation({
    mutationFn: (input: ReturnType<typeof body>) =>
      call("POST /api/bank-statements/preview", { body: input }),
    onSuccess: (answer) => {
      setPreview(answer);
      setAccount((a) => a || answer.account);
    },
    onError: (error) => setReadError((error as Error).message),
  });
  const importing = useMutation({
    mutationFn: (f: StatementFile) => call("POST /api/bank-statements/import", { body: body(f) }),
    onSuccess: async (r) => {
      await invalidate();
      toast.success(`${lines(r.imported)} imported`, {
        description: `${r.autoMatched} paid at once, ${r.toReview} to review${
          r.alreadyImported ? `, ${r.alreadyImported} imported before` : ""
        }.`,
      });
      setFile(null);
      setPreview(null);
      setLayout(undefined);
    },
    onError: importFailed,
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setLayout(undefined);
    const chosen = chosenFile(event, FILE_LIMIT, setReadError);
    if (!chosen) return;
    const read = await readStatementFile(chosen);
    setFile(read);
    previewing.mutate(body(read, undefined));
  }

  const all = preview?.lines ?? [];
  const fresh = all.filter((l) => !l.alreadyImported);
  const credits = fresh.filter((l) => l.direction === "CR");
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">Import a statement</h2>
      <p className="text-sm text-muted-foreground">
        Download the statement from your bank's net-banking as CSV or Excel (.xlsx or .xls) (SBI, HDFC, ICICI,
        Axis, Kotak and others that print a header row with a date, a narration and amounts) or MT940 /
        CAMT.053. Credits naming an invoice number, or from a payer Bahi has seen before, are recorded as
        payments at once; the rest wait below for you.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FileBox
          label="Statement file"
          accept=".csv,.tsv,.txt,.xlsx,.xls,.sta,.940,.mt940,.xml,text/csv,text/plain,text/xml"
          onChoose={choose}
        />
        <Field label="Account" hint="The account number the file names, unless you give another name.">
          {(props) => (
            <Input {...props} value={account} maxLength={100} onChange={(e) => setAccount(e.target.value)} />
          )}
        </Field>
      </div>
      <FileReading reading={previewing.isPending ? `Reading ${file?.name ?? ""}…` : null} error={readError} />
      {preview?.needsLayout && file && (
        <ColumnMapper
          sample={preview.sample}
          onRead={(mapped) => {
            setLayout(mapped);
            previewing.mutate(body(file, mapped));
          }}
        />
      )}
      {preview && !preview.needsLayout && (
        <div className="space-y-3" data-testid="statement-preview">
          <p className="text-sm" role="status">
            {preview.bank === "Other" ? "A statement" : `A ${preview.bank} statement`} of account{" "}
            {preview.account}: {lines(all.length)}, {fresh.length} new ({credits.length} credits
            {credits.length > 0 &&
              ` of ${formatMoney(
                credits.reduce((s, l) => s + l.amountMinor, 0),
                "INR",
              )}`}
            ){all.length > fresh.length && `; ${all.length - fresh.length} imported before`}.
          </p>
          {preview.problems.length > 0 && (
            <ul className="space-y-1 text-sm text-destructive" aria-label="Rows to check">
              {preview.problems.slice(0, 5).map((p) => (
                <li key={`${p.row}-${p.message}`}>
                  Row {p.row}: {p.message}
                </li>
              ))}
            </ul>
          )}
          <Button
            onClick={() => file && importing.mutate(file)}
            busy={importing.isPending}
            disabled={fresh.length === 0}
          >
            Import {lines(fresh.length)}
          </Button>
        </div>
      )}
    </Card>
  );
}
