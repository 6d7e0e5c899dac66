import { Link } from "react-router";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";
import { SUPPORT_EMAIL } from "./publicLinks";

export function PrivacyPage() {
  return (
    <InfoPageLayout
      title="Privacy Policy"
      intro={
        <p>
          Bahi is an invoicing tool, not an advertising business. We collect what we need to run your account
          and nothing more, we never sell your data, and you can take all of it with you at any time.
        </p>
      }
    >
      <InfoSection id="what-we-collect" title="What we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, your name if you give it, and a securely
            hashed password. If you sign in with Google we receive your name and e-mail address from Google,
            never your Google password.
          </li>
          <li>
            <strong>Business data you enter:</strong> invoices, clients, products and services, stock
            movements and settings, including your logo, signature, bank details and UPI QR code.
          </li>
          <li>
            <strong>Credits and payments:</strong> your credit balance and its history, and for each purchase
            the plan, amount, date and Razorpay order and payment identifiers. Card, UPI and bank details are
            handled by Razorpay and never reach us.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie that keeps you signed in, and server logs (IP
            address, time, page requested, errors) kept to secure and debug the service.
          </li>
        </ul>
        <p>
          Your theme choice and a few interface preferences are stored in your own browser’s local storage and
          are not sent to us.
        </p>
      </InfoSection>

      <InfoSection id="how-we-use-it" title="How we use it">
        <ul>
          <li>to sign you in, keep your account secure and show you only your own records;</li>
          <li>to create your invoices and PDFs and keep your stock figures correct;</li>
          <li>to grant purchased credits and send you confirmation and password-reset e-mails;</li>
          <li>to answer your support requests and to detect abuse.</li>
        </ul>
        <p>
          We do not show ads, we do not build marketing profiles and we do not sell or rent your data or your
          clients’ data to anyone.
        </p>
      </InfoSection>

      <InfoSection id="who-we-share-with" title="Who we share it with">
        <p>We share data only with the services needed to run Bahi, and only as much as each needs:</p>
        <ul>
          <li>Razorpay, to process payments for credits;</li>
          <li>our e-mail delivery provider, to send account and purchase e-mails;</li>
          <li>Google, only if you choose to sign in with Google;</li>
          <li>our hosting provider, which stores the database and files on our behalf.</li>
        </ul>
        <p>We disclose data to authorities only when Indian law requires it.</p>
      </InfoSection>

      <InfoSection id="security" title="How we protect it">
        <p>
          Passwords are stored only as salted hashes. Every request is checked on the server against your
          signed-in session, so one user can never read another’s records. Connections to Bahi use HTTPS.
          Changing your password signs out your other sessions, and My Account lets you sign out of all
          devices at once.
        </p>
      </InfoSection>

      <InfoSection id="your-choices" title="Your rights and choices">
        <ul>
          <li>
            <strong>Access and portability:</strong> Settings → Data Management exports all your invoices,
            clients, products and settings as a JSON file; the Invoices list exports CSV.
          </li>
          <li>
            <strong>Correction:</strong> edit any record or your name in the app at any time.
          </li>
          <li>
            <strong>Erasure:</strong> “Clear all data” removes your invoices, clients, products and settings;
            deleting your account from My Account removes the account itself.
          </li>
        </ul>
        <p>
          These choices reflect your rights under India’s Digital Personal Data Protection Act, 2023. To
          exercise any of them by e-mail, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </InfoSection>

      <InfoSection id="retention" title="How long we keep it">
        <p>
          We keep your data while your account exists. When you delete your account we erase your business
          data within 30 days, except payment records, which we must keep for the period required by Indian
          tax and accounting law. Server logs are kept for up to 90 days.
        </p>
      </InfoSection>

      <InfoSection id="privacy-contact" title="Changes and contact">
        <p>
          If we change this policy we will update the date above and, for significant changes, tell you in the
          app or by e-mail. Questions go to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or our{" "}
          <Link to="/support">Help &amp; Support</Link> page. See also our{" "}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
