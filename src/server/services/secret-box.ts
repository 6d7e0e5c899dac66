import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Secrets a business gives Bahi (its Razorpay key secret and webhook secret) are kept encrypted:
// AES-256-GCM under a key derived from AUTH_SECRET with HKDF, so a copy of the database alone
// (a backup, a replica, a leaked dump) does not hold them in the clear. A sealed value is
// "v1." + base64url(iv | tag | ciphertext); the version lets a later key or cipher live beside it.

const VERSION = "v1";

/** The purpose a business's Razorpay secrets are sealed under (the restore counts them too). */
export const GATEWAY_SECRETS = "business-payment-gateway";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext, or throws when the value was sealed under another key or was altered. */
  open(sealed: string): string;
}

export function secretBox(authSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "bahi-secret-box", purpose, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      const [version, data] = sealed.split(".", 2);
      if (version !== VERSION || !data) throw new Error("not a sealed secret");
      const bytes = Buffer.from(data, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/** "••••" and the last 4 characters: enough for the owner to recognise a key, never the key. */
export function maskSecret(secret: string): string {
  return `••••${secret.slice(-4)}`;
}
