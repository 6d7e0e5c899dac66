import { z } from "zod";
import { routeGroup } from "./registry";

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

const data = routeGroup("Data");
export const dataRoutes = [
  data.get("/api/export", "All of the user's data as one JSON file", {
    responses: { 200: exportFileSchema.describe("The export file (sent as an attachment)") },
  }),
  data.post(
    "/api/import",
    "Replace all of the user's data with an export file (all or nothing, at most 25 MB)",
    {
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
    },
  ),
  data.post("/api/functions/clear-user-data", "Delete all of the user's data", {
    body: z.object({}),
    responses: { 200: z.object({ success: z.literal(true) }) },
  }),
];
