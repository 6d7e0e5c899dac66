import QRCode from "qrcode";
import { companySnapshot } from "#domain/company-snapshot";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { formatBalance, periodLabel } from "#domain/statements";
import { readSettings } from "#server/db/queries/settings";
import {
  findStatement,
  findStatementByToken,
  type StatementRow,
  setStatementToken,
} from "#server/db/queries/statements";
import { renderPublicInvoice } from "#server/public-page/render";
import { STATEMENT_PAGE_SCRIPT } from "#server/public-page/statement-render";
import { readKeptStatement, type StatementView, statementPage } from "../statements";
import type { KindConfig, LinkState, PublicRow } from "./kind";

// A client's statement of account as a kind of document (decision 0081): its PDF (one credit, the
// business's template and colours), its mail and its public page (/s/<token>) with a UPI QR for the
// exact balance. The figures are read from the client's documents each time; the kept row holds the
// client, the period, the currency and the link. It keeps no activity list of its own.

const ISSUED = "issued";
type StatementPublicRow = PublicRow & { row: StatementRow; images: Record<string, string | null> };
/** How the credit ledger and the file name call it: "Statement Meera Stores 2026-04-01 to 2026-06-30". */
const statementNumber = (view: StatementView) =>
  `Statement ${(view.client.company.trim() || view.client.name).slice(0, 40)} ${view.statement.period.from} to ${view.statement.period.to}`;
const state = (row: StatementRow): LinkState => ({ status: ISSUED, token: row.publicToken });

export const STATEMENT_KIND: KindConfig = {
  title: "Statement",
  events: null,
  async printable(db, businessId, id) {
    const row = await findStatement(db, businessId, id);
    if (!row) return undefined;
    const view = await readKeptStatement(db, row);
    const { settings } = view;
    return {
      document: { kind: "statement", id: row.id },
      number: statementNumber(view),
      company: companySnapshot(settings),
      shows: {
        signature: settings.includeSignature,
        // An uploaded QR only where no UPI ID makes one for the exact balance (statementUpi).
        upiQr: !settings.bankDetails.upiId && settings.includeUpiQrCode,
      },
      view: (images) => {
        const model = statementPage(view, {
          logo: images.logo !== null,
          signature: images.signature !== null,
          upiQr: images.upiQr !== null,
        });
        // Fixed, so the same statement on the same day gives the same bytes.
        const creationDate = new Date(`${view.generatedOn}T00:00:00Z`);
        return { ...model, info: { ...model.info, creationDate }, images };
      },
    };
  },
  async sendable(db, businessId, id) {
    const row = await findStatement(db, businessId, id);
    if (!row) return undefined;
    const view = await readKeptStatement(db, row);
    const { settings, client, statement } = view;
    return {
      company: companySnapshot(settings),
      facts: {
        clientName: client.company.trim() || client.name,
        // The activity log's label after "Statement of account": "Meera Stores, 1 Apr 2026 to 30 Jun 2026".
        number: `${client.company.trim() || client.name}, ${periodLabel(statement.period, formatPageDate)}`,
        amountMinor: Math.max(0, statement.activity.closingMinor),
        currency: view.currency,
        dueDate: null,
        businessName: settings.companyName,
      },
      refusal: null,
    };
  },
  publicPath: "/s",
  sharing: {
    async read(db, businessId, id, opts) {
      const row = await findStatement(db, businessId, id, opts);
      return row && state(row);
    },
    async setToken(tx, businessId, id, token) {
      const row = await setStatementToken(tx, businessId, id, token);
      return row && state(row);
    },
    present: (url) => ({ url }),
  },
  publicPage: {
    noun: "statement",
    script: STATEMENT_PAGE_SCRIPT,
    async find(db, token) {
      const row = await findStatementByToken(db, token);
      if (!row) return undefined;
      const settings = await readSettings(db, row.businessId);
      const images = {
        logo: settings.companyLogo,
        signature: settings.includeSignature ? settings.signatureImage : null,
      };
      return { id: row.id, businessId: row.businessId, status: ISSUED, row, images } as StatementPublicRow;
    },
    imageIds: (found) => (found as StatementPublicRow).images,
    async render({ db }, found, token) {
      const { row } = found as StatementPublicRow;
      const view = await readKeptStatement(db, row);
      const page = statementPage(view, { logo: true, signature: true, upiQr: false });
      const closing = view.statement.activity.closingMinor;
      const owed = closing > 0 ? formatMoney(closing, view.currency) : null;
      const uri = page.upi?.uri ?? null;
      return renderPublicInvoice(page, {
        token,
        statusKey: closing > 0 ? "due" : "paid",
        statusLabel:
          closing > 0
            ? `Balance ${formatBalance(closing, view.currency)}`
            : closing < 0
              ? `In credit ${formatBalance(closing, view.currency)}`
              : "Settled",
        balance: owed,
        upi:
          uri && owed
            ? {
                uri,
                upiId: view.settings.bankDetails.upiId,
                amount: owed,
                qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
              }
            : null,
        upiImageUrl: null,
        // The same first screen as an invoice's: who asks, the balance and the ways to pay it (the
        // statement has no public PDF).
        ask: {
          from: page.company.name || "The business",
          what: `Statement ${page.invoiceNumber}`,
          total: formatBalance(closing, view.currency),
          dueLine: null,
          pdfUrl: null,
        },
        logoUrl: page.company.logoImageId ? `/s/${token}/images/logo` : null,
        signatureUrl: page.signatory.imageId ? `/s/${token}/images/signature` : null,
        paysOnline: false,
        canReport: false,
        document: { name: "statement", after: "", script: "/s/page.js" },
      });
    },
  },
};
