// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { companySnapshot } from "#domain/company-snapshot";
import type { InvoiceInput } from "#domain/invoice";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { newInvoiceInput } from "./draft";
import { LineItemsSection } from "./LineItemsSection";
import { previewDocument } from "./preview-document";
import { TotalsPanel } from "./TotalsPanel";

afterEach(cleanup);

const company = companySnapshot(DEFAULT_SETTINGS);

function renderLines(input: InvoiceInput) {
  const preview = previewDocument(input, company);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LineItemsSection
        items={input.items}
        currency={input.currency}
        preview={preview}
        errors={{}}
        stock={{}}
        heldMilli={{}}
        dispatch={() => {}}
        onProductPicked={() => {}}
      />
      <TotalsPanel
        document={preview.document}
        error={preview.error}
        invalidLines={Object.keys(preview.lineProblems).length}
        onRoundOffChange={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe("the lines of a new invoice", () => {
  it("show no problem before anything is typed", () => {
    renderLines(newInvoiceInput(DEFAULT_SETTINGS, "INV-1", "2026-11-21"));
    expect(screen.queryByText(/Rate must be/)).toBeNull();
    expect(screen.queryByText(/has a problem/)).toBeNull();
    expect(screen.getByLabelText("Rate").getAttribute("aria-invalid")).not.toBe("true");
  });

  it("flag a rate that is typed wrong", () => {
    const input = newInvoiceInput(DEFAULT_SETTINGS, "INV-1", "2026-11-21");
    input.items[0] = { ...input.items[0], name: "Chai", rate: "45.123" };
    renderLines(input);
    expect(screen.getByText("Rate must be a number with at most 2 decimals.")).toBeTruthy();
    expect(screen.getByText("1 line has a problem and is left out of the totals.")).toBeTruthy();
  });
});
