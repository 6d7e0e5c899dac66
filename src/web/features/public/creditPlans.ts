/**
 * Credit plans as shown in marketing copy. The server's catalogue is the source of truth for what is
 * charged; these figures must be kept equal to it (25/₹49, 100/₹149, 500/₹599; spec §3).
 */
export const FREE_SIGNUP_CREDITS = 25;

export interface CreditPlanDisplay {
  id: string;
  credits: number;
  priceRupees: number;
  popular: boolean;
}

export const creditPlans: readonly CreditPlanDisplay[] = [
  { id: "plan_25_credits", credits: 25, priceRupees: 49, popular: false },
  { id: "plan_100_credits", credits: 100, priceRupees: 149, popular: true },
  { id: "plan_500_credits", credits: 500, priceRupees: 599, popular: false },
];

/** Price of one PDF in a plan, in rupees with two decimals, e.g. "1.49". */
export function pricePerPdf(plan: CreditPlanDisplay): string {
  return (plan.priceRupees / plan.credits).toFixed(2);
}
