import {
  DISPLAY_STATUSES,
  displayStatus,
  invoiceBalanceDueMinor,
  isStoredStatus,
  STATUS_LABELS,
  STORED_STATUSES,
  statusCells,
} from "./status";

describe("displayStatus", () => {
  it("shows a due invoice past its due date as overdue", () => {
    expect(displayStatus("due", "2026-04-30", "2026-05-01")).toBe("overdue");
    expect(displayStatus("due", "2026-05-01", "2026-05-01")).toBe("due");
    expect(displayStatus("due", "2026-05-02", "2026-05-01")).toBe("due");
    expect(displayStatus("due", null, "2026-05-01")).toBe("due");
  });

  it("never makes other statuses overdue", () => {
    for (const status of ["draft", "paid", "cancelled"] as const) {
      expect(displayStatus(status, "2000-01-01", "2026-05-01")).toBe(status);
    }
  });

  it("labels every status", () => {
    expect(STATUS_LABELS.overdue).toBe("Overdue");
    expect(STORED_STATUSES.map((s) => STATUS_LABELS[s])).toEqual(["Draft", "Due", "Paid", "Cancelled"]);
    expect(isStoredStatus("paid")).toBe(true);
    expect(isStoredStatus("overdue")).toBe(false);
  });
});

describe("the status table", () => {
  it("shows a part-paid invoice as partially paid until its due date passes, then overdue", () => {
    expect(displayStatus("due", "2026-05-01", "2026-05-01", 1)).toBe("partially_paid");
    expect(displayStatus("due", null, "2026-05-01", 1)).toBe("partially_paid");
    expect(displayStatus("due", "2026-04-30", "2026-05-01", 1)).toBe("overdue");
    expect(displayStatus("paid", "2026-04-30", "2026-05-01", 100)).toBe("paid");
  });

  it("gives every cell one shown status, and every shown status a cell", () => {
    const shown = new Set(statusCells().map((c) => c.shown));
    expect([...shown].sort()).toEqual([...DISPLAY_STATUSES].sort());
  });

  it("owes only on a due invoice, never below zero", () => {
    expect(invoiceBalanceDueMinor("due", 1000, 400)).toBe(600);
    expect(invoiceBalanceDueMinor("due", 1000, 1200)).toBe(0);
    for (const status of ["draft", "paid", "cancelled"] as const) {
      expect(invoiceBalanceDueMinor(status, 1000, 0)).toBe(0);
    }
  });
});
