import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { mailTemplates } from "../schema";

export type MailTemplatesRow = typeof mailTemplates.$inferSelect;

export async function findMailTemplates(db: Db, userId: string): Promise<MailTemplatesRow | undefined> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.userId, userId));
  return row;
}

export async function saveMailTemplates(
  db: Db,
  userId: string,
  fields: Pick<MailTemplatesRow, "sendSubject" | "sendMessage" | "reminderSubject" | "reminderMessage">,
): Promise<MailTemplatesRow> {
  const [row] = await db
    .insert(mailTemplates)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: mailTemplates.userId, set: { ...fields, updatedAt: new Date() } })
    .returning();
  return row!;
}
