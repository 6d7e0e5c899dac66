import type { Address, InvoiceDocument } from "#domain/invoice";
import type { DisplayStatus, StoredStatus } from "#domain/status";

/** An invoice as the list endpoints present it (no document). */
export interface InvoiceSummary {
  id: string;
  invoiceNumber: string;
  status: StoredStatus;
  displayStatus: DisplayStatus;
  clientId: string | null;
  clientName: string;
  currency: string;
  totalMinor: number;
  invoiceDate: string;
  dueDate: string | null;
  paymentDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Invoice extends InvoiceSummary {
  document: InvoiceDocument;
}

export interface InvoicePage {
  items: InvoiceSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SavedClient {
  id: string;
  name: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  gstin?: string | null;
  billingAddress?: Partial<Address> | null;
  shippingAddress?: Partial<Address> | null;
}

export interface SavedProduct {
  id: string;
  name: string;
  kind?: "product" | "service" | string;
  hsnSac?: string | null;
  unit?: string | null;
  rate: string | number;
  costPrice?: string | number | null;
  /** Decimal text, or null when the item is not stock-tracked. */
  availableQuantity: string | number | null;
  lowStockLevel?: string | number | null;
  defaultTaxPercent?: string | number | null;
  defaultDiscountPercent?: string | number | null;
}

export interface NextNumber {
  scheme: "timestamp" | "sequential";
  invoiceNumber: string | null;
}
