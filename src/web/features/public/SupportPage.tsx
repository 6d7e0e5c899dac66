import { Link } from "react-router";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";
import { SUPPORT_EMAIL } from "./publicLinks";

export function SupportPage() {
  return (
    <InfoPageLayout
      title="Help & Support"
      intro={<p>Stuck on something? Most answers are a click away, and a real person reads every e-mail.</p>}
    >
      <InfoSection id="self-help" title="Find an answer first">
        <ul>
          <li>
            <Link to="/auth#faq-section">Frequently asked questions</Link>: free downloads, credits, GST, data
            export and payments.
          </li>
          <li>
            <Link to="/instructions">User Instructions</Link>: a step-by-step guide to every screen (available
            once you are signed in).
          </li>
          <li>
            <Link to="/refund-policy">Refund Policy</Link> and{" "}
            <Link to="/shipping-policy">Shipping Policy</Link>: what happens with payments and credits.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="email-us" title="E-mail us">
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, preferably from the e-mail address
          you use for Bahi so we can find your account. To help us solve it in one reply, include:
        </p>
        <ul>
          <li>what you were trying to do, and what happened instead;</li>
          <li>the exact error message, if one appeared, and a screenshot if you can;</li>
          <li>the invoice number concerned, if any (for example INV-21112026-104512);</li>
          <li>
            for payment questions, the Razorpay payment ID (“pay_…”) or order ID, the date and the amount;
          </li>
          <li>your device and browser, for example “Android phone, Chrome”.</li>
        </ul>
        <p>Never send us your password or your card, UPI PIN or OTP. We will never ask for them.</p>
      </InfoSection>

      <InfoSection id="response-time" title="When you will hear back">
        <p>
          We answer within one working day (Monday to Saturday, 10:00–18:00 IST, except public holidays), and
          payment problems first. Most questions are resolved in the first reply.
        </p>
      </InfoSection>

      <InfoSection id="feedback" title="Ideas and feedback">
        <p>
          Missing a feature? Recurring invoices and automated billing are already on the way; tell us what
          else would save you time. We read every suggestion.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
