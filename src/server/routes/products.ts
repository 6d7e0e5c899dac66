import type { FastifyInstance } from "fastify";
import { QUANTITY_BY_PATCH } from "#contract/products";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { presentPage } from "../presenters/page";
import { presentInventorySummary, presentMovement, presentProduct } from "../presenters/products";
import {
  adjustStock,
  createProduct,
  deleteProduct,
  getProduct,
  inventorySummary,
  listMovements,
  listProducts,
  updateProduct,
} from "../services/products";
import { businessRoutes } from "./contract-route";

export function registerProductRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/products", async (me, request) => {
    const q = request.query;
    const list = await listProducts(db, { businessId: me.businessId, ...q });
    return { ...presentPage(list, q, presentProduct), currency: list.currency };
  });

  route("POST /api/products", async (me, request, reply) => {
    const created = await createProduct(db, me.businessId, request.body);
    return reply.status(201).send(presentProduct(created));
  });

  route("GET /api/products/:id", async (me, request) => {
    return presentProduct(await getProduct(db, me.businessId, request.params.id));
  });

  route(
    "PATCH /api/products/:id",
    async (me, request) => {
      return presentProduct(await updateProduct(db, me.businessId, request.params.id, request.body));
    },
    { prepareBody: refuseQuantityByPatch },
  );

  route("DELETE /api/products/:id", async (me, request, reply) => {
    await deleteProduct(db, me.businessId, request.params.id);
    return reply.status(204).send();
  });

  route("POST /api/products/:id/stock-adjustments", async (me, request, reply) => {
    const v = request.body;
    const done = await adjustStock(db, me.businessId, request.params.id, {
      changeUnits: v.change as number,
      note: v.note,
    });
    return reply
      .status(201)
      .send({ product: presentProduct(done.product), movement: presentMovement(done.movement) });
  });

  route("GET /api/products/:id/movements", async (me, request) => {
    const { limit } = request.query;
    const rows = await listMovements(db, me.businessId, request.params.id, limit);
    return { items: rows.map(presentMovement) };
  });

  route("GET /api/inventory/summary", async (me) => {
    return presentInventorySummary(await inventorySummary(db, me.businessId));
  });
}

/** Stock changes only through an adjustment, which the movements list records. */
function refuseQuantityByPatch(body: unknown): unknown {
  if (body && typeof body === "object" && ("availableQuantity" in body || "available_quantity" in body)) {
    throw new AppError("validation_failed", QUANTITY_BY_PATCH, { availableQuantity: QUANTITY_BY_PATCH });
  }
  return body;
}
