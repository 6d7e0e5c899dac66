import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { findProfile, renameUser } from "../db/queries/account";
import { orNotFound } from "../errors";

export type Profile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function readProfile(db: Db, userId: string): Promise<Profile> {
  const profile = orNotFound(await findProfile(db, userId), "Account");
  return profile;
}

/** Changes the account's full name and answers the profile as it now is. */
export async function renameProfile(db: Db, userId: string, fullName: string): Promise<Profile> {
  await renameUser(db, userId, fullName);
  return readProfile(db, userId);
}

/** Whether a password-reset link is still good, without using it up. */
export async function resetLinkIsValid(auth: Auth, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(token)) return false;
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && found.expiresAt > new Date());
}
