import { randomUUID } from "node:crypto";
import type { ApiKeyAnswer, ApiKeyCreated } from "#contract/api-keys";
import type { BusinessRole } from "#domain/businesses";
import { mayGrant, ROLE_LABELS } from "#domain/roles";
import { type ApiKeyScope, newApiKey } from "../auth/api-keys";
import type { Db } from "../db/client";
import { type ApiKeyRow, insertApiKey, listApiKeys, revokeApiKey } from "../db/queries/api-keys";
import { AppError } from "../errors";
import { recordActivity } from "./activity-log";

/** Live keys per user: enough for every tool a business connects, few enough to keep track of. */
export const MAX_LIVE_KEYS = 20;

export function presentApiKey(row: ApiKeyRow): ApiKeyAnswer {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function createApiKey(
  db: Db,
  maker: { businessId: string; userId: string; role: BusinessRole },
  input: { name: string; scope: ApiKeyScope; role?: BusinessRole },
): Promise<ApiKeyCreated> {
  const role = input.role ?? maker.role;
  if (!mayGrant(maker.role, role)) {
    throw new AppError(
      "role_forbidden",
      `${ROLE_LABELS[maker.role]} cannot make a key with the ${role} role: a key acts within its maker's role.`,
    );
  }
  const { key, prefix, hash } = newApiKey();
  const { businessId } = maker;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiKey(
      tx,
      {
        id: randomUUID(),
        businessId,
        createdBy: maker.userId,
        name: input.name,
        prefix,
        keyHash: hash,
        scope: input.scope,
        role,
      },
      MAX_LIVE_KEYS,
    );
    if (!inserted) {
      throw new AppError(
        "validation_failed",
        `You can have at most ${MAX_LIVE_KEYS} API keys. Revoke one first.`,
      );
    }
    await recordActivity(tx, {
      businessId,
      action: "key_created",
      record: { kind: "api_key", id: inserted.id, label: inserted.name },
      detail: { scope: inserted.scope, prefix: inserted.prefix },
    });
    return inserted;
  });
  return { ...presentApiKey(row), key };
}

export async function userApiKeys(db: Db, businessId: string): Promise<ApiKeyAnswer[]> {
  return (await listApiKeys(db, businessId)).map(presentApiKey);
}

/** An owner revokes any key of the business; another member only the keys they made. */
export async function revokeUserApiKey(
  db: Db,
  member: { businessId: string; userId: string; role: BusinessRole },
  id: string,
): Promise<ApiKeyAnswer> {
  const { businessId } = member;
  const madeBy = member.role === "owner" ? undefined : member.userId;
  const row = await db.transaction(async (tx) => {
    const revoked = await revokeApiKey(tx, { businessId, id, madeBy });
    if (!revoked) throw new AppError("not_found", "API key not found.");
    await recordActivity(tx, {
      businessId,
      action: "key_revoked",
      record: { kind: "api_key", id: revoked.id, label: revoked.name },
    });
    return revoked;
  });
  return presentApiKey(row);
}
