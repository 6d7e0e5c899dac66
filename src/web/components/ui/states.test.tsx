// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CardRecords } from "./states";

afterEach(cleanup);

type Note = { id: string; number: string; total: string };

/** The card's notes as a query left them. */
function showNotes(query: { isPending: boolean; isError: boolean }, items?: Note[]) {
  render(
    <CardRecords
      query={query}
      items={items}
      what="notes"
      empty="No notes issued against this invoice."
      label="Notes of this invoice"
      main={(n) => <p>Credit note {n.number}</p>}
      side={(n) => <p>{n.total}</p>}
    />,
  );
}

describe("CardRecords", () => {
  it("says it is loading, then what failed, then that there are none", () => {
    showNotes({ isPending: true, isError: false });
    expect(screen.getByRole("status").textContent).toBe("Loading notes…");
    cleanup();
    showNotes({ isPending: false, isError: true });
    expect(screen.getByRole("alert").textContent).toBe("Could not load the notes. Please reload the page.");
    cleanup();
    showNotes({ isPending: false, isError: false }, []);
    expect(screen.getByText("No notes issued against this invoice.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("lists each record with what it is on the left and its figure on the right", () => {
    showNotes({ isPending: false, isError: false }, [
      { id: "n1", number: "CN/2026-27/0001", total: "−₹1,180.00" },
      { id: "n2", number: "CN/2026-27/0002", total: "−₹590.00" },
    ]);
    const rows = within(screen.getByRole("list", { name: "Notes of this invoice" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Credit note CN/2026-27/0001−₹1,180.00",
      "Credit note CN/2026-27/0002−₹590.00",
    ]);
  });
});
