import { isValidEmail } from "./validation";

// Addresses that reach a mail's headers (docs/decisions/0044-mail-limits.md). A field holds one
// address: "a@x.com, b@y.com" would reach two people and "a@x.com\r\nBcc: c@z.com" a third, so
// anything that is not exactly one valid address is refused where a mail is made.

/** Exactly one address: no list separators, no line breaks, and valid. */
export function isSingleAddress(value: string): boolean {
  return typeof value === "string" && !/[,;\r\n]/.test(value) && isValidEmail(value);
}

/** A mailbox as written in MAIL_FROM: `Bahi <no-reply@bahi.in>` or a bare address. */
export function parseMailbox(value: string): { name: string; address: string } | undefined {
  const match = /^\s*(?:"([^"]*)"|([^<"]*?))\s*<([^<>]+)>\s*$/.exec(value);
  const name = (match ? (match[1] ?? match[2] ?? "") : "").trim();
  const address = (match ? match[3]! : value).trim();
  return isSingleAddress(address) ? { name, address } : undefined;
}

/**
 * A name fit for a display name: one line, no control characters, at most 70 characters (the
 * mailer quotes and encodes it; this keeps a name from carrying headers or pushing the address out).
 */
export function displayNameOf(name: string): string {
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out.
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 70)
  );
}

const JOINER = "\u200D";

/**
 * A stranger's words as a business reads them in a plain-text mail: the same characters, with an
 * invisible zero-width joiner after each ".", ":", "/" and "@" inside a word, so no mail client
 * finds a link, a domain or an address in it to make clickable (decision 0044).
 */
export function unlinked(text: string): string {
  return text.replace(/([.:/@])(?=[^\s\u200D])/g, `$1${JOINER}`);
}
