import { currencyOf } from "./currencies";
import { formatScaled } from "./decimal";
import { DomainError } from "./errors";

// Grouping is written out by hand instead of using Intl so that the browser, the server and the
// PDF print exactly the same characters whatever ICU data each one ships.

function groupWestern(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** 12345678 -> "1,23,45,678": the last three digits, then pairs (lakh, crore). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${tail}`;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new DomainError("INVALID_AMOUNT", `Amount must be a whole number of minor units: ${minor}`);
  }
}

function groupedMagnitude(minor: number, currency: string): string {
  const { code, exponent } = currencyOf(currency);
  const [whole, fraction] = formatScaled(Math.abs(minor), exponent).split(".");
  const grouped = code === "INR" ? groupIndian(whole) : groupWestern(whole);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "1,23,456.00" for INR, "1,234,567.89" for USD, "1,235" for JPY; a minus sign when negative. */
export function formatGrouped(minor: number, currency: string): string {
  assertMinor(minor);
  return (minor < 0 ? "-" : "") + groupedMagnitude(minor, currency);
}

/**
 * "₹1,23,456.00", "$1,234,567.89", "¥1,235", "-₹12.00". A symbol that ends in a letter
 * ("CHF", "Rp") gets a space so it does not run into the digits.
 */
export function formatMoney(minor: number, currency: string, opts?: { symbol?: boolean }): string {
  assertMinor(minor);
  const sign = minor < 0 ? "-" : "";
  const amount = groupedMagnitude(minor, currency);
  if (opts?.symbol === false) return sign + amount;
  const { symbol } = currencyOf(currency);
  const gap = /\p{L}$/u.test(symbol) ? " " : "";
  return `${sign}${symbol}${gap}${amount}`;
}
