import { describe, expect, it } from "vitest";
import { whatsAppLink, whatsAppNumber } from "./share";

describe("WhatsApp sharing", () => {
  it("gives a 10-digit Indian number its country code", () => {
    expect(whatsAppNumber("98765 43210")).toBe("919876543210");
    expect(whatsAppNumber("098765-43210")).toBe("919876543210");
    expect(whatsAppNumber("+91 98765 43210")).toBe("919876543210");
    expect(whatsAppNumber("+44 20 7946 0958")).toBe("442079460958");
    expect(whatsAppNumber("")).toBe("");
    expect(whatsAppNumber("12")).toBe("");
  });

  it("puts the message in the link, encoded", () => {
    expect(whatsAppLink("9876543210", "Invoice INV/1 & link: https://x.in/i/a")).toBe(
      "https://wa.me/919876543210?text=Invoice%20INV%2F1%20%26%20link%3A%20https%3A%2F%2Fx.in%2Fi%2Fa",
    );
    expect(whatsAppLink("", "Hi")).toBe("https://wa.me/?text=Hi");
  });
});
