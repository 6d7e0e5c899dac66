// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { companySnapshot } from "#domain/company-snapshot";
import type { InvoiceInput } from "#domain/invoice";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { newInvoiceInput } from "./draft";
import { previewDocument } from "./preview-document";
import { TotalsPanel } from "./TotalsPanel";

afterEach(cleanup);

const company = companySnapshot(DEFAULT_SETTINGS);
function withItems(items: Partial<InvoiceInput["items"][number]>[], roundOff = false): InvoiceInput {
  const base = newInvoiceInput(DEFAULT_SETTINGS, "INV-1", "2026-11-21");
  return {
    ...base,
    roundOff,
    items: items.map((i, n) => ({ ...base.items[0], id: `l${n}`, name: `Item ${n}`, ...i })),
  };
}

describe("TotalsPanel", () => {
  it("shows subtotal, discount, tax by rate, total and words from the shared totals", () => {
    const result = previewDocument(
      withItems([
        { quantity: "2", rate: "1000", discountPercent: "10", taxPercent: "18" },
        { quantity: "1", rate: "500", taxPercent: "5" },
      ]),
      company,
    );
    render(
      <TotalsPanel document={result.document} error={null} invalidLines={0} onRoundOffChange={() => {}} />,
    );
    expect(screen.getByTestId("totals-subtotal").textContent).toBe("₹2,500.00");
    expect(screen.getByTestId("totals-discount").textContent).toBe("-₹200.00");
    expect(screen.getByText("Tax @ 18%")).toBeTruthy();
    expect(screen.getByText("Tax @ 5%")).toBeTruthy();
    // 1800 + 324 + 500 + 25
    expect(screen.getByTestId("totals-total").textContent).toBe("₹2,649.00");
    expect(screen.getByTestId("totals-words").textContent).toBe(
      "Rupees Two Thousand Six Hundred Forty-Nine Only",
    );
  });

  it("leaves a half-typed line out of the totals and says so", () => {
    const result = previewDocument(
      withItems([
        { quantity: "1", rate: "100" },
        { quantity: "", rate: "50" },
      ]),
      company,
    );
    expect(result.lineProblems.l1.field).toBe("quantity");
    render(
      <TotalsPanel
        document={result.document}
        error={result.error}
        invalidLines={Object.keys(result.lineProblems).length}
        onRoundOffChange={() => {}}
      />,
    );
    expect(screen.getByTestId("totals-total").textContent).toBe("₹100.00");
    expect(screen.getByRole("alert").textContent).toMatch(/1 line has a problem/);
  });

  it("rounds off when asked and reports the toggle", () => {
    const onRoundOffChange = vi.fn();
    const result = previewDocument(withItems([{ quantity: "1", rate: "10.60" }], true), company);
    render(
      <TotalsPanel
        document={result.document}
        error={null}
        invalidLines={0}
        onRoundOffChange={onRoundOffChange}
      />,
    );
    expect(screen.getByTestId("totals-roundoff").textContent).toBe("₹0.40");
    expect(screen.getByTestId("totals-total").textContent).toBe("₹11.00");
    fireEvent.click(screen.getByRole("checkbox", { name: /Round off/ }));
    expect(onRoundOffChange).toHaveBeenCalledWith(false);
  });
});
