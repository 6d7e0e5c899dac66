// A closed set of values that each read as words (actions, payment methods, reasons): written once,
// as the table of their labels in the order lists and menus show them. The values are that table's
// keys, so a value cannot come without its label (decision 0109).

/** The keys of a label table, in its order, as a non-empty tuple for `z.enum` and a column's enum. */
export function valuesOf<V extends string>(labels: Readonly<Record<V, string>>): readonly [V, ...V[]] {
  return Object.keys(labels) as [V, ...V[]];
}
