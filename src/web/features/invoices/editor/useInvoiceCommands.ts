import { useQueryClient } from "@tanstack/react-query";
import { gstDocumentProblems } from "#domain/gst-invoice-checks";
import { type InvoiceCompany, type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { FieldErrors, issuesToFields } from "#web/features/documents/editor/errors";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import type { Invoice } from "#web/features/documents/types";
import {
  deleteInvoice,
  duplicateInvoice,
  getInvoice,
  invoiceKeys,
  saveInvoice,
  setInvoiceStatus,
  useInvalidateAfterInvoiceChange,
} from "../queries";

/** The server calls of the editor; each returns the invoice as the server now has it. */
export function useInvoiceCommands() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterInvoiceChange();

  const done = async (invoice: Invoice) => {
    queryClient.setQueryData(invoiceKeys.one(invoice.id), invoice);
    await invalidate();
    return invoice;
  };

  return {
    /**
     * Validates as the server will, then creates or replaces the invoice. With `company`, a tax
     * invoice's number and HSN/SAC codes are checked first too (the server's messages).
     */
    async save(
      id: string | null,
      input: InvoiceInput,
      opts: { autoNumber?: boolean; company?: InvoiceCompany } = {},
    ) {
      input = withoutUnusedRate(input);
      if (opts.company) gstCheck(input, opts.company, Boolean(opts.autoNumber));
      const parsed = invoiceInputSchema.safeParse(input);
      if (!parsed.success) throw new FieldErrors(issuesToFields(parsed.error.issues));
      return done(await saveInvoice(id, parsed.data, opts.autoNumber));
    },
    /** The invoice as the server has it now (after its payments changed). */
    async reload(id: string) {
      return done(await getInvoice(id));
    },
    async setStatus(id: string, status: StoredStatus, paymentDate?: string) {
      return done(await setInvoiceStatus(id, status, paymentDate));
    },
    async duplicate(id: string) {
      return done(await duplicateInvoice(id));
    },
    async remove(id: string) {
      await deleteInvoice(id);
      queryClient.removeQueries({ queryKey: invoiceKeys.one(id) });
      await invalidate();
    },
  };
}

/** An INR invoice, or a rate left blank, saves no exchange rate (decision 0089). */
function withoutUnusedRate(input: InvoiceInput): InvoiceInput {
  const rate = input.exchangeRate;
  if (!rate || (input.currency !== "INR" && String(rate.rate).trim() !== "")) return input;
  const { exchangeRate: _unused, ...rest } = input;
  return rest;
}

/** A tax invoice's number and HSN/SAC codes, checked as the server will (same messages). */
function gstCheck(input: InvoiceInput, company: InvoiceCompany, autoNumber: boolean) {
  const check = previewDocument(input, company);
  if (Object.keys(check.lineProblems).length > 0) return;
  const { invoiceNumber, ...rest } = gstDocumentProblems(check.document);
  const problems = autoNumber || !invoiceNumber ? rest : { invoiceNumber, ...rest };
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
}
