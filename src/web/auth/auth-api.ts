import { api } from "../api";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}
export interface SessionInfo {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

const origin = () => window.location.origin;

export const authApi = {
  getSession: () => api<SessionInfo | null>("/api/auth/get-session"),
  signUp: (email: string, password: string, name: string) =>
    api<{ token: string | null }>("/api/auth/sign-up/email", {
      body: { email, password, name, callbackURL: `${origin()}/auth?verified=1` },
    }),
  signIn: (email: string, password: string) =>
    api<{ user: SessionUser }>("/api/auth/sign-in/email", {
      // An unconfirmed account is sent a fresh confirmation link that comes back here.
      body: { email, password, rememberMe: true, callbackURL: `${origin()}/auth?verified=1` },
    }),
  signOut: () => api<{ success: boolean }>("/api/auth/sign-out", { body: {} }),
  signOutEverywhere: () => api<{ status: boolean }>("/api/auth/revoke-sessions", { body: {} }),
  requestReset: (email: string) =>
    api<{ status: boolean }>("/api/auth/request-password-reset", {
      body: { email, redirectTo: `${origin()}/update-password` },
    }),
  resetPassword: (token: string, newPassword: string) =>
    api<{ status: boolean }>("/api/auth/reset-password", { body: { token, newPassword } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<{ token: string | null }>("/api/auth/change-password", { body: { currentPassword, newPassword } }),
  googleSignIn: (callbackURL: string) =>
    api<{ url: string; redirect: boolean }>("/api/auth/sign-in/social", {
      body: { provider: "google", callbackURL, errorCallbackURL: `${origin()}/auth?error=google` },
    }),
  config: () => api<{ googleEnabled: boolean }>("/api/auth-config"),
  checkRecovery: (token: string) =>
    api<{ valid: boolean }>(`/api/auth-recovery?token=${encodeURIComponent(token)}`),
};
