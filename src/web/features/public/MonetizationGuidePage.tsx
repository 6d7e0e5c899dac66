import { Link } from "react-router";
import { CREDIT_PLANS, type CreditPlan, NEW_USER_CREDITS } from "#domain/credits";
import { formatMoney } from "#domain/format";
import { FiguresHead } from "#web/components/ui/table";
import { InfoPageLayout, InfoSection } from "./InfoPageLayout";

/** "₹1.49": the plan price spread over its downloads, rounded to the paisa. */
function pricePerPdf(plan: CreditPlan): string {
  return formatMoney(Math.round(plan.pricePaise / plan.credits), "INR");
}

export function MonetizationGuidePage() {
  return (
    <InfoPageLayout
      title="How Bahi Makes Money"
      intro={
        <p>
          Running a service costs money: servers, e-mail, payments and people to answer your questions. Here
          is exactly how Bahi pays for itself, so you never have to wonder what the catch is.
        </p>
      }
    >
      <InfoSection id="one-source-of-income" title="One source of income: PDF download credits">
        <p>
          Bahi earns money in one way only: by selling credits for PDF downloads. One credit downloads one
          invoice as a PDF. Everything else is free and unlimited: creating, editing, saving and previewing
          invoices, managing clients and inventory, the dashboard and exporting your data.
        </p>
        <p>
          Every new account starts with <strong>{NEW_USER_CREDITS} free credits</strong>, enough for a month
          of invoicing for many freelancers. A download that fails costs nothing.
        </p>
      </InfoSection>

      <InfoSection id="credit-plans" title="Credit plans">
        <div className="mt-4 overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Bahi credit plans and prices in rupees</caption>
            <FiguresHead
              className="bg-muted"
              cellClassName="px-4 py-3 font-semibold"
              columns={["Plan", "Price", "Per PDF"]}
            />
            <tbody className="divide-y divide-border">
              <tr>
                <th scope="row" className="px-4 py-3 font-medium">
                  {NEW_USER_CREDITS} downloads on sign-up
                </th>
                <td className="px-4 py-3 text-right">Free</td>
                <td className="px-4 py-3 text-right">₹0.00</td>
              </tr>
              {CREDIT_PLANS.map((plan) => (
                <tr key={plan.id} className={plan.popular ? "bg-accent-soft" : undefined}>
                  <th scope="row" className="px-4 py-3 font-medium">
                    {plan.credits} downloads
                    {plan.popular && (
                      <span className="ml-2 rounded-full bg-primary px-2 py-0.5 font-medium text-primary-foreground text-xs">
                        Most Popular
                      </span>
                    )}
                  </th>
                  <td className="px-4 py-3 text-right">{formatMoney(plan.pricePaise, "INR")}</td>
                  <td className="px-4 py-3 text-right">{pricePerPdf(plan)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Prices are in Indian rupees and paid once through Razorpay; there is no subscription and nothing
          renews automatically. Credits do not expire. Unused packs can be refunded within 7 days under our{" "}
          <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </InfoSection>

      <InfoSection id="what-we-never-do" title="What we will never do">
        <ul>
          <li>
            <strong>No ads.</strong> Your invoices and dashboard will never carry advertising, and neither
            will the PDFs you send to clients.
          </li>
          <li>
            <strong>No selling data.</strong> We do not sell, rent or share your data or your clients’ data
            with advertisers, data brokers or lenders.
          </li>
          <li>
            <strong>No lock-in.</strong> Export everything to JSON or CSV whenever you like, even with zero
            credits.
          </li>
          <li>
            <strong>No hidden charges.</strong> If a feature ever costs money, it will be shown here and in
            the app before you pay.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="buying-credits" title="How to buy credits">
        <p>
          Once signed in, press the Credits button in the header, pick a plan and pay with UPI, card, net
          banking or a wallet through Razorpay. Credits are added as soon as the payment is confirmed. See the{" "}
          <Link to="/auth#auth-form-section">sign-up form</Link> to get your {NEW_USER_CREDITS} free credits.
        </p>
      </InfoSection>
    </InfoPageLayout>
  );
}
