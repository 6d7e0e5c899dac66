import type { Client } from "#contract/clients";
import type { Page } from "#contract/common";
import type { InvoiceSummary } from "#contract/invoices";
import type { Product } from "#contract/products";
import type { InvoiceDocument } from "#domain/invoice";

export type { InvoiceSummary };

export interface Invoice extends InvoiceSummary {
  document: InvoiceDocument;
}

export type InvoicePage = Page<InvoiceSummary>;

/** A saved client or product picked into the editor: the API's own answers. */
export type SavedClient = Client;
export type SavedProduct = Product;

export type { NextNumber } from "#contract/invoices";
