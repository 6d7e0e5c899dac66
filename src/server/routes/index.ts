import type { FastifyInstance } from "fastify";
import type { ApiKeyAuthenticator } from "../auth/api-keys";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import type { Metrics } from "../metrics";
import type { BusinessGateways } from "../services/business-gateway";
import type { Mailer } from "../services/mail";
import type { MailOutbox } from "../services/mail-jobs";
import type { Payments } from "../services/payments";
import { registerAccountRoutes } from "./account";
import { registerActivityLogRoutes } from "./activity-log";
import { registerApiKeyRoutes } from "./api-keys";
import { registerBankStatementRoutes } from "./bank-statements";
import { registerBusinessRoutes } from "./businesses";
import { registerClientRoutes } from "./clients";
import { registerCreditRoutes } from "./credits";
import { registerDashboardRoutes } from "./dashboard";
import { registerDataRoutes } from "./data";
import { registerDocsRoutes } from "./docs";
import { registerFontRoutes } from "./fonts";
import { registerImageRoutes } from "./images";
import { registerImportRoutes } from "./imports";
import { registerInvoicePaymentRoutes } from "./invoice-payments";
import { registerInvoiceRoutes } from "./invoices";
import { registerMemberRoutes } from "./members";
import { registerPaymentGatewayRoutes } from "./payment-gateway";
import { registerPaymentRoutes } from "./payments";
import { registerProductRoutes } from "./products";
import { registerPublicInvoiceRoutes } from "./public-invoices";
import { registerPublicPageRoutes } from "./public-pages";
import { registerReportRoutes } from "./reports";
import { registerSettingsRoutes } from "./settings";
import { registerTallyRoutes } from "./tally";

export interface RouteDeps {
  app: FastifyInstance;
  auth: Auth;
  db: Db;
  config: Config;
  mailer: Mailer;
  metrics: Metrics;
  queue: JobQueue;
  outbox: MailOutbox;
  apiKeys: ApiKeyAuthenticator;
  payments: Payments;
  gateways: BusinessGateways;
}

/** Every feature's routes, one line each. */
export function registerFeatureRoutes(deps: RouteDeps) {
  const { app } = deps;
  registerAccountRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerBusinessRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerCreditRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerInvoicePaymentRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerTallyRoutes(app, deps);
  registerClientRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerPaymentGatewayRoutes(app, deps);
  registerPublicInvoiceRoutes(app, deps);
  registerPublicPageRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerDataRoutes(app, deps);
  registerActivityLogRoutes(app, deps);
  registerBankStatementRoutes(app, deps);
  registerFontRoutes(app);
  registerDocsRoutes(app);
}
