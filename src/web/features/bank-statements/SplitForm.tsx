import { useState } from "react";
import type { BankLine } from "#contract/bank-statements";
import { formatScaled, parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { Button } from "#web/components/ui/button";
import { Field, Input } from "#web/components/ui/input";

// One credit across several invoices (a client paying two bills at once): a share per likely
// invoice, filled oldest first up to each one's balance; the shares may not pass the credit.

export function SplitForm({
  line,
  busy,
  onConfirm,
}: {
  line: BankLine;
  busy: boolean;
  onConfirm: (allocations: { invoiceId: string; amountMinor: number }[]) => void;
}) {
  const [shares, setShares] = useState(() => {
    let left = line.amountMinor;
    return line.suggestions.map((s) => {
      const share = Math.min(left, s.amountMinor);
      left -= share;
      return formatScaled(share, 2);
    });
  });
  const parsed = shares.map((v) => (v.trim() === "" ? 0 : parseScaled(v, 2)));
  const bad = parsed.some((p) => p === null || p < 0);
  const sum = parsed.reduce<number>((s, p) => s + (p ?? 0), 0);
  const error = bad
    ? "Enter amounts in rupees, such as 1180.00."
    : sum > line.amountMinor
      ? `The shares add up to ${formatMoney(sum, "INR")}, more than the credit.`
      : sum === 0
        ? "Enter at least one share."
        : null;
  return (
    <form
      className="space-y-3 rounded-md border border-border p-3"
      aria-label="Split across invoices"
      onSubmit={(e) => {
        e.preventDefault();
        if (error) return;
        onConfirm(
          line.suggestions
            .map((s, i) => ({ invoiceId: s.invoiceId, amountMinor: parsed[i] ?? 0 }))
            .filter((a) => a.amountMinor > 0),
        );
      }}
    >
      {line.suggestions.map((s, i) => (
        <Field key={s.invoiceId} label={`Share for ${s.invoiceNumber} (₹)`}>
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              value={shares[i]}
              onChange={(e) => setShares((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
            />
          )}
        </Field>
      ))}
      <p className={error ? "text-sm text-destructive" : "text-sm"} role={error ? "alert" : "status"}>
        {error ?? `${formatMoney(sum, "INR")} of ${formatMoney(line.amountMinor, "INR")}`}
      </p>
      <Button type="submit" size="sm" busy={busy} disabled={error !== null}>
        Confirm the split
      </Button>
    </form>
  );
}
