import { z } from "zod";
import { tallyMappingSchema } from "#domain/tally/mapping";
import { isoDate } from "./common";
import { routeGroup } from "./registry";

// Export to Tally (issue 32 part 1, decision 0080): a date range's masters and vouchers as the two
// XML files TallyPrime imports (masters first), and the business's Tally ledger names.

/** At most a year in one file: users import and check month by month (research §1.7 V14). */
export const TALLY_MAX_DAYS = 366;

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

export const tallyExportQuery = z
  .object({
    from: isoDate.describe("First day included (document and payment dates)"),
    to: isoDate.describe("Last day included"),
    part: z.enum(["masters", "vouchers"], "Part must be masters or vouchers.").default("vouchers"),
  })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The last day must not be before the first." })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < TALLY_MAX_DAYS, {
    path: ["to"],
    message: `Export at most ${TALLY_MAX_DAYS} days in one file.`,
  });
export type TallyExportQuery = z.output<typeof tallyExportQuery>;

export const tallyMapping = tallyMappingSchema;

const reports = routeGroup("Reports");
export const tallyRoutes = [
  reports.get(
    "/api/reports/tally",
    "TallyPrime XML for a date range: part=masters (ledgers, import first) or part=vouchers (Sales, Credit and Debit Notes, Receipts)",
    {
      query: tallyExportQuery,
      responses: {
        200: {
          contentType: "text/xml",
          description: "bahi-masters-<from>-<to>.xml or bahi-vouchers-<from>-<to>.xml (UTF-8)",
        },
      },
    },
  ),
  reports.get("/api/reports/tally/ledgers", "The business's Tally ledger names (the defaults until saved)", {
    responses: { 200: tallyMapping },
  }),
  reports.put("/api/reports/tally/ledgers", "Save the business's Tally ledger names", {
    body: tallyMapping,
    responses: { 200: tallyMapping },
  }),
];
