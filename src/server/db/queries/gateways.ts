import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { businessGateways } from "../schema";

// A business's own payment gateway (one per user). Every function names the owner.

export type GatewayRow = typeof businessGateways.$inferSelect;
export type GatewayFields = Omit<GatewayRow, "userId" | "webhookToken" | "createdAt" | "updatedAt">;

export async function findGateway(db: Db, userId: string): Promise<GatewayRow | undefined> {
  const [row] = await db.select().from(businessGateways).where(eq(businessGateways.userId, userId));
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
  p: { userId: string; webhookToken: string; fields: GatewayFields },
): Promise<GatewayRow> {
  const [row] = await db
    .insert(businessGateways)
    .values({ userId: p.userId, webhookToken: p.webhookToken, ...p.fields })
    .onConflictDoUpdate({
      target: businessGateways.userId,
      set: { ...p.fields, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteGateway(db: Db, userId: string): Promise<void> {
  await db.delete(businessGateways).where(eq(businessGateways.userId, userId));
}
