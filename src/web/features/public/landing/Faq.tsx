import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CREDIT_PLANS, NEW_USER_CREDITS } from "#domain/credits";
import { LandingSection } from "./LandingSection";

const planList = CREDIT_PLANS.map((plan) => `${plan.credits} for ₹${plan.priceRupees}`).join(", ");

const questions: readonly { question: string; answer: ReactNode }[] = [
  {
    question: "Is Bahi free?",
    answer: (
      <>
        Yes, to start. Every new account gets {NEW_USER_CREDITS} free PDF downloads. Creating, saving,
        previewing and managing invoices, clients and inventory costs nothing. Each PDF download uses one
        credit; when you need more, buy a credit pack: {planList}. Credits do not expire. See{" "}
        <Link to="/monetization-guide" className="text-primary underline underline-offset-2">
          how Bahi makes money
        </Link>
        .
      </>
    ),
  },
  {
    question: "Does Bahi make GST tax invoices?",
    answer:
      "Yes, for GST-registered businesses. Say you are registered in Settings and Bahi makes tax invoices (CGST and SGST, or IGST, with place of supply and HSN/SAC), bills of supply for composition taxpayers and exempt supplies, and credit and debit notes. It also writes your monthly GSTR-1 as the JSON file the GST portal takes (and CSV for your accountant), and the e-invoice JSON for invoices to registered buyers and exports. Bahi does not file returns or connect to the GST portal or the invoice registration portal: you upload the files yourself and stay responsible for compliance, so check them with your accountant. Everyone else keeps getting retail invoices, as before.",
  },
  {
    question: "Is my data safe?",
    answer:
      "Your account is protected by your password or Google sign-in, and every record is tied to your account on our server, so no other user can read it. Connections are encrypted, payments are handled by Razorpay (we never see your card or UPI PIN), and we do not sell your data or show ads.",
  },
  {
    question: "Can I use it on my phone?",
    answer:
      "Yes. Bahi runs in the browser of any modern phone, tablet or computer; there is nothing to install. Every screen, including the invoice editor, is designed for small screens.",
  },
  {
    question: "Can I export my data?",
    answer:
      "Yes. Settings → Data Management exports everything (invoices, clients, products and settings) to a JSON file that you can import again later, and the Invoices list exports a CSV file for your accountant.",
  },
  {
    question: "Which payment methods can I use to buy credits?",
    answer:
      "Credits are paid through Razorpay, so you can pay with the methods offered at checkout, such as UPI, debit and credit cards, net banking and wallets. Prices are in rupees and the credits appear in your account as soon as the payment is confirmed.",
  },
  {
    question: "Can I create recurring invoices?",
    answer:
      "Yes. Open an invoice and choose Make recurring: weekly, every few weeks, monthly (on a day or the last day), quarterly, half-yearly or yearly, until a date, after a number of invoices, or for good. Each time Bahi makes a draft for you to review, or issues the invoice, or issues it and e-mails it to your client (with the PDF for one credit, or the link for free). Pause, resume or stop it on the Recurring page.",
  },
  {
    question: "Can I send quotes or estimates?",
    answer:
      "Yes. Quotes have their own numbers (QT/2026-27/0001) and a valid-until date. Send one by e-mail, link or WhatsApp; your client opens it without an account and accepts or declines it with their name and a comment. An accepted quote becomes a draft invoice in one click, with the same lines. Quotes never count as sales.",
  },
];

export function Faq() {
  return (
    <LandingSection id="faq-section" headingId="faq-heading" title="Frequently asked questions" narrow>
      <div className="mt-10 divide-y divide-border rounded-xl border border-border bg-card">
        {questions.map((item) => (
          <details key={item.question} className="group px-5">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <ChevronDown
                className="h-5 w-5 shrink-0 text-muted-foreground motion-safe:transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-5 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
