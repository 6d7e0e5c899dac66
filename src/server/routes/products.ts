import type { FastifyInstance } from "fastify";
import {
  productAdjustment,
  productCreate,
  productListQuery,
  productMovementsQuery,
  productPatch,
  QUANTITY_BY_PATCH,
} from "#contract/products";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
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
import { parseBody } from "./validate";

export function registerProductRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/products", async (request) => {
    const me = await requireUser(auth, request);
    const q = parseBody(productListQuery, request.query);
    const list = await listProducts(db, { userId: me.id, ...q });
    return { ...presentPage(list, q, presentProduct), currency: list.currency };
  });

  app.post("/api/products", async (request, reply) => {
    const me = await requireUser(auth, request);
    const created = await createProduct(db, me.id, parseBody(productCreate, request.body));
    return reply.status(201).send(presentProduct(created));
  });

  app.get<{ Params: { id: string } }>("/api/products/:id", async (request) => {
    const me = await requireUser(auth, request);
    return presentProduct(await getProduct(db, me.id, request.params.id));
  });

  app.patch<{ Params: { id: string } }>("/api/products/:id", async (request) => {
    const me = await requireUser(auth, request);
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object" && ("availableQuantity" in body || "available_quantity" in body)) {
      throw new AppError("validation_failed", QUANTITY_BY_PATCH, { availableQuantity: QUANTITY_BY_PATCH });
    }
    const updated = await updateProduct(db, me.id, request.params.id, parseBody(productPatch, body));
    return presentProduct(updated);
  });

  app.delete<{ Params: { id: string } }>("/api/products/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteProduct(db, me.id, request.params.id);
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>("/api/products/:id/stock-adjustments", async (request, reply) => {
    const me = await requireUser(auth, request);
    const v = parseBody(productAdjustment, request.body);
    const done = await adjustStock(db, me.id, request.params.id, {
      changeUnits: v.change as number,
      note: v.note,
    });
    return reply
      .status(201)
      .send({ product: presentProduct(done.product), movement: presentMovement(done.movement) });
  });

  app.get<{ Params: { id: string } }>("/api/products/:id/movements", async (request) => {
    const me = await requireUser(auth, request);
    const { limit } = parseBody(productMovementsQuery, request.query);
    const rows = await listMovements(db, me.id, request.params.id, limit);
    return { items: rows.map(presentMovement) };
  });

  app.get("/api/inventory/summary", async (request) => {
    const me = await requireUser(auth, request);
    return presentInventorySummary(await inventorySummary(db, me.id));
  });
}
