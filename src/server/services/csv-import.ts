import Papa from "papaparse";
import type { z } from "zod";
import { clientCreate } from "#contract/clients";
import { productCreate } from "#contract/products";
import { csvText } from "#domain/csv";
import type { Address } from "#domain/invoice";
import type { Db } from "../db/client";
import { type ClientRow, createClient as createClientRow } from "../db/queries/clients";
import { listAllClientsForExport, listAllProductsForExport } from "../db/queries/csv-lists";
import { tryImportLock } from "../db/queries/data";
import type { ProductRow } from "../db/queries/products";
import { AppError } from "../errors";
import { recordActivity } from "./activity-log";
import { insertProduct } from "./products";

// Clients and products from a spreadsheet (issue 16 part 5): the columns of Bahi's own CSV export
// (GET /api/clients/export.csv, /api/products/export.csv), matched by name in any order, any case.
// A check first (a preview of the first rows, every row's errors named by its line), then the
// import: all rows in one transaction, or none. Cells are text: "=SUM(A1)" is kept as those
// characters, never evaluated; the apostrophe Bahi's export puts before such a cell is taken off.

export const MAX_IMPORT_ROWS = 5_000;
const PREVIEW_ROWS = 5;

interface Column<T> {
  header: string;
  /** The field of the create schema it fills (dotted for the billing address). */
  field: string;
  out: (row: T) => string;
}

const address = (c: ClientRow) => (c.billingAddress ?? {}) as Partial<Address>;

const CLIENT_COLUMNS: Column<ClientRow>[] = [
  { header: "Name", field: "name", out: (c) => c.name },
  { header: "Company", field: "company", out: (c) => c.company },
  { header: "E-mail", field: "email", out: (c) => c.email },
  { header: "Phone", field: "phone", out: (c) => c.phone },
  { header: "GSTIN", field: "gstin", out: (c) => c.gstin },
  { header: "Address line 1", field: "billingAddress.line1", out: (c) => address(c).line1 ?? "" },
  { header: "Address line 2", field: "billingAddress.line2", out: (c) => address(c).line2 ?? "" },
  { header: "City", field: "billingAddress.city", out: (c) => address(c).city ?? "" },
  { header: "State", field: "billingAddress.state", out: (c) => address(c).state ?? "" },
  { header: "Postal code", field: "billingAddress.postalCode", out: (c) => address(c).postalCode ?? "" },
  { header: "Country", field: "billingAddress.country", out: (c) => address(c).country ?? "" },
  { header: "Notes", field: "notes", out: (c) => c.notes },
];

const PRODUCT_COLUMNS: Column<ProductRow>[] = [
  { header: "Name", field: "name", out: (p) => p.name },
  { header: "Kind", field: "kind", out: (p) => p.kind },
  { header: "HSN/SAC", field: "hsnSac", out: (p) => p.hsnSac },
  { header: "Unit", field: "unit", out: (p) => p.unit },
  { header: "Rate", field: "rate", out: (p) => String(p.rate) },
  { header: "Cost price", field: "costPrice", out: (p) => String(p.costPrice) },
  { header: "Default tax %", field: "defaultTaxPercent", out: (p) => String(p.defaultTaxPercent) },
  {
    header: "Default discount %",
    field: "defaultDiscountPercent",
    out: (p) => String(p.defaultDiscountPercent),
  },
  {
    header: "Available quantity",
    field: "availableQuantity",
    out: (p) => (p.availableQuantity === null ? "" : String(p.availableQuantity)),
  },
  {
    header: "Low-stock level",
    field: "lowStockLevel",
    out: (p) => (p.lowStockLevel === null ? "" : String(p.lowStockLevel)),
  },
];

export type ImportKind = "clients" | "products";

const COLUMNS = { clients: CLIENT_COLUMNS, products: PRODUCT_COLUMNS } as const;

/** A cell as the user meant it: trimmed, and without the apostrophe an export put before a formula-like text. */
const cellText = (raw: string) => {
  const v = raw.trim();
  return /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v;
};

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const [head, tail] = dotted.split(".") as [string, string | undefined];
  if (tail === undefined) target[head] = value;
  else target[head] = { ...((target[head] as Record<string, unknown>) ?? {}), [tail]: value };
}

export interface ImportCheck {
  kind: ImportKind;
  /** Rows of data found (the header line not counted). */
  rows: number;
  columns: string[];
  /** Columns of the file Bahi does not know (left out). */
  ignoredColumns: string[];
  preview: Record<string, string>[];
  /** Every row at fault: its line in the file (the header is line 1) and what is wrong. */
  errors: { line: number; message: string }[];
}

type Parsed<K extends ImportKind> = K extends "clients"
  ? z.output<typeof clientCreate>
  : z.output<typeof productCreate>;

function parse<K extends ImportKind>(kind: K, csv: string): { check: ImportCheck; values: Parsed<K>[] } {
  const columns = COLUMNS[kind] as Column<unknown>[];
  const result = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header = [], ...rows] = result.data;
  const byHeader = new Map(columns.map((c) => [c.header.toLowerCase(), c]));
  const mapped = header.map((h) => byHeader.get(h.trim().toLowerCase()) ?? null);
  const errors: ImportCheck["errors"] = [];
  if (!mapped.some((c) => c?.field === "name")) {
    errors.push({
      line: 1,
      message: `The first line must name the columns, with at least "Name" (${columns.map((c) => c.header).join(", ")}).`,
    });
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    errors.push({
      line: MAX_IMPORT_ROWS + 2,
      message: `A file can hold at most ${MAX_IMPORT_ROWS} rows; split it.`,
    });
  }
  // A file of one column has no delimiter to find: papaparse then reads it with "," (as wanted)
  // but reports that it could not guess one, which is no fault of the file.
  for (const e of result.errors.filter((e) => e.code !== "UndetectableDelimiter").slice(0, 20)) {
    errors.push({ line: (e.row ?? 0) + 1, message: `The file cannot be read here: ${e.message}.` });
  }
  const schema = kind === "clients" ? clientCreate : productCreate;
  const values: Parsed<K>[] = [];
  const preview: Record<string, string>[] = [];
  if (errors.length === 0) {
    rows.forEach((cells, i) => {
      const line = i + 2;
      const input: Record<string, unknown> = {};
      const shown: Record<string, string> = {};
      mapped.forEach((column, j) => {
        if (!column) return;
        const value = cellText(cells[j] ?? "");
        shown[column.header] = value;
        // A blank number cell is "not given" (the schema's default), not zero.
        if (
          value !== "" ||
          ![
            "rate",
            "costPrice",
            "defaultTaxPercent",
            "defaultDiscountPercent",
            "availableQuantity",
            "lowStockLevel",
          ].includes(column.field)
        ) {
          setPath(input, column.field, value === "" && column.field === "kind" ? undefined : value);
        }
      });
      if (i < PREVIEW_ROWS) preview.push(shown);
      const parsed = schema.safeParse(input);
      if (parsed.success) values.push(parsed.data as Parsed<K>);
      else {
        const message = parsed.error.issues
          .map((issue) => {
            const field = issue.path.join(".");
            const header = columns.find((c) => c.field === field)?.header ?? field;
            return `${header}: ${issue.message}`;
          })
          .join(" ");
        errors.push({ line, message });
      }
    });
  }
  return {
    check: {
      kind,
      rows: rows.length,
      columns: mapped.filter((c) => c !== null).map((c) => c!.header),
      ignoredColumns: header
        .filter((_h, j) => mapped[j] === null)
        .map((h) => h.trim())
        .filter(Boolean),
      preview,
      errors,
    },
    values,
  };
}

/** What an import would do, without doing it. */
export function checkImport(kind: ImportKind, csv: string): ImportCheck {
  return parse(kind, csv).check;
}

/** Imports every row, or none: a file with any error is refused with the errors named. */
export async function importCsv(db: Db, businessId: string, kind: ImportKind, csv: string) {
  const { check, values } = parse(kind, csv);
  if (check.errors.length > 0 || values.length === 0) {
    const first = check.errors[0];
    throw new AppError(
      "validation_failed",
      first
        ? `Nothing was imported: ${check.errors.length} row(s) have errors, the first on line ${first.line}: ${first.message}`
        : "Nothing was imported: the file has no rows.",
    );
  }
  await db.transaction(async (tx) => {
    // One import per account at a time: a second one would wait on the first's rows until its
    // statement timed out (a 503), so it is told at once instead.
    if (!(await tryImportLock(tx as unknown as Db, businessId))) {
      throw new AppError("import_running", "An import is running; try again when it has finished.");
    }
    for (const value of values) {
      if (kind === "clients") await createClientRow(tx, { businessId, fields: value as Parsed<"clients"> });
      else await insertProduct(tx, businessId, value as Parsed<"products">);
    }
    // One entry for the whole file (decision 0077), in the import's transaction.
    await recordActivity(tx, {
      businessId,
      action: "data_imported",
      record: { kind: "data", id: null, label: `${kind} CSV` },
      detail: { kind, rows: values.length },
    });
  });
  return { imported: values.length, kind };
}

/** The user's clients or products as CSV, with the columns the import reads. */
export async function exportCsv(db: Db, businessId: string, kind: ImportKind): Promise<string> {
  const rows =
    kind === "clients"
      ? await listAllClientsForExport(db, businessId)
      : await listAllProductsForExport(db, businessId);
  const columns = COLUMNS[kind] as Column<unknown>[];
  return csvText([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.out(row)))]);
}
