import { Link } from "react-router";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";
import { SUPPORT_EMAIL } from "./publicLinks";

export function RefundPage() {
  return (
    <InfoPageLayout
      title="Refund Policy"
      intro={
        <p>
          Bahi sells download credits, which are digital and reach your account the moment a payment is
          confirmed. This page explains when you can get your money back and how.
        </p>
      }
    >
      <InfoSection id="unused-credits" title="Unused credit packs: refund within 7 days">
        <p>
          If you bought a credit pack and have not used any credits from it, you can ask for a full refund
          within 7 days of the purchase. Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from
          the e-mail address of your account with:
        </p>
        <ul>
          <li>
            the Razorpay payment ID or order ID from your confirmation e-mail (it starts with “pay_” or
            “order_”);
          </li>
          <li>the date and amount of the payment;</li>
          <li>the reason for the refund, which helps us improve but does not affect your eligibility.</li>
        </ul>
        <p>
          We remove the pack’s credits from your balance and refund the full amount to the original payment
          method. A pack counts as unused when you have made no PDF downloads since you bought it.
        </p>
      </InfoSection>

      <InfoSection id="used-credits" title="Used credits">
        <p>
          Credits that have been spent on PDF downloads cannot be refunded, and packs bought more than 7 days
          ago are not refundable. Credits never expire, so an unused balance stays available for as long as
          your account exists.
        </p>
        <p>
          If a download failed, no credit was taken: Bahi only charges a credit when the PDF file is actually
          produced. If you believe a credit was taken in error, write to us and we will check your credit
          history and restore it.
        </p>
      </InfoSection>

      <InfoSection id="failed-payments" title="Failed or duplicate payments">
        <p>
          If money left your account but the payment failed, or you were charged twice for the same order, you
          do not need to do anything: Razorpay refunds such payments to the original payment method
          automatically, usually within 5–7 working days. If it has not arrived after 7 working days, write to
          us with the payment ID and we will follow it up with Razorpay.
        </p>
      </InfoSection>

      <InfoSection id="refund-timeline" title="How long a refund takes">
        <p>
          We process approved refunds within 2 working days. Your bank or card issuer then usually credits the
          amount within 5–7 working days; UPI refunds are often faster.
        </p>
      </InfoSection>

      <InfoSection id="refund-contact" title="Questions">
        <p>
          See our <Link to="/support">Help &amp; Support</Link> page or the{" "}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>. Nothing physical is shipped; read the{" "}
          <Link to="/shipping-policy">Shipping Policy</Link> for how credits are delivered.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
