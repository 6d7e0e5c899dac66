import { z } from "zod";
import { id, isoDateTime, text } from "./common";
import { route } from "./registry";

export const profilePatch = z.object({
  fullName: text(200, "Name").max(200, "Name must be at most 200 characters."),
});

export const profileSchema = z.object({
  id,
  email: z.string(),
  fullName: z.string(),
  createdAt: isoDateTime,
  hasPassword: z.boolean(),
  providers: z.array(z.string()),
});

export const recoveryQuery = z.object({ token: z.string().optional() });

const tag = "Account";
export const accountRoutes = [
  route({
    method: "GET",
    path: "/api/auth-config",
    summary: "Which sign-in methods this server offers",
    tag,
    auth: "public",
    responses: { 200: z.object({ googleEnabled: z.boolean() }) },
  }),
  route({
    method: "GET",
    path: "/api/auth-recovery",
    summary: "Whether a password-reset link is still good (without using it up)",
    tag,
    auth: "public",
    query: recoveryQuery,
    responses: { 200: z.object({ valid: z.boolean() }) },
  }),
  route({
    method: "GET",
    path: "/api/profile",
    summary: "The signed-in user's profile",
    tag,
    auth: "user",
    responses: { 200: profileSchema },
  }),
  route({
    method: "PATCH",
    path: "/api/profile",
    summary: "Change the user's name",
    tag,
    auth: "user",
    body: profilePatch,
    responses: { 200: profileSchema },
  }),
];
