import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Page } from "#contract/common";
import {
  type ConsigneeInput,
  KIND_INPUT_SCHEMAS,
  type KindDocument,
  type KindInput,
  type KindSummary,
  type QuoteLinkAnswer,
} from "#contract/quotes";
import { addDays } from "#domain/dates";
import { type ChallanReason, KIND_API_PATHS } from "#domain/document-kinds";
import type { InvoiceDocument, InvoiceInput } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import { api } from "#web/api";
import { inputFromInvoice, newInvoiceInput } from "#web/features/documents/editor/draft";
import { FieldErrors, issuesToFields } from "#web/features/documents/editor/errors";
import type { Invoice } from "#web/features/documents/types";

// Proforma invoices and delivery challans on the web: one module for both kinds, by kind. The
// editor keeps the document as the invoice editor's input (number, date and valid-until date in
// the invoice's fields) plus a challan's reason and consignee, so it reuses the shared sections,
// totals and preview unchanged, and the form's "unsaved changes" covers those two fields too.

export type WebKind = "proforma" | "challan";
export type { KindSummary, QuoteLinkAnswer };
export type KindDoc = Omit<KindDocument, "document"> & { document: InvoiceDocument };

/** The editor's input: the invoice's fields, and a challan's own (absent on a proforma). */
export type KindEditorInput = InvoiceInput & {
  reason?: ChallanReason | "";
  consignee?: ConsigneeInput | null;
};

/** How long a new proforma is valid by default. */
const DEFAULT_VALID_DAYS = 30;

export const kindApi = (kind: WebKind) => KIND_API_PATHS[kind];
export const kindUrl = (kind: WebKind, id: string, rest = "") =>
  `${kindApi(kind)}/${encodeURIComponent(id)}${rest}`;

export const kindKeys = {
  all: (kind: WebKind) => [kind] as const,
  list: (kind: WebKind, query: string) => [kind, "list", query] as const,
  one: (kind: WebKind, id: string) => [kind, "one", id] as const,
  link: (kind: WebKind, id: string) => [kind, "link", id] as const,
  nextNumber: (kind: WebKind, date: string) => [kind, "next-number", date] as const,
};

export const kindQuery = (kind: WebKind, id: string) => ({
  queryKey: kindKeys.one(kind, id),
  queryFn: async () => (await api<{ document: KindDoc }>(kindUrl(kind, id))).document,
});

export const kindListQuery = (kind: WebKind, query: string) => ({
  queryKey: kindKeys.list(kind, query),
  queryFn: () => api<Page<KindSummary>>(`${kindApi(kind)}?${query}`),
});

export const nextKindNumberQuery = (kind: WebKind, date: string) => ({
  queryKey: kindKeys.nextNumber(kind, date),
  queryFn: () => api<{ number: string }>(`${kindApi(kind)}/next-number?${new URLSearchParams({ date })}`),
  staleTime: 0,
});

export const kindLinkQuery = (kind: WebKind, id: string) => ({
  queryKey: kindKeys.link(kind, id),
  queryFn: () => api<QuoteLinkAnswer>(kindUrl(kind, id, "/public-link")),
});

export function newKindInput(kind: WebKind, settings: Settings, number: string, today: string) {
  const input: KindEditorInput = newInvoiceInput(settings, number, today);
  return kind === "challan"
    ? { ...input, dueDate: null, reason: "" as const, consignee: null }
    : { ...input, dueDate: addDays(today, DEFAULT_VALID_DAYS) };
}

export function inputFromKind(doc: KindDoc): KindEditorInput {
  const input: KindEditorInput = inputFromInvoice({ ...doc, status: "draft" } as unknown as Invoice);
  if (doc.kind !== "challan") return { ...input, dueDate: doc.validUntil };
  return { ...input, dueDate: null, reason: doc.reason ?? "", consignee: doc.consignee };
}

/** The editor's input as the kind's API takes it; `autoNumber`: the server picks the number. */
export function toKindInput(kind: WebKind, input: KindEditorInput, autoNumber: boolean): unknown {
  const {
    invoiceNumber,
    invoiceDate,
    dueDate,
    status: _s,
    paymentDate: _p,
    reason,
    consignee,
    ...fields
  } = input;
  const common = { ...fields, number: autoNumber ? null : invoiceNumber, date: invoiceDate };
  return kind === "challan"
    ? { ...common, reason: reason || undefined, consignee: consignee ?? null }
    : { ...common, validUntil: dueDate };
}

/** The server's field names, as the shared sections name them. */
export function editorFields(fields: Record<string, string>): Record<string, string> {
  const names: Record<string, string> = {
    number: "invoiceNumber",
    date: "invoiceDate",
    validUntil: "dueDate",
  };
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [names[k] ?? k, v]));
}

/** The kind's server calls; each leaves the lists (and the invoices a conversion adds) up to date. */
export function useKindCommands(kind: WebKind) {
  const queryClient = useQueryClient();
  const invalidate = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kindKeys.all(kind) }),
        queryClient.invalidateQueries({ queryKey: ["invoices"] }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
      ]),
    [queryClient, kind],
  );
  const answer = async (work: Promise<{ document: KindDoc }>) => {
    const { document } = await work;
    await invalidate();
    return document;
  };
  return {
    invalidate,
    /** Checks as the server will, then creates (`id` null) or replaces the document. */
    save(id: string | null, input: KindEditorInput, autoNumber: boolean) {
      const parsed = KIND_INPUT_SCHEMAS[kind].safeParse(toKindInput(kind, input, autoNumber));
      if (!parsed.success) throw new FieldErrors(editorFields(issuesToFields(parsed.error.issues)));
      const body = parsed.data as KindInput;
      return answer(
        id
          ? api<{ document: KindDoc }>(kindUrl(kind, id), { method: "PUT", body })
          : api<{ document: KindDoc }>(kindApi(kind), { method: "POST", body }),
      );
    },
    /** Issue, return or cancel a challan; mark a proforma sent. */
    move(id: string, status: "sent" | "issued" | "returned" | "cancelled") {
      return answer(
        api<{ document: KindDoc }>(kindUrl(kind, id, "/status"), { method: "POST", body: { status } }),
      );
    },
    /** One proforma, or several issued challans of one client, become one invoice. */
    async convert(ids: string[]) {
      const made = await api<{ documents: KindDoc[]; invoice: { id: string; invoiceNumber: string } }>(
        `${kindApi(kind)}/convert`,
        { method: "POST", body: { ids } },
      );
      await invalidate();
      return made;
    },
    async remove(id: string) {
      await api(kindUrl(kind, id), { method: "DELETE" });
      await invalidate();
    },
  };
}
