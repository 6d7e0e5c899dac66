import { formatPageDate } from "#domain/dates";

/** "2026-11-21" -> "21 Nov 2026", as the invoice's page prints it; "" for no date. */
export const formatDate = (iso: string | null | undefined): string => (iso ? formatPageDate(iso) : "");

/** "18", "2.5": a percent without trailing zeros. */
export function formatPercent(value: string | number): string {
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : String(value);
}

/** Quantities print as typed numbers: "2", "1.5". */
export function formatQuantity(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) && value.trim() !== "" ? String(n) : value;
}
