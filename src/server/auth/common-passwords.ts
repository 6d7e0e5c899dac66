/**
 * The 49,233 most common passwords, ranked from public breach corpora, lower case, as shipped
 * (MIT) by zxcvbn-ts, the maintained TypeScript port of Dropbox's zxcvbn. Server side only: the
 * list is too big for the browser bundle, which checks a short sample (domain/common-passwords.ts).
 * Loaded on first use (about 0.1 s), so the server's start does not wait for it.
 */
let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
