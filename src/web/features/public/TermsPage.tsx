import { Link } from "react-router";
import { NEW_USER_CREDITS } from "#domain/credits";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";
import { SUPPORT_EMAIL } from "./publicLinks";

/** The nine section titles, in the order the spec requires. */
export const termsSectionTitles = [
  "1. Use of the Product",
  "2. User Responsibilities",
  "3. Prohibited Use",
  "4. Data Usage and Privacy",
  "5. Disclaimers and Liability",
  "6. Indemnification",
  "7. Legal and Dispute Resolution",
  "8. Changes and Termination",
  "9. Contact and Support",
] as const;

const [use, responsibilities, prohibited, data, disclaimers, indemnity, legal, changes, contact] =
  termsSectionTitles;

export function TermsPage() {
  return (
    <InfoPageLayout
      title="Terms and Conditions"
      intro={
        <p>
          These terms govern your use of Bahi, the online invoicing service at bahi.app (“Bahi”, “we”, “us”).
          By creating an account or using Bahi you agree to them. If you do not agree, please do not use the
          service.
        </p>
      }
    >
      <InfoSection id="use-of-the-product" title={use}>
        <p>
          Bahi lets businesses and freelancers create, save, preview and download invoices and bills, keep a
          list of clients, track products, services and stock, and set company defaults such as logo, bank
          details, signature and UPI QR code.
        </p>
        <p>
          <strong>GST.</strong> An account that has not told Bahi it is GST-registered gets retail invoices.
          For an account registered for GST, Bahi makes tax invoices, bills of supply and credit and debit
          notes from the details you enter, and writes GSTR-1 data and e-invoice JSON files for you to upload.
          Bahi does not file returns, does not connect to the GST portal or the invoice registration portal,
          and does not obtain an IRN or QR code for you. You remain responsible for your GST compliance: for
          the registration details, rates, HSN/SAC codes and place of supply you choose, for checking every
          document and file before you issue or upload it, and for filing your returns on time. Check whether
          what you make with Bahi meets the legal, tax and accounting requirements that apply to you and to
          your transaction, and consult a qualified professional where needed.
        </p>
        <p>
          Creating and saving invoices is free. Downloading an invoice as a PDF uses one download credit.
          Every new account receives {NEW_USER_CREDITS} free credits, and more can be bought in packs priced
          in Indian rupees. Credits do not expire, have no cash value, cannot be transferred between accounts
          and are refundable only as described in our <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </InfoSection>

      <InfoSection id="user-responsibilities" title={responsibilities}>
        <p>
          You need an account to use Bahi.{" "}
          <strong>
            A valid e-mail address that you can receive mail at is required to create an account
          </strong>
          ; we send a confirmation link to it and use it for password resets and purchase receipts. You may
          also sign in with Google.
        </p>
        <ul>
          <li>Give accurate information, and keep your company and client details up to date.</li>
          <li>
            Keep your password secret and tell us at once if you suspect someone else has used your account.
            You are responsible for everything done under your account.
          </li>
          <li>
            Check every invoice before you send it: names, addresses, GSTIN, quantities, rates, discounts, tax
            percentages, totals and bank or UPI details are yours to verify.
          </li>
          <li>
            Keep your own copies of important records. Bahi lets you export your data at any time; use it.
          </li>
          <li>You must be at least 18 years old, or use Bahi under the supervision of an adult.</li>
        </ul>
      </InfoSection>

      <InfoSection id="prohibited-use" title={prohibited}>
        <p>You must not use Bahi to:</p>
        <ul>
          <li>
            create false, forged or misleading invoices, or invoices for goods or services never supplied;
          </li>
          <li>
            evade taxes, launder money or commit any other offence under Indian or other applicable law;
          </li>
          <li>
            impersonate another person or business, or use a logo, name or signature you have no right to use;
          </li>
          <li>
            upload files that contain malware, or content that is unlawful, obscene or infringes others’
            rights;
          </li>
          <li>
            probe, scan or attack the service, get around its limits on credits or requests, or access another
            user’s data;
          </li>
          <li>resell, copy or automate access to the service without our written permission.</li>
        </ul>
        <p>
          We may suspend or close an account that breaks these rules, without refund of purchased credits.
        </p>
      </InfoSection>

      <InfoSection id="data-usage-and-privacy" title={data}>
        <p>
          Your invoices, clients, products and settings belong to you. We store them only to provide the
          service to you, we do not sell them and we do not show advertising. Payments are processed by
          Razorpay; we never receive your card number or UPI PIN.
        </p>
        <p>
          You can export all your data, import it again, or clear it from Settings → Data Management. Our{" "}
          <Link to="/privacy-policy">Privacy Policy</Link> explains what we collect, why and for how long.
        </p>
        <p>
          When you enter details of your clients, you confirm that you are allowed to share them with us for
          the purpose of invoicing them.
        </p>
      </InfoSection>

      <InfoSection id="disclaimers-and-liability" title={disclaimers}>
        <p>
          Bahi is provided “as is” and “as available”. We work hard to keep calculations correct and the
          service running, but we do not promise that it will be uninterrupted, error-free or fit for a
          particular purpose, or that invoices made with it satisfy any law or regulation.
        </p>
        <p>
          To the extent permitted by law, Bahi is not liable for any indirect, incidental or consequential
          loss, including lost profits, lost data, tax penalties or disputes with your clients, arising from
          the use of invoices or from the service. Our total liability for any claim is limited to the amount
          you paid us for credits in the three months before the claim arose.
        </p>
      </InfoSection>

      <InfoSection id="indemnification" title={indemnity}>
        <p>
          You agree to indemnify and hold harmless Bahi and its team against any claim, penalty, loss or
          expense (including reasonable legal fees) arising from the invoices you issue, the data you enter,
          your breach of these terms or your breach of any law or third-party right.
        </p>
      </InfoSection>

      <InfoSection id="legal-and-dispute-resolution" title={legal}>
        <p>
          These terms are governed by the laws of India. If a dispute arises, please write to us first; most
          problems can be solved within a few days. Any dispute that cannot be settled amicably within 30 days
          falls under the exclusive jurisdiction of the courts at Bengaluru, Karnataka.
        </p>
      </InfoSection>

      <InfoSection id="changes-and-termination" title={changes}>
        <p>
          We may change these terms or the service, for example when we add features such as quotes. For
          material changes we will show a notice in the app or e-mail you at least 15 days before they take
          effect; the date at the top of this page always shows the latest version. Continuing to use Bahi
          after a change means you accept it.
        </p>
        <p>
          You may stop using Bahi at any time and delete your account from My Account. We may suspend or end
          your access if you break these terms or if required by law. Before closing an account for any other
          reason we will give you notice and time to export your data.
        </p>
      </InfoSection>

      <InfoSection id="contact-and-support" title={contact}>
        <p>
          Questions about these terms or the service: write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or visit our{" "}
          <Link to="/support">Help &amp; Support</Link> page. We answer within one working day.
        </p>
        <p>
          Ready to begin? <Link to="/auth#auth-form-section">Back to login / sign up</Link>.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
