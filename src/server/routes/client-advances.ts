import type { FastifyInstance } from "fastify";
import type { Advance } from "#contract/client-advances";
import { formatStateWithCode } from "#domain/gst-states";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import {
  type AdvanceWithBalance,
  createAdvance,
  deleteAdvance,
  listClientAdvances,
} from "../services/client-advances";
import { businessRoutes } from "./contract-route";

function presentAdvance(a: AdvanceWithBalance): Advance {
  return {
    id: a.id,
    clientId: a.clientId,
    currency: a.currency,
    amountMinor: Number(a.amountMinor),
    appliedMinor: a.appliedMinor,
    balanceMinor: a.balanceMinor,
    receivedOn: a.receivedOn,
    method: a.method,
    reference: a.reference,
    note: a.note,
    source: a.source,
    gst:
      a.tax && a.gstRatePercent !== null && a.placeOfSupply && a.taxSplit
        ? {
            ratePercent: a.gstRatePercent,
            placeOfSupply: a.placeOfSupply,
            placeOfSupplyName: formatStateWithCode(a.placeOfSupply),
            split: a.taxSplit,
            ...a.tax,
            voucherNumber: a.voucherNumber,
          }
        : null,
    createdAt: a.createdAt.toISOString(),
  };
}

/** Client advances (decision 0092): every answer is the client's advances with their balances. */
export function registerClientAdvanceRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);
  const answer = async (businessId: string, clientId: string) => ({
    advances: (await listClientAdvances(db, businessId, clientId)).map(presentAdvance),
  });

  route("GET /api/clients/:id/advances", async (me, request) => answer(me.businessId, request.params.id));

  route("POST /api/clients/:id/advances", async (me, request, reply) => {
    await createAdvance(db, me.businessId, request.params.id, request.body);
    return reply.status(201).send(await answer(me.businessId, request.params.id));
  });

  route("DELETE /api/clients/:id/advances/:advanceId", async (me, request) => {
    const { id, advanceId } = request.params;
    await deleteAdvance(db, me.businessId, advanceId, { clientId: id });
    return answer(me.businessId, id);
  });
}
