// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlansAnswer } from "#contract/credits";
import { plansQuery } from "./api";
import { PlanCards } from "./TopUpDialog";

afterEach(cleanup);

const plans: PlansAnswer["plans"] = [
  { id: "plan_25_credits", name: "25 Credits", credits: 25, price: 49, popular: false },
  { id: "plan_100_credits", name: "100 Credits", credits: 100, price: 149, popular: true },
];

/** The plan cards over /api/plans as the server answered it (already in the query cache). */
function showPlans(sale: { testMode: boolean; paymentsConfigured: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(plansQuery.queryKey, { plans, ...sale });
  const onPurchase = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <PlanCards processingPlanId={null} onPurchase={onPurchase} />
    </QueryClientProvider>,
  );
  return onPurchase;
}
const buyButtons = () => screen.getAllByRole("button", { name: /Purchase Plan/ }) as HTMLButtonElement[];

describe("the top-up dialog's plans", () => {
  it("says plainly that payments are in test mode when the server's test checkout is on", () => {
    showPlans({ testMode: true, paymentsConfigured: true });
    expect(screen.getByTestId("payments-test-mode").textContent).toContain(
      "Payments are in test mode — no money moves.",
    );
    expect(buyButtons().every((b) => !b.disabled)).toBe(true);
  });

  it("says payments are not configured, still lists the plans, and offers no purchase", () => {
    showPlans({ testMode: false, paymentsConfigured: false });
    expect(screen.getByRole("alert").textContent).toContain("Payments are not configured on this server.");
    expect(screen.getByText("100 PDF downloads")).toBeTruthy();
    expect(buyButtons()).toHaveLength(2);
    expect(buyButtons().every((b) => b.disabled)).toBe(true);
    expect(screen.queryByTestId("payments-test-mode")).toBeNull();
  });

  it("shows neither notice with Razorpay keys", () => {
    showPlans({ testMode: false, paymentsConfigured: true });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("payments-test-mode")).toBeNull();
    expect(buyButtons().every((b) => !b.disabled)).toBe(true);
  });
});
