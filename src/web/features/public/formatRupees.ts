/**
 * Formats an amount in paise as rupees with Indian digit grouping: 12345600 -> "₹1,23,456.00".
 * Written by hand rather than through Intl so the marketing mock-ups never depend on the ICU data
 * of the runtime.
 */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(Math.round(paise));
  const rupees = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, "0");
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${lastThree}` : lastThree;
  return `${sign}₹${grouped}.${fraction}`;
}
