import { companySnapshot } from "#domain/company-snapshot";
import { todayInTimeZone } from "#domain/dates";
import { CLEAR_MESSAGES } from "#domain/messages";
import { cleanSettingsForSave, type Settings, settingsFields, settingsSchema } from "#domain/settings";
import type { Db } from "../db/client";
import { isStatementTimeout } from "../db/db-errors";
import {
  deleteUserData,
  lockAccount,
  type ReplacementData,
  readExportRows,
  readImagesById,
  replaceUserData,
} from "../db/queries/data";
import {
  readExportCreditNotes,
  readExportQuotes,
  readExportRecurringProfiles,
} from "../db/queries/data-documents";
import { readExportLinks } from "../db/queries/data-links";
import type { NewImage } from "../db/queries/images";
import type { PreInvoiceRow } from "../db/queries/quotes";
import { forgetSettings, readSettings } from "../db/queries/settings";
import { AppError } from "../errors";
import { recordActivity } from "./activity-log";
import { checkPaymentTotals, parseDataFile } from "./data-file";
import { exportedAdvance } from "./data-file-advances";
import {
  presentExportedCreditNote,
  presentExportedQuote,
  presentExportedRecurringProfile,
} from "./data-file-exported";
import { exportedInvoiceSharing, exportedPublicLink, keepOwnLinks } from "./data-file-links";
import { exportedPayment } from "./data-file-payments";
import { decodeDataUrl, type ImageKind, imageRowFor, prepareImage, toDataUrl } from "./images";
import type { PublicLinkProof } from "./public-link-proof";

const IMAGE_FIELD_KINDS: Record<"companyLogo" | "signatureImage" | "upiQrCodeImage", ImageKind> = {
  companyLogo: "logo",
  signatureImage: "signature",
  upiQrCodeImage: "qr",
};

/** invoice_app_data_{date}.json, the date in the user's time zone (spec §7). */
export function exportFileName(now: Date, timeZone: string): string {
  return `invoice_app_data_${todayInTimeZone(now, timeZone)}.json`;
}

/**
 * The spec's export file: invoice documents (with the payments received, oldest first, on those
 * that have any), clients, settings with images inline, products; and Bahi's own quotes, notes and recurring profiles.
 * Public links and reminders sent ride along with a proof of this business (decision 0087).
 */
export async function buildExport(db: Db, businessId: string, linkProof: PublicLinkProof) {
  const settings = await readSettings(db, businessId, { saveDefaults: true });
  const { invoiceRows, clientRows, productRows, paymentRows, advanceRows } = await readExportRows(
    db,
    businessId,
  );
  const quoteRows = await readExportQuotes(db, businessId);
  const noteRows = await readExportCreditNotes(db, businessId);
  const { profileRows, runRows } = await readExportRecurringProfiles(db, businessId);
  const { invoiceLinks, reminderRows, statementRows } = await readExportLinks(db, businessId);
  const linkOf = new Map(invoiceLinks.map((r) => [r.id, r]));
  const remindersOf = new Map<string, typeof reminderRows>();
  for (const r of reminderRows) remindersOf.set(r.invoiceId, [...(remindersOf.get(r.invoiceId) ?? []), r]);
  const invoiceNumberOf = new Map(
    invoiceRows.map((r) => [r.id, (r.invoiceData as { invoiceNumber: string }).invoiceNumber]),
  );
  const dateOfRepeated = repeatedNumberDates(invoiceRows);
  const runsOf = new Map<string, typeof runRows>();
  for (const run of runRows) runsOf.set(run.profileId, [...(runsOf.get(run.profileId) ?? []), run]);
  const paymentsOf = new Map<string, typeof paymentRows>();
  for (const p of paymentRows) {
    const list = paymentsOf.get(p.invoiceId);
    if (list) list.push(p);
    else paymentsOf.set(p.invoiceId, [p]);
  }
  const imageIds = Object.keys(IMAGE_FIELD_KINDS)
    .map((f) => settings[f as keyof typeof IMAGE_FIELD_KINDS])
    .filter((id): id is string => Boolean(id));
  const stored = new Map((await readImagesById(db, businessId, imageIds)).map((i) => [i.id, i]));
  const inline = (id: string | null) => {
    const image = id ? stored.get(id) : undefined;
    return image ? toDataUrl(image.mimeType, image.bytes) : null;
  };
  const file = {
    invoices: invoiceRows.map(({ id, currency, invoiceData }) => {
      const payments = paymentsOf.get(id);
      const link = linkOf.get(id);
      const sharing = link
        ? exportedInvoiceSharing(linkProof, businessId, link, remindersOf.get(id) ?? [])
        : {};
      if (!payments && Object.keys(sharing).length === 0) return invoiceData;
      return {
        ...(invoiceData as Record<string, unknown>),
        ...(payments ? { payments: payments.map((p) => exportedPayment(p, currency)) } : {}),
        ...sharing,
      };
    }),
    clients: clientRows.map((c) => ({
      id: c.id,
      name: c.name,
      company: c.company,
      email: c.email,
      phone: c.phone,
      gstin: c.gstin,
      billing_address: c.billingAddress,
      shipping_address: c.shippingAddress,
      notes: c.notes,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    })),
    settings: {
      ...settingsFields(settings),
      companyLogo: inline(settings.companyLogo),
      signatureImage: inline(settings.signatureImage),
      upiQrCodeImage: inline(settings.upiQrCodeImage),
    },
    productServices: productRows.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      hsn_sac: p.hsnSac,
      unit: p.unit,
      rate: p.rate,
      cost_price: p.costPrice,
      available_quantity: p.availableQuantity,
      low_stock_level: p.lowStockLevel,
      default_tax_percent: p.defaultTaxPercent,
      default_discount_percent: p.defaultDiscountPercent,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    })),
    // Bahi's own sections (docs/decisions/0031-recurring-schedule.md, 0037-credit-notes.md).
    quotes: quoteRows.map((r) => {
      const publicLink = exportedPublicLink(linkProof, businessId, "quote", {
        token: r.quote.publicToken,
        createdAt: r.quote.publicTokenCreatedAt,
      });
      return {
        ...presentExportedQuote(r.quote as PreInvoiceRow, r.convertedInvoiceNumber, dateOfRepeated),
        ...(publicLink ? { publicLink } : {}),
      };
    }),
    creditNotes: noteRows.map((r) => presentExportedCreditNote(r.note, r.invoiceNumber, dateOfRepeated)),
    recurringProfiles: profileRows.map((p) =>
      presentExportedRecurringProfile(
        p,
        runsOf.get(p.id) ?? [],
        (id) => (id ? (invoiceNumberOf.get(id) ?? null) : null),
        dateOfRepeated,
      ),
    ),
    // Statements of account kept because they were downloaded, shared or sent (decision 0087).
    statements: statementRows.map((s) => {
      const publicLink = exportedPublicLink(linkProof, businessId, "statement", { token: s.publicToken });
      return {
        id: s.id,
        clientId: s.clientId,
        fromDate: s.fromDate,
        toDate: s.toDate,
        currency: s.currency,
        createdAt: s.createdAt.toISOString(),
        ...(publicLink ? { publicLink } : {}),
      };
    }),
    // Client advances (decision 0092); a payment applied from one names it by `advanceId`.
    clientAdvances: advanceRows.map(exportedAdvance),
  };
  // Who took a copy of the business's data is worth knowing (the accountant, an API key).
  await recordActivity(db, {
    businessId,
    action: "data_exported",
    record: { kind: "data", id: null, label: "" },
    detail: { invoices: file.invoices.length, clients: file.clients.length },
  });
  return { file, timeZone: settings.timeZone };
}

/**
 * Import, all or nothing: the whole file is checked first, then the user's data is replaced in
 * one transaction. Answers how many records of each kind arrived.
 */
export async function importData(db: Db, businessId: string, body: unknown, linkProof: PublicLinkProof) {
  const replacement = await prepareImport(body, businessId);
  // Links this business's export did not make are not taken over (decision 0087).
  let linksNotKept = keepOwnLinks(linkProof, businessId, replacement);
  await db.transaction(async (tx) => {
    await lockAccount(tx as unknown as Db, businessId);
    linksNotKept += (await replaceUserData(tx as unknown as Db, businessId, replacement)).linksTaken;
    await recordActivity(tx as unknown as Db, {
      businessId,
      action: "data_imported",
      record: { kind: "data", id: null, label: "" },
      detail: { invoices: replacement.invoices.length, clients: replacement.clients.length },
    });
  });
  forgetSettings(db, businessId); // the file's settings, on this process at once
  return {
    invoices: replacement.invoices.length,
    clients: replacement.clients.length,
    productServices: replacement.productServices.length,
    quotes: replacement.quotes.length,
    creditNotes: replacement.creditNotes.length,
    recurringProfiles: replacement.recurringProfiles.length,
    statements: replacement.statements.length,
    linksNotKept,
  };
}

/**
 * "Clear all data" in one transaction. When the database cancels it for running too long,
 * nothing is cleared and the user reads the spec's message.
 */
export async function clearUserData(db: Db, businessId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockAccount(tx as unknown as Db, businessId);
      await deleteUserData(tx as unknown as Db, businessId);
      await recordActivity(tx as unknown as Db, {
        businessId,
        action: "data_cleared",
        record: { kind: "data", id: null, label: "" },
      });
    });
    forgetSettings(db, businessId);
  } catch (error) {
    if (isStatementTimeout(error)) {
      throw new AppError("timed_out", CLEAR_MESSAGES.timedOut);
    }
    throw error;
  }
}

/**
 * Checks a whole import file and turns it into rows, touching nothing: records, settings and the
 * images inline in the settings (checked by their bytes like any upload).
 */
async function prepareImport(body: unknown, businessId: string): Promise<ReplacementData> {
  const parsed = parseDataFile(body);
  const raw = cleanSettingsForSave(parsed.settings);
  const images: NewImage[] = [];
  for (const [field, kind] of Object.entries(IMAGE_FIELD_KINDS) as Array<
    [keyof typeof IMAGE_FIELD_KINDS, ImageKind]
  >) {
    const value = raw[field];
    raw[field] = null;
    if (typeof value !== "string" || !value.startsWith("data:")) continue;
    const bytes = decodeDataUrl(value);
    if (!bytes) throw settingsError(field, "This image is not a valid data URL.");
    try {
      const row = imageRowFor(businessId, await prepareImage(bytes, kind));
      if (!images.some((i) => i.id === row.id)) images.push(row);
      raw[field] = row.id;
    } catch (error) {
      throw settingsError(field, (error as Error).message);
    }
  }
  const settings = settingsSchema.safeParse(raw);
  if (!settings.success) {
    const issue = settings.error.issues[0]!;
    throw settingsError(issue.path.join("."), issue.message);
  }
  checkPaymentTotals(parsed.invoices, companySnapshot(settings.data as Settings), parsed.creditNotes);
  return { images, settings: settings.data as Settings, ...pick(parsed) };
}

function pick(parsed: ReturnType<typeof parseDataFile>) {
  return {
    clients: parsed.clients,
    productServices: parsed.productServices,
    invoices: parsed.invoices,
    quotes: parsed.quotes,
    creditNotes: parsed.creditNotes,
    recurringProfiles: parsed.recurringProfiles,
    statements: parsed.statements,
    clientAdvances: parsed.clientAdvances,
  };
}

function settingsError(field: string, message: string): AppError {
  return new AppError("validation_failed", `Settings import error: ${field}: ${message}`, {
    [`settings.${field}`]: message,
  });
}

/** The invoice dates a reference needs: those of invoices whose number another invoice shares. */
function repeatedNumberDates(
  invoiceRows: { id: string; invoiceData: unknown }[],
): (invoiceId: string | null) => string | undefined {
  const data = (r: { invoiceData: unknown }) =>
    r.invoiceData as { invoiceNumber: string; invoiceDate: string };
  const uses = new Map<string, number>();
  for (const r of invoiceRows) {
    const key = data(r).invoiceNumber.trim().toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  const dates = new Map<string, string>();
  for (const r of invoiceRows) {
    if ((uses.get(data(r).invoiceNumber.trim().toLowerCase()) ?? 0) > 1) dates.set(r.id, data(r).invoiceDate);
  }
  return (id) => (id ? dates.get(id) : undefined);
}
