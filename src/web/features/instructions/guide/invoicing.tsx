import { Link } from "react-router";
import type { GuideSection } from "./guideSection";

export const invoicingSections: GuideSection[] = [
  {
    id: "create-invoice",
    title: "Create Invoice/Bill",
    body: (
      <>
        <p>
          Open <Link to="/invoice/new">Create Invoice/Bill</Link> from the menu. The invoice number, invoice
          date and due date (today plus your default due days, 30 unless you changed it) are filled in for
          you. You can edit all three; the number must be unique among your invoices.
        </p>
        <h3>Client</h3>
        <p>
          Pick a saved client from the list to fill in the name, address and GSTIN, or type the details of a
          one-off customer directly.
        </p>
        <h3>Items</h3>
        <ul>
          <li>
            Choose an item from your inventory to fill in its name, HSN/SAC code, rate, tax % and discount %,
            or type a new line by hand.
          </li>
          <li>Set the quantity and, if needed, adjust the rate for this invoice only.</li>
          <li>
            Each line has its own <strong>discount %</strong> and <strong>tax %</strong>, so a 5% item and an
            18% item can sit on the same invoice. Totals show the subtotal, discount, tax by rate and the
            final total.
          </li>
          <li>
            Turn on <strong>round off</strong> to round the total to whole rupees; the difference is shown as
            its own line. The amount in words is written in lakh and crore.
          </li>
        </ul>
        <h3>Notes, terms, bank details, signature and UPI QR</h3>
        <p>
          Notes and terms start from your defaults in Settings and can be changed per invoice. Switch on bank
          details, your authorised signature and the UPI QR code to print them on the invoice. If you saved
          only a UPI ID, Bahi generates a QR for the exact amount and invoice number, so your client can scan
          and pay.
        </p>
        <h3>Templates</h3>
        <p>
          Choose a template such as Classic, Modern or Minimal. All of them use the colours and font from
          Settings → Appearance.
        </p>
        <h3>Live preview</h3>
        <p>
          The preview updates as you type and shows the invoice as your client will see it. Previewing is
          always free; only downloading the PDF uses a credit.
        </p>
        <h3>Save as draft or issue</h3>
        <ul>
          <li>
            <strong>Save as draft</strong> keeps the invoice for later. Drafts do not change your stock or
            your totals.
          </li>
          <li>
            <strong>Issue</strong> makes the invoice due. Stock of the items on it goes down at this point. If
            you try to sell more than you have, Bahi names the item and how many are left, unless you allowed
            selling beyond stock in Settings.
          </li>
          <li>
            <strong>Mark paid</strong> when the money arrives; Bahi records the payment date.
          </li>
          <li>
            <strong>Duplicate</strong> copies an invoice into a new draft with a fresh number.
          </li>
          <li>
            <strong>Make recurring</strong> (on a saved invoice) bills the same client on a schedule: weekly,
            every few weeks, monthly on a day or the last day, quarterly, half-yearly or yearly, until a date,
            after a number of invoices or for good. Each time Bahi makes a draft for you to review, or issues
            the invoice, or issues it and e-mails it to the client (the PDF costs one credit; at zero credits
            the link goes alone). Each invoice is dated by its period, not by when Bahi made it. A first date
            in the past makes the invoices already due at once, after you confirm. The{" "}
            <Link to="/recurring">Recurring</Link> page shows the next date, what each profile made, and lets
            you pause (the periods while paused are skipped), resume or stop it.
          </li>
          <li>
            <strong>Send by e-mail</strong> (on an issued invoice, or the envelope in the list) e-mails your
            client the invoice's link, and the PDF if you choose. The wording comes from Settings → E-mail
            templates. A mail the mail server refuses is tried again for several minutes before Bahi gives up,
            gives the PDF's credit back and says so in the invoice's activity.
          </li>
          <li>
            <strong>Delete</strong> removes an invoice after you confirm. Stock taken by an issued invoice is
            put back, as it is when you cancel an invoice.
          </li>
          <li>
            <strong>Download PDF</strong> uses one credit (see <a href="#credits">Credits and PDFs</a>).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "invoices-list",
    title: "Invoices list",
    body: (
      <>
        <p>
          <Link to="/invoices">Invoices/Bills</Link> lists every invoice with its number, client, date, due
          date, amount, balance still due and status.
        </p>
        <ul>
          <li>
            <strong>Filters</strong>: show all, or only Draft, Due, Overdue, Partially paid, Paid or Cancelled
            invoices. Overdue shows due invoices whose due date has passed, the ones to chase first.
          </li>
          <li>
            <strong>Search</strong> by invoice number or client name.
          </li>
          <li>
            Open an invoice to edit it, or use its actions to mark it paid, duplicate, download or delete it.
          </li>
          <li>
            <strong>Export CSV</strong> saves the listed invoices as a spreadsheet file for your accountant or
            for Excel and Google Sheets.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "quotes",
    title: "Quotes",
    body: (
      <>
        <p>
          A quote (an estimate) is offered before the work: <Link to="/quotes">Quotes</Link> lists them, and{" "}
          <strong>New quote</strong> opens the same editor, lines, totals, templates and preview as an
          invoice, titled QUOTATION. Quotes have their own numbers (QT/2026-27/0001, a series per financial
          year) and a <strong>valid until</strong> date: the client can accept until the end of that day in
          your time zone; after it the quote shows <strong>Expired</strong>.
        </p>
        <ul>
          <li>
            <strong>Send by e-mail</strong>, <strong>Copy link</strong> or <strong>WhatsApp</strong> sends the
            quote (it is marked sent). Your client opens its page without an account and presses{" "}
            <strong>Accept quote</strong> or <strong>Decline</strong> with their name and an optional comment;
            Bahi records when and from where. The link and WhatsApp are free; the PDF costs one credit, as an
            invoice's does.
          </li>
          <li>
            If the client answered by phone or in person, use <strong>Mark accepted</strong> or{" "}
            <strong>Mark declined</strong>. A declined or expired quote cannot be accepted.
          </li>
          <li>
            <strong>Convert to invoice</strong> (at the top of an accepted quote) copies everything into a new
            draft invoice with your next invoice number; the invoice says which quote it came from. Stock
            moves only when you issue that invoice.
          </li>
          <li>Quotes never count in the dashboard's figures or in your sales: only invoices do.</li>
        </ul>
      </>
    ),
  },
  {
    id: "proformas-and-challans",
    title: "Proforma invoices and delivery challans",
    body: (
      <>
        <p>
          A <Link to="/proforma-invoices">proforma invoice</Link> is the invoice to come, sent before the
          payment (for an advance or an import licence). It is not a tax invoice: it has its own numbers
          (PF/2026-27/0001), moves no stock and never counts in your sales or GSTR-1. Send it by e-mail or
          WhatsApp, or copy its link (it is then marked sent); <strong>Convert to invoice</strong> makes the
          draft invoice when the order is confirmed.
        </p>
        <p>
          A <Link to="/delivery-challans">delivery challan</Link> goes with goods sent without a sale: on
          approval, for job work, in parts. Choose the reason and, if someone else receives the goods, the
          consignee. A draft has no challan number yet: <strong>Issue challan</strong> gives it the next DC
          number (the series stays unbroken, as GST Rule 55 asks) and takes its goods out of stock.{" "}
          <strong>Mark returned</strong> or <strong>Cancel challan</strong> brings them back; an issued
          challan keeps its number and is never deleted. <strong>PDF in triplicate</strong> prints the
          original, duplicate and triplicate copies in one file for one credit.
        </p>
        <ul>
          <li>
            When the goods are sold, tick the issued challans of one client on the challans&rsquo; list and
            press <strong>Convert to invoice</strong>: one invoice, issued at once, with all their lines. The
            goods already left your stock with the challans, so the invoice does not take them again.
            Cancelling that invoice makes its challans issued again (the goods are still out).
          </li>
          <li>An invoice made from a proforma or from challans links back to each of them.</li>
        </ul>
      </>
    ),
  },
  {
    id: "getting-paid",
    title: "Getting paid",
    body: (
      <>
        <h3>Share the invoice</h3>
        <p>
          On an issued invoice, <strong>Share with your client</strong> gives a private link. Your client
          opens it without an account to see the invoice, print it, and pay you by UPI: a &ldquo;Pay with
          UPI&rdquo; button and a QR code for the exact balance, straight to your own UPI ID (set it in
          Settings). Copy the link, open it, or send it with <strong>Share on WhatsApp</strong>. You see how
          often it was opened. <strong>New link</strong> replaces it if it went to the wrong person: the old
          one stops working.
        </p>
        <h3>Payments received</h3>
        <p>
          <strong>Record payment</strong> on the invoice for money that arrived by UPI, bank transfer, cash,
          cheque or card: the amount (up to the balance due), the date and a reference. Part payments show the
          invoice as Partially paid with its balance; when the payments reach the total it is Paid. Deleting a
          payment reopens the invoice. The PDF shows the amount paid and the balance due.
        </p>
        <h3>&ldquo;I have paid&rdquo;</h3>
        <p>
          When a client pays by UPI they can tell you from the invoice page with the UPI reference (UTR). You
          get an e-mail, and the invoice shows <strong>Payment reported</strong>: check your bank or UPI app,
          then <strong>Confirm payment</strong> (it is recorded) or <strong>Dismiss</strong>.
        </p>
        <h3>Online payment</h3>
        <p>
          Connect your own Razorpay account in <Link to="/settings">Settings</Link> → Online payments and the
          invoice page also offers &ldquo;Pay online&rdquo; by card, netbanking or UPI. The money goes to your
          Razorpay account and the payment is recorded on the invoice by itself.
        </p>
      </>
    ),
  },
];
