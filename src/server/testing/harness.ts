import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pino, { type Logger } from "pino";
import { expect } from "vitest";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { type BahiApp, buildApp } from "../app";
import type { PasswordHashing } from "../auth/auth";
import { type Config, loadConfig } from "../config";
import { type Database, DEFAULT_DB_TIMEOUTS, openDatabase } from "../db/client";
import type { AuthLimits } from "../routes/auth-bridge";
import type { Mailer, MailMessage } from "../services/mail";
import { adminStatements, dropDatabaseLater, testDatabaseName } from "./database-drops";
import { TEST_PASSWORD_HASHING } from "./password-hashing";
import { openReusedPglite } from "./pglite-reuse";
import { postgresTemplateName } from "./templates";
import { TEST_DATABASE_URL } from "./test-config";

export const TEST_ORIGIN = "http://localhost:3000";

export type DbKind = "pglite" | "postgres";

/** The databases API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): DbKind[] {
  return TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** Runs a suite once per database kind. */
export function describeEachDb(name: string, suite: (kind: DbKind) => void) {
  for (const kind of testDatabases()) describe(`${name} [${kind}]`, () => suite(kind));
}

/**
 * A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server (or a copy of `template`): its
 * URL, and how to drop it. The drop is queued and answers at once (database-drops.ts): nothing
 * connects to the database after it.
 */
export async function createPostgresDatabase(
  prefix = "bahi_test",
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = testDatabaseName(prefix);
  await adminStatements(
    template ? `create database ${name} template ${template}` : `create database ${name}`,
    // A test database needs no commit to survive a crash of PostgreSQL itself: its commits answer
    // without waiting for the WAL to reach the disk (decision 0112). Production is untouched.
    `alter database ${name} set synchronous_commit = off`,
  );
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => dropDatabaseLater(name) };
}

/**
 * A fresh PostgreSQL database already migrated: a copy of the migrated template (templates.ts),
 * which is much cheaper than running the migrations again. Its URL, and how to drop it.
 */
export async function createMigratedPostgresDatabase(
  prefix = "bahi_test",
): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase(prefix, await postgresTemplateName());
}

/**
 * A test's wait for one of the pool's connections: the server's 5 s is an answer to a user, but a
 * test that runs 96 transactions at once on a loaded 2-core CI machine waited longer than that in
 * the queue ("timeout exceeded when trying to connect", invoice-totals.test at 14 min of CI).
 */
const TEST_DB_TIMEOUTS = { ...DEFAULT_DB_TIMEOUTS, connectMs: 60_000 };

/** Bahi's database at a test PostgreSQL database's URL (with the tests' pool wait). */
const openPostgresForTest = (url: string) =>
  openDatabase({ databaseUrl: url, dataDir: "unused", timeouts: TEST_DB_TIMEOUTS });

/** A fresh PostgreSQL database for this test file, dropped when closed. */
async function openFreshPostgres(): Promise<Database> {
  const fresh = await createMigratedPostgresDatabase();
  const database = await openPostgresForTest(fresh.url);
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** Limits no ordinary test reaches; the tests of the limits set their own (MAIL_LIMIT_*). */
const TEST_MAIL_LIMITS = { perHour: 100_000, perDay: 100_000, newPerHour: 100_000, newPerDay: 100_000 };

export class MemoryMailer implements Mailer {
  sent: MailMessage[] = [];
  /** Where a test hands this mailer to a service as its outbox (no queue in between). */
  readonly limits = TEST_MAIL_LIMITS;
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  /** The first link in the newest mail to `to`. */
  lastLink(to: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no mail with a link to ${to}`);
    return link;
  }
}

export interface TestApp extends BahiApp {
  config: Config;
  database: Database;
  mailer: MemoryMailer;
  close(): Promise<void>;
  /** GET as the holder of `cookie` (a visitor without one). */
  get(url: string, cookie?: string): ReturnType<typeof get>;
  /** POST from the app's own origin, as the holder of `cookie`. */
  post(url: string, payload: unknown, cookie?: string): ReturnType<typeof post>;
  /** PUT, PATCH or DELETE from the app's own origin, as the holder of `cookie`. */
  send(
    method: "PUT" | "PATCH" | "DELETE",
    url: string,
    payload: unknown,
    cookie?: string,
  ): ReturnType<typeof send>;
  /** A new account, its e-mail confirmed, signed in (`signUpAndSignIn`). */
  signUpAndSignIn(email?: string, password?: string, name?: string): Promise<Session>;
  /** The signed-in user's id, as the profile answers it. */
  userIdOf(cookie: string): Promise<string>;
  /** Saves the default settings with `changes` for the signed-in user (`putSettings`). */
  putSettings(changes: Record<string, unknown>, cookie: string): ReturnType<typeof send>;
  /** A request as a script or another tool makes it (`withKey`): the API key, no cookie, no Origin. */
  withKey(method: Method, url: string, key: string, payload?: unknown): ReturnType<typeof withKey>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  authLimits?: AuthLimits;
  /** Where the app logs (silent by default). */
  logger?: Logger;
  /** Extra routes a test needs, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  /** A mailer of the test's own (a slow one, say); in memory by default. */
  mailer?: MemoryMailer;
  /**
   * How passwords are hashed: the cheap test hash by default (password-hashing.ts), "production"
   * for better-auth's own.
   */
  passwordHashing?: PasswordHashing | "production";
}

/** The configuration test apps run with, plus a test's own variables. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    NODE_ENV: "test",
    // Workers idle: a test runs the queued jobs itself (t.queue.drain()), so it knows when they ran.
    JOB_POLL_SECONDS: "3600",
    ...Object.fromEntries(
      Object.entries({
        MAIL_LIMIT_PER_HOUR: TEST_MAIL_LIMITS.perHour,
        MAIL_LIMIT_PER_DAY: TEST_MAIL_LIMITS.perDay,
        MAIL_LIMIT_NEW_PER_HOUR: TEST_MAIL_LIMITS.newPerHour,
        MAIL_LIMIT_NEW_PER_DAY: TEST_MAIL_LIMITS.newPerDay,
      }).map(([k, v]) => [k, String(v)]),
    ),
    ...env,
  });
}

/** Bahi on an open database, ready for requests; closing it closes the app, the database, then `onClose`. */
export async function startTestApp(
  config: Config,
  database: Database,
  opts: Omit<TestAppOptions, "env"> = {},
  onClose?: () => Promise<void>,
): Promise<TestApp> {
  const mailer = opts.mailer ?? new MemoryMailer();
  const built = await buildApp({
    config,
    database,
    logger: opts.logger ?? pino({ level: "silent" }),
    mailer,
    authLimits: opts.authLimits,
    checkAnswers: true,
    passwordHashing:
      opts.passwordHashing === "production" ? undefined : (opts.passwordHashing ?? TEST_PASSWORD_HASHING),
  });
  opts.routes?.(built.app);
  await built.app.ready();
  const t: TestApp = {
    ...built,
    config,
    database,
    mailer,
    async close() {
      await built.app.close();
      await database.close();
      await onClose?.();
    },
    get: (url, cookie) => get(built.app, url, cookie),
    post: (url, payload, cookie) => post(built.app, url, payload, cookie),
    send: (method, url, payload, cookie) => send(built.app, method, url, payload, cookie),
    signUpAndSignIn: (email, password, name) => signUpAndSignIn(t, email, password, name),
    userIdOf: (cookie) => userIdOf(t, cookie),
    putSettings: (changes, cookie) => putSettings(t, changes, cookie),
    withKey: (method, url, key, payload) => withKey(built.app, method, url, key, payload),
  };
  return t;
}

/**
 * A database of this kind in the migrated template's state, the test's own until closed: in memory
 * (a closed test's one emptied, or a copy of the template: pglite-reuse.ts), or a new PostgreSQL
 * database dropped on close.
 */
export function openTestDatabase(kind: DbKind): Promise<Database> {
  return kind === "postgres" ? openFreshPostgres() : openReusedPglite();
}

export async function createTestApp(kind: DbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(mkdtempSync(path.join(tmpdir(), "bahi-test-")), opts.env);
  const database = await openTestDatabase(kind);
  return startTestApp(config, database, opts);
}

/**
 * The suite's app: booted before the suite's tests and closed after them. The handle is filled in by
 * the suite's `beforeAll`, so read it in hooks and tests only. Options given as a function are read
 * then (after the hooks registered before this call have run).
 */
export function testAppForSuite(
  kind: DbKind,
  options: TestAppOptions | (() => TestAppOptions) = {},
): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(kind, typeof options === "function" ? options() : options));
  });
  afterAll(() => handle.close?.());
  return handle;
}

/**
 * Two instances of the app for the suite, as two server processes share one database: on
 * PostgreSQL two apps on one fresh database, each with its own process state; on PGlite (one
 * process holds the database) the same app twice.
 */
export function twoAppsForSuite(kind: DbKind, env: Record<string, string> = {}): [TestApp, TestApp] {
  const a = {} as TestApp;
  const b = {} as TestApp;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (kind === "pglite") {
      Object.assign(a, await createTestApp("pglite", { env }));
      Object.assign(b, a);
      return;
    }
    const fresh = await createPostgresDatabase();
    drop = fresh.drop;
    const start = async () =>
      startTestApp(
        testConfig(mkdtempSync(path.join(tmpdir(), "bahi-test-")), env),
        await openPostgresForTest(fresh.url),
      );
    Object.assign(a, await start());
    Object.assign(b, await start());
  });
  afterAll(async () => {
    await a.close?.();
    if (kind === "postgres") await b.close?.();
    await drop?.();
  });
  return [a, b];
}

/** `count` accounts signed up and in on the suite's app before the suite's tests (filled in like the app). */
export function accountsForSuite(t: TestApp, count: number): Session[] {
  const sessions = Array.from({ length: count }, () => ({}) as Session);
  beforeAll(async () => {
    for (const session of sessions) Object.assign(session, await signUpAndSignIn(t));
  });
  return sessions;
}

/** The signed-in user's id, as the profile answers it. */
export async function userIdOf(t: TestApp, cookie: string): Promise<string> {
  return (await get(t.app, "/api/profile", cookie)).json().id as string;
}

/** Cookie header value from a response's set-cookie headers. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const raw = response.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

export interface Session {
  email: string;
  password: string;
  cookie: string;
}

/** Asks to sign up (POST /api/auth/sign-up/email); the answer as it comes. */
export function signUp(t: TestApp, email: string, password: string, name = "") {
  return post(t.app, "/api/auth/sign-up/email", { email, password, name });
}

/** Signs a user up, confirms the e-mail through the mailed link and signs in. */
export async function signUpAndSignIn(
  t: TestApp,
  email = `user-${randomBytes(4).toString("hex")}@example.com`,
  password = "s3cret-Passw0rd",
  name = "Test User",
): Promise<Session> {
  const up = await signUp(t, email, password, name);
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  const link = new URL(t.mailer.lastLink(email));
  const verified = await t.app.inject({ method: "GET", url: link.pathname + link.search });
  if (verified.statusCode >= 400) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const signIn = await post(t.app, "/api/auth/sign-in/email", { email, password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { email, password, cookie: cookiesFrom(signIn) };
}

export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/** The signed-in holder of `cookie` changes their password from `currentPassword` to `newPassword`. */
export function changePassword(
  app: FastifyInstance,
  cookie: string,
  currentPassword: string,
  newPassword: string,
) {
  return post(app, "/api/auth/change-password", { currentPassword, newPassword }, cookie);
}

export function send(
  app: FastifyInstance,
  method: "PUT" | "PATCH" | "DELETE",
  url: string,
  payload: unknown,
  cookie?: string,
) {
  return app.inject({
    method,
    url,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

export function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request as a script or another tool makes it: the API key, no cookie, no Origin. */
export function withKey(app: FastifyInstance, method: Method, url: string, key: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * Each request of `matrix` reaches nothing of another account's: 404 by the session `cookie` and
 * 404 by the API `key`.
 */
export async function expectEachNotFound(
  t: TestApp,
  matrix: [Method, string, unknown?][],
  cookie: string,
  key: string,
) {
  for (const [method, url, payload] of matrix) {
    const bySession =
      method === "GET"
        ? await t.get(url, cookie)
        : method === "POST"
          ? await t.post(url, payload, cookie)
          : await t.send(method, url, payload, cookie);
    expect(bySession.statusCode, `session ${method} ${url}`).toBe(404);
    expect((await t.withKey(method, url, key, payload)).statusCode, `key ${method} ${url}`).toBe(404);
  }
}

/** Saves the default settings with `changes` (valid or not) for the signed-in user (PUT /api/settings). */
export function putSettings(t: TestApp, changes: Record<string, unknown>, cookie: string) {
  return send(t.app, "PUT", "/api/settings", { ...DEFAULT_SETTINGS, ...changes }, cookie);
}

/** How many answers came with each status code: `{ 200: 20, 429: 30 }`. */
export function statusCounts(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}

/** Expects the answer to refuse the request as invalid (400, `validation_failed`), naming `field`. */
export function expectRefusedField(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe("validation_failed");
  expect(res.json().error.fields).toHaveProperty(field);
}
