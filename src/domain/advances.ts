// Client advances (issue 33, decision 0092): money a client paid before there was an invoice to
// pay. An advance's balance is never stored: it is its amount less the payments applied from it.

/** What is left of an advance: its amount less the amounts of the payments applied from it. */
export function advanceBalanceMinor(
  amountMinor: number,
  applied: readonly { amountMinor: number }[],
): number {
  return amountMinor - applied.reduce((sum, p) => sum + p.amountMinor, 0);
}

/** The most a payment out of this advance may be: what is left of it, at most the invoice's balance. */
export function advanceApplicableMinor(advanceBalance: number, invoiceBalance: number): number {
  return Math.max(0, Math.min(advanceBalance, invoiceBalance));
}

export const ADVANCE_MESSAGES = {
  overAdvance: (left: string) =>
    `Only ${left} of this advance is left: enter at most that, or record the rest as another payment.`,
  otherClient: "This advance belongs to another client: choose one of this invoice's client.",
  otherCurrency: (currency: string, invoiceCurrency: string) =>
    `This advance is in ${currency} and the invoice in ${invoiceCurrency}: apply an advance in the invoice's currency.`,
  applied: (applied: string) =>
    `${applied} of this advance is already applied to invoices: delete those payments first.`,
  lineApplied: (applied: string) =>
    `${applied} of the advance from this line is already applied to invoices: delete those payments first, then undo.`,
  needsClient: "Choose the client who paid this advance.",
} as const;

/** The refusal of a payment of `amountMinor` out of an advance with `balanceMinor` left, or null. */
export function advanceApplyProblem(amountMinor: number, balanceMinor: number, money: (m: number) => string) {
  return amountMinor > balanceMinor ? ADVANCE_MESSAGES.overAdvance(money(Math.max(0, balanceMinor))) : null;
}
