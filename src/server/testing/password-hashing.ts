import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../auth/auth";

/**
 * The test apps' password hash: better-auth's scheme (scrypt, "salt:key" in hex, 64-byte key) at a
 * cost 64 times lower (N = 1024, r = 4 instead of N = 16384, r = 16). At the production cost each
 * sign-up, sign-in and wrong guess takes 0.1 s of CPU unloaded and 0.6 s on a busy 2-core machine,
 * and the suite makes thousands of them; what the tests check (who may sign in, the limits, the
 * mails) does not depend on the cost. auth.test.ts keeps one app on the production hash.
 */
const COST = { N: 1024, r: 4, p: 1 };
const KEY_LENGTH = 64;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, derived) =>
      error ? reject(error) : resolve(derived),
    );
  });
}

export const TEST_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await key(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(":");
    if (!salt || !stored) throw new Error("Invalid password hash");
    const expected = Buffer.from(stored, "hex");
    const derived = await key(password, salt);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  },
};
