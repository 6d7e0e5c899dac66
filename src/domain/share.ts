// Sharing an invoice on WhatsApp (issue 11 part 5): https://wa.me/<number>?text=<message>. The
// number is digits only with the country code; a 10-digit Indian mobile number gets 91.

/** "98765 43210", "+91-98765-43210", "09876543210" -> "919876543210"; "" when there is no number. */
export function whatsAppNumber(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length === 10) return `91${digits}`;
  return digits.length >= 8 && digits.length <= 15 ? digits : "";
}

/** WhatsApp's share link: to the client's number when it has one, else WhatsApp asks whom to send to. */
export function whatsAppLink(phone: string, message: string): string {
  const number = whatsAppNumber(phone);
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/**
 * The invoice's WhatsApp message: whom it is for, the number, the amount (the balance due, or the
 * total), the due date when there is one, and the link: the client sees what is asked before opening it.
 */
export function invoiceWhatsAppMessage(x: {
  clientName: string;
  invoiceNumber: string;
  companyName: string;
  /** Formatted, e.g. "₹1,351.50". */
  amount: string;
  /** Formatted, e.g. "15 Jan 2027"; "" for none. */
  dueDate: string;
  url: string;
}): string {
  const hello = x.clientName.trim() ? `Hello ${x.clientName.trim()}` : "Hello";
  const due = x.dueDate ? `, due ${x.dueDate}` : "";
  return `${hello}, here is invoice ${x.invoiceNumber} from ${x.companyName.trim() || "us"} for ${x.amount}${due}: ${x.url}`;
}
