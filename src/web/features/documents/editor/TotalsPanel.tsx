import { formatMoney } from "#domain/format";
import type { InvoiceDocument } from "#domain/invoice";
import { CheckboxField } from "#web/components/ui/input";
import { TermRow } from "#web/components/ui/term-row";
import { formatDate, formatPercent } from "../format";

/** The live totals beside the form, from the same document the preview and the PDF draw. */
export function TotalsPanel({
  document: doc,
  error,
  invalidLines,
  onRoundOffChange,
}: {
  document: InvoiceDocument;
  error: string | null;
  invalidLines: number;
  onRoundOffChange: (roundOff: boolean) => void;
}) {
  const t = doc.totals;
  const money = (minor: number) => formatMoney(minor, doc.currency);
  return (
    <section aria-labelledby="totals-heading" className="rounded-lg border border-border bg-muted/40 p-4">
      <h2 id="totals-heading" className="mb-3 text-base font-semibold">
        Totals
      </h2>
      <dl className="space-y-1.5 text-sm">
        <TermRow label="Subtotal" value={money(t.subtotalMinor)} testId="totals-subtotal" />
        <TermRow
          label="Discount"
          value={t.discountMinor ? `-${money(t.discountMinor)}` : money(0)}
          testId="totals-discount"
        />
        {t.taxByRate.map((r) => (
          <TermRow
            key={r.ratePercent}
            label={`Tax @ ${formatPercent(r.ratePercent)}%`}
            value={money(r.taxMinor)}
          />
        ))}
        {doc.roundOff && (
          <TermRow label="Round off" value={money(t.roundOffMinor)} testId="totals-roundoff" />
        )}
      </dl>
      <CheckboxField
        label={<>Round off the total to whole {doc.currency === "INR" ? "rupees" : "units"}</>}
        className="mt-3"
        checked={doc.roundOff}
        onChange={onRoundOffChange}
      />
      <div className="mt-3 border-t border-border pt-3" aria-live="polite" aria-atomic="true">
        <div className="flex items-baseline justify-between gap-4">
          <span className="font-semibold">Total</span>
          <span className="text-xl font-bold tabular-nums" data-testid="totals-total">
            {money(t.totalMinor)}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="totals-words">
          {doc.amountInWords}
        </p>
        {doc.inrTotals && (
          <div className="mt-2 flex items-baseline justify-between gap-4">
            <span className="font-semibold">Total in INR</span>
            <span className="text-lg font-bold tabular-nums" data-testid="totals-total-inr">
              {formatMoney(doc.inrTotals.totalMinor, "INR")}
            </span>
          </div>
        )}
        {doc.inrTotals && (
          <p className="text-right text-xs text-muted-foreground">
            at ₹{doc.inrTotals.rate} per {doc.inrTotals.currency} on {formatDate(doc.inrTotals.rateDate)}
          </p>
        )}
      </div>
      {(error || invalidLines > 0) && (
        <p className="mt-2 text-sm text-destructive" role="alert">
          {error ??
            `${invalidLines} ${invalidLines === 1 ? "line has" : "lines have"} a problem and ${invalidLines === 1 ? "is" : "are"} left out of the totals.`}
        </p>
      )}
    </section>
  );
}
