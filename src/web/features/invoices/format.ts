import { currencyOf } from "#domain/currencies";
import { parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-21" -> "21 Nov 2026"; written by hand so browser, server and PDF print the same. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** A typed rate ("1200.5") as grouped money text without the symbol, or the text itself if unreadable. */
export function formatRate(rate: string, currency: string): string {
  const minor = parseScaled(rate, currencyOf(currency).exponent);
  return minor === null ? rate : formatMoney(minor, currency, { symbol: false });
}

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
