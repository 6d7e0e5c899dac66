import { displayStatus, isStoredStatus, STATUS_LABELS, STORED_STATUSES } from "./status";

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
