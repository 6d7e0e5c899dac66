import { Link } from "react-router";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";

export function AboutUsPage() {
  return (
    <InfoPageLayout
      title="About Bahi"
      intro={
        <p>
          For generations, Indian traders have kept their accounts in a <em>bahi-khata</em>: the red
          cloth-bound ledger where every sale, credit and payment is written down by hand. Bahi takes its
          name, and its purpose, from that book.
        </p>
      }
    >
      <InfoSection id="why-we-built-bahi" title="Why we built Bahi">
        <p>
          Most invoicing software is made for somewhere else. Amounts come out as 123,456.00 instead of
          1,23,456.00, “lakh” is not in the vocabulary, and the price is a monthly subscription in dollars
          that a tailor in Kanpur or a freelance developer in Kochi does not need.
        </p>
        <p>
          We wanted the opposite: a quick, honest invoice generator that thinks in rupees first, runs on the
          phone you already have, and costs nothing until you actually download a PDF.
        </p>
      </InfoSection>

      <InfoSection id="what-bahi-does" title="What Bahi does">
        <ul>
          <li>Creates clear retail invoices and bills in a minute, with a live preview as you type.</li>
          <li>Writes totals in words the Indian way: “Rupees One Lakh Twenty-Three Thousand … Only”.</li>
          <li>Adds your logo, bank details, signature and a UPI QR code so clients can pay at once.</li>
          <li>Keeps your clients, products and services in one place and tracks your stock as you sell.</li>
          <li>Shows what is paid, due and overdue on a single dashboard.</li>
        </ul>
      </InfoSection>

      <InfoSection id="what-we-believe" title="What we believe">
        <ul>
          <li>
            <strong>Pay for what you use.</strong> Everything except the PDF download is free, and{" "}
            <Link to="/monetization-guide">credits start at ₹49</Link> and never expire.
          </li>
          <li>
            <strong>Your ledger is yours.</strong> No ads, no selling data, and a one-tap export of
            everything.
          </li>
          <li>
            <strong>Honesty about limits.</strong> Bahi makes GST tax invoices, GSTR-1 files and e-invoice
            JSON for registered businesses and retail invoices for the rest, but it does not file returns or
            talk to the GST portals for you, and we say so plainly. Recurring invoices, automated sending,
            payment reminders and quotes that your client accepts online all work today.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="get-in-touch" title="Get in touch">
        <p>
          Bahi is built and supported from Bengaluru. Ideas, bug reports and kind words are all welcome on our{" "}
          <Link to="/support">Help &amp; Support</Link> page.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
