import type { EwayBillsBody } from "#contract/eway-bills";
import { addressStateCode } from "#domain/address-state";
import { companyAddressForEInvoice, parseCompanyAddress } from "#domain/company-address";
import type { NoteDocument } from "#domain/credit-notes";
import { todayInTimeZone } from "#domain/dates";
import type { ChallanReason } from "#domain/document-kinds";
import {
  buildEwayBill,
  type EwayAddress,
  type EwayBill,
  type EwayBillFile,
  type EwayBillInput,
  type EwayDocumentKind,
  type EwayParty,
  emptyTransport,
  ewayBillFile,
  ewayBillNotNeededReason,
  type Transport,
} from "#domain/eway-bill";
import { uqcOfLine } from "#domain/gst-hsn-summary";
import { gstRatePercent, recipientNameOf } from "#domain/gst-return-documents";
import { currentStateOfGstin } from "#domain/gst-states";
import type { Address, InvoiceDocument } from "#domain/invoice";
import { isGstTotals } from "#domain/totals";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findCreditNote } from "../db/queries/credit-notes";
import { findInvoice } from "../db/queries/invoices";
import { type Consignee, findKindDocument } from "../db/queries/quotes";
import { readSettings } from "../db/queries/settings";
import { AppError, notFound } from "../errors";
import { recordActivity } from "./activity-log";

// The e-way bill bulk JSON of one document or several (decision 0085): each document is read
// from the business of the request (another business's id is 404), turned into the builder's
// input with its stored Transport section, and the file is refused as a whole, naming each
// document and why, when any one would be refused by NIC. Nothing here costs a credit.

type EwayRequestDocument = EwayBillsBody["documents"][number];

export const EWAY_SERVICE_MESSAGES = {
  draft: "Issue it first: a draft moves no goods.",
  cancelled: "It is cancelled.",
  currency:
    "The e-way bill takes rupee values: give this document its exchange rate (Exchange rate section) first.",
  notGst: "The e-way bill needs your GST registration in Settings when the document was saved.",
  debitNote: "A debit note moves no goods: no e-way bill.",
} as const;

type Loaded = { number: string; input: EwayBillInput } | { number: string; problem: string };

/** The bulk file, its name, and the documents' numbers (for the activity log). */
export async function ewayBillDownload(
  db: Db,
  businessId: string,
  body: EwayBillsBody,
): Promise<{ fileName: string; file: EwayBillFile }> {
  const settings = await readSettings(db, businessId);
  const today = todayInTimeZone(now(), settings.timeZone);
  const bills: EwayBill[] = [];
  const refusals: string[] = [];
  for (const ref of body.documents) {
    const loaded = await loadDocument(db, businessId, ref);
    if ("problem" in loaded) {
      refusals.push(`${loaded.number}: ${loaded.problem}`);
      continue;
    }
    const notNeeded = body.evenIfNotNeeded
      ? null
      : ewayBillNotNeededReason({ totalMinor: loaded.input.totalMinor, lines: loaded.input.lines });
    if (notNeeded) {
      refusals.push(`${loaded.number}: ${notNeeded}`);
      continue;
    }
    const result = buildEwayBill(loaded.input, today);
    if (result.ok) bills.push(result.bill);
    else refusals.push(...result.problems.map((p) => `${loaded.number}: ${p}`));
  }
  if (refusals.length > 0) throw new AppError("eway_bill_not_available", refusals.join("\n"));
  const numbers = bills.map((b) => b.docNo);
  await recordActivity(db, {
    businessId,
    action: "data_exported",
    record: {
      kind: "data",
      id: null,
      label:
        bills.length === 1 ? `E-way bill JSON ${numbers[0]}` : `E-way bill JSON (${bills.length} documents)`,
    },
    detail: { report: "eway_bill", documents: numbers },
  });
  const fileName =
    bills.length === 1
      ? `ewaybill_${numbers[0].replace(/[^A-Za-z0-9-]/g, "_")}.json`
      : `ewaybills_${today}_${bills.length}.json`;
  return { fileName, file: ewayBillFile(bills) };
}

/** Why a document in this status moves no goods: a draft is not issued yet, a cancelled one no longer is. */
function statusProblem(status: string): string | null {
  if (status === "draft") return EWAY_SERVICE_MESSAGES.draft;
  if (status === "cancelled") return EWAY_SERVICE_MESSAGES.cancelled;
  return null;
}

async function loadDocument(db: Db, businessId: string, ref: EwayRequestDocument): Promise<Loaded> {
  if (ref.kind === "invoice") {
    const row = await findInvoice(db, businessId, ref.id);
    if (!row) throw notFound("Invoice");
    const doc = row.invoiceData as InvoiceDocument;
    return inputOf(doc, statusProblem(row.status), {
      kind: doc.gstDetails?.documentType ?? "tax_invoice",
      number: row.invoiceNumber,
      date: row.invoiceDate,
      currency: row.currency,
    });
  }
  if (ref.kind === "challan") {
    const row = await findKindDocument(db, businessId, "challan", ref.id);
    if (!row) throw notFound("Delivery challan");
    return inputOf(row.quoteData as InvoiceDocument, statusProblem(row.status), {
      kind: "delivery_challan",
      number: row.quoteNumber,
      date: row.quoteDate,
      currency: row.currency,
      challanReason: (row.challanReason ?? "other") as ChallanReason,
      consignee: row.consignee,
    });
  }
  const note = await findCreditNote(db, businessId, ref.id);
  if (!note) throw notFound("Credit note");
  const problem = note.kind === "credit" ? statusProblem(note.status) : EWAY_SERVICE_MESSAGES.debitNote;
  return inputOf(note.noteData as NoteDocument, problem, {
    kind: "credit_note",
    number: note.noteNumber,
    date: note.noteDate,
    currency: note.currency,
  });
}

/** The builder's input of a document, or why it has no e-way bill (`problem`: its status's reason, first). */
function inputOf(
  doc: InvoiceDocument,
  problem: string | null,
  meta: {
    kind: EwayDocumentKind;
    number: string;
    date: string;
    currency: string;
    challanReason?: ChallanReason;
    /** A challan's consignee: the goods go to them, so they are the bill's "to" party. */
    consignee?: Consignee | null;
  },
): Loaded {
  if (problem) return { number: meta.number, problem };
  const details = doc.gstDetails;
  const company = doc.company.gst;
  if (!details || !company || !isGstTotals(doc.totals))
    return { number: meta.number, problem: EWAY_SERVICE_MESSAGES.notGst };
  // A document in another currency goes in its rupee values: each line converted once at its
  // exchange rate (decision 0089); without a rate there are none, so it is refused.
  const inr = meta.currency === "INR" ? null : (doc.inrTotals ?? null);
  if (meta.currency !== "INR" && !inr)
    return { number: meta.number, problem: EWAY_SERVICE_MESSAGES.currency };
  const totals = inr ?? doc.totals;
  const seller = companyAddressForEInvoice(doc.company);
  const client = doc.client;
  const clientState = currentStateOfGstin(client.gstin) ?? addressStateCode(client.billingAddress) ?? "";
  const stored: Transport = doc.transport ?? emptyTransport();
  const shipping = client.shippingAddress;
  const consignee = meta.consignee ? consigneeParty(meta.consignee) : null;
  const transport: Transport = {
    ...stored,
    // The client's own shipping address is a ship-to (bill-to ship-to) unless the Transport
    // section names one; a challan's consignee is the "to" party itself, at its own address.
    shipTo:
      stored.shipTo ??
      (!consignee && shipping && shipping.line1 !== "" ? ewayAddressOf(shipping, clientState) : null),
  };
  return {
    number: meta.number,
    input: {
      kind: meta.kind,
      number: meta.number,
      date: meta.date,
      ...(meta.challanReason ? { challanReason: meta.challanReason } : {}),
      isExport: details.exportType !== "none" && !details.sez,
      supplier: {
        gstin: company.gstin,
        name: company.legalName || doc.company.name,
        stateCode: company.stateCode,
        address: {
          name: "",
          line1: seller.address1,
          line2: seller.address2,
          place: seller.location,
          pin: seller.pin ?? "",
          stateCode: seller.stateCode ?? company.stateCode,
        },
      },
      ...(consignee ? { recipientIsConsignee: true } : {}),
      recipient: consignee ?? {
        gstin: client.gstin,
        name: recipientNameOf(client),
        stateCode: clientState,
        address: ewayAddressOf(client.billingAddress, clientState),
      },
      split: details.split === "igst" ? "inter" : "intra",
      lines: doc.items.map((item, index) => {
        const line = totals.lines[index];
        return {
          name: item.name,
          hsnSac: item.hsnSac,
          quantity: String(item.quantity),
          uqc: uqcOfLine(item),
          taxableMinor: line.taxableMinor,
          gstRatePercent: gstRatePercent(item.taxPercent),
          cgstMinor: line.cgstMinor,
          sgstMinor: line.sgstMinor,
          igstMinor: line.igstMinor,
        };
      }),
      totalMinor: totals.totalMinor,
      transport,
    },
  };
}

/**
 * A challan's consignee as the e-way bill's "to" party (decision 0090): its GSTIN (URP when
 * none) and name, its free-text address read for the lines, place and PIN, and its state as
 * chosen, else its GSTIN's, else the one named in the address.
 */
function consigneeParty(consignee: Consignee): EwayParty {
  const parsed = parseCompanyAddress(consignee.address);
  const stateCode = consignee.stateCode || currentStateOfGstin(consignee.gstin) || parsed.stateCode || "";
  return {
    gstin: consignee.gstin,
    name: consignee.name,
    stateCode,
    address: {
      name: "",
      line1: parsed.address1,
      line2: parsed.address2,
      place: parsed.location,
      pin: parsed.pin ?? "",
      stateCode,
    },
  };
}

function ewayAddressOf(address: Address, fallbackState: string): EwayAddress {
  return {
    name: "",
    line1: address.line1,
    line2: address.line2,
    place: address.city,
    pin: address.postalCode.replace(/\s/g, ""),
    stateCode: addressStateCode(address) ?? fallbackState,
  };
}
