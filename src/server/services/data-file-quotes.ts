import { type ImportedQuote, quoteRecordSchema } from "#contract/data-file-documents";
import { notInFile, parsedRecords, type ReadSection, readDocument } from "./data-file-documents";

// The file's `quotes` (docs/decisions/0031-recurring-schedule.md, addendum "In the export file"),
// proforma invoices and delivery challans among them (`kind`, decision 0061): each checked whole,
// as the routes would take it, before anything is written.

export const readQuoteRecords: ReadSection<ImportedQuote> = (raw, invoices, fail) => {
  const quotes: ImportedQuote[] = [];
  const numbers = new Map<string, number>();
  const convertedBy = new Map<number, number>();
  const convertedKind = new Map<number, string>();
  for (const { index, record, problems } of parsedRecords(raw, quoteRecordSchema, fail)) {
    const numberKey = `${record.kind} ${record.quoteNumber}`;
    const earlier = numbers.get(numberKey);
    if (earlier !== undefined)
      problems.push(
        `quoteNumber: ${record.quoteNumber} is also used by the ${record.kind} at index ${earlier}.`,
      );
    else numbers.set(numberKey, index);
    let convertedInvoice: number | null = null;
    if (record.convertedInvoiceNumber) {
      const at = invoices.find(record.convertedInvoiceNumber, record.convertedInvoiceDate);
      const other = at === undefined ? undefined : convertedBy.get(at);
      if (at === undefined)
        problems.push(
          notInFile(
            "convertedInvoiceNumber",
            record.convertedInvoiceNumber,
            invoices,
            record.convertedInvoiceDate,
          ),
        );
      // Several challans may make one invoice; a quote or proforma makes its own.
      else if (other !== undefined && !(record.kind === "challan" && convertedKind.get(at) === "challan"))
        problems.push(
          `convertedInvoiceNumber: ${record.convertedInvoiceNumber} was converted from the quote at index ${other}.`,
        );
      else {
        convertedInvoice = at;
        convertedBy.set(at, index);
        convertedKind.set(at, record.kind);
      }
    }
    const { document, problems: documentProblems } = readDocument(record.document, {
      invoiceNumber: record.quoteNumber,
      invoiceDate: record.quoteDate,
      dueDate: record.validUntil,
      status: "draft",
      paymentDate: null,
    });
    problems.push(...documentProblems);
    if (problems.length > 0 || !document) {
      fail(index, problems);
      continue;
    }
    quotes.push({ ...document, record, convertedInvoice });
  }
  return quotes;
};
