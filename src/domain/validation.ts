import { COMMON_PASSWORDS } from "./common-passwords";
import { PASSWORD_MESSAGES } from "./messages";

// Checks for identifiers a user types. GSTIN and IFSC are compared in upper case, so a user
// typing in lower case is not refused; store them through the normalise functions.

const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function isGstinStateCode(code: number): boolean {
  // 01-38 are states and union territories (38 is Ladakh); 97 other territory; 99 centre jurisdiction.
  return (code >= 1 && code <= 38) || code === 97 || code === 99;
}

/** The 15th character of a GSTIN: the GSTN's mod-36 checksum over the first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36];
}

export function normalizeGstin(s: string): string {
  return s.trim().toUpperCase();
}

/** What the client dialog and the invoice editor (and the server behind both) say of a bad GSTIN. */
export const INVALID_GSTIN_MESSAGE = "Enter a valid 15-character GSTIN (check the last character).";

/** State code, PAN, entity number, "Z" and the check character of a 15-character GSTIN. */
export function isValidGstin(s: string): boolean {
  if (typeof s !== "string") return false;
  const gstin = s.toUpperCase();
  const match = GSTIN_SHAPE.exec(gstin);
  if (!match || !isGstinStateCode(Number(match[1]))) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** Four letters of the bank, a zero, six characters of the branch. */
export function isValidIfsc(s: string): boolean {
  return typeof s === "string" && /^[A-Z]{4}0[A-Z0-9]{6}$/.test(s.toUpperCase());
}

/** A UPI virtual payment address: handle@bank, e.g. shop.name@okicici. */
export function isValidUpiId(s: string): boolean {
  return typeof s === "string" && /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(s);
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/** A deliverable-looking address; the confirmation e-mail is the real test. */
export function isValidEmail(s: string): boolean {
  return typeof s === "string" && s.length <= 254 && EMAIL.test(s);
}

/**
 * One mailbox, however its address is written: lower case, without a "+tag", and for Gmail
 * without dots (Gmail ignores them). Used to grant the sign-up credits once per mailbox.
 */
export function canonicalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).split("+")[0];
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local || address.slice(0, at)}@${domain}`;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * What is wrong with a new password, or null. The browser checks a short sample of common
 * passwords; the server also checks the full list (server/auth/common-passwords.ts).
 */
export function passwordProblem(password: string): string | null {
  if (typeof password !== "string" || password.length < PASSWORD_MIN_LENGTH) {
    return PASSWORD_MESSAGES.tooShort;
  }
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** A new password and the same typed again: first whether they match, then what is wrong with the
 *  password; which box the message belongs to. Sign-up, reset and change password share it. */
export function newPasswordProblem(
  password: string,
  confirm: string,
  mismatch: string = PASSWORD_MESSAGES.newPasswordsDoNotMatch,
): { field: "password" | "confirm"; message: string } | null {
  if (password !== confirm) return { field: "confirm", message: mismatch };
  const problem = passwordProblem(password);
  return problem ? { field: "password", message: problem } : null;
}
