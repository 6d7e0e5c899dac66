import { type CompanySettings, companySnapshot } from "./company-snapshot";
import { formatPageDate } from "./dates";
import { formatMoney } from "./format";
import type { Address } from "./invoice";
import { type InvoicePageModel, PAGE_LABELS, type PageImages } from "./invoice-page";
import { bankRows, clientLines, companyBlock, type LabelValue, type UpiBlock } from "./invoice-page-blocks";
import { pageColours, pageLook } from "./invoice-page-colours";
import type { PageColumn, PageTable } from "./invoice-page-gst";
import { AGEING_BUCKETS } from "./payments";
import type { Settings } from "./settings";
import { AGEING_BUCKET_LABELS, formatBalance, periodLabel, type Statement } from "./statements";
import { UPI_PER_PAYMENT_LIMIT_MINOR, UPI_SPLIT_NOTE, upiPaymentUri } from "./upi";

// A statement of account's page (decision 0081) in the invoice's page model, so the PDF, the public
// page and their templates, colours and fonts are the business's, drawn by the same code: the
// activity rows are the table's lines (Date | Particulars | Debit | Credit | Balance), the opening,
// debits, credits and closing balance are the totals, the open items and the ageing are tables
// below, and the UPI QR asks for the exact balance owed. Pure, like the invoice's page.

export const STATEMENT_COLUMNS: readonly PageColumn[] = [
  { key: "date", title: "Date", align: "left" },
  { key: "name", title: "Particulars", align: "left" },
  { key: "debit", title: "Debit", align: "right" },
  { key: "credit", title: "Credit", align: "right" },
  { key: "balance", title: "Balance", align: "right" },
];

/** The company's settings (as an invoice copies them) and the page's look and payment blocks. */
export type StatementSettings = CompanySettings &
  Pick<
    Settings,
    | "primaryColor"
    | "accentColor"
    | "fontFamily"
    | "defaultTemplate"
    | "bankDetails"
    | "includeBankDetails"
    | "includeSignature"
    | "includeUpiQrCode"
  >;

export interface StatementClient {
  name: string;
  company: string;
  email: string;
  phone: string;
  gstin: string;
  billingAddress: Address | null;
}

export const STATEMENT_TITLE = "STATEMENT OF ACCOUNT";

const leftColumn = (title: string): PageTable["columns"][number] => ({ title, align: "left" });
const rightColumn = (title: string): PageTable["columns"][number] => ({ title, align: "right" });

/** The open items as a table: one row per open document, the unallocated credit apart, the total. */
export function openItemsTable(statement: Statement, currency: string): PageTable {
  const { openItems } = statement;
  const money = (minor: number) => formatMoney(minor, currency, { symbol: false });
  const rows = openItems.items.map((item) => [
    formatPageDate(item.date),
    item.number,
    formatPageDate(item.dueDate),
    money(item.amountMinor),
    money(item.receivedMinor),
    money(item.pendingMinor),
    item.daysOverdue > 0 ? String(item.daysOverdue) : "",
  ]);
  if (openItems.unallocatedMinor > 0)
    rows.push(["", "Unallocated credit", "", "", "", `-${money(openItems.unallocatedMinor)}`, ""]);
  rows.push(["", "Total", "", "", "", formatBalance(openItems.totalMinor, currency), ""]);
  return {
    title: `OPEN ITEMS AS ON ${formatPageDate(openItems.asOf).toUpperCase()}`,
    columns: [
      ...["Date", "Number", "Due date"].map(leftColumn),
      ...["Amount", "Received", "Pending", "Days overdue"].map(rightColumn),
    ],
    rows,
  };
}

/** The ageing of what is pending, by days past the due date as of the end date. */
export function ageingTable(statement: Statement, currency: string): PageTable {
  const { openItems } = statement;
  const money = (minor: number) => formatMoney(minor, currency, { symbol: false });
  return {
    title: `AGEING BY DUE DATE AS ON ${formatPageDate(openItems.asOf).toUpperCase()}`,
    columns: [...AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b]), "Unallocated", "Balance"].map(
      rightColumn,
    ),
    rows: [
      [
        ...AGEING_BUCKETS.map((b) => money(openItems.buckets[b])),
        openItems.unallocatedMinor > 0 ? `-${money(openItems.unallocatedMinor)}` : money(0),
        formatBalance(openItems.totalMinor, currency),
      ],
    ],
  };
}

/** The QR asking for the exact balance owed: INR only, and only while the client owes something. */
export function statementUpi(
  settings: StatementSettings,
  balanceMinor: number,
  currency: string,
  note: string,
  uploadedQr: boolean,
): UpiBlock | null {
  if (currency !== "INR" || balanceMinor <= 0) return null;
  const split = balanceMinor > UPI_PER_PAYMENT_LIMIT_MINOR ? UPI_SPLIT_NOTE : null;
  const upiId = settings.bankDetails.upiId;
  if (upiId) {
    const uri = upiPaymentUri({
      upiId,
      payee: settings.companyName || upiId,
      amountMinor: balanceMinor,
      invoiceNumber: note,
      merchant: settings.bankDetails.upiIdIsMerchant,
    });
    return { imageId: null, uri, caption: `Scan to pay ${formatMoney(balanceMinor, "INR")}`, note: split };
  }
  if (settings.includeUpiQrCode && settings.upiQrCodeImage && uploadedQr)
    return { imageId: settings.upiQrCodeImage, uri: null, caption: "Scan to pay with UPI", note: split };
  return null;
}

export function buildStatementPage(
  statement: Statement,
  x: {
    currency: string;
    client: StatementClient;
    settings: StatementSettings;
    /** The day it was made, in the business's time zone. */
    generatedOn: string;
    images: PageImages;
  },
): InvoicePageModel {
  const { activity, period } = statement;
  const { client, settings, currency } = x;
  const money = (minor: number) => formatMoney(minor, currency, { symbol: false });
  const balance = (minor: number) => formatBalance(minor, currency);
  const company = companySnapshot(settings);
  const companyName = company.name.trim() || "Your Company";
  const clientName = client.company.trim() || client.name || "—";
  const periodText = periodLabel(period, formatPageDate);
  const colours = pageColours(settings.primaryColor, settings.accentColor);
  const lines = [
    {
      index: "",
      date: formatPageDate(period.from),
      name: "Opening Balance",
      debit: "",
      credit: "",
      balance: balance(activity.openingMinor),
    },
    ...activity.rows.map((row, i) => ({
      index: String(i + 1),
      date: formatPageDate(row.date),
      name: [[row.title, row.number].filter(Boolean).join(" "), row.details].filter(Boolean).join("\n"),
      debit: row.debitMinor ? money(row.debitMinor) : "",
      credit: row.creditMinor ? money(row.creditMinor) : "",
      balance: balance(row.balanceMinor),
    })),
  ].map((line) => ({
    hsnSac: "",
    quantity: "",
    unit: "",
    rate: "",
    discount: "",
    tax: "",
    amount: "",
    ...line,
  }));
  const totals: LabelValue[] = [
    { label: "Opening balance", value: balance(activity.openingMinor) },
    { label: "Total debits", value: money(activity.totalDebitMinor) },
    { label: "Total credits", value: money(activity.totalCreditMinor) },
  ];
  const meta: InvoicePageModel["meta"] = [
    { key: "date", label: "Period", value: periodText },
    { key: "number", label: "Generated On", value: formatPageDate(x.generatedOn) },
  ];
  if (currency !== "INR") meta.push({ key: "export", label: "Currency", value: currency });
  return {
    template: settings.defaultTemplate,
    fontFamily: settings.fontFamily,
    colours,
    look: pageLook(settings.defaultTemplate, colours),
    info: {
      title: `Statement of account ${clientName}`,
      author: companyName,
      subject: `Statement of account for ${clientName}, ${periodText}`,
    },
    labels: PAGE_LABELS,
    columns: STATEMENT_COLUMNS,
    title: STATEMENT_TITLE,
    invoiceNumber: `${clientName} · ${periodText}`,
    meta,
    mark: null,
    company: companyBlock(company, companyName, x.images.logo),
    billTo: {
      name: clientName,
      lines: clientLines(client, "GSTIN: Unregistered"),
    },
    shipTo: null,
    lines,
    taxSummary: [],
    totals,
    total: { label: "Closing balance", value: balance(activity.closingMinor) },
    payments: [],
    amountInWords: `As on ${formatPageDate(period.to)}`,
    notes: "",
    terms: "",
    bank: settings.includeBankDetails ? bankRows(settings.bankDetails) : null,
    upi: statementUpi(settings, activity.closingMinor, currency, `Statement to ${period.to}`, x.images.upiQr),
    signatory: {
      imageId: settings.includeSignature && x.images.signature ? settings.signatureImage : null,
      forCompany: `For ${companyName}`,
    },
    gst: null,
    tables: [openItemsTable(statement, currency), ageingTable(statement, currency)],
  };
}
