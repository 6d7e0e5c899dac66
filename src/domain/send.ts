import { isValidEmail } from "./validation";

// Sending an invoice by e-mail (issue 11 part 5): a subject and message from a template with
// placeholders, to one or more addresses.

export const SEND_PLACEHOLDERS = [
  "client_name",
  "invoice_number",
  "amount",
  "due_date",
  "link",
  "business_name",
] as const;
export type SendPlaceholder = (typeof SEND_PLACEHOLDERS)[number];

export const DEFAULT_SEND_SUBJECT = "Invoice {invoice_number} from {business_name}";
export const DEFAULT_SEND_MESSAGE = [
  "Dear {client_name},",
  "",
  "Please find invoice {invoice_number} for {amount}, due on {due_date}.",
  "You can see it, print it and pay it here: {link}",
  "",
  "Thank you,",
  "{business_name}",
].join("\n");

/** Fills `{placeholder}`s; unknown ones stay as they were, so a typo shows in the preview. */
export function renderSendTemplate(template: string, values: Record<SendPlaceholder, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    (SEND_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as SendPlaceholder] : whole,
  );
}

/** "a@b.in, c@d.in; e@f.in" -> the addresses, or the first one that is not an e-mail address. */
export function parseEmailList(text: string): { emails: string[]; invalid: string | null } {
  const emails = text
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const invalid = emails.find((e) => !isValidEmail(e)) ?? null;
  return { emails: [...new Set(emails.map((e) => e.toLowerCase()))], invalid };
}
