import { z } from "zod";
import { BUSINESS_ROLES } from "#domain/businesses";
import { isValidEmail } from "#domain/validation";
import { id, idParams, text } from "./common";
import { route } from "./registry";

// Members of the current business and invitations to join it (issue 31 phase 2, decision 0076).
// Owners manage them; anyone may leave; an invitation's link is opened by the person invited.

const role = z.enum(BUSINESS_ROLES, "Role must be owner, accountant or staff.");
const email = text(254, "E-mail").refine(isValidEmail, "Enter a valid e-mail address.");

export const memberAnswer = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  joinedAt: z.string(),
  /** The member is the person asking. */
  you: z.boolean(),
});
export type MemberAnswer = z.output<typeof memberAnswer>;

export const invitationAnswer = z.object({
  id: z.string(),
  email: z.string(),
  role,
  state: z.enum(["pending", "accepted", "revoked", "expired"]),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationAnswer = z.output<typeof invitationAnswer>;

/** What the invitation page shows before the person joins. */
export const invitationPreview = z.object({
  businessName: z.string(),
  email: z.string(),
  role,
  state: z.enum(["pending", "accepted", "revoked", "expired"]),
  expiresAt: z.string(),
});
export type InvitationPreview = z.output<typeof invitationPreview>;

const tokenParams = z.object({ token: z.string().min(1).max(100) });
const memberParams = z.object({ userId: id });

const tag = "Members";
export const memberRoutes = [
  route({
    method: "GET",
    path: "/api/members",
    summary: "The current business's members and its invitations not yet accepted (owners)",
    tag,
    auth: "user",
    responses: { 200: z.object({ members: z.array(memberAnswer), invitations: z.array(invitationAnswer) }) },
  }),
  route({
    method: "POST",
    path: "/api/members/invitations",
    summary: "Invite a person by e-mail with a role; the mail's link is valid 7 days, once (owners)",
    tag,
    auth: "user",
    body: z.object({ email, role }),
    responses: { 201: invitationAnswer },
  }),
  route({
    method: "DELETE",
    path: "/api/members/invitations/:id",
    summary: "Revoke an invitation not yet accepted (owners)",
    tag,
    auth: "user",
    params: idParams,
    responses: { 200: invitationAnswer },
  }),
  route({
    method: "POST",
    path: "/api/members/invitations/:id/resend",
    summary:
      "Send an invitation not yet accepted again: a new link, valid 7 days from now; the old link stops working (owners)",
    tag,
    auth: "user",
    params: idParams,
    body: z.object({}),
    responses: { 200: invitationAnswer },
  }),
  route({
    method: "PATCH",
    path: "/api/members/:userId",
    summary: "Change a member's role; the last owner cannot be demoted (owners)",
    tag,
    auth: "user",
    params: memberParams,
    body: z.object({ role }),
    responses: { 200: memberAnswer },
  }),
  route({
    method: "DELETE",
    path: "/api/members/:userId",
    summary: "Remove a member; the last owner cannot be removed (owners)",
    tag,
    auth: "user",
    params: memberParams,
    responses: { 204: null },
  }),
  route({
    method: "POST",
    path: "/api/members/leave",
    summary: "Leave the current business (its last owner cannot); the session moves to another business",
    tag,
    auth: "user",
    body: z.object({}),
    responses: { 204: null },
  }),
  route({
    method: "GET",
    path: "/api/invitations/:token",
    summary: "An invitation's business, e-mail address, role and state (for its link's page)",
    tag,
    auth: "public",
    params: tokenParams,
    responses: { 200: invitationPreview },
  }),
  route({
    method: "POST",
    path: "/api/invitations/:token/accept",
    summary:
      "Join the business as the invitation says; the signed-in person's e-mail must be the invited one",
    tag,
    auth: "user",
    params: tokenParams,
    body: z.object({}),
    responses: { 200: z.object({ businessId: z.string(), businessName: z.string(), role }) },
  }),
];
