import { companySnapshot } from "#domain/company-snapshot";
import { buildInvoiceDocument, emptyAddress, type InvoiceDocument, type InvoiceInput } from "#domain/invoice";
import { DEFAULT_SETTINGS, type Settings } from "#domain/settings";
import type { Invoice, SavedClient, SavedProduct } from "../types";
import {
  clientFromSaved,
  type EditorState,
  editorReducer,
  inputFromInvoice,
  lineFromProduct,
  newInvoiceInput,
} from "./draft";

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  defaultDueDateDays: 15,
  defaultCurrency: "USD",
  defaultNotes: "Thank you for your business.",
  roundOffTotals: true,
  bankDetails: { ...DEFAULT_SETTINGS.bankDetails, bankName: "State Bank of India" },
};

function typedInvoice(): InvoiceInput {
  const input = newInvoiceInput(settings, "INV-2026-0007", "2026-11-20");
  return {
    ...input,
    client: { ...input.client, name: "Asha Traders", billingAddress: { ...emptyAddress(), city: "Pune" } },
    items: [
      { ...input.items[0], name: "Consulting", quantity: "1.5", rate: "1200.50", taxPercent: "18" },
      { ...input.items[0], id: "line-2", name: "Travel", quantity: "1", rate: "300", discountPercent: "10" },
    ],
  };
}

function saved(document: InvoiceDocument, paymentDate: string | null = null): Invoice {
  return {
    id: "inv-1",
    invoiceNumber: document.invoiceNumber,
    status: document.status,
    displayStatus: document.status,
    clientId: document.clientId,
    clientName: document.client.name,
    currency: document.currency,
    totalMinor: document.totals.totalMinor,
    invoiceDate: document.invoiceDate,
    dueDate: document.dueDate,
    paymentDate,
    amountPaidMinor: 0,
    balanceDueMinor: document.status === "due" ? document.totals.totalMinor : 0,
    paymentReported: false,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    document,
  };
}

const company = companySnapshot({ ...DEFAULT_SETTINGS, companyName: "Bahi Test Co" });

describe("a new invoice", () => {
  it("starts as a draft with one empty line and the settings' defaults", () => {
    const input = newInvoiceInput(settings, "INV-2026-0007", "2026-11-20");
    expect(input).toMatchObject({
      invoiceNumber: "INV-2026-0007",
      status: "draft",
      invoiceDate: "2026-11-20",
      dueDate: "2026-12-05",
      currency: "USD",
      roundOff: true,
      notes: "Thank you for your business.",
      clientId: null,
    });
    expect(input.items).toHaveLength(1);
    expect(input.items[0]).toMatchObject({ name: "", quantity: "1", rate: "", taxPercent: "0" });
    expect(input.bankDetails.bankName).toBe("State Bank of India");
  });

  it("copies the bank details, so editing them on the invoice leaves the settings alone", () => {
    const input = newInvoiceInput(settings, "INV-1", "2026-11-20");
    input.bankDetails.bankName = "Another bank";
    expect(settings.bankDetails.bankName).toBe("State Bank of India");
  });

  it("gives every line its own id", () => {
    const first = newInvoiceInput(settings, "INV-1", "2026-11-20").items[0].id;
    const second = newInvoiceInput(settings, "INV-1", "2026-11-20").items[0].id;
    expect(first).not.toBe(second);
  });
});

describe("reopening a saved invoice", () => {
  it("shows exactly what was typed before it was saved", () => {
    const input = typedInvoice();
    expect(inputFromInvoice(saved(buildInvoiceDocument(input, company)))).toEqual(input);
  });

  it("opens an older document whose numbers were stored as numbers, as text the fields can edit", () => {
    const document = buildInvoiceDocument(typedInvoice(), company);
    const older = {
      ...document,
      items: document.items.map((item) => ({ ...item, quantity: 2, rate: 99.5, taxPercent: 5 })),
      client: { ...document.client, billingAddress: { city: "Pune" }, shippingAddress: undefined },
      paymentDate: undefined,
    } as unknown as InvoiceDocument;
    const input = inputFromInvoice(saved(older, "2026-11-25"));
    expect(input.items[0]).toMatchObject({ quantity: "2", rate: "99.5", taxPercent: "5" });
    expect(input.client.billingAddress).toEqual({ ...emptyAddress(), city: "Pune" });
    expect(input.client.shippingAddress).toBeNull();
    // The list's payment date is used when the document has none.
    expect(input.paymentDate).toBe("2026-11-25");
  });
});

describe("picking a saved client or product", () => {
  const client: SavedClient = {
    id: "c1",
    name: "Asha Traders",
    company: "Asha Traders Pvt Ltd",
    email: "accounts@asha.example",
    phone: "",
    gstin: "27AAACA1234A1Z5",
    billingAddress: { ...emptyAddress(), line1: "12 MG Road", city: "Pune" },
    shippingAddress: emptyAddress(),
    notes: "pays late",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };

  it("fills the client block; an all-empty shipping address counts as none", () => {
    // The client block is the saved client as the user typed it, without its id, notes and dates.
    const { id, notes, createdAt, updatedAt, shippingAddress, ...typed } = client;
    expect(clientFromSaved(client)).toEqual({ ...typed, shippingAddress: null });
    const shipsElsewhere = { ...client, shippingAddress: { ...emptyAddress(), city: "Nashik" } };
    expect(clientFromSaved(shipsElsewhere).shippingAddress).toEqual({ ...emptyAddress(), city: "Nashik" });
  });

  it("fills a line's name, code, unit, rate, tax and discount, and leaves the quantity typed", () => {
    const product: SavedProduct = {
      id: "p1",
      name: "Steel bolt",
      kind: "product",
      hsnSac: "7318",
      unit: "pcs",
      rate: "12.50",
      costPrice: "8",
      availableQuantity: "100",
      lowStockLevel: "10",
      defaultTaxPercent: "18",
      defaultDiscountPercent: "",
      tracksStock: true,
      stockStatus: "in_stock",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const patch = lineFromProduct(product);
    expect(patch).toEqual({
      productId: "p1",
      name: "Steel bolt",
      hsnSac: "7318",
      unit: "pcs",
      rate: "12.50",
      taxPercent: "18",
      discountPercent: "0",
    });
    expect(patch).not.toHaveProperty("quantity");
  });
});

describe("editing the draft", () => {
  const loaded = (): EditorState =>
    editorReducer(
      { input: typedInvoice(), dirty: true },
      {
        type: "load",
        input: typedInvoice(),
      },
    );

  it("is unchanged after loading, changed after any edit, and unchanged again once saved", () => {
    const state = loaded();
    expect(state.dirty).toBe(false);
    const edited = editorReducer(state, { type: "set", patch: { notes: "Due in 15 days" } });
    expect(edited).toMatchObject({ dirty: true, input: { notes: "Due in 15 days" } });
    expect(editorReducer(edited, { type: "saved" })).toEqual({ input: edited.input, dirty: false });
  });

  it("edits one line and keeps the other lines as they were (same objects, so they do not redraw)", () => {
    const state = loaded();
    const [first, second] = state.input.items;
    const next = editorReducer(state, { type: "item", id: second.id, patch: { quantity: "3" } });
    expect(next.input.items[0]).toBe(first);
    expect(next.input.items[1]).toEqual({ ...second, quantity: "3" });
  });

  it("adds an empty line at the end and removes a line by id", () => {
    const state = loaded();
    const added = editorReducer(state, { type: "addItem" });
    expect(added.input.items).toHaveLength(3);
    expect(added.input.items[2]).toMatchObject({ name: "", quantity: "1" });
    const removed = editorReducer(added, { type: "removeItem", id: state.input.items[0].id });
    expect(removed.input.items.map((item) => item.name)).toEqual(["Travel", ""]);
  });

  it("never leaves the invoice without a line: removing the last one leaves an empty line", () => {
    let state = loaded();
    for (const item of [...state.input.items])
      state = editorReducer(state, { type: "removeItem", id: item.id });
    expect(state.input.items).toHaveLength(1);
    expect(state.input.items[0]).toMatchObject({ name: "", rate: "" });
  });

  it("moves a line up or down, and does nothing past either end", () => {
    const state = loaded();
    const [first, second] = state.input.items;
    const moved = editorReducer(state, { type: "moveItem", id: second.id, by: -1 });
    expect(moved.input.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(editorReducer(state, { type: "moveItem", id: first.id, by: -1 })).toBe(state);
    expect(editorReducer(state, { type: "moveItem", id: second.id, by: 1 })).toBe(state);
  });

  it("typing into the client block keeps the picked client unless a new one is picked", () => {
    const picked = editorReducer(loaded(), { type: "client", patch: { name: "Asha" }, clientId: "c1" });
    const typed = editorReducer(picked, { type: "client", patch: { phone: "98200 00000" } });
    expect(typed.input.clientId).toBe("c1");
    expect(typed.input.client).toMatchObject({ name: "Asha", phone: "98200 00000" });
    const cleared = editorReducer(typed, { type: "client", patch: { name: "Someone new" }, clientId: null });
    expect(cleared.input.clientId).toBeNull();
  });
});
