import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";

export type { Page };
export { expect };

const dataDir = () => process.env.E2E_DATA_DIR!;

/**
 * The mails in an outbox folder addressed to `email`, newest first, decoded enough to read links
 * (files are named by time and a random id, never by recipient: the To header says whom).
 */
export function outboxMailsTo(outbox: string, email: string): string[] {
  return [...outboxMailsNewestFirst(outbox, email)];
}

/**
 * The same, read one file at a time: a caller that wants the newest match stops there instead of
 * reading the whole outbox (hundreds of mails by the end of a run, read again at every poll).
 */
function* outboxMailsNewestFirst(outbox: string, email: string): Generator<string> {
  let files: string[] = [];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .reverse();
  } catch {
    return; // outbox not created yet
  }
  const wanted = email.toLowerCase();
  for (const file of files) {
    const raw = readFileSync(path.join(outbox, file), "utf8");
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    const to = /^to:(.*)$/im.exec(headers)?.[1]?.toLowerCase() ?? "";
    if (!to.includes(wanted)) continue;
    // Quoted-printable soft line breaks ("=\n") and "=3D" must be undone to read the link.
    yield raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  }
}

/** The first link of the newest outbox mail to `email` (the server writes mail there without SMTP). */
export async function linkFromOutbox(email: string, pathPart: string): Promise<string> {
  const outbox = path.join(dataDir(), "outbox");
  for (let i = 0; i < 50; i++) {
    for (const mail of outboxMailsNewestFirst(outbox, email)) {
      const link = mail.match(/https?:\/\/\S+/g)?.find((l) => l.includes(pathPart));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} with a link containing ${pathPart}`);
}

/**
 * A data folder for a spec's own server: on a copy of the migrated database when `npm test` made
 * one (E2E_SEED_DIR, playwright.config.ts), so the server does not create it on a busy machine.
 */
export function freshDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const seed = process.env.E2E_SEED_DIR;
  if (seed) cpSync(path.join(seed, "db"), path.join(dir, "db"), { recursive: true });
  return dir;
}

/**
 * A screenshot for a person to look at (`.tmp/<name>.png`; a page is captured whole), taken only
 * when E2E_SCREENSHOTS is set: it asserts nothing, and every run of the lane paid for it (decision 0100).
 */
export async function lookAt(target: Page | Locator, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const file = `.tmp/${name}.png`;
  await ("goto" in target
    ? target.screenshot({ path: file, fullPage: true })
    : target.screenshot({ path: file }));
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

/** Creates a confirmed account through the API (fast); the browser then signs in. */
export async function createUser(
  request: APIRequestContext,
  baseURL: string,
  name = "Test User",
): Promise<TestUser> {
  const user = { email: uniqueEmail(), password: "kesari-chai-42", name };
  const headers = { origin: baseURL };
  const up = await request.post("/api/auth/sign-up/email", {
    data: { email: user.email, password: user.password, name },
    headers,
  });
  expect(up.status()).toBe(200);
  const link = await linkFromOutbox(user.email, "/api/auth/verify-email");
  const verify = await request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
  expect(verify.status()).toBeLessThan(400);
  return user;
}

/** Signs in through the real login form. */
export async function signInThroughForm(page: Page, user: Pick<TestUser, "email" | "password">) {
  const form = page.locator("#auth-form-section");
  await form.getByRole("tab", { name: "Login" }).click();
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Login" }).click();
}

/**
 * Registers the signed-in page's business for GST (a regular taxpayer) through the settings API,
 * with its company name and, where given, address.
 */
export async function registerForGst(
  page: Page,
  origin: string,
  company: { name: string; address?: string; gstin: string; legalName: string },
) {
  const res = await page.request.put("/api/settings", {
    headers: { origin },
    data: {
      companyName: company.name,
      ...(company.address ? { companyAddress: company.address } : {}),
      gstRegistration: { type: "regular", gstin: company.gstin, legalName: company.legalName },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A page already signed in as a fresh user (via the API, sharing the page's cookies). */
export const test = base.extend<{ user: TestUser; signedInPage: Page }>({
  user: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    await use(await createUser(request, baseURL!));
    await request.dispose();
  },
  signedInPage: async ({ page, user, baseURL }, use) => {
    const res = await page.request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: user.password },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
    // The welcome toast ("Welcome back, …", once per browser session: AppShell's useWelcomeToast)
    // is the newcomer test's to see (accounts.spec). Here it is marked as shown before the app
    // starts, so it never comes: it arrived when the browser was next idle, over the top bar's
    // right end, took clicks aimed there and closed itself after 5 s, which under load raced the
    // fixture's own attempt to close it (60 s timeouts at load 30).
    const { user: signedIn } = (await res.json()) as { user: { id: string } };
    await page.addInitScript((key) => {
      try {
        sessionStorage.setItem(key, "1");
      } catch {
        // A frame without storage (about:blank) has no toast either.
      }
    }, `hasWelcomed_${signedIn.id}`);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
    await use(page);
  },
});
