#!/usr/bin/env node
// Issue 31 phase 1 (decision 0072): a business owns the data, not a login. This codemod does the
// mechanical part of that change: wherever the server's code names the owner of data, `userId`
// becomes `businessId` (and the column `user_id` becomes `business_id`), and the routes take the
// request's business (`requireBusiness`) where they took its user (`requireUser`).
//
// Re-runnable: it only rewrites what is still spelled the old way, so running it again after a
// merge brings the newly merged lines over and leaves the rest as it is. What belongs to a person
// (sessions, accounts, sign-in addresses, rate limits, the profile, better-auth) is left alone by
// the file lists below; the few person lines inside data files are fixed by hand afterwards.
//
// Usage: node scripts/codemods/business-owner.mjs [--check]   (--check: list files, write nothing)

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const check = process.argv.includes("--check");

/** Folders whose code is about data, with every file under them (tests included). */
const DATA_FOLDERS = [
  "src/server/db/queries",
  "src/server/services",
  "src/server/routes",
  "src/server/jobs",
  "src/server/backup",
  "src/server/presenters",
  "src/server/pdf",
  "src/server/public-page",
  "bench",
];
/** Single data files outside those folders. */
const DATA_FILES = ["src/server/db/schema.ts"];
/** Files about a person inside the data folders: left alone. */
const PERSON_FILES = new Set([
  "src/server/db/queries/account.ts",
  "src/server/db/queries/sign-in-addresses.ts",
  "src/server/db/queries/rate-limits.ts",
  "src/server/services/account.ts",
  "src/server/routes/account.ts",
  "src/server/routes/auth-bridge.ts",
  "src/server/routes/auth.test.ts",
  "src/server/routes/auth-hardening.test.ts",
  // Written for businesses: they name the person (user_id) and the business on purpose.
  "src/server/db/queries/businesses.ts",
  "src/server/services/businesses.ts",
  "src/server/routes/businesses.ts",
  "src/server/routes/businesses.test.ts",
]);
/**
 * Lines about a person inside data files, left as they are: the person columns of the schema
 * (personId, the session's and the memberships' user), and the API key lookup's owner.
 */
const PERSON_LINE = new RegExp(
  [
    /personId\(|PERSON_COLUMN = /,
    /\bsession\.userId|businessMembers\.userId|(session|account|business_members)_user_idx/,
    /t\.userId, t\.ip|t\.businessId, t\.userId/,
    /\b[mo]\.user_id|as user_id|h\.user_id|\buser_id: string|"userId" in queued|userId: string \}|queued\.userId|owner `userId`/,
  ]
    .map((r) => r.source)
    .join("|"),
);

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...filesUnder(rel));
    else if (/\.(ts|tsx)$/.test(name)) out.push(rel);
  }
  return out;
}

/** Every rule, in order: [pattern, replacement, only for files matching]. */
const RULES = [
  [/\buserId\b/g, "businessId"],
  [/\buser_id\b/g, "business_id"],
  // Index and constraint names (migration 0022 renamed them), e.g. invoices_user_number_uq.
  [
    /\b([a-z_]+?)_user_(number_uq|number_key_uq|date_idx|due_idx|status_idx|hash_uq|name_idx|created_idx|paid_idx|idx)\b/g,
    "$1_business_$2",
  ],
  // Routes: the request's business instead of its user.
  [/\brequireUser\b/g, "requireBusiness", /^src\/server\/routes\//],
  [/\bme\.id\b/g, "me.businessId", /^src\/server\/routes\//],
];

const files = [...DATA_FOLDERS.flatMap(filesUnder), ...DATA_FILES].filter((f) => !PERSON_FILES.has(f));
let changed = 0;
for (const file of files) {
  const full = path.join(ROOT, file);
  const before = readFileSync(full, "utf8");
  const rules = RULES.filter(([, , only]) => !only || only.test(file));
  const after = before
    .split("\n")
    .map((line) =>
      PERSON_LINE.test(line)
        ? line
        : rules.reduce((l, [pattern, replacement]) => l.replace(pattern, replacement), line),
    )
    .join("\n");
  if (after === before) continue;
  changed++;
  if (check) console.log(file);
  else writeFileSync(full, after);
}
console.log(`${check ? "would change" : "changed"} ${changed} of ${files.length} files`);
