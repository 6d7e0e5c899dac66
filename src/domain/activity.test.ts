import { describe, expect, it } from "vitest";
import { describeInvoiceEvent } from "./activity";

describe("activity lines", () => {
  it("says what happened in words", () => {
    expect(describeInvoiceEvent("status_changed", { from: "due", to: "paid" })).toBe("Due → Paid");
    expect(
      describeInvoiceEvent("payment_recorded", {
        amountMinor: 40000,
        currency: "INR",
        method: "upi",
        reference: "4123",
      }),
    ).toBe("Payment of ₹400.00 recorded (UPI, 4123)");
    expect(describeInvoiceEvent("sent", { to: ["a@b.in", "c@d.in"], attachPdf: true })).toBe(
      "Sent by e-mail to a@b.in, c@d.in with the PDF",
    );
    expect(describeInvoiceEvent("viewed", {})).toBe("Opened by the client");
    expect(describeInvoiceEvent("something_new", {})).toBe("something_new");
  });
});
