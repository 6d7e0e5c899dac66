import { ApiError } from "#web/api";
import { describeSaveError } from "./errors";

describe("describeSaveError", () => {
  it("goes by the code, never by the words of the message", () => {
    // A stock refusal whose product name holds the word "number".
    const stock = new ApiError(
      409,
      "insufficient_stock",
      "Not enough stock for Number Plates: 2 left, 3 needed.",
    );
    expect(describeSaveError(stock)).toEqual({
      title: "Not enough stock",
      message: "Not enough stock for Number Plates: 2 left, 3 needed.",
      fields: {},
    });
    const clash = new ApiError(
      409,
      "invoice_number_taken",
      "Invoice INV-7 is already used by another invoice.",
    );
    expect(describeSaveError(clash)).toEqual({
      title: "Invoice number already used",
      message: "Invoice INV-7 is already used by another invoice.",
      fields: { invoiceNumber: "Invoice INV-7 is already used by another invoice." },
    });
  });

  it("does not call every other 409 a stock problem", () => {
    const other = new ApiError(409, "stock_not_tracked", "Rice does not track stock.");
    expect(describeSaveError(other).title).toBe("Could not save the invoice");
  });

  it("marks the fields of a validation refusal", () => {
    const invalid = new ApiError(400, "validation_failed", "clientId: Client not found.", {
      clientId: "Client not found.",
    });
    expect(describeSaveError(invalid)).toEqual({
      title: "Check the highlighted fields",
      message: "clientId: Client not found.",
      fields: { clientId: "Client not found." },
    });
  });
});
