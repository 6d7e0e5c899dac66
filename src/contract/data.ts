import { z } from "zod";
import { route } from "./registry";

const section = (what: string) => z.array(z.looseObject({})).describe(what);

/** The file's sections; each record's fields are what POST /api/import reads back (data-file.ts). */
export const exportFileSchema = z.object({
  invoices: section("Invoices, each with its payments"),
  clients: section("Clients"),
  settings: z.looseObject({}).describe("The business's settings"),
  productServices: section("Products and services"),
  quotes: section("Quotes"),
  creditNotes: section("Credit and debit notes"),
  recurringProfiles: section("Recurring profiles with their runs"),
  statements: section("Statements of account that were downloaded, shared or sent"),
  clientAdvances: section(
    "Client advances (decision 0092); payments applied from one name its id",
  ).optional(),
});

const tag = "Data";
export const dataRoutes = [
  route({
    method: "GET",
    path: "/api/export",
    summary: "All of the user's data as one JSON file",
    tag,
    auth: "user",
    responses: { 200: exportFileSchema.describe("The export file (sent as an attachment)") },
  }),
  route({
    method: "POST",
    path: "/api/import",
    summary: "Replace all of the user's data with an export file (all or nothing, at most 25 MB)",
    tag,
    auth: "user",
    body: z.looseObject({}).describe("An export file"),
    explainsBadBody: true,
    responses: {
      200: z.object({
        imported: z.object({
          invoices: z.number().int(),
          clients: z.number().int(),
          productServices: z.number().int(),
          quotes: z.number().int(),
          creditNotes: z.number().int(),
          recurringProfiles: z.number().int(),
          statements: z.number().int(),
          /** Public links of the file this business's export did not make: not kept (decision 0087). */
          linksNotKept: z.number().int(),
        }),
      }),
    },
  }),
  route({
    method: "POST",
    path: "/api/functions/clear-user-data",
    summary: "Delete all of the user's data",
    tag,
    auth: "user",
    body: z.object({}),
    responses: { 200: z.object({ success: z.literal(true) }) },
  }),
];
