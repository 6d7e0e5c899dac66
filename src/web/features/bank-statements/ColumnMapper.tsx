import { useState } from "react";
import type { ColumnMapInput } from "#contract/bank-statements";
import { Button } from "#web/components/ui/button";
import { Field, Select } from "#web/components/ui/input";

// A statement whose header row Bahi does not recognise (a smaller bank's layout): the user says
// which row names the columns and which column holds what. Bahi keeps the choice for that header.

export interface MappedLayout {
  headerRow: number;
  columns: ColumnMapInput;
}

const ROLES = [
  { key: "date", label: "Date", required: true },
  { key: "narration", label: "Narration (description, particulars)", required: true },
  { key: "credit", label: "Credit (deposit) amount", required: false },
  { key: "debit", label: "Debit (withdrawal) amount", required: false },
  { key: "amount", label: "Amount (one column for both)", required: false },
  { key: "drCr", label: "Dr / Cr (with one amount column)", required: false },
  { key: "balance", label: "Balance", required: false },
] as const;
type Role = (typeof ROLES)[number]["key"];

export function ColumnMapper({
  sample,
  onRead,
}: {
  sample: string[][];
  onRead: (layout: MappedLayout) => void;
}) {
  const firstWide = Math.max(
    0,
    sample.findIndex((r) => r.filter((c) => c !== "").length >= 3),
  );
  const [headerRow, setHeaderRow] = useState(firstWide);
  const [columns, setColumns] = useState<Record<Role, number>>({
    date: -1,
    narration: -1,
    credit: -1,
    debit: -1,
    amount: -1,
    drCr: -1,
    balance: -1,
  });
  const header = sample[headerRow] ?? [];
  const enough =
    columns.date >= 0 &&
    columns.narration >= 0 &&
    (columns.amount >= 0 || (columns.credit >= 0 && columns.debit >= 0));
  return (
    <div className="space-y-4" data-testid="column-mapper">
      <p className="text-sm" role="status">
        Bahi does not know this layout. Say which row names the columns and which column holds what; Bahi
        keeps it for the next statement with the same columns.
      </p>
      <Field label="Row that names the columns">
        {(props) => (
          <Select {...props} value={headerRow} onChange={(e) => setHeaderRow(Number(e.target.value))}>
            {sample.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no other identity
              <option key={i} value={i}>
                Row {i + 1}:{" "}
                {row
                  .filter((c) => c !== "")
                  .join(" | ")
                  .slice(0, 70) || "(empty)"}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        {ROLES.map((role) => (
          <Field key={role.key} label={role.label}>
            {(props) => (
              <Select
                {...props}
                value={columns[role.key]}
                onChange={(e) => setColumns((c) => ({ ...c, [role.key]: Number(e.target.value) }))}
              >
                <option value={-1}>{role.required ? "Choose a column" : "None"}</option>
                {header.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                  <option key={i} value={i}>
                    Column {i + 1}: {cell || "(no name)"}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      </div>
      <Button variant="outline" disabled={!enough} onClick={() => onRead({ headerRow, columns })}>
        Read with these columns
      </Button>
    </div>
  );
}
