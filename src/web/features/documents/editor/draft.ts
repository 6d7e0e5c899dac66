import { addDays } from "#domain/dates";
import { emptyClient, type InvoiceClient, type InvoiceInput, type InvoiceItem } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import type { Invoice, SavedClient, SavedProduct } from "../types";

// The editor keeps an InvoiceInput (decimals as the text the user typed) and nothing else, so what
// is sent, what is previewed and what the server stores are the same shape.

let lineCounter = 0;
export function newLineId(): string {
  lineCounter += 1;
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `line-${Date.now().toString(36)}-${lineCounter}-${random}`;
}

export function emptyLine(): InvoiceItem {
  return {
    id: newLineId(),
    productId: null,
    name: "",
    hsnSac: "",
    unit: "",
    quantity: "1",
    rate: "",
    discountPercent: "0",
    taxPercent: "0",
  };
}

/** The company block an invoice copies from the settings: the domain's own rule, re-exported for the preview's tests. */

export function newInvoiceInput(s: Settings, invoiceNumber: string, today: string): InvoiceInput {
  return {
    invoiceNumber,
    status: "draft",
    invoiceDate: today,
    dueDate: addDays(today, s.defaultDueDateDays),
    paymentDate: null,
    currency: s.defaultCurrency,
    clientId: null,
    client: emptyClient(),
    items: [emptyLine()],
    roundOff: s.roundOffTotals,
    notes: s.defaultNotes,
    terms: s.defaultTerms,
    includeBankDetails: s.includeBankDetails,
    bankDetails: { ...s.bankDetails },
    includeSignature: s.includeSignature,
    includeUpiQrCode: s.includeUpiQrCode,
    template: s.defaultTemplate,
    primaryColor: s.primaryColor,
    accentColor: s.accentColor,
    fontFamily: s.fontFamily,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function addressOf(a: Partial<Record<string, unknown>> | null | undefined) {
  return {
    line1: str(a?.line1),
    line2: str(a?.line2),
    city: str(a?.city),
    state: str(a?.state),
    postalCode: str(a?.postalCode),
    country: str(a?.country),
    // A state chosen from the list (decision 0082); absent when none was.
    ...(a?.stateCode ? { stateCode: str(a.stateCode) } : {}),
  };
}

/** The editable part of a saved invoice (its document without the computed and snapshot fields). */
export function inputFromInvoice(invoice: Invoice): InvoiceInput {
  const d = invoice.document;
  return {
    invoiceNumber: d.invoiceNumber,
    status: invoice.status,
    invoiceDate: d.invoiceDate,
    dueDate: d.dueDate ?? null,
    paymentDate: d.paymentDate ?? invoice.paymentDate ?? null,
    currency: d.currency,
    clientId: d.clientId ?? null,
    client: {
      ...emptyClient(),
      ...d.client,
      billingAddress: addressOf(d.client?.billingAddress),
      shippingAddress: d.client?.shippingAddress ? addressOf(d.client.shippingAddress) : null,
    },
    items: d.items.map((item) => ({
      ...item,
      productId: item.productId ?? null,
      quantity: str(item.quantity),
      rate: str(item.rate),
      discountPercent: str(item.discountPercent),
      taxPercent: str(item.taxPercent),
    })),
    roundOff: d.roundOff,
    notes: d.notes,
    terms: d.terms,
    includeBankDetails: d.includeBankDetails,
    bankDetails: { ...d.bankDetails },
    includeSignature: d.includeSignature,
    includeUpiQrCode: d.includeUpiQrCode,
    template: d.template,
    primaryColor: d.primaryColor,
    accentColor: d.accentColor,
    fontFamily: d.fontFamily,
    // GST choices and a line's UQC are kept only when the invoice has them (retail stays as it was).
    ...(d.gst ? { gst: { ...d.gst } } : {}),
    // The Transport section (e-way bill, decision 0085), kept when the document has one.
    ...(d.transport ? { transport: structuredClone(d.transport) } : {}),
    // The exchange rate of an invoice in another currency (decision 0089), kept when it has one.
    ...(d.exchangeRate ? { exchangeRate: { ...d.exchangeRate } } : {}),
  };
}

export function clientFromSaved(c: SavedClient): InvoiceClient {
  return {
    name: c.name,
    company: str(c.company),
    email: str(c.email),
    phone: str(c.phone),
    gstin: str(c.gstin),
    billingAddress: addressOf(c.billingAddress),
    shippingAddress:
      c.shippingAddress && Object.values(c.shippingAddress).some(Boolean)
        ? addressOf(c.shippingAddress)
        : null,
  };
}

/** The line fields an inventory item fills in; quantity stays what the user typed. */
export function lineFromProduct(p: SavedProduct): Partial<InvoiceItem> {
  return {
    productId: p.id,
    name: p.name,
    hsnSac: str(p.hsnSac),
    unit: str(p.unit),
    rate: str(p.rate),
    taxPercent: str(p.defaultTaxPercent ?? "0") || "0",
    discountPercent: str(p.defaultDiscountPercent ?? "0") || "0",
  };
}

export type EditorAction =
  | { type: "load"; input: InvoiceInput }
  | { type: "saved" }
  | { type: "set"; patch: Partial<InvoiceInput> }
  | { type: "client"; patch: Partial<InvoiceClient>; clientId?: string | null }
  | { type: "item"; id: string; patch: Partial<InvoiceItem> }
  | { type: "addItem" }
  | { type: "removeItem"; id: string }
  | { type: "moveItem"; id: string; by: -1 | 1 };

export interface EditorState {
  input: InvoiceInput;
  dirty: boolean;
}

/** Every edit replaces only what changed, so unchanged lines keep their identity (and skip re-render). */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const input = state.input;
  switch (action.type) {
    case "load":
      return { input: action.input, dirty: false };
    case "saved":
      return { ...state, dirty: false };
    case "set":
      return { input: { ...input, ...action.patch }, dirty: true };
    case "client":
      return {
        input: {
          ...input,
          client: { ...input.client, ...action.patch },
          clientId: action.clientId === undefined ? input.clientId : action.clientId,
        },
        dirty: true,
      };
    case "item":
      return {
        input: {
          ...input,
          items: input.items.map((item) => (item.id === action.id ? { ...item, ...action.patch } : item)),
        },
        dirty: true,
      };
    case "addItem":
      return { input: { ...input, items: [...input.items, emptyLine()] }, dirty: true };
    case "removeItem": {
      const items = input.items.filter((item) => item.id !== action.id);
      return { input: { ...input, items: items.length ? items : [emptyLine()] }, dirty: true };
    }
    case "moveItem": {
      const from = input.items.findIndex((item) => item.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= input.items.length) return state;
      const items = [...input.items];
      [items[from], items[to]] = [items[to], items[from]];
      return { input: { ...input, items }, dirty: true };
    }
  }
}
