import type { InvoicePageModel } from "#domain/invoice-page";

// A GST document's HSN/SAC summary and declarations (the page model's `gst`), under the totals
// as the PDF draws them. Nothing on a retail invoice.

export function PreviewGst({ page }: { page: InvoicePageModel }) {
  if (!page.gst) return null;
  const { hsnSummary, declarations } = page.gst;
  const { colours, look } = page;
  const alignOf = (align: "left" | "right") => (align === "right" ? "text-right tabular-nums" : "text-left");
  return (
    <div className="mt-4 text-[11px]" style={{ color: colours.ink }} data-testid="preview-gst">
      {hsnSummary.rows.length > 0 && (
        <>
          <p className="mb-1 font-bold tracking-wider" style={{ color: look.labelInk }}>
            {hsnSummary.title}
          </p>
          <table className="w-full border-collapse">
            <thead>
              <tr style={{ borderBottom: `1px solid ${colours.rule}`, color: colours.muted }}>
                {hsnSummary.columns.map((column) => (
                  <th key={column.title} className={`px-1 py-1 font-semibold ${alignOf(column.align)}`}>
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hsnSummary.rows.map((row) => (
                <tr key={row.join("|")} style={{ borderBottom: `1px solid ${colours.rule}` }}>
                  {row.map((cell, i) => (
                    <td
                      // The columns are fixed for the table; a cell's place is its identity.
                      key={hsnSummary.columns[i]?.title ?? i}
                      className={`px-1 py-1 ${alignOf(hsnSummary.columns[i]?.align ?? "left")}`}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {declarations.map((declaration) => (
        <p key={declaration} className="mt-2 font-semibold">
          {declaration}
        </p>
      ))}
    </div>
  );
}
