import type { LucideIcon } from "lucide-react";
import {
  Boxes,
  CalendarClock,
  FileDown,
  FileSignature,
  Gift,
  Landmark,
  LayoutTemplate,
  Repeat,
  Users,
  Zap,
} from "lucide-react";
import { LandingSection } from "./LandingSection";

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
  comingSoon?: boolean;
}

const features: readonly Feature[] = [
  {
    title: "Quick invoice generator",
    description:
      "The invoice number, date and due date fill themselves in. Pick a client, add items and you are done, with a live preview as you type.",
    icon: Zap,
  },
  {
    title: "GST invoices and returns data",
    description:
      "Registered for GST? Make tax invoices and bills of supply, credit and debit notes, your monthly GSTR-1 file and e-invoice JSON to upload yourself. Not registered? Retail invoices, as always. You stay responsible for compliance.",
    icon: Landmark,
  },
  {
    title: "Templates",
    description:
      "Classic, Modern and Minimal layouts in your own brand colours and font, with your logo, bank details, signature and UPI QR code.",
    icon: LayoutTemplate,
  },
  {
    title: "PDF invoices",
    description:
      "Download a crisp A4 PDF to send on WhatsApp or e-mail. Amounts use Indian grouping and are written out in lakh and crore.",
    icon: FileDown,
  },
  {
    title: "Client management",
    description:
      "Keep every client's contact details, GSTIN and billing and shipping addresses in one place, and reuse them in a tap.",
    icon: Users,
  },
  {
    title: "Inventory and stock tracking",
    description:
      "See stock value, low-stock and out-of-stock items at a glance. Stock goes down when you issue an invoice and comes back if you cancel it.",
    icon: Boxes,
  },
  {
    title: "A free plan to start",
    description:
      "25 free PDF downloads when you sign up. Creating, saving and previewing invoices is always free; buy more credits only when you need them.",
    icon: Gift,
  },
  {
    title: "Recurring invoices",
    description:
      "Set an invoice to repeat weekly, monthly, quarterly or yearly for retainers and rent: Bahi makes each one on its date, with the next number.",
    icon: Repeat,
  },
  {
    title: "Automated billing",
    description:
      "Recurring invoices can be issued and e-mailed on their own, and polite payment reminders go out for due and overdue invoices on the schedule you set.",
    icon: CalendarClock,
  },
  {
    title: "Quotes and estimates",
    description:
      "Send a quote with a valid-until date; your client accepts or declines it online, and an accepted quote becomes the invoice in one click.",
    icon: FileSignature,
  },
];

export function Features() {
  return (
    <LandingSection
      id="features"
      headingId="features-heading"
      title="Everything a small business needs to bill"
    >
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        From the first quote to the final “Paid” stamp, Bahi keeps your invoices, clients and stock together.
      </p>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature, index) => (
          <li
            key={feature.title}
            className={`animate-fade-up rounded-xl border p-5 motion-safe:transition-transform motion-safe:hover:-translate-y-1 ${
              feature.comingSoon ? "border-dashed border-border bg-muted" : "border-border bg-card shadow-sm"
            }`}
            style={{ animationDelay: `${index * 80}ms` }}
          >
            <div className="flex items-start justify-between gap-2">
              <span
                className={`inline-flex h-10 w-10 items-center justify-center rounded-lg ${
                  feature.comingSoon ? "bg-card text-muted-foreground" : "bg-accent-soft text-accent"
                }`}
              >
                <feature.icon className="h-5 w-5" aria-hidden="true" />
              </span>
              {feature.comingSoon && (
                <span className="rounded-full border border-warning px-2 py-0.5 font-medium text-warning text-xs">
                  Coming soon
                </span>
              )}
            </div>
            <h3 className="mt-4 font-semibold">{feature.title}</h3>
            <p className="mt-2 text-muted-foreground text-sm">{feature.description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
