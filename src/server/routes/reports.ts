import type { FastifyInstance } from "fastify";
import { gstr1Csv } from "#domain/gst-gstr1-csv";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { presentGstr1Summary } from "../presenters/reports";
import { ewayBillDownload } from "../services/eway-bills";
import { downloadGstr1, invoiceEInvoice, noteEInvoice, userGstr1 } from "../services/gst-returns";
import { sendAttachment } from "./attachment";
import { businessRoutes } from "./contract-route";

// GSTR-1 and e-invoice downloads. API keys (read) reach them like the invoice routes; none costs a credit.

export function registerReportRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/reports/gstr1", async (me, request, reply) => {
    const query = request.query;
    const gstr1 = await downloadGstr1(db, me.businessId, query);
    const base = `GSTR1_${gstr1.gstin}_${gstr1.report.fp}`;
    if (query.format === "csv" && query.section) {
      return sendAttachment(reply, {
        type: "csv",
        fileName: `${base}_${query.section}.csv`,
        body: gstr1Csv(gstr1.report, query.section, gstr1.receiverNames),
      });
    }
    return sendAttachment(reply, {
      type: "json",
      fileName: `${base}.json`,
      body: JSON.stringify(gstr1.report),
    });
  });

  route("GET /api/reports/gstr1/summary", async (me, request) => {
    const { period } = request.query;
    return presentGstr1Summary(period, await userGstr1(db, me.businessId, period));
  });

  route("GET /api/invoices/:id/einvoice", async (me, request, reply) => {
    const { fileName, payload } = await invoiceEInvoice(db, me.businessId, request.params.id);
    return sendAttachment(reply, { type: "json", fileName, body: JSON.stringify(payload) });
  });

  route("GET /api/credit-notes/:id/einvoice", async (me, request, reply) => {
    const { fileName, payload } = await noteEInvoice(db, me.businessId, request.params.id);
    return sendAttachment(reply, { type: "json", fileName, body: JSON.stringify(payload) });
  });

  route("POST /api/eway-bills", async (me, request, reply) => {
    const { fileName, file } = await ewayBillDownload(db, me.businessId, request.body);
    return sendAttachment(reply, { type: "json", fileName, body: JSON.stringify(file) });
  });
}
