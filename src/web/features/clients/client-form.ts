import { type Client, type ClientInput, clientCreate } from "#contract/clients";
import { fieldErrors } from "#contract/common";
import { emptyAddress } from "./api";

export function blankClient(): ClientInput {
  return {
    name: "",
    company: "",
    email: "",
    phone: "",
    gstin: "",
    billingAddress: emptyAddress(),
    shippingAddress: null,
    notes: "",
  };
}

export function clientInputOf(c: Client): ClientInput {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = c;
  return rest;
}

/** The route's own schema, so the dialog names each bad field with the server's message and limit. */
export function clientFormErrors(value: ClientInput): Record<string, string> {
  const result = clientCreate.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}
