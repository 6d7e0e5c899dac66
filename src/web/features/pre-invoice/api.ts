import type { ContractAt } from "#contract";
import type { Page } from "#contract/common";
import {
  type ConsigneeInput,
  KIND_INPUT_SCHEMAS,
  type KindDocument,
  type KindInput,
  type KindSummary,
} from "#contract/quotes";
import { addDays } from "#domain/dates";
import { type ChallanReason, KIND_API_PATHS } from "#domain/document-kinds";
import type { InvoiceDocument, InvoiceInput } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import { type CallInput, call, callQuery, queryKeyOf, type Resource, urlOf } from "#web/api";
import { inputFromInvoice, newInvoiceInput } from "#web/features/documents/editor/draft";
import { FieldErrors, fieldsNamed, issuesToFields } from "#web/features/documents/editor/errors";
import type { Invoice } from "#web/features/documents/types";
import type { ListQuery as ListFilterQuery } from "#web/features/documents/useListFilters";
import { callPage } from "#web/lib/page-cursors";
import { useInvalidate } from "#web/lib/useInvalidate";

// Proforma invoices and delivery challans on the web: one module for both kinds, by kind. The
// editor keeps the document as the invoice editor's input (number, date and valid-until date in
// the invoice's fields) plus a challan's reason and consignee, so it reuses the shared sections,
// totals and preview unchanged, and the form's "unsaved changes" covers those two fields too.

export type WebKind = "proforma" | "challan";
export type { KindSummary };
export type KindDoc = Omit<KindDocument, "document"> & { document: InvoiceDocument };

/** The editor's input: the invoice's fields, and a challan's own (absent on a proforma). */
export type KindEditorInput = InvoiceInput & {
  reason?: ChallanReason | "";
  consignee?: ConsigneeInput | null;
};

/** How long a new proforma is valid by default. */
const DEFAULT_VALID_DAYS = 30;

type Base = (typeof KIND_API_PATHS)[WebKind];
/** The kind's route key: `keyOf("proforma", "GET", "/:id")` is "GET /api/proforma-invoices/:id". */
const keyOf = <M extends string, R extends string>(kind: WebKind, method: M, rest: R) =>
  `${method} ${KIND_API_PATHS[kind]}${rest}` as `${M} ${Base}${R}`;
/** An address of the kind's API (the PDF's and the send dialog's, which post themselves). */
export const kindUrl = (kind: WebKind, id: string, rest = "") =>
  `${urlOf(`${KIND_API_PATHS[kind]}/:id`, { params: { id } })}${rest}`;

const docOf = (answer: { document: unknown }) => answer.document as KindDoc;

export const kindKeys = {
  one: (kind: WebKind, id: string) => queryKeyOf(keyOf(kind, "GET", "/:id"), { params: { id } }),
  link: (kind: WebKind, id: string) => queryKeyOf(keyOf(kind, "GET", "/:id/public-link"), { params: { id } }),
};

export const getKindDocument = async (kind: WebKind, id: string) =>
  docOf(await call(keyOf(kind, "GET", "/:id"), { params: { id } }));

export const kindQuery = (kind: WebKind, id: string) => ({
  queryKey: kindKeys.one(kind, id),
  queryFn: () => getKindDocument(kind, id),
});

export const kindListQuery = (kind: WebKind, query: ListFilterQuery) => {
  const q = query as NonNullable<CallInput<ContractAt<`GET ${Base}`>>["query"]>;
  return {
    queryKey: queryKeyOf(keyOf(kind, "GET", ""), { query: q }),
    queryFn: () => callPage(keyOf(kind, "GET", ""), q) as Promise<Page<KindSummary>>,
  };
};

export const nextKindNumberQuery = (kind: WebKind, date: string) => ({
  ...callQuery(keyOf(kind, "GET", "/next-number"), { query: { date } }),
  staleTime: 0,
});

export const kindLinkQuery = (kind: WebKind, id: string) => ({
  queryKey: kindKeys.link(kind, id),
  queryFn: () => call(keyOf(kind, "GET", "/:id/public-link"), { params: { id } }),
});

/** The document's share link, made on first use (a draft proforma is then sent). */
export const makeKindLink = (kind: WebKind, id: string) =>
  call(keyOf(kind, "POST", "/:id/public-link"), { params: { id }, body: {} });

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
export const editorFields = fieldsNamed({
  number: "invoiceNumber",
  date: "invoiceDate",
  validUntil: "dueDate",
});

/** The kind's server calls; each leaves the lists (and the invoices a conversion adds) up to date. */
export function useKindCommands(kind: WebKind) {
  const invalidate = useInvalidate(KIND_API_PATHS[kind].slice(5) as Resource, "invoices", "products");
  const answer = async (work: Promise<{ document: unknown }>) => {
    const document = docOf(await work);
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
          ? call(keyOf(kind, "PUT", "/:id"), { params: { id }, body })
          : call(keyOf(kind, "POST", ""), { body }),
      );
    },
    /** Issue, return or cancel a challan; mark a proforma sent. */
    move(id: string, status: "sent" | "issued" | "returned" | "cancelled") {
      return answer(call(keyOf(kind, "POST", "/:id/status"), { params: { id }, body: { status } }));
    },
    /** One proforma, or several issued challans of one client, become one invoice. */
    async convert(ids: string[]) {
      const made = await call(keyOf(kind, "POST", "/convert"), { body: { ids } });
      await invalidate();
      return made;
    },
    async remove(id: string) {
      await call(keyOf(kind, "DELETE", "/:id"), { params: { id } });
      await invalidate();
    },
  };
}
