import { describe, expect, it } from "vitest";
import { invoiceRequest } from "#domain/testing/invoice";
import { thrown } from "#domain/testing/thrown";
import { AppError } from "../errors";
import { parseDataFile } from "./data-file";
import { publicLinkProof } from "./public-link-proof";

// The links and reminders of the export file as the whole-file check reads them (decision 0087).

const TOKEN = "A".repeat(32);
const file = (part: Record<string, unknown>) => ({
  invoices: [],
  clients: [],
  productServices: [],
  settings: {},
  ...part,
});

describe("a public link's proof", () => {
  const proof = publicLinkProof("secret one");
  const made = proof.prove("business-a", "invoice", TOKEN);

  it("holds for the business, kind and token it was made for, under the same secret, only", () => {
    expect(proof.verify("business-a", "invoice", TOKEN, made)).toBe(true);
    expect(proof.verify("business-b", "invoice", TOKEN, made)).toBe(false);
    expect(proof.verify("business-a", "quote", TOKEN, made)).toBe(false);
    expect(proof.verify("business-a", "invoice", "B".repeat(32), made)).toBe(false);
    expect(publicLinkProof("secret two").verify("business-a", "invoice", TOKEN, made)).toBe(false);
    expect(proof.verify("business-a", "invoice", TOKEN, "not a proof")).toBe(false);
  });
});

describe("the file's links and reminders", () => {
  const invoice = (over: Record<string, unknown>) => ({ ...invoiceRequest("INV-1"), ...over });

  it("reads an invoice's link, reminders and stop; an unreadable link is no link", () => {
    const parsed = parseDataFile(
      file({
        invoices: [
          invoice({
            publicLink: { token: TOKEN, proof: "p", views: 2, firstViewedAt: "2026-12-01T05:00:00.000Z" },
            reminders: [{ point: "2026-12-07", sentAt: "2026-12-07T04:30:00.000Z" }],
            remindersOff: true,
          }),
          { ...invoiceRequest("INV-2"), publicLink: { token: "short", proof: "p" } },
        ],
      }),
    );
    expect(parsed.invoices[0]!.sharing).toMatchObject({
      publicLink: { token: TOKEN, views: 2 },
      reminders: [{ point: "2026-12-07" }],
      remindersOff: true,
    });
    expect(parsed.invoices[1]!.sharing?.publicLink).toBeNull();
  });

  it("refuses a reminders list it cannot read, and a statement of a client not in the file, naming each", () => {
    const refused = thrown(AppError, () =>
      parseDataFile(
        file({
          invoices: [invoice({ reminders: [{ point: "2026-02-30", sentAt: "2026-02-27T04:30:00Z" }] })],
          clients: [{ id: "c1", name: "Meera Stores" }],
          statements: [{ clientId: "c9", fromDate: "2026-04-01", toDate: "2026-06-30", currency: "INR" }],
        }),
      ),
    );
    expect(refused.message).toContain(
      "Invoice import error at index 0: reminders.0.point: Must be a real date",
    );
    expect(refused.message).toContain(
      "Statement import error at index 0: clientId: c9 is not a client of this file.",
    );
  });
});
