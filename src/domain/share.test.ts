import { describe, expect, it } from "vitest";
import { invoiceWhatsAppMessage, whatsAppLink, whatsAppNumber } from "./share";
import { itMaps } from "./testing/checks";

describe("WhatsApp sharing", () => {
  itMaps("gives a 10-digit Indian number its country code", whatsAppNumber, [
    ["98765 43210", "919876543210"],
    ["098765-43210", "919876543210"],
    ["+91 98765 43210", "919876543210"],
    ["+44 20 7946 0958", "442079460958"],
    ["", ""],
    ["12", ""],
  ]);

  it("puts the message in the link, encoded", () => {
    expect(whatsAppLink("9876543210", "Invoice INV/1 & link: https://x.in/i/a")).toBe(
      "https://wa.me/919876543210?text=Invoice%20INV%2F1%20%26%20link%3A%20https%3A%2F%2Fx.in%2Fi%2Fa",
    );
    expect(whatsAppLink("", "Hi")).toBe("https://wa.me/?text=Hi");
  });

  it("says the invoice's amount and due date in the message", () => {
    const x = {
      clientName: "Lakshmi Stores",
      invoiceNumber: "INV/2026-27/0004",
      companyName: "Kesari Traders",
      amount: "₹1,351.50",
      dueDate: "15 Jan 2027",
      url: "https://bahi.example/i/abc",
    };
    expect(invoiceWhatsAppMessage(x)).toBe(
      "Hello Lakshmi Stores, here is invoice INV/2026-27/0004 from Kesari Traders for ₹1,351.50, due 15 Jan 2027: https://bahi.example/i/abc",
    );
    expect(invoiceWhatsAppMessage({ ...x, clientName: " ", companyName: "", dueDate: "" })).toBe(
      "Hello, here is invoice INV/2026-27/0004 from us for ₹1,351.50: https://bahi.example/i/abc",
    );
  });
});
