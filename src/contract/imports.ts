import { z } from "zod";
import { type RouteGroup, routeGroup } from "./registry";

// Clients and products from a CSV file (issue 16 part 5), and the CSV export they round-trip with.

export const importBody = z.object({
  csv: z
    .string("The file must be text.")
    .min(1, "The file is empty.")
    .max(2_000_000, "The file can be at most 2 MB; split it.")
    .describe(
      "The CSV file's text: a header line naming the columns (as the export has them), then one row per record",
    ),
});

export const importCheckSchema = z.object({
  kind: z.enum(["clients", "products"]),
  rows: z.number().int(),
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  preview: z.array(z.record(z.string(), z.string())),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportCheckAnswer = z.output<typeof importCheckSchema>;

const routesFor = (kind: "clients" | "products", group: RouteGroup) => [
  group.post(
    `/api/${kind}/import/check`,
    `Check a CSV of ${kind} without importing: the first rows and every row's errors`,
    { body: importBody, responses: { 200: importCheckSchema } },
  ),
  group.post(`/api/${kind}/import`, `Import a CSV of ${kind}: every row, or none when any row has an error`, {
    body: importBody,
    responses: { 201: z.object({ imported: z.number().int(), kind: z.enum(["clients", "products"]) }) },
  }),
  group.get(`/api/${kind}/export.csv`, `The ${kind} as CSV, with the columns the import reads`, {
    responses: { 200: { contentType: "text/csv", description: "One line per record, the header first" } },
  }),
];

export const importRoutes = [
  ...routesFor("clients", routeGroup("Clients")),
  ...routesFor("products", routeGroup("Products")),
];
