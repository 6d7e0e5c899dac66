import { z } from "zod";
import { PAYMENT_METHODS, type PaymentMethod } from "../payments";

// The names of the user's ledgers in TallyPrime (issue 32, decision 0080): saved once per business,
// defaulting to the names Tally users usually give them. Bahi creates the sales, tax and round-off
// ledgers and one ledger per client in the masters file; the bank and cash ledgers receipts go to
// are the user's own (Tally's bank reconciliation history lives on them), so Bahi creates them only
// when asked to.

/** The GST rates a sales ledger is named for; any other rate gets the default name. */
export const TALLY_SALES_RATES = ["0", "0.25", "3", "5", "12", "18", "28", "40"] as const;

/** TallyPrime 3.0 renamed the duty heads and the consumer registration type. */
export const TALLY_RELEASES = ["prime3", "legacy"] as const;
export type TallyRelease = (typeof TALLY_RELEASES)[number];
export const TALLY_RELEASE_LABELS: Record<TallyRelease, string> = {
  prime3: "TallyPrime 3.0 or later",
  legacy: "TallyPrime 2.1 or earlier, Tally.ERP 9",
};

/** Sales vouchers as accounting invoices (ledger lines) or item invoices (stock items, decision 0080 addendum). */
export const TALLY_VOUCHER_MODES = ["accounting", "item"] as const;
export type TallyVoucherMode = (typeof TALLY_VOUCHER_MODES)[number];
export const TALLY_VOUCHER_MODE_LABELS: Record<TallyVoucherMode, string> = {
  accounting: "Accounting invoices (sales ledgers)",
  item: "Item invoices (stock items with HSN, unit and rate)",
};

/** Tally's limit on a name is not published; 100 is the conservative bound (research §1.7 M4). */
export const TALLY_NAME_MAX = 100;

const ledgerName = (label: string) =>
  z
    .string(`${label}: enter a ledger name.`)
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, `${label}: enter a ledger name.`)
        .max(TALLY_NAME_MAX, `${label}: at most ${TALLY_NAME_MAX} characters.`)
        // Control characters are refused by Tally and XML alike.
        .refine((v) => !/\p{Cc}/u.test(v), `${label}: remove the control characters.`),
    );

/** The default sales ledger's name for a rate: "Sales @18%". */
export const defaultSalesLedger = (rate: string) => `Sales @${rate}%`;

const METHOD_LEDGER_DEFAULTS: Record<PaymentMethod, string> = {
  cash: "Cash",
  upi: "Bank Account",
  bank_transfer: "Bank Account",
  cheque: "Bank Account",
  card: "Bank Account",
  razorpay: "Bank Account",
  other: "Bank Account",
};

export const tallyMappingSchema = z.object({
  /** The company's name in Tally (SVCURRENTCOMPANY); blank: the company name in Settings. */
  companyName: z
    .string()
    .trim()
    .max(TALLY_NAME_MAX, `Company name: at most ${TALLY_NAME_MAX} characters.`)
    .default(""),
  release: z.enum(TALLY_RELEASES).default("prime3"),
  /** Absent in mappings saved before item invoices: accounting, as those exports were. */
  voucherMode: z.enum(TALLY_VOUCHER_MODES).default("accounting"),
  /** The GST Registration master's name in TallyPrime 3+; blank: "<State> Registration". */
  gstRegistrationName: z
    .string()
    .trim()
    .max(TALLY_NAME_MAX, `GST registration: at most ${TALLY_NAME_MAX} characters.`)
    .default(""),
  salesLedgers: z
    .object(
      Object.fromEntries(
        TALLY_SALES_RATES.map((r) => [r, ledgerName(`Sales ${r}%`).default(defaultSalesLedger(r))]),
      ) as Record<(typeof TALLY_SALES_RATES)[number], z.ZodDefault<ReturnType<typeof ledgerName>>>,
    )
    .prefault({}),
  cgstLedger: ledgerName("CGST").default("Output CGST"),
  sgstLedger: ledgerName("SGST/UTGST").default("Output SGST"),
  igstLedger: ledgerName("IGST").default("Output IGST"),
  roundOffLedger: ledgerName("Round off").default("Round Off"),
  receiptLedgers: z
    .object(
      Object.fromEntries(
        PAYMENT_METHODS.map((m) => [m, ledgerName(`Ledger for ${m}`).default(METHOD_LEDGER_DEFAULTS[m])]),
      ) as Record<PaymentMethod, z.ZodDefault<ReturnType<typeof ledgerName>>>,
    )
    .prefault({}),
  /** Create the bank ledgers (under Bank Accounts) in the masters file; "Cash" is Tally's own. */
  createBankLedgers: z.boolean().default(false),
});
export type TallyMapping = z.output<typeof tallyMappingSchema>;

export const DEFAULT_TALLY_MAPPING: TallyMapping = Object.freeze(tallyMappingSchema.parse({}));

/** A saved mapping read leniently: what no longer parses falls back to the defaults. */
export function readTallyMapping(saved: unknown): TallyMapping {
  const parsed = tallyMappingSchema.safeParse(saved ?? {});
  return parsed.success ? parsed.data : DEFAULT_TALLY_MAPPING;
}

/** The rate as the mapping keys it: 18 -> "18", 0.25 -> "0.25". */
export function rateKey(ratePercent: number): string {
  return String(Number(ratePercent.toFixed(2)));
}

export function salesLedgerFor(mapping: TallyMapping, ratePercent: number): string {
  const key = rateKey(ratePercent);
  return (mapping.salesLedgers as Record<string, string>)[key] ?? defaultSalesLedger(key);
}

/** Tally's predefined ledger under Cash-in-Hand: never created by an import. */
export const TALLY_CASH_LEDGER = "Cash";
