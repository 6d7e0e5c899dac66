import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { startFakeS3 } from "../../../tests/fakes/s3";
import { openDatabase, queryRows } from "../db/client";
import { businessGateways } from "../db/schema";
import { GATEWAY_SECRETS, secretBox } from "../services/secret-box";
import {
  createMigratedPostgresDatabase,
  createPostgresDatabase,
  type DbKind,
  type Session,
  startTestApp,
  type TestApp,
  testConfig,
  testDatabases,
} from "../testing/harness";
import { seedPgliteDataDir } from "../testing/templates";
import { TEST_PATH } from "../testing/test-config";
import { backupPglite, backupPostgres, RestoreRefusedError, restoreBackupFile } from "./backup";
import { BackupFileError } from "./file";
import { requestsDir, runDailyBackup, runDailyPostgresBackup, serveBackupRequests } from "./jobs";
import { S3Store } from "./s3";
import { describeSecretReport } from "./secrets";
import { FolderStore, MirroredStore, newestStored } from "./store";

interface Place {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

const scratch = () => mkdtempSync(path.join(tmpdir(), "bahi-backup-test-"));

/**
 * An empty data folder, or an empty PostgreSQL database; `migrated`: with the database Bahi's first
 * start makes (a copy of the migrated template, which spares initdb and the migrations).
 */
async function emptyPlace(kind: DbKind, { migrated = false } = {}): Promise<Place> {
  const dataDir = scratch();
  if (kind === "pglite") {
    if (migrated) await seedPgliteDataDir(dataDir);
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const fresh = migrated
    ? await createMigratedPostgresDatabase("bahi_backup")
    : await createPostgresDatabase("bahi_backup");
  return {
    databaseUrl: fresh.url,
    dataDir,
    drop: async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Bahi on a place, as `npm start` would open it (migrations included). */
async function startApp(place: Place): Promise<TestApp> {
  return startTestApp(testConfig(place.dataDir), await openDatabase(place));
}

async function tableCount(place: Place): Promise<number> {
  if (!place.databaseUrl) return existsSync(path.join(place.dataDir, "db")) ? 1 : 0;
  const client = new pg.Client({ connectionString: place.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
  );
  await client.end();
  return rows[0]!.n;
}

const png = (color: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A user with a logo, a client, a stocked product and two issued invoices; answers an invoice id. */
async function seedUser(t: TestApp, color: string): Promise<{ s: Session; invoiceId: string }> {
  const s = await t.signUpAndSignIn();
  const logo = (await png(color)).toString("base64");
  const logoId = (await t.post("/api/images", { kind: "logo", data: logo }, s.cookie)).json().id;
  await t.putSettings(
    {
      companyName: "Kesari",
      companyLogo: logoId,
      includeBankDetails: true,
      bankDetails: { accountHolderName: "Kesari Traders LLP", bankName: "SBI" },
    },
    s.cookie,
  );
  const clientId = (await t.post("/api/clients", { name: "Asha Rao" }, s.cookie)).json().id;
  const productId = (
    await t.post("/api/products", { name: "Tea", rate: "450", availableQuantity: "50" }, s.cookie)
  ).json().id;
  let invoiceId = "";
  for (const n of [1, 2]) {
    const res = await t.post("/api/invoices", invoice(`S-${n}`, productId, clientId), s.cookie);
    expect(res.statusCode).toBe(201);
    invoiceId = res.json().invoice.id;
  }
  return { s, invoiceId };
}

const invoice = (invoiceNumber: string, productId: string, clientId: string | null = null) => ({
  invoiceNumber,
  status: "due",
  invoiceDate: "2026-03-01",
  dueDate: "2026-03-31",
  currency: "INR",
  clientId,
  client: { name: "Asha Rao" },
  items: [{ id: "l1", productId, name: "Tea", quantity: "1", rate: "450", taxPercent: "5" }],
});

const exportOf = async (t: TestApp, s: Session) => {
  const res = await t.get("/api/export", s.cookie);
  expect(res.statusCode).toBe(200);
  return res.body;
};
const pdfOf = async (t: TestApp, s: Session, id: string) => {
  const res = await t.post(`/api/invoices/${id}/pdf`, undefined, s.cookie);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const backUp = (t: TestApp, place: Place, file: string) =>
  place.databaseUrl
    ? backupPostgres(place.databaseUrl, file, { authSecret: t.config.authSecret })
    : backupPglite(t.database.pglite!, file, { authSecret: t.config.authSecret });

for (const kind of testDatabases()) {
  describe(`backups [${kind}]`, () => {
    let source: Place;
    let t: TestApp;
    let quiet: Array<{ s: Session; invoiceId: string }>;
    let file: string;
    let dir: string;
    let plain: Promise<string> | undefined;
    /**
     * A backup of the source as it is when first asked for, made once for the tests that only need a
     * valid file to damage or to refuse (each PGlite backup copies and gzips the whole data folder).
     */
    const sourceBackup = () => {
      plain ??= (async () => {
        const made = path.join(dir, "source.bahi-backup");
        await backUp(t, source, made);
        return made;
      })();
      return plain;
    };

    beforeAll(async () => {
      source = await emptyPlace(kind, { migrated: true });
      t = await startApp(source);
      quiet = [await seedUser(t, "#2DD4BF"), await seedUser(t, "#1E3A8A")];
      dir = scratch();
      file = path.join(dir, "bahi.bahi-backup");
    }, 120_000);
    afterAll(async () => {
      await t.close();
      await source.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("backs up while writes continue; the restore gives every user the same export and PDF", async () => {
      // A third user keeps issuing invoices, each taking one unit of stock in its transaction (the
      // backup holds writes only while it copies the data folder: hundreds go through meanwhile).
      const busy = await t.signUpAndSignIn();
      const stocked = (
        await t.post("/api/products", { name: "Tea", rate: "450", availableQuantity: "100000" }, busy.cookie)
      ).json().id;
      let writing = true;
      let written = 0;
      const writer = (async () => {
        // Bounded: the backup holds writes only while it copies the data folder, so the writer would
        // otherwise fill the database for as long as the backup runs.
        while (writing && written < 200) {
          const res = await t.post("/api/invoices", invoice(`B-${written + 1}`, stocked), busy.cookie);
          expect(res.statusCode).toBe(201);
          written += 1;
        }
      })();
      while (written < 3) await new Promise((r) => setImmediate(r));
      const before = written;
      await backUp(t, source, file);
      writing = false;
      await writer;
      expect(written).toBeGreaterThan(before);

      const target = await emptyPlace(kind);
      let restored: TestApp | undefined;
      try {
        await restoreBackupFile(file, target);
        restored = await startApp(target);
        for (const { s, invoiceId } of quiet) {
          expect(await exportOf(restored, s)).toBe(await exportOf(t, s));
          expect((await pdfOf(restored, s, invoiceId)).equals(await pdfOf(t, s, invoiceId))).toBe(true);
        }
        // The busy user's data is whole at one moment: each invoice has taken its unit of stock.
        const busyFile = JSON.parse(await exportOf(restored, busy));
        expect(busyFile.invoices.length).toBeGreaterThanOrEqual(before);
        expect(busyFile.invoices.length).toBeLessThanOrEqual(written);
        expect(Number(busyFile.productServices[0].available_quantity) + busyFile.invoices.length).toBe(
          100_000,
        );
      } finally {
        await restored?.close();
        await target.drop();
      }
    }, 400_000);

    it("refuses a truncated or damaged backup before touching the target", async () => {
      const bytes = readFileSync(await sourceBackup());
      const truncated = path.join(dir, "truncated.bahi-backup");
      writeFileSync(truncated, bytes.subarray(0, bytes.length - 1000));
      const damaged = path.join(dir, "damaged.bahi-backup");
      const copy = Buffer.from(bytes);
      copy[Math.floor(copy.length * 0.6)]! ^= 0xff;
      writeFileSync(damaged, copy);

      const target = await emptyPlace(kind);
      try {
        await expect(restoreBackupFile(truncated, target)).rejects.toThrow(BackupFileError);
        await expect(restoreBackupFile(truncated, target)).rejects.toThrow(
          /is truncated \(\d+ of \d+ bytes\)/,
        );
        await expect(restoreBackupFile(damaged, target)).rejects.toThrow(/fails its checksum \(damaged\)/);
        expect(await tableCount(target)).toBe(0);
        expect(readdirSync(target.dataDir)).toEqual([]);
      } finally {
        await target.drop();
      }
    }, 120_000);

    it("leaves the auth secret out and says what a restore without it cannot open", async () => {
      // Two businesses with their Razorpay secrets sealed under the server's secret.
      const box = secretBox(t.config.authSecret, GATEWAY_SECRETS);
      const users = await queryRows<{ id: string }>(t.database.db, sql`select id from "user" limit 2`);
      for (const { id } of users) {
        await t.database.db.insert(businessGateways).values({
          businessId: id,
          keyId: "rzp_live_x",
          keySecretSealed: box.seal(`key-secret-${id}`),
          webhookSecretSealed: box.seal("whsec"),
          webhookToken: `token-${id}`,
        });
      }
      try {
        await backUp(t, source, file);
        expect(readFileSync(file).includes(t.config.authSecret)).toBe(false);
        const cases = [
          { authSecret: undefined, secret: "missing", unopenable: 2 },
          { authSecret: "another-secret-another-secret-another-secret", secret: "differs", unopenable: 2 },
          { authSecret: t.config.authSecret, secret: "matches", unopenable: 0 },
        ];
        for (const c of cases) {
          const target = await emptyPlace(kind);
          try {
            const report = await restoreBackupFile(file, { ...target, authSecret: c.authSecret });
            expect(report).toMatchObject({ secret: c.secret, sealedBusinesses: 2, unopenable: c.unopenable });
            expect(existsSync(path.join(target.dataDir, "auth-secret"))).toBe(false);
            if (c.secret !== "matches") {
              expect(describeSecretReport(report, target.dataDir)).toMatch(
                /the Razorpay key secrets of 2 businesses cannot be opened and must be entered again/,
              );
            }
          } finally {
            await target.drop();
          }
        }
      } finally {
        await t.database.db.delete(businessGateways);
      }
    }, 400_000);

    it("refuses to restore over a database that has data", async () => {
      const backup = await sourceBackup();
      const other = await emptyPlace(kind, { migrated: true });
      try {
        await expect(restoreBackupFile(backup, other)).rejects.toThrow(RestoreRefusedError);
      } finally {
        await other.drop();
      }
    }, 120_000);

    if (kind === "postgres") {
      it("a pg_dump older than the server stops the backup, says which tools to install, leaves no file", async () => {
        // A stand-in for pg_dump 15 against a newer server: its real message and exit code.
        const bin = scratch();
        writeFileSync(
          path.join(bin, "pg_dump"),
          '#!/bin/sh\necho "pg_dump: error: aborting because of server version mismatch" >&2\necho "pg_dump: detail: server version: 17.2; pg_dump version: 15.20" >&2\nexit 1\n',
          { mode: 0o755 },
        );
        vi.stubEnv("PATH", `${bin}:${TEST_PATH}`);
        try {
          const target = path.join(bin, "old.bahi-backup");
          await expect(backupPostgres(source.databaseUrl!, target)).rejects.toThrow(
            /pg_dump is older than the PostgreSQL server.*client tools of the server's major version.*server version: 17\.2/s,
          );
          expect(readdirSync(bin)).toEqual(["pg_dump"]);
        } finally {
          vi.unstubAllEnvs();
          rmSync(bin, { recursive: true, force: true });
        }
      });

      it("the daily PostgreSQL backup goes into its store once a day and is kept BACKUP_KEEP days", async () => {
        const where = scratch();
        const store = new FolderStore(path.join(where, "backups"));
        const day = (n: number, hours = 0) => new Date(Date.UTC(2026, 10, n, 2 + hours, 0, 0));
        const daily = (now: Date) =>
          runDailyPostgresBackup(source.databaseUrl!, store, { workDir: where, keep: 1, now });
        // Made on day 1, not again an hour later, then on days 2 and 3 (when day 1 is 2 days old).
        const made = [await daily(day(1)), await daily(day(1, 1)), await daily(day(2)), await daily(day(3))];
        expect(made).toEqual([
          "bahi-2026-11-01T02-00-00Z.bahi-backup",
          undefined,
          "bahi-2026-11-02T02-00-00Z.bahi-backup",
          "bahi-2026-11-03T02-00-00Z.bahi-backup",
        ]);
        expect((await store.list()).map((b) => b.name).sort()).toEqual([
          "bahi-2026-11-02T02-00-00Z.bahi-backup",
          "bahi-2026-11-03T02-00-00Z.bahi-backup",
        ]);
        // Nothing left behind in the work folder, and the stored file restores.
        expect(readdirSync(where)).toEqual(["backups"]);
        expect(await newestStored(store)).toMatchObject({ files: 2 });
        const target = await emptyPlace(kind);
        try {
          await restoreBackupFile(path.join(where, "backups", made[3]!), target);
          expect(await tableCount(target)).toBeGreaterThan(0);
        } finally {
          await target.drop();
          rmSync(where, { recursive: true, force: true });
        }
      }, 120_000);
      it("with a bucket, the daily backup is uploaded too and expires from both places", async () => {
        const where = scratch();
        const fake = await startFakeS3({ bucket: "bahi", accessKeyId: "AKIATEST", region: "us-east-1" });
        const folder = new FolderStore(path.join(where, "backups"));
        const bucket = new S3Store({
          bucket: "bahi",
          endpoint: fake.url,
          region: "us-east-1",
          prefix: "bahi/",
          forcePathStyle: true,
          accessKeyId: "AKIATEST",
          secretAccessKey: "secret",
        });
        const store = new MirroredStore(folder, bucket);
        const day = (n: number) => new Date(Date.UTC(2026, 10, n, 2, 0, 0));
        const daily = (n: number) =>
          runDailyPostgresBackup(source.databaseUrl!, store, { workDir: where, keep: 1, now: day(n) });
        try {
          const first = (await daily(1))!;
          const local = readFileSync(path.join(folder.where, first));
          expect(fake.objects.get(`bahi/${first}`)?.body.equals(local)).toBe(true);
          expect(fake.refused).toEqual([]);
          await daily(2);
          await daily(3);
          const names = ["bahi-2026-11-02T02-00-00Z.bahi-backup", "bahi-2026-11-03T02-00-00Z.bahi-backup"];
          expect(readdirSync(folder.where).sort()).toEqual(names);
          expect([...fake.objects.keys()].sort()).toEqual(names.map((n) => `bahi/${n}`));
        } finally {
          await fake.close();
          rmSync(where, { recursive: true, force: true });
        }
      }, 120_000);
    }

    if (kind === "pglite") {
      it("a running server makes the backup that `npm run backup` asks for", async () => {
        const requests = requestsDir(source.dataDir);
        mkdirSync(requests, { recursive: true });
        const asked = path.join(dir, "asked.bahi-backup");
        writeFileSync(path.join(requests, "1.request.json"), JSON.stringify({ file: asked }));
        writeFileSync(path.join(requests, "2.request.json"), JSON.stringify({ file: "/no/such/dir/x" }));
        await serveBackupRequests(t.database.pglite!, source.dataDir);
        expect(readdirSync(requests).sort()).toEqual(["1.answer.json", "2.answer.json"]);
        const ok = JSON.parse(readFileSync(path.join(requests, "1.answer.json"), "utf8"));
        expect(ok).toEqual({ ok: true, bytes: readFileSync(asked).length });
        const failed = JSON.parse(readFileSync(path.join(requests, "2.answer.json"), "utf8"));
        expect(failed).toMatchObject({ ok: false, error: expect.stringMatching(/ENOENT/) });
      }, 120_000);

      it("the daily backup runs once a day into DATA_DIR/backups and keeps the newest BACKUP_KEEP", async () => {
        const dataDir = scratch();
        const day = (n: number) => new Date(Date.UTC(2026, 10, n, 2, 0, 0));
        const made: Array<string | undefined> = [];
        made.push(await runDailyBackup(t.database.pglite!, { dataDir, keep: 2, now: day(1) }));
        // An hourly check on the same day makes nothing.
        made.push(
          await runDailyBackup(t.database.pglite!, {
            dataDir,
            keep: 2,
            now: new Date(day(1).getTime() + 3_600_000),
          }),
        );
        made.push(await runDailyBackup(t.database.pglite!, { dataDir, keep: 2, now: day(2) }));
        made.push(await runDailyBackup(t.database.pglite!, { dataDir, keep: 2, now: day(3) }));
        expect(made.map((m) => m && path.basename(m))).toEqual([
          "bahi-2026-11-01T02-00-00Z.bahi-backup",
          undefined,
          "bahi-2026-11-02T02-00-00Z.bahi-backup",
          "bahi-2026-11-03T02-00-00Z.bahi-backup",
        ]);
        expect(readdirSync(path.join(dataDir, "backups")).sort()).toEqual([
          "bahi-2026-11-02T02-00-00Z.bahi-backup",
          "bahi-2026-11-03T02-00-00Z.bahi-backup",
        ]);
        rmSync(dataDir, { recursive: true, force: true });
      }, 120_000);
    }
  });
}
