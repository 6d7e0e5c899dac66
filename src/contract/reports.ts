import { z } from "zod";
import { GSTR1_SECTIONS } from "#domain/gst-gstr1-csv";
import { idParams } from "./common";
import { routeGroup } from "./registry";

// GST returns data (decisions 0034, 0035): GSTR-1 for a month, as the portal's JSON or as CSV per
// section, its figures for the Reports page, and one invoice's e-invoice JSON. Bahi writes the
// files; the user uploads them on the GST portal and the invoice registration portal.

const period = z
  .string("Choose a month, like 2026-11.")
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month, like 2026-11.");

export const gstr1Query = z
  .object({
    period,
    format: z.enum(["json", "csv"], "Format must be json or csv.").default("json"),
    section: z.enum(GSTR1_SECTIONS, `Section must be one of ${GSTR1_SECTIONS.join(", ")}.`).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.format === "csv" && !q.section) {
      ctx.addIssue({ code: "custom", path: ["section"], message: "Choose a section for the CSV file." });
    }
  });
export type Gstr1Query = z.output<typeof gstr1Query>;

export const gstr1SummaryQuery = z.object({ period });

export const gstr1SectionFigures = z.object({
  section: z.enum(GSTR1_SECTIONS),
  label: z.string(),
  /** Invoices, notes, rows (B2CS, HSN) or documents issued (document summary). */
  count: z.number().int(),
  taxableMinor: z.number().int(),
  /** IGST + CGST + SGST/UTGST + cess. */
  taxMinor: z.number().int(),
});

export const gstr1Summary = z.object({
  period: z.string(),
  /** The return period as the portal writes it: MMYYYY. */
  fp: z.string(),
  gstin: z.string(),
  sections: z.array(gstr1SectionFigures),
  documents: z.object({ issued: z.number().int(), cancelled: z.number().int() }),
  /** Invoices of the month that are not in the return, and why. */
  leftOut: z.array(z.object({ invoiceNumber: z.string(), reason: z.string() })),
});
export type Gstr1Summary = z.output<typeof gstr1Summary>;
export type Gstr1SectionFigures = z.output<typeof gstr1SectionFigures>;

const reports = routeGroup("Reports");
export const reportRoutes = [
  reports.get(
    "/api/reports/gstr1",
    "GSTR-1 for a month: the GST portal's JSON, or one section as CSV (format=csv&section=b2b); regular taxpayers only",
    {
      query: gstr1Query,
      responses: {
        200: {
          contentType: "application/json",
          description:
            "GSTR1_<gstin>_<MMYYYY>.json, or GSTR1_<gstin>_<MMYYYY>_<section>.csv with format=csv (text/csv)",
        },
      },
    },
  ),
  reports.get("/api/reports/gstr1/summary", "The month's GSTR-1 figures per section, for the Reports page", {
    query: gstr1SummaryQuery,
    responses: { 200: gstr1Summary },
  }),
  reports.get(
    "/api/invoices/:id/einvoice",
    "The invoice's e-invoice JSON (FORM GST INV-01 1.1) to upload on the invoice registration portal, or why it has none",
    {
      params: idParams,
      responses: {
        200: { contentType: "application/json", description: "einvoice_<number>.json" },
      },
    },
  ),
  reports.get(
    "/api/credit-notes/:id/einvoice",
    "A credit or debit note's e-invoice JSON (Typ CRN or DBN, its invoice as the preceding document), or why it has none",
    {
      params: idParams,
      responses: {
        200: { contentType: "application/json", description: "einvoice_<note number>.json" },
      },
    },
  ),
];
