import { z } from "zod";
import { routeGroup } from "./registry";

// The e-way bill bulk JSON (issue 34 part 1, decision 0085): NIC's bulk-generation file (version
// 1.0.0621) for one document or several, made from each document's Transport section, for the
// user to upload on the e-way bill portal. Bahi never talks to the portal.

export const EWAY_DOCUMENT_KINDS = ["invoice", "challan", "credit_note"] as const;
/** NIC takes any number of bills in a file; Bahi keeps a file small enough to fix by hand. */
export const EWAY_MAX_DOCUMENTS = 50;

export const ewayBillsBody = z.object({
  documents: z
    .array(
      z.object({
        kind: z.enum(EWAY_DOCUMENT_KINDS, "Kind must be invoice, challan or credit_note."),
        id: z.string().min(1).max(64),
      }),
    )
    .min(1, "Choose at least one document.")
    .max(EWAY_MAX_DOCUMENTS, `At most ${EWAY_MAX_DOCUMENTS} documents in one file.`),
  /** Make the file even for a consignment of ₹50,000 or less (no e-way bill needed by Rule 138). */
  evenIfNotNeeded: z.boolean().default(false),
});
export type EwayBillsBody = z.output<typeof ewayBillsBody>;

export const ewayBillRoutes = [
  routeGroup("Reports").post(
    "/api/eway-bills",
    "NIC's e-way bill bulk JSON (version 1.0.0621) for one or more issued invoices, delivery challans or credit notes, or why not (409 eway_bill_not_available names each document)",
    {
      body: ewayBillsBody,
      responses: {
        200: {
          contentType: "application/json",
          description: "ewaybill_<number>.json, or ewaybills_<date>_<count>.json for several documents",
        },
      },
    },
  ),
];
