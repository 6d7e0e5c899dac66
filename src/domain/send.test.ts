import { describe, expect, it } from "vitest";
import { DEFAULT_SEND_MESSAGE, parseEmailList, renderSendTemplate } from "./send";

describe("sending an invoice", () => {
  const values = {
    client_name: "Lakshmi Stores",
    invoice_number: "INV/2026-27/0042",
    amount: "₹1,419.08",
    due_date: "21 Dec 2026",
    link: "https://bahi.example.in/i/abc",
    business_name: "Kesari Traders",
  };

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
