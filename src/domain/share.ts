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
