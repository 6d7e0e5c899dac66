import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../../tests/fakes/s3";
import { ConfigError, loadConfig } from "../config";
import { removeExpired } from "./jobs";
import { type S3Settings, S3Store } from "./s3";
import { FolderStore, MirroredStore } from "./store";

const KEY_ID = "AKIATESTBAHI";
const SECRET = "test-secret-never-logged";
let fake: FakeS3;
let dir: string;

const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
  bucket: "bahi-backups",
  endpoint: fake.url,
  region: "auto",
  prefix: "bahi/",
  forcePathStyle: true,
  accessKeyId: KEY_ID,
  secretAccessKey: SECRET,
  ...over,
});
const name = (day: number) => `bahi-2026-11-${String(day).padStart(2, "0")}T02-00-00Z.bahi-backup`;
const obj = (bytes = 3) => ({ body: randomBytes(bytes), modified: new Date() });

beforeAll(async () => {
  fake = await startFakeS3({ bucket: "bahi-backups", accessKeyId: KEY_ID, region: "auto" });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.objects.clear();
  fake.uploads.clear();
  fake.failPart = undefined;
  fake.pageSize = 1000;
  fake.aborted = 0;
  fake.refused.length = 0;
  rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  dir = mkdtempSync(path.join(tmpdir(), "bahi-s3-test-"));
  return dir;
};

describe("S3Store", () => {
  it("uploads a file of several parts byte-identical, every request signed", async () => {
    const file = path.join(scratch(), "backup");
    const content = randomBytes(3 * 64 * 1024 + 123);
    writeFileSync(file, content);
    const store = new S3Store(settings(), { partBytes: 64 * 1024 });
    await store.put(name(1), file);

    expect(fake.objects.get(`bahi/${name(1)}`)?.body.equals(content)).toBe(true);
    expect(fake.requests.filter((r) => r.startsWith("PUT")).length).toBe(4);
    expect(fake.refused).toEqual([]);
    expect(fake.uploads.size).toBe(0);
    expect(await store.list()).toEqual([
      { name: name(1), bytes: content.length, modified: expect.any(Date) },
    ]);
  });

  it("a request signed with an unknown key is refused; the error names the call and S3's code, not the secret", async () => {
    const file = path.join(scratch(), "backup");
    writeFileSync(file, "x");
    const store = new S3Store(settings({ accessKeyId: "SOMEONE-ELSE" }), { retries: 0 });
    const failure = store.put(name(1), file);
    await expect(failure).rejects.toThrow(
      /CreateMultipartUpload of s3:\/\/bahi-backups\/bahi\/.* 403 SignatureDoesNotMatch/,
    );
    await expect(failure).rejects.not.toThrow(SECRET);
  });

  it("lists through continuation tokens, and retention removes only old backups under the prefix", async () => {
    for (const day of [1, 2, 3, 4, 5]) fake.objects.set(`bahi/${name(day)}`, obj());
    fake.objects.set(`other/${name(1)}`, obj()); // another prefix
    fake.objects.set(`bahi/old/${name(1)}`, obj()); // a "folder" below the prefix
    fake.objects.set("bahi/notes.txt", obj()); // not a daily backup
    fake.pageSize = 2;
    const store = new S3Store(settings());
    expect((await store.list()).map((b) => b.name).sort()).toEqual(
      [1, 2, 3, 4, 5].map(name).concat("notes.txt").sort(),
    );
    expect(fake.requests.filter((r) => r.includes("continuation-token")).length).toBeGreaterThan(0);

    // Kept 2 days, on day 5 at 03:00: day 3's (2 days and an hour old) goes, days 4 and 5 stay.
    await removeExpired(store, 2, new Date(Date.UTC(2026, 10, 5, 3)));
    expect([...fake.objects.keys()].sort()).toEqual(
      [
        "bahi/notes.txt",
        `bahi/old/${name(1)}`,
        `bahi/${name(4)}`,
        `bahi/${name(5)}`,
        `other/${name(1)}`,
      ].sort(),
    );
  });

  it("a failed part aborts the upload; the mirrored store then keeps no local copy and fails", async () => {
    const work = scratch();
    const file = path.join(work, ".making");
    writeFileSync(file, randomBytes(200 * 1024));
    fake.failPart = 2;
    const folder = new FolderStore(path.join(work, "backups"));
    const store = new MirroredStore(folder, new S3Store(settings(), { partBytes: 64 * 1024, retries: 0 }));
    await expect(store.put(name(1), file)).rejects.toThrow(/UploadPart 2 of .* 500 InternalError/);
    expect(fake.aborted).toBe(1);
    expect(fake.uploads.size).toBe(0);
    expect(fake.objects.size).toBe(0);
    expect(readdirSync(path.join(work, "backups"))).toEqual([]);
  });

  it("the mirrored store puts in both places, lists either, removes from both", async () => {
    const work = scratch();
    const file = path.join(work, ".making");
    writeFileSync(file, "backup");
    const folder = new FolderStore(path.join(work, "backups"));
    const store = new MirroredStore(folder, new S3Store(settings()));
    await store.put(name(2), file);
    fake.objects.set(`bahi/${name(1)}`, obj()); // only in the bucket
    expect(readdirSync(folder.where)).toEqual([name(2)]);
    expect((await store.list()).map((b) => b.name).sort()).toEqual([name(1), name(2)]);
    await removeExpired(store, 0, new Date(Date.UTC(2026, 10, 9)));
    expect(readdirSync(folder.where)).toEqual([]);
    expect(fake.objects.size).toBe(0);
  });

  it("addresses the bucket by host name unless path style is asked for", () => {
    const url = (s: S3Store, key: string) => (s as unknown as { url(k: string): URL }).url(key).toString();
    const aws = new S3Store(settings({ endpoint: undefined, region: "ap-south-1", forcePathStyle: false }));
    expect(url(aws, "bahi/x")).toBe("https://bahi-backups.s3.ap-south-1.amazonaws.com/bahi/x");
    const minio = new S3Store(settings({ endpoint: "http://minio:9000", forcePathStyle: true }));
    expect(url(minio, "bahi/x")).toBe("http://minio:9000/bahi-backups/bahi/x");
  });
});

describe("S3 settings", () => {
  const base = () => ({
    DATA_DIR: scratch(),
    DATABASE_URL: "postgres://localhost/bahi",
    AUTH_SECRET: "x".repeat(32),
    BACKUP_S3_BUCKET: "bahi-backups",
  });

  it("refuse a bucket without both keys, naming the missing one, and never echo the secret", () => {
    expect(() => loadConfig({ ...base(), AWS_SECRET_ACCESS_KEY: SECRET })).toThrow(
      /BACKUP_S3_BUCKET: is set, but AWS_ACCESS_KEY_ID is not/,
    );
    expect(() => loadConfig({ ...base(), AWS_ACCESS_KEY_ID: KEY_ID })).toThrow(
      /AWS_SECRET_ACCESS_KEY is not/,
    );
    expect(() => loadConfig(base())).toThrow(/AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not/);
    expect(() =>
      loadConfig({
        ...base(),
        DATABASE_URL: undefined,
        AWS_ACCESS_KEY_ID: KEY_ID,
        AWS_SECRET_ACCESS_KEY: SECRET,
      }),
    ).toThrow(/no DATABASE_URL/);
    expect(() => loadConfig({ ...base(), BACKUP_S3_BUCKET: "Not_A_Bucket" })).toThrow(ConfigError);
  });

  it("default to AWS's endpoint in us-east-1 under bahi/, and add the prefix's slash", () => {
    const keys = { AWS_ACCESS_KEY_ID: KEY_ID, AWS_SECRET_ACCESS_KEY: SECRET };
    expect(loadConfig({ ...base(), ...keys }).backupS3).toEqual({
      bucket: "bahi-backups",
      endpoint: undefined,
      region: "us-east-1",
      prefix: "bahi/",
      forcePathStyle: false,
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
    });
    const r2 = loadConfig({
      ...base(),
      ...keys,
      BACKUP_S3_ENDPOINT: "https://acct.r2.cloudflarestorage.com",
      BACKUP_S3_REGION: "auto",
      BACKUP_S3_PREFIX: "shop1",
      BACKUP_S3_FORCE_PATH_STYLE: "1",
    }).backupS3;
    expect(r2).toMatchObject({ region: "auto", prefix: "shop1/", forcePathStyle: true });
    expect(loadConfig({ ...base(), BACKUP_S3_BUCKET: "" }).backupS3).toBeUndefined();
  });
});
