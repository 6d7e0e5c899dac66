import { currencyOf } from "./currencies";
import { DomainError } from "./errors";

const UNITS = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1..99 */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n];
  const unit = n % 10;
  return TENS[Math.floor(n / 10)] + (unit ? `-${UNITS[unit]}` : "");
}

/** 1..999, without "and" after Hundred, as invoices in India write it. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${UNITS[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** Indian system: crore (10^7), lakh (10^5), thousand; crores above 99 are themselves spelt in lakh. */
function indianWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1000) % 100;
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${indianWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

const SCALES = ["", "Thousand", "Million", "Billion", "Trillion", "Quadrillion"];

function internationalWords(n: number): string {
  const parts: string[] = [];
  let remaining = n;
  for (let scale = 0; remaining > 0; scale++) {
    const group = remaining % 1000;
    if (group)
      parts.unshift(SCALES[scale] ? `${belowThousand(group)} ${SCALES[scale]}` : belowThousand(group));
    remaining = Math.floor(remaining / 1000);
  }
  return parts.join(" ");
}

function numberInWords(n: number, indian: boolean): string {
  if (n === 0) return "Zero";
  return indian ? indianWords(n) : internationalWords(n);
}

/**
 * The total in words for the invoice footer. INR counts in lakh and crore, other currencies in
 * thousand/million/billion. Names stay plural even for one ("Rupees One Only"), the convention on
 * Indian invoices. An amount below one unit keeps the major part: "Rupees Zero and Fifty Paise Only".
 */
export function amountInWords(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) {
    throw new DomainError("INVALID_AMOUNT", `Amount must be a whole number of minor units: ${minor}`);
  }
  const { code, exponent, majorNamePlural, minorName } = currencyOf(currency);
  const indian = code === "INR";
  const magnitude = Math.abs(minor);
  const perMajor = 10 ** exponent;
  const major = Math.floor(magnitude / perMajor);
  const fraction = magnitude % perMajor;
  let words = `${majorNamePlural} ${numberInWords(major, indian)}`;
  if (fraction) words += ` and ${numberInWords(fraction, indian)} ${minorName}`;
  return `${minor < 0 ? "Minus " : ""}${words} Only`;
}
