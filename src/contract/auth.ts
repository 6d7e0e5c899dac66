import { z } from "zod";
import { errorSchema } from "./common";
import { type RouteContract, route } from "./registry";

// better-auth's own routes under /api/auth, as Bahi uses them. Their errors have better-auth's
// shape, not ours, and the bodies below are what they read (better-auth checks them itself).

/** better-auth's own errors, or ours where Bahi refused the request first (origin, size, NUL). */
export const authError = z.union([
  z.object({ code: z.string().optional(), message: z.string() }),
  errorSchema,
]);

const email = z.string().max(254);
const password = z.string().min(8).max(128);
const userSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});

const tag = "Auth (better-auth)";
const authRoute = <
  const C extends Omit<RouteContract, "tag" | "auth" | "errors"> & { auth?: "user" | "public" },
>(
  contract: C,
) => route({ tag, auth: "public", errors: authError, ...contract });

export const authRoutes = [
  authRoute({
    method: "POST",
    path: "/api/auth/sign-up/email",
    summary: "Create an account; a confirmation link is mailed",
    body: z.object({
      email,
      password,
      name: z.string().max(200),
      callbackURL: z.string().max(2000).optional(),
    }),
    responses: { 200: z.looseObject({ token: z.string().nullable(), user: userSchema }) },
  }),
  authRoute({
    method: "POST",
    path: "/api/auth/sign-in/email",
    summary: "Sign in; the session comes back as a cookie",
    body: z.object({
      email,
      password: z.string().max(128),
      callbackURL: z.string().max(2000).optional(),
      rememberMe: z.boolean().optional(),
    }),
    responses: { 200: z.looseObject({ user: userSchema }) },
  }),
  authRoute({
    method: "POST",
    path: "/api/auth/request-password-reset",
    summary: "Mail a password-reset link (the answer is the same whether the account exists or not)",
    body: z.object({ email, redirectTo: z.string().max(2000).optional() }),
    responses: { 200: z.looseObject({ status: z.boolean() }) },
  }),
  authRoute({
    method: "POST",
    path: "/api/auth/reset-password",
    summary: "Set a new password with a reset link's token",
    body: z.object({ newPassword: password, token: z.string().max(200) }),
    responses: { 200: z.looseObject({ status: z.boolean() }) },
  }),
  authRoute({
    method: "POST",
    path: "/api/auth/sign-out",
    summary: "End this session",
    auth: "user",
    body: z.object({}),
    responses: { 200: z.looseObject({ success: z.boolean() }) },
  }),
  authRoute({
    method: "GET",
    path: "/api/auth/get-session",
    summary: "The session and user behind the cookie, or null",
    responses: { 200: z.looseObject({ session: z.looseObject({}), user: userSchema }).nullable() },
  }),
  authRoute({
    method: "POST",
    path: "/api/auth/change-password",
    summary: "Change the password (signed in)",
    auth: "user",
    body: z.object({
      currentPassword: z.string().max(128),
      newPassword: password,
      revokeOtherSessions: z.boolean().optional(),
    }),
    responses: { 200: z.looseObject({}) },
  }),
  authRoute({
    method: "GET",
    path: "/api/auth/verify-email",
    summary: "Confirm an e-mail address from the mailed link (redirects)",
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    responses: { 302: null },
  }),
  authRoute({
    method: "POST",
    path: "/api/auth/sign-in/social",
    summary: "Start Google sign-in (OpenID Connect); answers the provider's URL",
    body: z.object({ provider: z.string(), callbackURL: z.string().max(2000).optional() }),
    responses: { 200: z.looseObject({ url: z.string(), redirect: z.boolean() }) },
  }),
  authRoute({
    method: "GET",
    path: "/api/auth/callback/google",
    summary: "Google's redirect back after sign-in",
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    responses: { 302: null },
  }),
];
