// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { companySnapshot } from "#domain/company-snapshot";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { newInvoiceInput } from "#web/features/documents/editor/draft";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import { StatusBadge } from "#web/features/documents/StatusBadge";
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

function renderShell(props: Partial<Parameters<typeof DocumentEditorShell>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
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
    </DocumentEditorShell>,
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
