import type { LucideIcon } from "lucide-react";
import { IndianRupee, ShieldCheck, Smartphone, Wallet } from "lucide-react";
import { LandingSection } from "./LandingSection";

const reasons: readonly { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Rupee-first, not translated",
    text: "INR is the default. Amounts are grouped as 1,23,456.00 and totals are written in words with lakh and crore, the way your clients read them.",
    icon: IndianRupee,
  },
  {
    title: "Pay per PDF, not per month",
    text: "No subscription. Start with 25 free downloads and buy credits from ₹49 only when you need them. Credits never expire.",
    icon: Wallet,
  },
  {
    title: "Your data stays yours",
    text: "No ads, and we never sell your data. Export everything to a JSON file or your invoices to CSV for your accountant at any time.",
    icon: ShieldCheck,
  },
  {
    title: "Built for the phone in your hand",
    text: "Create an invoice at the shop counter or a client's office. Every screen works on a 360 px phone, in light or dark mode.",
    icon: Smartphone,
  },
];

export function WhyChooseUs() {
  return (
    <LandingSection headingId="why-heading" title="Why businesses choose Bahi" muted>
      <ul className="mt-12 grid gap-8 sm:grid-cols-2">
        {reasons.map((reason) => (
          <li key={reason.title} className="flex gap-4">
            <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <reason.icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-lg">{reason.title}</h3>
              <p className="mt-1 text-muted-foreground">{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
