import { accountRoutes } from "./account";
import { activityLogRoutes } from "./activity-log";
import { apiKeyRoutes } from "./api-keys";
import { authRoutes } from "./auth";
import { bankStatementRoutes } from "./bank-statements";
import { businessRoutes } from "./businesses";
import { clientAdvanceRoutes } from "./client-advances";
import { clientRoutes } from "./clients";
import { creditNoteRoutes } from "./credit-notes";
import { creditRoutes } from "./credits";
import { dashboardRoutes } from "./dashboard";
import { dataRoutes } from "./data";
import { ewayBillRoutes } from "./eway-bills";
import { imageRoutes } from "./images";
import { importRoutes } from "./imports";
import { activityRoutes, invoicePaymentRoutes, sendRoutes } from "./invoice-payments";
import { invoiceRoutes } from "./invoices";
import { memberRoutes } from "./members";
import { paymentGatewayRoutes, reminderRoutes } from "./payment-gateway";
import { paymentRoutes } from "./payments";
import { productRoutes } from "./products";
import { publicInvoiceRoutes } from "./public-invoices";
import { preInvoiceKindRoutes, quoteRoutes } from "./quotes";
import { recurringRoutes } from "./recurring";
import { type KeyOf, type RouteContract, routeKey } from "./registry";
import { reportRoutes } from "./reports";
import { settingsRoutes } from "./settings";
import { statementRoutes } from "./statements";
import { systemRoutes } from "./system";
import { tallyRoutes } from "./tally";
import { tdsRoutes } from "./tds";

export type { Answer, Input, Parsed, RouteContract } from "./registry";

const ROUTES = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...apiKeyRoutes,
  ...businessRoutes,
  ...memberRoutes,
  ...settingsRoutes,
  ...clientRoutes,
  ...importRoutes,
  ...productRoutes,
  ...invoiceRoutes,
  ...invoicePaymentRoutes,
  ...sendRoutes,
  ...activityRoutes,
  ...creditNoteRoutes,
  ...statementRoutes,
  ...dashboardRoutes,
  ...reportRoutes,
  ...ewayBillRoutes,
  ...tallyRoutes,
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
  ...activityLogRoutes,
  ...bankStatementRoutes,
  ...tdsRoutes,
  ...clientAdvanceRoutes,
];

/** Every route of the HTTP API: the OpenAPI document, the session guard and the fuzz test read it. */
export const API_ROUTES: readonly RouteContract[] = ROUTES;

type ApiRoute = (typeof ROUTES)[number];
/** "GET /api/clients/:id" for every route of the API. */
export type ApiKey = KeyOf<ApiRoute>;
/** The contract a key names (a path built from a list, e.g. /api/recurring/:id/pause, too). */
export type ContractAt<K extends ApiKey> = ApiRoute extends infer C
  ? C extends RouteContract
    ? K extends KeyOf<C>
      ? C
      : never
    : never
  : never;

const byKey = new Map<string, RouteContract>(API_ROUTES.map((r) => [routeKey(r.method, r.path), r]));

/** The contract named by its key; an unknown key is a programming error, found at start. */
export function contractAt<K extends ApiKey>(key: K): ContractAt<K> {
  const contract = byKey.get(key);
  if (!contract) throw new Error(`No contract for ${key}`);
  return contract as ContractAt<K>;
}

/** The contract of the route Fastify matched (its pattern, e.g. /api/clients/:id). */
export const contractOf = (method: string, path: string | undefined) =>
  path === undefined ? undefined : byKey.get(routeKey(method, path));
