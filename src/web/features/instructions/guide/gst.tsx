import { Link } from "react-router";
import type { GuideSection } from "./guideSection";

// GST support as it is: what Bahi makes for a registered business, what it leaves to the user.

export const gstSections: GuideSection[] = [
  {
    id: "gst",
    title: "GST: tax invoices, GSTR-1 and e-invoices",
    body: (
      <>
        <p>
          Bahi makes retail invoices unless you tell it you are registered for GST. Under GST registration in{" "}
          <Link to="/settings">Settings</Link>, choose Regular or Composition and enter your GSTIN and legal
          name. From then on, new invoices are:
        </p>
        <ul>
          <li>
            <strong>Tax invoices</strong> for a regular taxpayer, with the place of supply, HSN/SAC codes and
            CGST and SGST (or UTGST) within your state, or IGST to another state or abroad; a{" "}
            <strong>bill of supply</strong> when every line is exempt or nil-rated.
          </li>
          <li>
            <strong>Bills of supply</strong> for a composition taxpayer, with the declaration the rules ask
            for.
          </li>
          <li>Credit and debit notes against your invoices.</li>
        </ul>
        <h3>GSTR-1</h3>
        <p>
          <Link to="/reports">Reports</Link> shows a month's GSTR-1 (last month unless you pick another): B2B,
          B2C large, B2C small, credit and debit notes, exports, nil-rated, exempt and non-GST supplies (your
          bills of supply), the HSN summary (in B2B and B2C tabs from April 2025) and the documents issued,
          with counts, taxable value and tax. Download the JSON file the GST portal takes (GSTR-1, Prepare
          Offline, Upload), or a CSV file per section for your accountant. Cancelled invoices are left out of
          the sections and counted in the documents issued. GSTR-1 is for regular taxpayers only: composition
          and unregistered accounts are not offered it.
        </p>
        <h3>E-invoice JSON</h3>
        <p>
          On a saved, issued tax invoice to a registered buyer, or an export, choose Download e-invoice JSON
          (FORM GST INV-01, version 1.1) and upload the file on the invoice registration portal
          (einvoice1.gst.gov.in) to get the IRN and QR code. B2C invoices are not e-invoiced, and the invoice
          says so instead. The file needs your company address in Settings (city, PIN code and state), and the
          client's billing address with PIN code and an HSN/SAC code on every line. Choose each client's state
          from the list: Bahi never guesses it, so a tax invoice to an address whose state it cannot tell is
          refused until you choose it.
        </p>
        <h3>What stays with you</h3>
        <p>
          Bahi does not file returns or connect to the GST portal or the invoice registration portal: you
          upload the files yourself. You stay responsible for your GST compliance: check each document and
          each return before you file it, with your accountant where needed. Reports and e-invoice files cost
          no credits.
        </p>
      </>
    ),
  },
];
