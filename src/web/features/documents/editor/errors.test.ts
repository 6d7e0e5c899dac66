import { ApiError } from "#web/api";
import { describeSaveError } from "./errors";

/** What the editor says about a refusal with this status, code and message (and field messages). */
const described = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  describeSaveError(new ApiError(status, code, message, fields));

describe("describeSaveError", () => {
  it("goes by the code, never by the words of the message", () => {
    // A stock refusal whose product name holds the word "number".
    const stock = "Not enough stock for Number Plates: 2 left, 3 needed.";
    expect(described(409, "insufficient_stock", stock)).toEqual({
      title: "Not enough stock",
      message: stock,
      fields: {},
    });
    const clash = "Invoice INV-7 is already used by another invoice.";
    expect(described(409, "invoice_number_taken", clash)).toEqual({
      title: "Invoice number already used",
      message: clash,
      fields: { invoiceNumber: clash },
    });
  });

  it("does not call every other 409 a stock problem", () => {
    expect(described(409, "stock_not_tracked", "Rice does not track stock.").title).toBe(
      "Could not save the invoice",
    );
  });

  it("marks the fields of a validation refusal", () => {
    const invalid = described(400, "validation_failed", "clientId: Client not found.", {
      clientId: "Client not found.",
    });
    expect(invalid).toEqual({
      title: "Check the highlighted fields",
      message: "clientId: Client not found.",
      fields: { clientId: "Client not found." },
    });
  });
});
