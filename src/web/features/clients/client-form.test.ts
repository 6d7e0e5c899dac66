import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS, CLIENT_LIMITS } from "#contract/clients";
import { INVALID_GSTIN_MESSAGE } from "#domain/validation";
import { blankClient, clientFormErrors } from "./client-form";

const client = (patch: Partial<ReturnType<typeof blankClient>>) => ({
  ...blankClient(),
  name: "Asha",
  ...patch,
});

describe("clientFormErrors (the client dialog's check)", () => {
  it("passes a client the API takes", () => {
    expect(clientFormErrors(client({ email: "asha@example.com", gstin: " 27aapfu0939f1zv " }))).toEqual({});
  });

  it("names each bad field with the API's message", () => {
    expect(
      clientFormErrors(client({ name: "  ", email: "asha@", phone: "call me", gstin: "27AAPFU0939F1ZA" })),
    ).toEqual({
      name: "Name is required.",
      email: "Enter a valid e-mail address.",
      phone: "Phone may contain digits, spaces and + ( ) - . only.",
      gstin: INVALID_GSTIN_MESSAGE,
    });
  });

  it("holds notes and address lines to the API's limits, keyed as the dialog's fields", () => {
    const errors = clientFormErrors(
      client({
        notes: "n".repeat(CLIENT_LIMITS.notes + 1),
        billingAddress: { ...blankClient().billingAddress, city: "c".repeat(ADDRESS_LIMITS.city + 1) },
      }),
    );
    expect(errors).toEqual({
      notes: "Notes must be at most 5000 characters.",
      "billingAddress.city": "City must be at most 100 characters.",
    });
    expect(clientFormErrors(client({ notes: "n".repeat(CLIENT_LIMITS.notes) }))).toEqual({});
  });
});
