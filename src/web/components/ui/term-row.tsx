import type { ReactNode } from "react";

/**
 * One line of a `<dl>`: the term, muted, and its value across from it. `className` lays the line
 * out and `valueClassName` styles the value; the defaults are a totals line's.
 */
export function TermRow({
  label,
  value,
  testId,
  className = "flex justify-between gap-4",
  valueClassName = "tabular-nums",
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
