import type { TallyDocument, TallyReceipt } from "./documents";
import { TALLY_CASH_LEDGER, type TallyMapping } from "./mapping";
import { ledgerMasters, partyLedger } from "./masters";
import { collectParties, partyKeyOf, tallyName, tallyStateName } from "./parties";
import { collectStockItems, stockMasters } from "./stock";
import { type CompanyGst, documentLedgers, documentVoucher, receiptLedger, receiptVoucher } from "./vouchers";
import { el, tx, writeXmlDocument, type XmlNode } from "./xml";

// The two files TallyPrime imports, masters first (Gateway of Tally > Import > Masters, then
// Transactions), in the legacy "Import Data" envelope that Tally's own XML export writes
// (research §1.2; decision 0080). Pure: the route gathers the business's documents.

export interface TallyExportInput {
  businessId: string;
  company: { name: string; gstin: string; stateCode: string };
  mapping: TallyMapping;
  /** "YYYY-MM-DD", both included. */
  from: string;
  to: string;
  documents: TallyDocument[];
  receipts: TallyReceipt[];
}

export interface TallyExport {
  masters: string;
  vouchers: string;
  counts: {
    masters: number;
    sales: number;
    creditNotes: number;
    debitNotes: number;
    receipts: number;
    cancelled: number;
  };
}

export const TALLY_REPORT_NAMES = { masters: "All Masters", vouchers: "Vouchers" } as const;

function envelope(reportName: string, company: string, messages: XmlNode[]): string {
  return writeXmlDocument(
    el("ENVELOPE", [
      el("HEADER", [tx("TALLYREQUEST", "Import Data")]),
      el("BODY", [
        el("IMPORTDATA", [
          el("REQUESTDESC", [
            tx("REPORTNAME", reportName),
            el("STATICVARIABLES", [tx("SVCURRENTCOMPANY", company)]),
          ]),
          el(
            "REQUESTDATA",
            messages.map((m) => el("TALLYMESSAGE", [m], [["xmlns:UDF", "TallyUDF"]])),
          ),
        ]),
      ]),
    ]),
  );
}

/** The GST Registration master's name: the mapping's, else "<State> Registration" as TallyPrime names it. */
export function registrationNameOf(mapping: TallyMapping, stateCode: string): string {
  return mapping.gstRegistrationName || `${tallyStateName(stateCode)} Registration`;
}

export function buildTallyExport(input: TallyExportInput): TallyExport {
  const { mapping } = input;
  const documents = [...input.documents].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.number.localeCompare(b.number, "en", { numeric: true }),
  );
  const receipts = [...input.receipts].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const used = new Set<string>();
  for (const d of documents) for (const name of documentLedgers(d, mapping)) used.add(name.toLowerCase());
  const bankLedgers = new Set(receipts.map((r) => receiptLedger(r, mapping)));
  for (const name of bankLedgers) used.add(name.toLowerCase());
  // Every mapped name, used or not, so a client called "Round Off" never takes the round-off ledger's name.
  const taken = new Set(
    [
      ...Object.values(mapping.salesLedgers),
      mapping.cgstLedger,
      mapping.sgstLedger,
      mapping.igstLedger,
      mapping.roundOffLedger,
      ...Object.values(mapping.receiptLedgers),
      TALLY_CASH_LEDGER,
    ].map((n) => n.toLowerCase()),
  );
  const parties = collectParties(documents, receipts, mapping.release, taken);
  const partyOf = (client: TallyDocument["client"]) => parties.get(partyKeyOf(client))!;

  const company = tallyName(mapping.companyName || input.company.name) || "Company";
  const companyGst: CompanyGst = {
    gstin: input.company.gstin,
    stateCode: input.company.stateCode,
    registrationName: registrationNameOf(mapping, input.company.stateCode),
  };
  const itemMode = mapping.voucherMode === "item";
  const stockItems = itemMode ? collectStockItems(documents).items : new Map();
  const masterNodes = [
    ...(itemMode ? stockMasters(documents, mapping.release) : []),
    ...ledgerMasters(documents, used, bankLedgers, mapping),
    ...[...parties.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => partyLedger(p, mapping.release)),
  ];
  const voucherNodes = [
    ...documents.map((d) =>
      documentVoucher(d, partyOf(d.client), mapping, companyGst, input.businessId, stockItems),
    ),
    ...receipts.map((r) => receiptVoucher(r, partyOf(r.client), mapping, input.businessId)),
  ];
  const live = documents.filter((d) => !d.cancelled);
  return {
    masters: envelope(TALLY_REPORT_NAMES.masters, company, masterNodes),
    vouchers: envelope(TALLY_REPORT_NAMES.vouchers, company, voucherNodes),
    counts: {
      masters: masterNodes.length,
      sales: live.filter((d) => d.kind === "invoice").length,
      creditNotes: live.filter((d) => d.kind === "credit_note").length,
      debitNotes: live.filter((d) => d.kind === "debit_note").length,
      receipts: receipts.length,
      cancelled: documents.length - live.length,
    },
  };
}
