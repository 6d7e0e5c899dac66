import { formatPageDate } from "./dates";
import { formatMoney } from "./format";
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

export const DEFAULT_REMINDER_SUBJECT = "{reminder} invoice {invoice_number} from {business_name}";
export const DEFAULT_REMINDER_MESSAGE = [
  "Dear {client_name},",
  "",
  "This is a friendly reminder that invoice {invoice_number} for {amount}",
  "{is_was} due on {due_date}.",
  "You can see it and pay it here: {link}",
  "",
  "If you have already paid, thank you, and please ignore this e-mail.",
  "",
  "{business_name}",
].join("\n");

/** A reminder's own placeholders, besides the send ones. */
export const REMINDER_PLACEHOLDERS = ["reminder", "is_was"] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

/** The texts a user's e-mails about invoices start from (Settings → E-mail templates). */
export interface MailTemplates {
  sendSubject: string;
  sendMessage: string;
  reminderSubject: string;
  reminderMessage: string;
}

export const DEFAULT_MAIL_TEMPLATES: MailTemplates = {
  sendSubject: DEFAULT_SEND_SUBJECT,
  sendMessage: DEFAULT_SEND_MESSAGE,
  reminderSubject: DEFAULT_REMINDER_SUBJECT,
  reminderMessage: DEFAULT_REMINDER_MESSAGE,
};

/** Fills a reminder's template: the send placeholders and `{reminder}`, `{is_was}`. */
export function renderReminderTemplate(
  template: string,
  values: Record<SendPlaceholder, string>,
  overdue: boolean,
): string {
  const own: Record<ReminderPlaceholder, string> = {
    reminder: overdue ? "Reminder: overdue" : "Reminder:",
    is_was: overdue ? "was" : "is",
  };
  return renderSendTemplate(
    template.replace(/\{(reminder|is_was)\}/g, (_whole, name: ReminderPlaceholder) => own[name]),
    values,
  );
}

/** What a document's mail says of it; the placeholders' values come from these alone. */
export interface SendFacts {
  clientName: string;
  /** The document's number: an invoice's, a quote's. */
  number: string;
  amountMinor: number;
  currency: string;
  /** The date it is due (a quote: valid until); null when it has none. */
  dueDate: string | null;
  link: string;
  businessName: string;
}

/** The placeholders' values, worded as the send dialog, the server and the reminders show them. */
export function sendValues(f: SendFacts): Record<SendPlaceholder, string> {
  return {
    client_name: f.clientName || "customer",
    invoice_number: f.number,
    amount: formatMoney(f.amountMinor, f.currency),
    due_date: f.dueDate ? formatPageDate(f.dueDate) : "receipt",
    link: f.link,
    business_name: f.businessName || "us",
  };
}

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
