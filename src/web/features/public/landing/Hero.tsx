import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "#domain/format";
import { amountInWords } from "#domain/words";
import { SIGN_UP_LINK } from "../publicLinks";

const promises = ["25 free PDF downloads", "No card needed to start", "Works on any phone"];

/** Rows of the hero's invoice mock-up; they appear one after another, like an invoice being filled in. */
const heroLines = [
  { item: "Logo design", paise: 1_800_000 },
  { item: "Brand guidelines (PDF)", paise: 2_450_000 },
  { item: "Social media kit", paise: 1_200_000 },
];

export function Hero() {
  const total = heroLines.reduce((sum, line) => sum + line.paise, 0);
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-full bg-linear-to-b from-accent-soft/60 to-transparent"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="animate-fade-up">
          <p className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 font-medium text-accent text-sm">
            <span aria-hidden="true">₹</span> Made for Indian businesses and freelancers
          </p>
          <h1 id="hero-heading" className="mt-5 font-bold text-4xl leading-tight tracking-tight sm:text-5xl">
            Professional invoices in under a minute, in rupees first.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            Bahi is a quick invoice generator for shops, studios and freelancers. Pick a client, add items
            from your inventory, and download a clean PDF with amounts written the Indian way: ₹1,23,456.00
            and “Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only”.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to={SIGN_UP_LINK}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-6 py-3 font-medium text-primary-foreground shadow-sm hover:opacity-90"
            >
              Get started free <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
            <a
              href="#samples"
              className="inline-flex items-center justify-center rounded-lg border border-border bg-card px-6 py-3 font-medium hover:bg-muted"
            >
              See sample invoices
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-muted-foreground text-sm">
            {promises.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-1.5">
                <Check className="h-4 w-4 text-success" aria-hidden="true" /> {promise}
              </li>
            ))}
          </ul>
        </div>

        <figure
          className="animate-fade-up mx-auto w-full max-w-md rounded-2xl border border-border bg-card p-5 shadow-xl"
          style={{ animationDelay: "150ms" }}
          aria-label="Illustration of an invoice being prepared in Bahi"
        >
          <div className="flex items-start justify-between">
            <div>
              <p className="font-semibold">Invoice</p>
              <p className="text-muted-foreground text-xs">INV-21112026-104512</p>
            </div>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 font-medium text-accent text-xs">
              <span className="relative flex h-2 w-2" aria-hidden="true">
                <span className="absolute inline-flex h-full w-full rounded-full bg-accent opacity-60 animate-ping-few" />
                <span className="relative inline-flex h-2 w-2 rounded-full bg-accent" />
              </span>
              Live preview
            </span>
          </div>
          <p className="mt-4 text-muted-foreground text-xs">Billed to</p>
          <p className="font-medium text-sm">Meera Textiles, Surat</p>
          <ul className="mt-4 divide-y divide-border border-y border-border text-sm">
            {heroLines.map((line, index) => (
              <li
                key={line.item}
                className="animate-fade-up flex justify-between gap-4 py-2"
                style={{ animationDelay: `${500 + index * 350}ms` }}
              >
                <span>{line.item}</span>
                <span className="tabular-nums">{formatMoney(line.paise, "INR")}</span>
              </li>
            ))}
          </ul>
          <div
            className="animate-fade-up mt-3 flex items-center justify-between font-semibold"
            style={{ animationDelay: "1600ms" }}
          >
            <span>Total</span>
            <span className="text-primary tabular-nums">{formatMoney(total, "INR")}</span>
          </div>
          <p
            className="animate-fade-up mt-1 text-muted-foreground text-xs"
            style={{ animationDelay: "1750ms" }}
          >
            {amountInWords(total, "INR")}
          </p>
          <div
            className="animate-fade-up mt-4 rounded-lg bg-primary px-4 py-2 text-center font-medium text-primary-foreground text-sm"
            style={{ animationDelay: "1900ms" }}
            aria-hidden="true"
          >
            Download PDF
          </div>
        </figure>
      </div>
    </section>
  );
}
