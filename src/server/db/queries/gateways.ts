import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { businessGateways } from "../schema";

// A business's own payment gateway (one per user). Every function names the owner.

export type GatewayRow = typeof businessGateways.$inferSelect;
export type GatewayFields = Omit<GatewayRow, "businessId" | "webhookToken" | "createdAt" | "updatedAt">;

/** A gateway in test mode (the server's test checkout): no keys or secrets of the business's own. */
export const TEST_MODE_GATEWAY: GatewayFields = {
  testMode: true,
  keyId: null,
  keySecretSealed: null,
  keySecretLast4: null,
  webhookSecretSealed: null,
};

export async function findGateway(db: Db, businessId: string): Promise<GatewayRow | undefined> {
  const [row] = await db.select().from(businessGateways).where(eq(businessGateways.businessId, businessId));
  return row;
}

/** The business a webhook URL names (its token is random, 192 bits). */
export async function findGatewayByWebhookToken(db: Db, token: string): Promise<GatewayRow | undefined> {
  const [row] = await db.select().from(businessGateways).where(eq(businessGateways.webhookToken, token));
  return row;
}

/** Saves the user's gateway; a new one gets `webhookToken`, an existing one keeps its own. */
export async function saveGateway(
  db: Db,
  p: { businessId: string; webhookToken: string; fields: GatewayFields },
): Promise<GatewayRow> {
  const [row] = await db
    .insert(businessGateways)
    .values({ businessId: p.businessId, webhookToken: p.webhookToken, ...p.fields })
    .onConflictDoUpdate({
      target: businessGateways.businessId,
      set: { ...p.fields, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteGateway(db: Db, businessId: string): Promise<void> {
  await db.delete(businessGateways).where(eq(businessGateways.businessId, businessId));
}
