import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import {
  type BusinessGateways,
  connectGateway,
  disconnectGateway,
  readGateway,
} from "../services/business-gateway";
import type { MailOutbox } from "../services/mail-jobs";
import { readMailTemplates, updateMailTemplates } from "../services/mail-templates";
import { readReminderSettings, switchInvoiceReminders, updateReminderSettings } from "../services/reminders";
import { businessRoutes } from "./contract-route";

/** Settings → Online payments (the business's own Razorpay account) and payment reminders. */
export function registerPaymentGatewayRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    db: Db;
    gateways: BusinessGateways;
    queue: JobQueue;
    outbox: MailOutbox;
    config: Config;
  },
) {
  const { auth, gateways, db } = deps;
  const route = businessRoutes(app, auth);

  // Payment reminders: the schedule, the per-invoice switch, and the job that sends them.
  route("GET /api/settings/reminders", async (me) => {
    return readReminderSettings(db, me.businessId);
  });
  route("PUT /api/settings/reminders", async (me, request) => {
    return updateReminderSettings(db, me.businessId, request.body);
  });
  route("GET /api/settings/mail-templates", async (me) => {
    return readMailTemplates(db, me.businessId);
  });
  route("PUT /api/settings/mail-templates", async (me, request) => {
    return updateMailTemplates(db, me.businessId, request.body);
  });
  route("POST /api/invoices/:id/reminders", async (me, request) => {
    const { off } = request.body;
    return switchInvoiceReminders(db, me.businessId, request.params.id, off);
  });

  route("GET /api/settings/payment-gateway", async (me) => {
    return readGateway(gateways, me.businessId);
  });

  route("PUT /api/settings/payment-gateway", async (me, request) => {
    return connectGateway(gateways, me.businessId, request.body);
  });

  route("DELETE /api/settings/payment-gateway", async (me) => {
    return disconnectGateway(gateways, me.businessId);
  });
}
