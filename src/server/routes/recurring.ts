import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import type { RenderQueue } from "../pdf/render-queue";
import { presentRecurringProfile, presentRecurringRun } from "../presenters/recurring";
import type { MailOutbox } from "../services/mail-jobs";
import {
  changeRecurringProfile,
  createRecurringProfile,
  readRecurringProfile,
  readRecurringProfiles,
  removeRecurringProfile,
  runRecurringProfileNow,
} from "../services/recurring";
import { businessRoutes } from "./contract-route";

/** Recurring profiles (the job that makes their invoices: jobs/schedules.ts). */
export function registerRecurringRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: RenderQueue; outbox: MailOutbox; publicUrl: string },
) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  const one = async (businessId: string, id: string) => {
    const { row, runs } = await readRecurringProfile(db, businessId, id);
    return presentRecurringProfile(row, runs.filter((r) => r.outcome === "created").length);
  };

  route("POST /api/invoices/:id/recurring", async (me, request, reply) => {
    const input = request.body;
    const row = await createRecurringProfile(db, me.businessId, request.params.id, input);
    // A start date in the past: the periods already due are made now, as the user confirmed.
    await runRecurringProfileNow(
      { db, queue: deps.renderer, outbox: deps.outbox, publicUrl: deps.publicUrl },
      me.businessId,
      row.id,
    );
    return reply.status(201).send(await one(me.businessId, row.id));
  });

  route("GET /api/recurring", async (me) => {
    const rows = await readRecurringProfiles(db, me.businessId);
    return { items: rows.map(({ row, invoicesMade }) => presentRecurringProfile(row, invoicesMade)) };
  });

  route("GET /api/recurring/:id", async (me, request) => {
    const { row, runs } = await readRecurringProfile(db, me.businessId, request.params.id);
    return {
      profile: presentRecurringProfile(row, runs.filter((r) => r.outcome === "created").length),
      runs: runs.map(presentRecurringRun),
    };
  });

  route("PUT /api/recurring/:id", async (me, request) => {
    const input = request.body;
    await changeRecurringProfile(db, me.businessId, request.params.id, { kind: "edit", ...input });
    return one(me.businessId, request.params.id);
  });

  for (const kind of ["pause", "resume", "stop"] as const) {
    route(`POST /api/recurring/:id/${kind}`, async (me, request) => {
      await changeRecurringProfile(db, me.businessId, request.params.id, { kind });
      return one(me.businessId, request.params.id);
    });
  }

  route("DELETE /api/recurring/:id", async (me, request, reply) => {
    await removeRecurringProfile(db, me.businessId, request.params.id);
    return reply.status(204).send();
  });
}
