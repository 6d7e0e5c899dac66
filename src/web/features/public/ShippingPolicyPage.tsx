import { Link } from "react-router";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";
import { SUPPORT_EMAIL } from "./publicLinks";

export function ShippingPolicyPage() {
  return (
    <InfoPageLayout
      title="Shipping Policy"
      intro={
        <p>Bahi is an online service. Nothing physical is ever shipped, and there are no delivery charges.</p>
      }
    >
      <InfoSection id="what-you-buy" title="What you buy">
        <p>
          The only thing you can buy from Bahi is download credits: one credit lets you download one invoice
          as a PDF. Credits are digital and are delivered to your Bahi account, not to an address.
        </p>
      </InfoSection>

      <InfoSection id="delivery-time" title="When credits arrive">
        <p>
          Credits appear in your account immediately after your payment is confirmed by Razorpay, usually
          within a few seconds. You will see the new balance on the Payment Successful screen and on the
          Credits button in the header, and we send a confirmation e-mail to your account’s address.
        </p>
        <p>
          If you closed the browser during payment, the credits are still added as soon as Razorpay tells us
          the payment succeeded; sign in again to see them.
        </p>
      </InfoSection>

      <InfoSection id="delivery-problems" title="If your credits have not arrived">
        <ol>
          <li>Refresh the page, or sign out and sign in again.</li>
          <li>Check My Account, which lists every purchase and credit change.</li>
          <li>
            If the money left your account but no credits were added after 30 minutes, write to{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your Razorpay payment ID. Failed
            payments are refunded automatically; see our <Link to="/refund-policy">Refund Policy</Link>.
          </li>
        </ol>
      </InfoSection>

      <InfoSection id="your-invoices" title="Delivering invoices to your clients">
        <p>
          Bahi does not send or post invoices for you. After downloading a PDF you can share it with your
          client by e-mail, WhatsApp or any other channel you choose.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
