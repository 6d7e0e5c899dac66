// HSN/SAC digits on GST documents: Notification No. 78/2020-Central Tax (from 1 April 2021).
// Aggregate turnover up to ₹5 crore in the preceding year: at least 4 digits on invoices to
// registered buyers (B2B), optional to unregistered ones (B2C). Above ₹5 crore: at least 6
// digits on every invoice. 8 digits are always accepted; codes have 4, 6 or 8 digits (the
// e-invoice schema's HsnCd), never all zeros.

export interface HsnSacRule {
  turnoverAbove5Crore: boolean;
  buyerRegistered: boolean;
}

/** The digits a code must have at least, and whether a blank code is accepted. */
export function hsnSacRequirement(rule: HsnSacRule): { minDigits: 4 | 6; required: boolean } {
  if (rule.turnoverAbove5Crore) return { minDigits: 6, required: true };
  return { minDigits: 4, required: rule.buyerRegistered };
}

/**
 * What is wrong with a line's HSN/SAC under the rule, or null. `line` (1-based) names the line
 * in the message ("Item 2: ...").
 */
export function validateHsnSac(code: string, rule: HsnSacRule & { line?: number }): string | null {
  const prefix = rule.line === undefined ? "" : `Item ${rule.line}: `;
  const { minDigits, required } = hsnSacRequirement(rule);
  const trimmed = code.trim();
  if (trimmed === "") {
    if (!required) return null;
    return rule.turnoverAbove5Crore
      ? `${prefix}Enter the HSN/SAC code (at least 6 digits when turnover is above ₹5 crore).`
      : `${prefix}Enter the HSN/SAC code (at least 4 digits on an invoice to a registered buyer).`;
  }
  if (!/^\d+$/.test(trimmed)) return `${prefix}HSN/SAC must be digits only.`;
  if (trimmed.length > 8) return `${prefix}HSN/SAC must be at most 8 digits.`;
  if (/^0+$/.test(trimmed)) return `${prefix}HSN/SAC cannot be all zeros.`;
  if (trimmed.length < minDigits) {
    return rule.turnoverAbove5Crore
      ? `${prefix}HSN/SAC must have at least 6 digits when turnover is above ₹5 crore.`
      : `${prefix}HSN/SAC must have at least 4 digits.`;
  }
  if (trimmed.length % 2 === 1) return `${prefix}HSN/SAC must have 4, 6 or 8 digits.`;
  return null;
}
