import { createHmac } from "node:crypto";
import { GATEWAY_SECRETS, secretBox } from "../services/secret-box";

// Backups leave AUTH_SECRET out (docs/decisions/0046): with it, the backup file alone would open
// every business's sealed Razorpay secrets and let anyone forge session cookies. A backup keeps
// only a check of the secret, so a restore can say whether the secret in place is the right one,
// and what cannot be opened when it is not.

/**
 * A short HMAC of the secret: tells two secrets apart, gives nothing to work from. (Guessing the
 * secret from it is no easier than from any sealed value in the same backup.)
 */
export function secretCheckOf(authSecret: string): string {
  return createHmac("sha256", authSecret).update("bahi-backup: which auth secret").digest("hex").slice(0, 24);
}

export interface SecretReport {
  /** "unknown": an older backup without a check, and nothing sealed to try the secret on. */
  secret: "matches" | "differs" | "missing" | "unknown";
  /** Sessions still valid in the backup: all signed out unless the secret matches. */
  sessions: number;
  /** Businesses with sealed Razorpay secrets, and how many of them the secret here cannot open. */
  sealedBusinesses: number;
  unopenable: number;
}

type Rows = <T>(sql: string) => Promise<T[]>;

/** Tries the secret in place on what the restored database holds sealed. */
export async function checkRestoredSecrets(
  rows: Rows,
  authSecret: string | undefined,
  backupCheck: string | undefined,
): Promise<SecretReport> {
  const [{ n: sessions }] = await rows<{ n: number }>(
    `select count(*)::int as n from "session" where expires_at > now()`,
  );
  const [{ present }] = await rows<{ present: boolean }>(
    "select to_regclass('public.business_gateways') is not null as present",
  );
  const sealed = present
    ? await rows<{ k: string | null; w: string | null }>(
        "select key_secret_sealed as k, webhook_secret_sealed as w from business_gateways where key_secret_sealed is not null or webhook_secret_sealed is not null",
      )
    : [];
  const box = authSecret ? secretBox(authSecret, GATEWAY_SECRETS) : undefined;
  const opens = (value: string | null) => {
    if (value === null) return true;
    try {
      box!.open(value);
      return true;
    } catch {
      return false;
    }
  };
  const unopenable = box ? sealed.filter((r) => !opens(r.k) || !opens(r.w)).length : sealed.length;
  let secret: SecretReport["secret"];
  if (!authSecret) secret = "missing";
  else if (backupCheck) secret = backupCheck === secretCheckOf(authSecret) ? "matches" : "differs";
  else if (sealed.length > 0) secret = unopenable === 0 ? "matches" : "differs";
  else secret = "unknown";
  return { secret, sessions: Number(sessions), sealedBusinesses: sealed.length, unopenable };
}

/** The restore's message about the secret: what to put back, and what is lost without it. */
export function describeSecretReport(report: SecretReport, dataDir: string): string {
  const lost = [
    `every session is signed out (${report.sessions} in the backup)`,
    report.sealedBusinesses === 0
      ? "no business has Razorpay secrets sealed with it"
      : `the Razorpay key secrets of ${report.unopenable || report.sealedBusinesses} ${
          (report.unopenable || report.sealedBusinesses) === 1 ? "business" : "businesses"
        } cannot be opened and must be entered again in their settings`,
  ].join("; ");
  const putBack = `Backups do not carry the auth secret: set AUTH_SECRET to the one the backed-up server used, or copy its kept auth-secret file to ${dataDir}/auth-secret (mode 0600), before you start Bahi.`;
  switch (report.secret) {
    case "matches":
      return "The auth secret here is the one this backup was made with: sessions and sealed secrets open as before.";
    case "missing":
      return `No auth secret is in place. ${putBack} Without it, ${lost}.`;
    case "differs":
      return `The auth secret here is not the one this backup was made with. ${putBack} With this one, ${lost}.`;
    default:
      return `This backup does not say which auth secret it was made with. ${putBack} With another secret, every session is signed out (${report.sessions} in the backup).`;
  }
}
