import type { FastifyInstance } from "fastify";
import { gatewayConnectBody } from "#contract/payment-gateway";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import {
  type BusinessGateways,
  connectGateway,
  disconnectGateway,
  readGateway,
} from "../services/business-gateway";
import { parseBody } from "./validate";

/** Settings → Payments: the business's own Razorpay account. */
export function registerPaymentGatewayRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; gateways: BusinessGateways },
) {
  const { auth, gateways } = deps;

  app.get("/api/settings/payment-gateway", async (request) => {
    const me = await requireUser(auth, request);
    return readGateway(gateways, me.id);
  });

  app.put("/api/settings/payment-gateway", async (request) => {
    const me = await requireUser(auth, request);
    return connectGateway(gateways, me.id, parseBody(gatewayConnectBody, request.body));
  });

  app.delete("/api/settings/payment-gateway", async (request) => {
    const me = await requireUser(auth, request);
    return disconnectGateway(gateways, me.id);
  });
}
