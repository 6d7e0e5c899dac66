import type { InvoicePageModel } from "#domain/invoice-page";

// Tax summary by rate on the left, the totals on the right with the amount in words under them,
// all as the page model gives them.

function Row({ label, value, labelInk }: { label: string; value: string; labelInk: string }) {
  return (
    <div className="flex justify-between gap-4 py-0.5">
      <span style={{ color: labelInk }}>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

export function PreviewTotals({ page }: { page: InvoicePageModel }) {
  const { colours, look, labels } = page;
  const [rateHead, taxableHead, taxHead] = labels.taxSummaryColumns;
  return (
    <div className="mt-4 grid grid-cols-2 gap-6 text-[12px]" style={{ color: colours.ink }}>
      <div>
        {page.taxSummary.length > 0 && (
          <>
            <p className="mb-1 text-[11px] font-bold tracking-wider" style={{ color: look.labelInk }}>
              {labels.taxSummary}
            </p>
            <table className="w-full border-collapse">
              <thead>
                <tr style={{ borderBottom: `1px solid ${colours.rule}`, color: colours.muted }}>
                  <th className="py-1 text-left font-semibold">{rateHead}</th>
                  <th className="py-1 text-right font-semibold">{taxableHead}</th>
                  <th className="py-1 text-right font-semibold">{taxHead}</th>
                </tr>
              </thead>
              <tbody>
                {page.taxSummary.map((slab) => (
                  <tr key={slab.rate} style={{ borderBottom: `1px solid ${colours.rule}` }}>
                    <td className="py-1">{slab.rate}</td>
                    <td className="py-1 text-right tabular-nums">{slab.taxable}</td>
                    <td className="py-1 text-right tabular-nums">{slab.tax}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
      <div>
        {page.totals.map((row) => (
          <Row key={row.label} label={row.label} value={row.value} labelInk={colours.muted} />
        ))}
        <div
          className="mt-1 flex justify-between gap-4 rounded px-2 py-1.5 text-[14px] font-bold"
          style={{
            background: look.total.fill ?? undefined,
            color: look.total.ink,
            borderTop: look.total.rule ? `2px solid ${look.total.rule}` : undefined,
          }}
        >
          <span>{page.total.label}</span>
          <span className="tabular-nums" data-testid="preview-total">
            {page.total.value}
          </span>
        </div>
        {page.inr && (
          <div className="mt-1" data-testid="preview-inr">
            {page.inr.rows.map((row) => (
              <Row key={row.label} label={row.label} value={row.value} labelInk={colours.muted} />
            ))}
            <p className="text-right text-[10px]" style={{ color: colours.muted }}>
              {page.inr.note}
            </p>
          </div>
        )}
        {page.payments.length > 0 && (
          <div className="mt-1" data-testid="preview-payments">
            {page.payments.map((row) => (
              <Row key={row.label} label={row.label} value={row.value} labelInk={colours.muted} />
            ))}
          </div>
        )}
        <p className="mt-2 text-right" style={{ color: colours.muted }} data-testid="preview-words">
          {page.amountInWords}
        </p>
      </div>
    </div>
  );
}
