// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FileCheck2 } from "lucide-react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BusinessRole } from "#domain/businesses";
import { companySnapshot } from "#domain/company-snapshot";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { newInvoiceInput } from "#web/features/documents/editor/draft";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { businessesQuery } from "#web/features/members/role";
import { ActionButton } from "./ActionButton";
import { DocumentEditorShell } from "./DocumentEditorShell";

afterEach(cleanup);

const page = previewDocument(
  newInvoiceInput(DEFAULT_SETTINGS, "QT/2026-27/0001", "2026-11-21"),
  companySnapshot(DEFAULT_SETTINGS),
).page;

const editorState = (dirty: boolean) => ({
  dirty,
  guard: {
    blocker: { state: "unblocked", proceed: undefined, reset: undefined, location: undefined } as const,
  },
});

/** The signed-in person's businesses as the switcher's query holds them: one, current, in `role`. */
function clientAs(role: BusinessRole | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (role) {
    client.setQueryData(businessesQuery.queryKey, {
      businesses: [{ id: "b1", name: "Kesari Traders", role, current: true }],
    });
  }
  return client;
}

function renderShell(props: Partial<Parameters<typeof DocumentEditorShell>[0]> = {}, role?: BusinessRole) {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={clientAs(role)}>
      <DocumentEditorShell
        kind="quote"
        title="New Quote"
        status={null}
        editor={editorState(false)}
        actions={<button type="button">Save draft</button>}
        onSubmit={onSubmit}
        page={page}
        {...props}
      >
        <input aria-label="Quote number" />
      </DocumentEditorShell>
    </QueryClientProvider>,
  );
  return { onSubmit };
}

describe("the document editor shell", () => {
  it("names the form, the action bar and the new document after its kind", () => {
    renderShell();
    expect(screen.getByRole("heading", { name: "New Quote" })).toBeTruthy();
    expect(screen.getByText("A new quote.")).toBeTruthy();
    expect(screen.getByRole("toolbar", { name: "Quote actions" }).textContent).toContain("Save draft");
    expect(screen.getByRole("form", { name: "Quote form" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Preview" }).getAttribute("aria-controls")).toBe("panel-preview");
  });

  it("shows the saved document's badge and says when edits are not saved", () => {
    renderShell({ status: <StatusBadge kind="quote" status="accepted" />, editor: editorState(true) });
    expect(screen.getByText("Accepted")).toBeTruthy();
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    expect(screen.queryByText("A new quote.")).toBeNull();
  });

  it("Enter in the form saves; a dialog's own form does not submit the editor's", () => {
    const { onSubmit } = renderShell({
      dialogs: (
        <form aria-label="Mark as paid" onSubmit={(e) => e.preventDefault()}>
          <button type="submit">Mark paid</button>
        </form>
      ),
    });
    fireEvent.submit(screen.getByRole("form", { name: "Mark as paid" }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.submit(screen.getByRole("form", { name: "Quote form" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe("the editor for a role that may not change the document (decision 0079)", () => {
  const bar = (
    <>
      <ActionButton name="issue" busy={null} icon={FileCheck2} onClick={() => undefined}>
        Issue
      </ActionButton>
      <ActionButton name="gst" busy={null} icon={FileCheck2} action="reports.read" onClick={() => undefined}>
        E-invoice JSON
      </ActionButton>
    </>
  );

  it("an accountant: the form disabled under the server's words, no button that changes it, reports yes", () => {
    const { onSubmit } = renderShell({ actions: bar }, "accountant");
    expect(
      screen.getByText(
        "Accountant cannot create or change invoices, quotes and challans. Ask an owner of this business.",
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText("Quote number").closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Issue" })).toBeNull();
    expect(screen.getByRole("button", { name: "E-invoice JSON" })).toBeTruthy();
    fireEvent.submit(screen.getByRole("form", { name: "Quote form" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("staff: the document changes, but a report's button is not offered; a note's editor is the accountant's", () => {
    renderShell({ actions: bar }, "staff");
    expect(screen.getByRole("button", { name: "Issue" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "E-invoice JSON" })).toBeNull();
    expect(screen.getByLabelText("Quote number").closest("fieldset")?.disabled).toBe(false);
    cleanup();
    renderShell({ actions: bar, writeAction: "credit-notes.write" }, "staff");
    expect(screen.getByText(/^Staff cannot issue or cancel credit and debit notes\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Issue" })).toBeNull();
  });
});

describe("the status badge table", () => {
  it("gives each kind's status its own words", () => {
    render(
      <>
        <StatusBadge kind="invoice" status="partially_paid" />
        <StatusBadge kind="quote" status="expired" />
        <StatusBadge kind="note" status="cancelled" />
      </>,
    );
    expect(screen.getByText("Partially paid").closest("[data-status]")?.getAttribute("data-status")).toBe(
      "partially_paid",
    );
    expect(screen.getByText("Expired")).toBeTruthy();
    expect(screen.getByText("Cancelled")).toBeTruthy();
  });
});
