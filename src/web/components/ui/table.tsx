/**
 * The header row of a table of figures: the first column names the row (left-aligned), the
 * others hold numbers (right-aligned). `cellClassName` sets each header cell's spacing and weight.
 */
export function FiguresHead({
  columns,
  cellClassName,
  className,
  rowClassName,
}: {
  columns: readonly string[];
  cellClassName: string;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          <th
            key={column}
            scope="col"
            className={`${cellClassName} ${index === 0 ? "text-left" : "text-right"}`}
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
