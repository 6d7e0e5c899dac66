import { z } from "zod";
import { id, idParams, isoDate, noFields, text } from "./common";
import { invoiceSummarySchema } from "./invoices";
import { checkoutOrder, verifyBody } from "./payments";
import { publicLinkRoutes } from "./public-link-routes";
import { routeGroup } from "./registry";

// The public invoice page's calls (no sign-in: the link's token is the key) and the owner's
// share link and payment reports.

const token = z.string().regex(/^[A-Za-z0-9_-]{32}$/, "Not a link of Bahi's.");
const tokenParams = z.object({ token });

export const reportBody = z.object({
  utr: text(40, "UPI reference").pipe(z.string().min(6, "Enter the UPI reference (UTR) of your payment.")),
  note: text(300, "Note").optional().default(""),
});

export const shareLinkAnswer = z.object({
  url: z.string().nullable(),
  views: z.number().int(),
  firstViewedAt: z.string().nullable(),
  /** Payment reminders stopped for this invoice. */
  remindersOff: z.boolean(),
});
export type ShareLinkAnswer = z.output<typeof shareLinkAnswer>;

export const paymentReportSchema = z.object({
  id,
  amountMinor: z.number().int(),
  utr: z.string(),
  note: z.string(),
  status: z.enum(["open", "confirmed", "dismissed"]),
  reportedAt: z.string(),
});
export type PaymentReport = z.output<typeof paymentReportSchema>;

const onlineOrder = checkoutOrder.extend({
  name: z.string(),
  description: z.string(),
});
/** Razorpay Checkout's answer: the same three fields as a credit purchase's. */
export const checkoutAnswer = verifyBody;

export const reportConfirmBody = z.object({ paidOn: isoDate });

const reportParams = z.object({ id, reportId: id });
const publicPage = routeGroup("Public invoice page", "public");
const sharing = routeGroup("Sharing");

export const publicInvoiceRoutes = [
  publicPage.post(
    "/api/public/invoices/:token/payment-reports",
    "The client says they paid by UPI (the business confirms or dismisses it)",
    { params: tokenParams, body: reportBody, responses: { 201: z.object({ reported: z.literal(true) }) } },
  ),
  publicPage.post(
    "/api/public/invoices/:token/online-orders",
    "An order for the balance due on the business's own Razorpay account",
    { params: tokenParams, body: noFields, responses: { 200: onlineOrder } },
  ),
  publicPage.post(
    "/api/public/invoices/:token/online-payments",
    "Checkout's answer, verified and recorded once",
    {
      params: tokenParams,
      body: checkoutAnswer,
      responses: { 200: z.object({ recorded: z.boolean(), amount: z.number().int() }) },
    },
  ),
  publicPage.post(
    "/api/public/invoices/:token/online-orders/:orderId/test-pay",
    "Test mode's checkout pays a test order (only where PAYMENTS_TEST_MODE is on; 404 elsewhere)",
    {
      params: z.object({ token, orderId: z.string().min(1).max(100) }),
      body: noFields,
      responses: { 200: checkoutAnswer },
    },
  ),
  ...publicLinkRoutes(sharing, {
    base: "/api/invoices",
    noun: "invoice",
    answer: shareLinkAnswer,
    readSummary: "The invoice's public link and how often it was opened",
    makeRule: "issued invoices only",
  }),
  sharing.get("/api/invoices/:id/payment-reports", "Payments the client reported from the public page", {
    params: idParams,
    responses: { 200: z.object({ reports: z.array(paymentReportSchema) }) },
  }),
  sharing.post(
    "/api/invoices/:id/payment-reports/:reportId/confirm",
    "Confirm a reported payment: it is recorded as a UPI payment",
    {
      params: reportParams,
      body: reportConfirmBody,
      responses: { 200: z.object({ invoice: invoiceSummarySchema }) },
    },
  ),
  sharing.post("/api/invoices/:id/payment-reports/:reportId/dismiss", "Dismiss a reported payment", {
    params: reportParams,
    body: noFields,
    responses: { 200: paymentReportSchema },
  }),
  routeGroup("Online payments", "public").post(
    "/api/webhooks/razorpay/business/:webhookToken",
    "A business's own Razorpay webhook (its URL names the business; signed with its secret)",
    {
      params: z.object({ webhookToken: z.string().min(1).max(64) }),
      body: z.looseObject({}).describe("Razorpay's event, signed over its raw bytes"),
      responses: { 200: z.object({ status: z.string() }) },
    },
  ),
];
