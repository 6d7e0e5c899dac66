// Exact decimal arithmetic for user input. Money and quantities never pass through a float:
// the text "1234.5" becomes the integer 123450 at scale 2 by moving digits, not by multiplying.

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

// Exponents past this cannot produce a safe integer from a non-zero mantissa, and refusing them
// early keeps "1e999999999" from building a billion-digit string.
const MAX_EXPONENT_SHIFT = 400;

const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Turns a decimal ("1234.5", " -0.25 ", the number 1234.5) into an integer scaled by 10^decimals,
 * or null when it is not a finite decimal, has more significant decimal places than allowed, or
 * does not fit a safe integer. Trailing zeros past the allowed places are accepted ("1.500" at
 * 2 decimals is 150), since the value is exactly representable.
 */
export function parseScaled(value: string | number, decimals: number): number | null {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, intPart = "", fracPart = "", exponentText] = match;
  if (intPart === "" && fracPart === "") return null;

  let digits = intPart + fracPart;
  let pointShift = decimals - fracPart.length;
  if (exponentText !== undefined) {
    const exponent = Number(exponentText);
    if (Math.abs(exponent) > MAX_EXPONENT_SHIFT) return /^0*$/.test(digits) ? 0 : null;
    pointShift += exponent;
  }
  digits = digits.replace(/^0+/, "");
  if (digits === "") return 0;

  if (pointShift < 0) {
    const dropped = digits.slice(pointShift);
    if (!/^0*$/.test(dropped)) return null;
    digits = digits.slice(0, pointShift) || "0";
  } else {
    digits += "0".repeat(pointShift);
  }
  if (digits.length > 16) return null;
  const magnitude = BigInt(digits);
  if (magnitude > SAFE_MAX) return null;
  const scaled = Number(magnitude);
  if (scaled === 0) return 0;
  return sign === "-" ? -scaled : scaled;
}

/** Writes a scaled integer back as a decimal with exactly `decimals` places: (123450, 2) -> "1234.50". */
export function formatScaled(scaled: number, decimals: number): string {
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Not a safe integer: ${scaled}`);
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`Bad decimals: ${decimals}`);
  const negative = scaled < 0;
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return (negative ? "-" : "") + (decimals > 0 ? `${whole}.${fraction}` : whole);
}

const DECIMAL_INPUT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER_INPUT = /^[+-]?\d+$/;

/**
 * Reads a decimal typed by a user (spec §5): strings are trimmed; empty, missing or anything
 * that is not wholly a number gives NaN. A half-number such as "12abc" is NaN, not 12.
 */
/** Paise as a JSON number through its decimal text (123450 -> 1234.5): what the GST portals read. */
export function rupeesNumber(minor: number): number {
  return Number(formatScaled(minor, 2));
}

export function parseDecimalInput(v: unknown): number {
  if (typeof v === "number") return Number.isFinite(v) ? v : Number.NaN;
  if (typeof v !== "string") return Number.NaN;
  const text = v.trim();
  if (!DECIMAL_INPUT.test(text)) return Number.NaN;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Reads a base-10 integer typed by a user; "12.5", "0x10", "1e3" and unsafe sizes give NaN. */
export function parseIntegerInput(v: unknown): number {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v + 0 : Number.NaN;
  if (typeof v !== "string") return Number.NaN;
  const text = v.trim();
  if (!INTEGER_INPUT.test(text)) return Number.NaN;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n + 0 : Number.NaN;
}

/** numerator / denominator rounded to the nearest integer, halves going away from zero. */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  const absDenominator = denominator < 0n ? -denominator : denominator;
  if (absRemainder * 2n < absDenominator) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  return negative ? quotient - 1n : quotient + 1n;
}
