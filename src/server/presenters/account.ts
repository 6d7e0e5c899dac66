import type { Profile } from "../services/account";

/** The profile as the API shows it (src/contract/account.ts): never a hash or another account's id. */
export function presentProfile(p: Profile) {
  return {
    id: p.id,
    email: p.email,
    fullName: p.name,
    createdAt: p.createdAt.toISOString(),
    hasPassword: p.providers.includes("credential"),
    providers: p.providers,
  };
}
