import { exchangeRateSchema } from "#domain/export-fx";
import {
  buildInvoiceDocument,
  type InvoiceCompany,
  type InvoiceDocument,
  type InvoiceInput,
} from "#domain/invoice";
import { buildInvoicePage, type InvoicePageModel } from "#domain/invoice-page";
import { type LineProblem, type LineTotals, validateLine } from "#domain/totals";

export interface PreviewResult {
  /** The document as the server and the PDF would build it from the lines that are valid now. */
  document: InvoiceDocument;
  /** The page the preview draws: the one the PDF of `document` shows. */
  page: InvoicePageModel;
  /**
   * Problems by line id; such lines are left out of the totals until they are fixed. An empty box of
   * a line without a rate yet (a new line) is no problem to show while typing: the save reports it.
   */
  lineProblems: Record<string, LineProblem>;
  /** Totals of each valid line by line id. */
  lineTotals: Record<string, LineTotals>;
  /** Set when the invoice as a whole cannot be totalled (e.g. the amount is too large). */
  error: string | null;
}

const blank = (value: string | number | undefined) => String(value ?? "").trim() === "";

/**
 * buildInvoiceDocument refuses an invoice with any bad line; while the user is typing a line is
 * often half-written ("", "1."), so the preview totals the good lines and flags the others.
 */
export function previewDocument(
  input: InvoiceInput,
  company: InvoiceCompany,
  amountPaidMinor = 0,
): PreviewResult {
  const lineProblems: Record<string, LineProblem> = {};
  const validItems = input.items.filter((item) => {
    const problem = validateLine(item, input.currency);
    if (problem && !(blank(item[problem.field]) && blank(item.rate))) lineProblems[item.id] = problem;
    return !problem;
  });
  // A rate being typed ("83.", "") is left out until it reads as a rate (decision 0089).
  const rate = input.exchangeRate ? exchangeRateSchema.safeParse(input.exchangeRate) : null;
  const valid = { ...input, items: validItems, exchangeRate: rate?.success ? rate.data : undefined };
  try {
    const document = buildInvoiceDocument(valid, company);
    const lineTotals: Record<string, LineTotals> = {};
    validItems.forEach((item, i) => {
      lineTotals[item.id] = document.totals.lines[i];
    });
    const page = buildInvoicePage(document, undefined, amountPaidMinor);
    return { document, page, lineProblems, lineTotals, error: null };
  } catch (error) {
    const empty = buildInvoiceDocument({ ...input, items: [] }, company);
    return {
      document: empty,
      page: buildInvoicePage(empty),
      lineProblems,
      lineTotals: {},
      error: (error as Error).message,
    };
  }
}

export const PREVIEW_INPUT_MARK = "preview-input";
export const PREVIEW_MEASURE = "preview-update";

/** Called on each edit: the start of the keystroke-to-preview measurement. */
export function markPreviewInput() {
  if (typeof performance === "undefined" || !performance.mark) return;
  // Only the first edit since the last preview commit counts, so a burst is measured end to end.
  if (performance.getEntriesByName(PREVIEW_INPUT_MARK, "mark").length === 0)
    performance.mark(PREVIEW_INPUT_MARK);
}

/** Called when the preview has committed the new document: records 'preview-update'. */
export function measurePreviewUpdate() {
  if (typeof performance === "undefined" || !performance.measure) return;
  if (performance.getEntriesByName(PREVIEW_INPUT_MARK, "mark").length === 0) return;
  try {
    performance.measure(PREVIEW_MEASURE, PREVIEW_INPUT_MARK);
  } finally {
    performance.clearMarks(PREVIEW_INPUT_MARK);
  }
}
