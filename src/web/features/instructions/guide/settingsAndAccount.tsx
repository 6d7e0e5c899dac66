import { Link } from "react-router";
import type { GuideSection } from "./guideSection";

export const settingsAndAccountSections: GuideSection[] = [
  {
    id: "settings",
    title: "Settings",
    body: (
      <>
        <p>
          <Link to="/settings">Settings</Link> holds the defaults for every new invoice. Press{" "}
          <strong>Save Settings</strong> when you are done; invoices already saved keep their own copy.
        </p>
        <h3>Company Defaults</h3>
        <p>
          Business name, e-mail, address, phone, GSTIN (optional), logo (PNG, JPEG or SVG, up to 2 MB),
          default currency (INR unless you change it), default due days, default notes and default terms.
        </p>
        <h3>Appearance</h3>
        <p>
          Switch between light and dark mode, and choose the primary colour, accent colour and font used on
          your invoices and PDFs.
        </p>
        <h3>Bank &amp; Signature</h3>
        <p>
          Upload your authorised signature, enter bank details (bank name, account number, IFSC, branch and an
          optional UPI ID) and upload a UPI QR code. Each has a switch to include it on new invoices by
          default. Images must be PNG or JPEG and at most 2 MB.
        </p>
        <h3>Invoice numbering</h3>
        <ul>
          <li>
            <strong>Date and time</strong> (default): INV-DDMMYYYY-HHmmss from the moment you open a new
            invoice, for example INV-21112026-104512.
          </li>
          <li>
            <strong>Sequential per financial year</strong>: INV/2026-27/0001, INV/2026-27/0002 and so on,
            starting again at 0001 every 1 April.
          </li>
        </ul>
        <h3>Data Management</h3>
        <ul>
          <li>
            <strong>Export</strong> downloads all your invoices, clients, products and settings as one JSON
            file. Keep it as a backup.
          </li>
          <li>
            <strong>Import</strong> reads such a file and <em>replaces</em> your current data. The whole file
            is checked first; if anything is wrong, nothing changes.
          </li>
          <li>
            <strong>Clear all data</strong> deletes your invoices, clients, products and settings after you
            confirm, then signs you out. Your account, credit balance and payment history stay.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "credits",
    title: "Credits and PDFs",
    body: (
      <>
        <ul>
          <li>Each PDF download uses 1 credit. Creating, saving and previewing invoices is free.</li>
          <li>New accounts get 25 free credits. Credits never expire.</li>
          <li>If a download fails, no credit is taken.</li>
          <li>
            The <strong>Credits</strong> button in the header shows your balance and opens{" "}
            <strong>Top Up Your Credits</strong>. It also opens by itself when you try to download with 0
            credits.
          </li>
        </ul>
        <h3>Buying credits</h3>
        <ol>
          <li>Pick a plan: 25 for ₹49, 100 for ₹149 (Most Popular) or 500 for ₹599.</li>
          <li>
            Press <strong>Purchase Plan</strong>. Razorpay’s secure checkout opens; pay with UPI, card, net
            banking or a wallet.
          </li>
          <li>
            After payment you see <strong>Payment Successful</strong> with the credits added and your new
            balance, and a confirmation e-mail follows.
          </li>
        </ol>
        <p>
          See the <Link to="/monetization-guide">monetization guide</Link> and{" "}
          <Link to="/refund-policy">refund policy</Link> for details.
        </p>
      </>
    ),
  },
  {
    id: "account",
    title: "My Account",
    body: (
      <>
        <p>
          <Link to="/account">My Account</Link> shows your e-mail and lets you:
        </p>
        <ul>
          <li>change your name, which appears in the welcome message;</li>
          <li>change your password (at least 8 characters); your other devices are signed out;</li>
          <li>see your credit balance, every credit change and your purchases;</li>
          <li>
            <strong>sign out of all devices</strong>, for example after using a shared or lost phone;
          </li>
          <li>delete your account permanently (export your data first).</li>
        </ul>
      </>
    ),
  },
  {
    id: "phone-tips",
    title: "Tips for using Bahi on your phone",
    body: (
      <ul>
        <li>
          Open the menu with the ☰ button in the header; the Credits and theme buttons stay in the header
          too.
        </li>
        <li>
          Add Bahi to your home screen from the browser menu (“Add to Home screen”) to open it like an app.
        </li>
        <li>
          Save items and clients once; picking them from the list is much faster than typing on a phone.
        </li>
        <li>After downloading a PDF, share it straight from your downloads to WhatsApp or e-mail.</li>
        <li>Dark mode in Settings → Appearance is easier on the eyes and the battery at night.</li>
        <li>Turn the phone sideways to see more columns in the Invoices and Product lists.</li>
      </ul>
    ),
  },
];
