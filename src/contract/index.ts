import { accountRoutes } from "./account";
import { apiKeyRoutes } from "./api-keys";
import { authRoutes } from "./auth";
import { clientRoutes } from "./clients";
import { creditNoteRoutes } from "./credit-notes";
import { creditRoutes } from "./credits";
import { dashboardRoutes } from "./dashboard";
import { dataRoutes } from "./data";
import { imageRoutes } from "./images";
import { importRoutes } from "./imports";
import { activityRoutes, invoicePaymentRoutes, sendRoutes } from "./invoice-payments";
import { invoiceRoutes } from "./invoices";
import { paymentGatewayRoutes, reminderRoutes } from "./payment-gateway";
import { paymentRoutes } from "./payments";
import { productRoutes } from "./products";
import { publicInvoiceRoutes } from "./public-invoices";
import { preInvoiceKindRoutes, quoteRoutes } from "./quotes";
import { recurringRoutes } from "./recurring";
import { type RouteContract, routeKey } from "./registry";
import { reportRoutes } from "./reports";
import { settingsRoutes } from "./settings";
import { systemRoutes } from "./system";

export type { RouteContract } from "./registry";

/** Every route of the HTTP API: the OpenAPI document, the session guard and the fuzz test read it. */
export const API_ROUTES: readonly RouteContract[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...apiKeyRoutes,
  ...settingsRoutes,
  ...clientRoutes,
  ...importRoutes,
  ...productRoutes,
  ...invoiceRoutes,
  ...invoicePaymentRoutes,
  ...sendRoutes,
  ...activityRoutes,
  ...creditNoteRoutes,
  ...dashboardRoutes,
  ...reportRoutes,
  ...creditRoutes,
  ...paymentRoutes,
  ...paymentGatewayRoutes,
  ...reminderRoutes,
  ...recurringRoutes,
  ...quoteRoutes,
  ...preInvoiceKindRoutes,
  ...publicInvoiceRoutes,
  ...imageRoutes,
  ...dataRoutes,
];

const byKey = new Map(API_ROUTES.map((r) => [routeKey(r.method, r.path), r]));

/** The contract of the route Fastify matched (its pattern, e.g. /api/clients/:id). */
export const contractOf = (method: string, path: string | undefined) =>
  path === undefined ? undefined : byKey.get(routeKey(method, path));
