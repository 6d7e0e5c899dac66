import { describe, expect, it } from "vitest";
import { DEFAULT_SEND_MESSAGE, parseEmailList, renderSendTemplate, sendValues } from "./send";

describe("sending an invoice", () => {
  // The placeholders' values as the server words them for an invoice's facts.
  const values = sendValues({
    clientName: "Lakshmi Stores",
    number: "INV/2026-27/0042",
    amountMinor: 141_908,
    currency: "INR",
    dueDate: "2026-12-21",
    link: "https://bahi.example.in/i/abc",
    businessName: "Kesari Traders",
  });

  it("fills every placeholder and leaves unknown ones as typed", () => {
    const text = renderSendTemplate(DEFAULT_SEND_MESSAGE, values);
    expect(text).toContain("Dear Lakshmi Stores,");
    expect(text).toContain("invoice INV/2026-27/0042 for ₹1,419.08, due on 21 Dec 2026.");
    expect(text).toContain("https://bahi.example.in/i/abc");
    expect(text).not.toMatch(/\{[a-z_]+\}/);
    expect(renderSendTemplate("Hi {clientname} {link}", values)).toBe(
      "Hi {clientname} https://bahi.example.in/i/abc",
    );
  });

  it("reads several addresses and names the first bad one", () => {
    expect(parseEmailList("a@b.in, C@d.in; a@b.in")).toEqual({ emails: ["a@b.in", "c@d.in"], invalid: null });
    expect(parseEmailList("a@b.in, not-an-email")).toMatchObject({ invalid: "not-an-email" });
    expect(parseEmailList("  ")).toEqual({ emails: [], invalid: null });
  });
});
