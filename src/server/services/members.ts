import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { InvitationAnswer, InvitationPreview, MemberAnswer } from "#contract/members";
import type { BusinessRole } from "#domain/businesses";
import { INVITATION_MS, invitationState, leavesNoOwner, ROLE_LABELS } from "#domain/roles";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findMyBusiness, setSessionBusiness } from "../db/queries/businesses";
import {
  claimInvitation,
  deleteMember,
  findInvitation,
  findInvitationByToken,
  findMember,
  type InvitationRow,
  insertInvitation,
  insertMember,
  listMembers,
  listOpenInvitations,
  lockOwners,
  type MemberRow,
  renewInvitation,
  revokeInvitation,
  setMemberRole,
} from "../db/queries/members";
import { AppError, notFound, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";
import { businessSender } from "./business-mail";
import type { Mailer } from "./mail";

// Members and invitations (issue 31 phase 2, decision 0076). Each change of membership happens in
// one transaction that first locks the business, so the last owner rule holds under concurrency.

/** Who asks: a member of the business, already let through by the route's role check. */
export interface Asker {
  businessId: string;
  userId: string;
}

const LAST_OWNER = "A business needs at least one owner. Make another member an owner first.";
const INVITATION_CLOSED: Record<string, string> = {
  accepted: "This invitation has already been used. Ask the owner for a new one.",
  revoked: "This invitation was withdrawn by the business. Ask the owner for a new one.",
  expired: "This invitation has expired (they last 7 days). Ask the owner for a new one.",
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function presentMember(row: MemberRow, askerId: string): MemberAnswer {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    you: row.userId === askerId,
  };
}

/** What an invitation offers, to whom and until when: the owners' list and the invited person see it. */
function invitationTerms(row: InvitationRow) {
  return {
    email: row.email,
    role: row.role,
    state: invitationState(row, now()),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function presentInvitation(row: InvitationRow): InvitationAnswer {
  return { id: row.id, ...invitationTerms(row), createdAt: row.createdAt.toISOString() };
}

export async function readMembers(db: Db, asker: Asker) {
  const [members, invitations] = await Promise.all([
    listMembers(db, asker.businessId),
    listOpenInvitations(db, asker.businessId),
  ]);
  return {
    members: members.map((m) => presentMember(m, asker.userId)),
    invitations: invitations.map(presentInvitation),
  };
}

/** Stores the invitation and mails its link (the only place the token is ever seen). */
export async function inviteMember(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  asker: Asker & { name: string },
  input: { email: string; role: BusinessRole },
): Promise<InvitationAnswer> {
  const { db } = deps;
  const email = input.email.trim();
  const members = await listMembers(db, asker.businessId);
  if (members.some((m) => m.email.toLowerCase() === email.toLowerCase())) {
    throw new AppError("already_member", `${email} is already a member of this business.`);
  }
  const business = await findMyBusiness(db, { userId: asker.userId, businessId: asker.businessId });
  if (!business) throw notFound("Business");
  const token = randomBytes(32).toString("base64url");
  const at = now();
  // The invitation and its entry in the activity log (decision 0077) together.
  const row = await db.transaction(async (tx) => {
    const invitation = await insertInvitation(tx, {
      id: randomUUID(),
      businessId: asker.businessId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: asker.userId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + INVITATION_MS),
    });
    await recordActivity(tx, {
      businessId: asker.businessId,
      action: "member_invited",
      record: { kind: "member", id: invitation.id, label: email },
      detail: { role: input.role },
    });
    return invitation;
  });
  await mailInvitation(deps, asker, { name: business.name, email, role: input.role, token });
  return presentInvitation(row);
}

/** The invitation's mail: from the business (its name, replies to its address), the link inside. */
async function mailInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  asker: Asker & { name: string },
  p: { name: string; email: string; role: BusinessRole; token: string },
) {
  const link = `${deps.publicUrl}/auth?invitation=${encodeURIComponent(p.token)}`;
  const who = asker.name || "An owner";
  await deps.mailer.send({
    to: p.email,
    onBehalfOf: await businessSender(deps.db, asker.businessId),
    subject: `${who} invited you to ${p.name} on Bahi`,
    secretLinks: true,
    text: [
      "Hello,",
      "",
      `${who} invited you to join ${p.name} on Bahi as ${articleOf(p.role)} ${ROLE_LABELS[p.role].toLowerCase()}.`,
      "",
      "Open this link to sign in, or to create your Bahi account with this e-mail address, and join:",
      link,
      "",
      "The link works once, for 7 days. If you did not expect this, you can ignore this mail.",
      "",
      "Bahi",
    ].join("\n"),
  });
}

const articleOf = (role: BusinessRole) => (role === "owner" ? "an" : role === "accountant" ? "an" : "a");

/**
 * Sends an invitation again with a new link and seven more days (decision 0079): the old link dies
 * in the same statement. One that was accepted or withdrawn is closed: invite again instead.
 */
export async function resendInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  asker: Asker & { name: string },
  id: string,
): Promise<InvitationAnswer> {
  const { db } = deps;
  const business = await findMyBusiness(db, { userId: asker.userId, businessId: asker.businessId });
  if (!business) throw notFound("Invitation");
  const token = randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    const renewed = await renewInvitation(tx, {
      businessId: asker.businessId,
      id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + INVITATION_MS),
    });
    if (!renewed) {
      const existing = await findInvitation(tx, { businessId: asker.businessId, id });
      if (!existing) throw notFound("Invitation");
      throw new AppError(
        "invitation_closed",
        existing.acceptedAt
          ? `${existing.email} has already joined.`
          : `This invitation was withdrawn. Invite ${existing.email} again instead.`,
      );
    }
    await recordActivity(tx, {
      businessId: asker.businessId,
      action: "member_invited",
      record: { kind: "member", id: renewed.id, label: renewed.email },
      detail: { role: renewed.role, resent: true },
    });
    return renewed;
  });
  await mailInvitation(deps, asker, { name: business.name, email: row.email, role: row.role, token });
  return presentInvitation(row);
}

export async function withdrawInvitation(db: Db, asker: Asker, id: string): Promise<InvitationAnswer> {
  return db.transaction(async (tx) => {
    const revoked = await revokeInvitation(tx, { businessId: asker.businessId, id, at: now() });
    if (!revoked) throw notFound("Invitation");
    const { row } = revoked;
    // Withdrawn by this call (not earlier, nor accepted already): worth an entry.
    if (revoked.revokedNow) {
      await recordActivity(tx, {
        businessId: asker.businessId,
        action: "invitation_withdrawn",
        record: { kind: "member", id: row.id, label: row.email },
        detail: { role: row.role },
      });
    }
    return presentInvitation(row);
  });
}

/** Locks the business for a change of one member: its count of owners and the member (404 if none). */
async function lockMember(tx: Db, asker: Asker, userId: string) {
  const owners = await lockOwners(tx, asker.businessId);
  const member = orNotFound(await findMember(tx, { businessId: asker.businessId, userId }), "Member");
  return { owners, member };
}

export async function changeMemberRole(
  db: Db,
  asker: Asker,
  p: { userId: string; role: BusinessRole },
): Promise<MemberAnswer> {
  await db.transaction(async (tx) => {
    const { owners, member } = await lockMember(tx, asker, p.userId);
    if (leavesNoOwner({ owners, losesOwner: member.role === "owner" && p.role !== "owner" })) {
      throw new AppError("last_owner", `${member.name || member.email} is the only owner. ${LAST_OWNER}`);
    }
    await setMemberRole(tx, { businessId: asker.businessId, userId: p.userId, role: p.role });
    if (member.role !== p.role) {
      await recordActivity(tx, {
        businessId: asker.businessId,
        action: "member_role_changed",
        record: { kind: "member", id: p.userId, label: member.name || member.email },
        detail: { from: member.role, to: p.role },
      });
    }
  });
  const changed = await findMember(db, { businessId: asker.businessId, userId: p.userId });
  if (!changed) throw notFound("Member");
  return presentMember(changed, asker.userId);
}

/** Removes a member (an owner removing someone, or a person leaving: `userId` is then their own). */
export async function removeMember(db: Db, asker: Asker, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { owners, member } = await lockMember(tx, asker, userId);
    if (leavesNoOwner({ owners, losesOwner: member.role === "owner" })) {
      const who =
        userId === asker.userId
          ? "You are the only owner."
          : `${member.name || member.email} is the only owner.`;
      throw new AppError("last_owner", `${who} ${LAST_OWNER}`);
    }
    await deleteMember(tx, { businessId: asker.businessId, userId });
    await recordActivity(tx, {
      businessId: asker.businessId,
      action: "member_removed",
      record: { kind: "member", id: userId, label: member.name || member.email },
      detail: { role: member.role, left: userId === asker.userId },
    });
  });
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = orNotFound(await findInvitationByToken(db, hashToken(token)), "Invitation");
  return { businessName: row.businessName, ...invitationTerms(row) };
}

/**
 * Joins the business of the invitation, once, as the signed-in person whose e-mail address it was
 * sent to; the session then works in that business.
 */
export async function acceptInvitation(
  db: Db,
  person: { id: string; email: string; sessionId: string | null },
  token: string,
): Promise<{ businessId: string; businessName: string; role: BusinessRole }> {
  const tokenHash = hashToken(token);
  const found = orNotFound(await findInvitationByToken(db, tokenHash), "Invitation");
  const state = invitationState(found, now());
  if (state !== "pending") throw new AppError("invitation_closed", INVITATION_CLOSED[state]!);
  if (found.email.toLowerCase() !== person.email.toLowerCase()) {
    throw new AppError(
      "invitation_not_for_you",
      `This invitation is for ${found.email}. Sign in with that e-mail address to accept it.`,
    );
  }
  await db.transaction(async (tx) => {
    const claimed = await claimInvitation(tx, { tokenHash, userId: person.id, at: now() });
    if (!claimed) throw new AppError("invitation_closed", INVITATION_CLOSED.accepted!);
    if (
      !(await insertMember(tx, { businessId: claimed.businessId, userId: person.id, role: claimed.role }))
    ) {
      throw new AppError("already_member", `You are already a member of ${found.businessName}.`);
    }
    if (person.sessionId) {
      await setSessionBusiness(tx, {
        sessionId: person.sessionId,
        userId: person.id,
        businessId: claimed.businessId,
      });
    }
  });
  return { businessId: found.businessId, businessName: found.businessName, role: found.role };
}
