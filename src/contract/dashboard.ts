import { z } from "zod";
import { id, isoDate } from "./common";
import { invoiceSummarySchema } from "./invoices";
import { routeGroup } from "./registry";

const amount = z.object({ amountMinor: z.number().int(), count: z.number().int() });
const figures = z.object({ invoiced: amount, paid: amount, outstanding: amount, overdue: amount });

export const dashboardSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  today: isoDate,
  month: figures,
  financialYear: figures.extend({ label: z.string() }),
  otherCurrencies: z.array(
    z.object({
      currency: z.string(),
      invoicedMinor: z.number().int(),
      paidMinor: z.number().int(),
      outstandingMinor: z.number().int(),
    }),
  ),
  revenueByMonth: z.array(
    z.object({ month: z.string(), invoicedMinor: z.number().int(), paidMinor: z.number().int() }),
  ),
  statusBreakdown: z.array(
    z.object({
      status: invoiceSummarySchema.shape.displayStatus,
      count: z.number().int(),
      amountMinor: z.number().int(),
    }),
  ),
  /** Per currency, the default first: received (by payment date), owed and how late. */
  receivables: z.array(
    z.object({
      currency: z.string(),
      receivedMonthMinor: z.number().int(),
      receivedYearMinor: z.number().int(),
      outstandingMinor: z.number().int(),
      ageing: z.object({
        current: z.number().int(),
        "1-30": z.number().int(),
        "31-60": z.number().int(),
        "61-90": z.number().int(),
        "90+": z.number().int(),
      }),
      /** Another currency's balance in paise at each invoice's own rate (decision 0089). */
      outstandingInrMinor: z.number().int().optional(),
      /** That currency's due invoices without a rate (not in outstandingInrMinor). */
      withoutRate: z.number().int().optional(),
    }),
  ),
  recent: z.array(invoiceSummarySchema),
  lowStock: z.array(
    z.object({
      id,
      name: z.string(),
      unit: z.string(),
      availableQuantity: z.string().nullable(),
      lowStockLevel: z.string().nullable(),
    }),
  ),
  credits: z.number().int(),
  /** TDS clients deducted (in rupees) not yet ticked as seen in Form 26AS (decision 0088). */
  tdsReceivable: amount,
});

export type Dashboard = z.output<typeof dashboardSchema>;
export type Figures = Dashboard["month"];

export const dashboardRoutes = [
  routeGroup("Dashboard").get(
    "/api/dashboard",
    "This month's and this financial year's figures, recent invoices, low stock",
    { responses: { 200: dashboardSchema } },
  ),
];
