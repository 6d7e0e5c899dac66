import { useQueryClient } from "@tanstack/react-query";
import { gstDocumentProblems } from "#domain/gst-invoice-checks";
import { type InvoiceCompany, type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { api } from "#web/api";
import { FieldErrors, issuesToFields } from "#web/features/documents/editor/errors";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import type { Invoice } from "#web/features/documents/types";
import { invoiceKeys, useInvalidateAfterInvoiceChange } from "../queries";

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
      if (opts.company) gstCheck(input, opts.company, Boolean(opts.autoNumber));
      const parsed = invoiceInputSchema.safeParse(input);
      if (!parsed.success) throw new FieldErrors(issuesToFields(parsed.error.issues));
      const { invoice } = id
        ? await api<{ invoice: Invoice }>(`/api/invoices/${encodeURIComponent(id)}`, {
            method: "PUT",
            body: parsed.data,
          })
        : await api<{ invoice: Invoice }>(`/api/invoices${opts.autoNumber ? "?autoNumber=1" : ""}`, {
            method: "POST",
            body: parsed.data,
          });
      return done(invoice);
    },
    /** The invoice as the server has it now (after its payments changed). */
    async reload(id: string) {
      const { invoice } = await api<{ invoice: Invoice }>(`/api/invoices/${encodeURIComponent(id)}`);
      return done(invoice);
    },
    async setStatus(id: string, status: StoredStatus, paymentDate?: string) {
      const { invoice } = await api<{ invoice: Invoice }>(`/api/invoices/${encodeURIComponent(id)}/status`, {
        method: "POST",
        body: paymentDate ? { status, paymentDate } : { status },
      });
      return done(invoice);
    },
    async duplicate(id: string) {
      const { invoice } = await api<{ invoice: Invoice }>(
        `/api/invoices/${encodeURIComponent(id)}/duplicate`,
        {
          method: "POST",
        },
      );
      return done(invoice);
    },
    async remove(id: string) {
      await api(`/api/invoices/${encodeURIComponent(id)}`, { method: "DELETE" });
      queryClient.removeQueries({ queryKey: invoiceKeys.one(id) });
      await invalidate();
    },
  };
}

/** A tax invoice's number and HSN/SAC codes, checked as the server will (same messages). */
function gstCheck(input: InvoiceInput, company: InvoiceCompany, autoNumber: boolean) {
  const check = previewDocument(input, company);
  if (Object.keys(check.lineProblems).length > 0) return;
  const { invoiceNumber, ...rest } = gstDocumentProblems(check.document);
  const problems = autoNumber || !invoiceNumber ? rest : { invoiceNumber, ...rest };
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
}
