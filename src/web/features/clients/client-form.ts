import { type Client, type ClientInput, clientCreate } from "#contract/clients";
import { fieldErrors } from "#contract/common";
import { emptyClient } from "#domain/invoice";

export function blankClient(): ClientInput {
  return { ...emptyClient(), notes: "" };
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
