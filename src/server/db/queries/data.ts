import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type {
  AdvanceRecord,
  ClientRecord,
  InvoiceCompanyRecord,
  InvoiceRecord,
  ProductRecord,
} from "#contract/data-file";
import type {
  ImportedCreditNote,
  ImportedQuote,
  ImportedRecurringProfile,
} from "#contract/data-file-documents";
import type { StatementRecord } from "#contract/data-file-links";
import { companySnapshot } from "#domain/company-snapshot";
import type { InvoiceCompany } from "#domain/invoice";
import { settledMinor } from "#domain/payments";
import type { Settings } from "#domain/settings";
import { type Db, queryRows } from "../client";
import {
  bankStatementLayouts,
  bankStatementLines,
  clientAdvances,
  clients,
  creditNotes,
  images,
  invoicePayments,
  invoices,
  productServices,
  quotes,
  recurringProfiles,
  stockMovements,
  userSettings,
} from "../schema";
import {
  type ImportLinks,
  importedDocument,
  inChunks,
  insertImportedCreditNotes,
  insertImportedQuotes,
  insertImportedRecurringProfiles,
  insertKeepingFileIds,
} from "./data-documents";
import {
  dropTakenTokens,
  insertImportedReminders,
  insertImportedStatements,
  invoiceSharingColumns,
} from "./data-links";
import { reserveNumbers } from "./document-numbers";
import type { NewImage } from "./images";
import { recordPaidInvoicesPayments } from "./invoice-payments";
import { rebuildInvoiceTotals } from "./invoice-totals";
import { columnsOf } from "./invoices";
import { rowsOfBusiness } from "./owned";

// The user's whole data set: read for export, replaced for import, removed for "clear all data".
// Every statement names the user in its WHERE clause; callers pass a transaction.

/** Removes invoices (and the dashboard's totals), quotes, recurring profiles, clients, products with their stock movements, settings and images. */
/**
 * Locks the account's row for the rest of the transaction: a clear or an import runs one at a time
 * per account, and anything that adds rows for the account meanwhile (each insert checks its
 * foreign key to the user with a share lock) waits until it has finished, rather than rebuilding
 * totals against it (a unique violation on invoice_month_totals). Take it first in the transaction.
 */
export async function lockAccount(tx: Db, businessId: string): Promise<void> {
  await tx.execute(sql`select id from "businesses" where id = ${businessId} for update`);
}

/**
 * Whether this transaction now holds the account's import lock (held until it ends); false when
 * another import of the account holds it, so the caller answers at once rather than waiting.
 */
export async function tryImportLock(tx: Db, businessId: string): Promise<boolean> {
  const rows = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(727402, hashtext(${businessId})) as locked`,
  );
  return rows[0]?.locked === true;
}

export async function deleteUserData(tx: Db, businessId: string): Promise<void> {
  await tx.delete(bankStatementLines).where(eq(bankStatementLines.businessId, businessId));
  await tx.delete(bankStatementLayouts).where(eq(bankStatementLayouts.businessId, businessId));
  await tx.delete(stockMovements).where(eq(stockMovements.businessId, businessId));
  await tx.delete(recurringProfiles).where(eq(recurringProfiles.businessId, businessId));
  await tx.delete(quotes).where(eq(quotes.businessId, businessId));
  await tx.delete(invoices).where(eq(invoices.businessId, businessId));
  await tx.delete(productServices).where(eq(productServices.businessId, businessId));
  await tx.delete(clients).where(eq(clients.businessId, businessId));
  await tx.delete(userSettings).where(eq(userSettings.businessId, businessId));
  await tx.delete(images).where(eq(images.businessId, businessId));
  await rebuildInvoiceTotals(tx, businessId);
}

export async function readExportRows(db: Db, businessId: string) {
  const invoiceRows = await db
    .select({ id: invoices.id, currency: invoices.currency, invoiceData: invoices.invoiceData })
    .from(invoices)
    .where(eq(invoices.businessId, businessId))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber));
  // Whole rows: the export writes every field of a client and of an item.
  const clientRows = await rowsOfBusiness(db, clients, businessId, [asc(clients.createdAt), asc(clients.id)]);
  const productRows = await rowsOfBusiness(db, productServices, businessId, [
    asc(sql`lower(${productServices.name})`),
    asc(productServices.name),
    asc(productServices.createdAt),
  ]);
  // Oldest first, as the invoice's payments list shows them.
  const paymentRows = await db
    .select({
      invoiceId: invoicePayments.invoiceId,
      amountMinor: invoicePayments.amountMinor,
      paidOn: invoicePayments.paidOn,
      method: invoicePayments.method,
      reference: invoicePayments.reference,
      note: invoicePayments.note,
      source: invoicePayments.source,
      creditNoteNumber: creditNotes.noteNumber,
      tdsMinor: invoicePayments.tdsMinor,
      tdsSection: invoicePayments.tdsSection,
      tdsRateBp: invoicePayments.tdsRateBp,
      tdsSeenIn26as: invoicePayments.tdsSeenIn26as,
      inrCreditedMinor: invoicePayments.inrCreditedMinor,
      realisationRef: invoicePayments.realisationRef,
      advanceId: invoicePayments.advanceId,
    })
    .from(invoicePayments)
    .leftJoin(
      creditNotes,
      and(eq(creditNotes.paymentId, invoicePayments.id), eq(creditNotes.businessId, businessId)),
    )
    .where(eq(invoicePayments.businessId, businessId))
    .orderBy(asc(invoicePayments.invoiceId), asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
  const advanceRows = await rowsOfBusiness(db, clientAdvances, businessId, [
    asc(clientAdvances.receivedOn),
    asc(clientAdvances.createdAt),
    asc(clientAdvances.id),
  ]);
  return { invoiceRows, clientRows, productRows, paymentRows, advanceRows };
}

export async function readImagesById(db: Db, businessId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: images.id, mimeType: images.mimeType, bytes: images.bytes })
    .from(images)
    .where(and(eq(images.businessId, businessId), inArray(images.id, ids)));
}

export interface ReplacementData {
  images: NewImage[];
  settings: Settings;
  clients: ClientRecord[];
  productServices: ProductRecord[];
  invoices: InvoiceRecord[];
  quotes: ImportedQuote[];
  creditNotes: ImportedCreditNote[];
  recurringProfiles: ImportedRecurringProfile[];
  statements: StatementRecord[];
  /** Client advances (decision 0092). */
  clientAdvances?: AdvanceRecord[];
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Replaces the user's data with a validated file's; call inside one transaction. Answers how many
 * of the file's public links another business holds (they are not kept, decision 0087).
 */
export async function replaceUserData(
  tx: Db,
  businessId: string,
  data: ReplacementData,
): Promise<{ linksTaken: number }> {
  await deleteUserData(tx, businessId);
  const linksTaken = await dropTakenTokens(tx, data);

  for (const image of data.images) {
    await tx
      .insert(images)
      .values({ ...image, byteSize: image.bytes.length })
      .onConflictDoNothing();
  }
  const imageIds = new Set(data.images.map((i) => i.id));
  await tx.insert(userSettings).values({ businessId, settingsData: data.settings, updatedAt: new Date() });

  // Clients keep their ids from the file, so invoices still point at them; an id that is taken
  // (a file from another account on this server) gets a new one.
  const clientRows = data.clients.map((c) => ({
    id: c.id ?? randomUUID(),
    businessId,
    name: c.name,
    company: c.company,
    email: c.email,
    phone: c.phone,
    gstin: c.gstin,
    billingAddress: c.billing_address,
    shippingAddress: c.shipping_address,
    notes: c.notes,
    ...(c.created_at ? { createdAt: c.created_at } : {}),
    ...(c.updated_at ? { updatedAt: c.updated_at } : {}),
  }));
  const clientIdMap = await insertKeepingFileIds(clientRows, (chunk) =>
    tx.insert(clients).values(chunk).onConflictDoNothing().returning({ id: clients.id }),
  );

  // Products keep their ids from the file, so invoice lines still point at them after a rename.
  // Files made before products carried ids: an invoice line that names a product of the file by
  // its id and name gives that product its id back.
  const proposed = new Map<number, string>();
  const proposedIds = new Set<string>();
  data.productServices.forEach((p, i) => {
    if (!p.id) return;
    proposed.set(i, p.id);
    proposedIds.add(p.id);
  });
  const byName = new Map<string, number[]>();
  data.productServices.forEach((p, i) => {
    if (p.id) return;
    const list = byName.get(norm(p.name)) ?? [];
    list.push(i);
    byName.set(norm(p.name), list);
  });
  for (const invoice of data.invoices) {
    for (const item of invoice.input.items) {
      if (!item.productId || proposedIds.has(item.productId)) continue;
      const matches = byName.get(norm(item.name));
      if (matches?.length !== 1 || proposed.has(matches[0]!)) continue;
      proposed.set(matches[0]!, item.productId);
      proposedIds.add(item.productId);
    }
  }
  const productRows = data.productServices.map((p, i) => ({
    id: proposed.get(i) ?? randomUUID(),
    businessId,
    name: p.name,
    kind: p.kind,
    hsnSac: p.hsn_sac,
    unit: p.unit,
    rate: p.rate!,
    costPrice: p.cost_price!,
    availableQuantity: p.available_quantity,
    lowStockLevel: p.low_stock_level,
    defaultTaxPercent: p.default_tax_percent!,
    defaultDiscountPercent: p.default_discount_percent!,
    ...(p.created_at ? { createdAt: p.created_at } : {}),
    ...(p.updated_at ? { updatedAt: p.updated_at } : {}),
  }));
  // Client advances (decision 0092) with new ids, for the clients as imported; payments follow them.
  const advanceIdMap = new Map<string, string>();
  const advanceRows = (data.clientAdvances ?? []).flatMap((a) => {
    const clientId = clientIdMap.get(a.clientId);
    if (!clientId) return [];
    const id = randomUUID();
    advanceIdMap.set(a.id, id);
    const { id: _fileId, clientId: _fileClient, ...fields } = a;
    return [{ ...fields, id, businessId, clientId }];
  });
  if (advanceRows.length > 0) await inChunks(advanceRows, (chunk) => tx.insert(clientAdvances).values(chunk));
  // Receipt vouchers keep their numbers; the RV series moves past them (decision 0098).
  await reserveNumbers(
    tx,
    businessId,
    "RV",
    advanceRows.flatMap((a) => (a.voucherNumber ? [a.voucherNumber] : [])),
  );

  const productIdMap = await insertKeepingFileIds(productRows, (chunk) =>
    tx.insert(productServices).values(chunk).onConflictDoNothing().returning({ id: productServices.id }),
  );

  const settingsCompany = companySnapshot(data.settings);
  const ownImage = (id: string | null) => (id && imageIds.has(id) ? id : null);
  const links: ImportLinks = {
    invoiceIds: [],
    invoiceNumbers: [],
    invoiceDates: [],
    clientId: (id) => (id ? (clientIdMap.get(id) ?? null) : null),
    productId: (id) => (id && proposedIds.has(id) ? (productIdMap.get(id) ?? null) : null),
    company: (company: InvoiceCompanyRecord | null): InvoiceCompany =>
      company
        ? {
            ...company,
            logoImageId: ownImage(company.logoImageId),
            signatureImageId: ownImage(company.signatureImageId),
            upiQrImageId: ownImage(company.upiQrImageId),
          }
        : settingsCompany,
  };
  const invoiceRows = data.invoices.map((record) => {
    const document = importedDocument(record, links);
    const amountPaidMinor = record.payments.reduce((sum, p) => sum + settledMinor(p), 0);
    return {
      id: randomUUID(),
      businessId,
      ...columnsOf(document),
      amountPaidMinor,
      ...invoiceSharingColumns(record),
    };
  });
  links.invoiceIds = invoiceRows.map((r) => r.id);
  links.invoiceNumbers = invoiceRows.map((r) => r.invoiceNumber);
  links.invoiceDates = invoiceRows.map((r) => r.invoiceDate);
  await inChunks(invoiceRows, (chunk) => tx.insert(invoices).values(chunk));
  // The file's payments, with new ids. A gateway's payment id (external_id) is unique across all
  // users, so it is not in the file: a second account importing the same file would collide.
  // A millisecond apart, so payments of one day keep the file's order (lists sort by date, then this).
  const importedAt = Date.now();
  // A credit note's share keeps its source and is linked to its note below.
  const notePayments = new Map<string, string>();
  const paymentRows = data.invoices.flatMap(({ payments }, i) =>
    payments.map(({ creditNoteNumber, advanceId, ...p }, n) => {
      const id = randomUUID();
      if (creditNoteNumber) notePayments.set(creditNoteNumber, id);
      return {
        id,
        businessId,
        invoiceId: invoiceRows[i]!.id,
        ...p,
        advanceId: advanceId ? (advanceIdMap.get(advanceId) ?? null) : null,
        createdAt: new Date(importedAt + n),
        updatedAt: new Date(importedAt + n),
      };
    }),
  );
  await inChunks(paymentRows, (chunk) => tx.insert(invoicePayments).values(chunk));
  // Paid invoices of a file without payments: one payment of the total each, as marking paid makes.
  await recordPaidInvoicesPayments(tx, businessId);
  await rebuildInvoiceTotals(tx, businessId);
  // The next invoice number follows the highest of each year's series in the file.
  await reserveNumbers(tx, businessId, "INV", links.invoiceNumbers);

  await insertImportedQuotes(tx, businessId, data.quotes, links);
  await insertImportedCreditNotes(tx, businessId, data.creditNotes, links, notePayments);
  await insertImportedRecurringProfiles(tx, businessId, data.recurringProfiles, links);
  await insertImportedReminders(tx, businessId, data.invoices, links.invoiceIds);
  await insertImportedStatements(tx, businessId, data.statements, (id) => clientIdMap.get(id) ?? null);
  return { linksTaken };
}
