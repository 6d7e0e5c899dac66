// Spec §9 and DECISIONS §3. The server's catalogue is the only source of a plan's price; the
// browser names a plan id and nothing more.

export const NEW_USER_CREDITS = 25;
export const DOWNLOAD_COST = 1;

export interface CreditPlan {
  id: string;
  credits: number;
  priceRupees: number;
  pricePaise: number;
  popular: boolean;
  name: string;
}

function plan(id: string, credits: number, priceRupees: number, popular: boolean): CreditPlan {
  return Object.freeze({
    id,
    credits,
    priceRupees,
    pricePaise: priceRupees * 100,
    popular,
    name: `${credits} Credits`,
  });
}

export const CREDIT_PLANS: readonly CreditPlan[] = Object.freeze([
  plan("plan_25_credits", 25, 49, false),
  plan("plan_100_credits", 100, 149, true),
  plan("plan_500_credits", 500, 599, false),
]);

export function planById(id: unknown): CreditPlan | undefined {
  return typeof id === "string" ? CREDIT_PLANS.find((p) => p.id === id) : undefined;
}
