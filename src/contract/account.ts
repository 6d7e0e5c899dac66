import { z } from "zod";
import { id, isoDateTime, text } from "./common";
import { routeGroup } from "./registry";

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

const account = routeGroup("Account");
export const accountRoutes = [
  account.get("/api/auth-config", "Which sign-in methods this server offers", {
    auth: "public",
    responses: { 200: z.object({ googleEnabled: z.boolean() }) },
  }),
  account.get("/api/auth-recovery", "Whether a password-reset link is still good (without using it up)", {
    auth: "public",
    query: recoveryQuery,
    responses: { 200: z.object({ valid: z.boolean() }) },
  }),
  account.get("/api/profile", "The signed-in user's profile", { responses: { 200: profileSchema } }),
  account.patch("/api/profile", "Change the user's name", {
    body: profilePatch,
    responses: { 200: profileSchema },
  }),
];
