import { z } from "zod";
import { BUSINESS_ROLES } from "#domain/businesses";
import { isValidEmail } from "#domain/validation";
import { id, idParams, text } from "./common";
import { routeGroup } from "./registry";

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

/** An invitation's state, as the members list and the invitation page show it. */
const invitationState = z.enum(["pending", "accepted", "revoked", "expired"]);

export const invitationAnswer = z.object({
  id: z.string(),
  email: z.string(),
  role,
  state: invitationState,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationAnswer = z.output<typeof invitationAnswer>;

/** What the invitation page shows before the person joins. */
export const invitationPreview = z.object({
  businessName: z.string(),
  email: z.string(),
  role,
  state: invitationState,
  expiresAt: z.string(),
});
export type InvitationPreview = z.output<typeof invitationPreview>;

const tokenParams = z.object({ token: z.string().min(1).max(100) });
const memberParams = z.object({ userId: id });

const members = routeGroup("Members");
export const memberRoutes = [
  members.get(
    "/api/members",
    "The current business's members and its invitations not yet accepted (owners)",
    {
      responses: {
        200: z.object({ members: z.array(memberAnswer), invitations: z.array(invitationAnswer) }),
      },
    },
  ),
  members.post(
    "/api/members/invitations",
    "Invite a person by e-mail with a role; the mail's link is valid 7 days, once (owners)",
    { body: z.object({ email, role }), responses: { 201: invitationAnswer } },
  ),
  members.delete("/api/members/invitations/:id", "Revoke an invitation not yet accepted (owners)", {
    params: idParams,
    responses: { 200: invitationAnswer },
  }),
  members.post(
    "/api/members/invitations/:id/resend",
    "Send an invitation not yet accepted again: a new link, valid 7 days from now; the old link stops working (owners)",
    { params: idParams, body: z.object({}), responses: { 200: invitationAnswer } },
  ),
  members.patch("/api/members/:userId", "Change a member's role; the last owner cannot be demoted (owners)", {
    params: memberParams,
    body: z.object({ role }),
    responses: { 200: memberAnswer },
  }),
  members.delete("/api/members/:userId", "Remove a member; the last owner cannot be removed (owners)", {
    params: memberParams,
    responses: { 204: null },
  }),
  members.post(
    "/api/members/leave",
    "Leave the current business (its last owner cannot); the session moves to another business",
    { body: z.object({}), responses: { 204: null } },
  ),
  members.get(
    "/api/invitations/:token",
    "An invitation's business, e-mail address, role and state (for its link's page)",
    { auth: "public", params: tokenParams, responses: { 200: invitationPreview } },
  ),
  members.post(
    "/api/invitations/:token/accept",
    "Join the business as the invitation says; the signed-in person's e-mail must be the invited one",
    {
      params: tokenParams,
      body: z.object({}),
      responses: { 200: z.object({ businessId: z.string(), businessName: z.string(), role }) },
    },
  ),
];
