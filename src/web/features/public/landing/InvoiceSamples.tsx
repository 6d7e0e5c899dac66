import { formatMoney } from "#domain/format";
import { computeInvoiceTotals } from "#domain/totals";
import { amountInWords } from "#domain/words";
import { FiguresHead } from "#web/components/ui/table";
import { TermRow } from "#web/components/ui/term-row";
import { type SampleInvoice, sampleInvoices } from "./invoiceSamples";
import { LandingSection } from "./LandingSection";

const inr = (paise: number) => formatMoney(paise, "INR");

const statusClass: Record<SampleInvoice["status"], string> = {
  Paid: "border-success text-success",
  Due: "border-warning text-warning",
  Overdue: "border-destructive text-destructive",
};

/** Each template gets its own header treatment, as the PDF templates do. */
const headerClass: Record<SampleInvoice["template"], string> = {
  Classic: "bg-primary text-primary-foreground",
  Modern: "border-b-4 border-accent bg-card",
  Minimal: "border-b border-border bg-card",
};

function SampleInvoiceCard({ invoice, index }: { invoice: SampleInvoice; index: number }) {
  const totals = computeInvoiceTotals({
    currency: "INR",
    lines: [...invoice.lines],
    roundOff: invoice.roundOff,
  });
  const headingId = `sample-${index}-heading`;
  return (
    <li
      className="animate-fade-up overflow-hidden rounded-xl border border-border bg-card text-sm shadow-md motion-safe:transition-transform motion-safe:hover:-translate-y-1 motion-safe:hover:shadow-lg"
      style={{ animationDelay: `${index * 120}ms` }}
    >
      <article aria-labelledby={headingId}>
        <div className={`flex items-start justify-between gap-3 px-4 py-3 ${headerClass[invoice.template]}`}>
          <div>
            <h3 id={headingId} className="font-semibold">
              {invoice.business}
            </h3>
            <p className="text-xs opacity-80">{invoice.place}</p>
          </div>
          <p className="text-right text-xs">
            <span className="block font-semibold uppercase tracking-wider">Invoice</span>
            {invoice.template} template
          </p>
        </div>
        <div className="space-y-3 p-4">
          <div className="flex justify-between gap-3 text-xs">
            <div>
              <p className="text-muted-foreground">Bill to</p>
              <p className="font-medium">{invoice.client}</p>
            </div>
            <div className="text-right">
              <p className="font-medium">{invoice.number}</p>
              <p className="text-muted-foreground">{invoice.date}</p>
            </div>
          </div>
          <table className="w-full text-xs">
            <caption className="sr-only">Items of the sample invoice from {invoice.business}</caption>
            <FiguresHead
              className="text-muted-foreground"
              rowClassName="border-b border-border"
              cellClassName="py-1 font-medium"
              columns={["Item", "Qty", "Amount"]}
            />
            <tbody>
              {invoice.lines.map((line, lineIndex) => (
                <tr key={line.item} className="border-b border-border">
                  <td className="py-1.5 pr-2">{line.item}</td>
                  <td className="py-1.5 text-right tabular-nums">{line.quantity}</td>
                  <td className="py-1.5 text-right tabular-nums">
                    {inr(totals.lines[lineIndex].grossMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="space-y-1 text-xs">
            <Row label="Subtotal" paise={totals.subtotalMinor} />
            {totals.discountMinor > 0 && <Row label="Discount" paise={-totals.discountMinor} />}
            {totals.taxByRate
              .filter((rate) => rate.taxMinor > 0)
              .map((rate) => (
                <Row key={rate.ratePercent} label={`Tax ${rate.ratePercent}%`} paise={rate.taxMinor} />
              ))}
            {totals.roundOffMinor !== 0 && <Row label="Round off" paise={totals.roundOffMinor} />}
            <div className="flex justify-between border-t border-border pt-1.5 font-semibold text-sm">
              <dt>Total</dt>
              <dd className="text-primary tabular-nums">{inr(totals.totalMinor)}</dd>
            </div>
          </dl>
          <p className="text-muted-foreground text-xs italic">{amountInWords(totals.totalMinor, "INR")}</p>
          <p>
            <span
              className={`rounded-full border px-2 py-0.5 font-medium text-xs ${statusClass[invoice.status]}`}
            >
              {invoice.status}
            </span>
          </p>
        </div>
      </article>
    </li>
  );
}

function Row({ label, paise }: { label: string; paise: number }) {
  return <TermRow label={label} value={inr(paise)} className="flex justify-between" />;
}

export function InvoiceSamples() {
  return (
    <LandingSection
      id="samples"
      headingId="samples-heading"
      title="Invoices your clients will take seriously"
    >
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Three sample invoices from made-up businesses, one in each template. Yours carry your logo, colours,
        bank details and UPI QR code.
      </p>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {sampleInvoices.map((invoice, index) => (
          <SampleInvoiceCard key={invoice.number} invoice={invoice} index={index} />
        ))}
      </ul>
    </LandingSection>
  );
}
