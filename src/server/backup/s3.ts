import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { AwsClient } from "aws4fetch";
import type { BackupStore, StoredBackup } from "./store";

// Daily backups in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO), through
// aws4fetch (a SigV4 signer over fetch, imported on first use) rather than the AWS SDK, which would
// multiply the install's size (docs/decisions/0051-streaming-backups.md).

export interface S3Settings {
  bucket: string;
  /** https://s3.<region>.amazonaws.com unless set (R2, B2, MinIO...). */
  endpoint?: string;
  region: string;
  /** Key prefix, "" or ending in "/". */
  prefix: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO). */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

const MiB = 1024 * 1024;
/** S3 allows 10,000 parts; 16 MiB parts carry 160 GB, larger files get larger parts. */
const MAX_PARTS = 10_000;

export class S3Error extends Error {}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
    if (e in named) return named[e]!;
    return String.fromCodePoint(
      e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
    );
  });
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text of each `<tag>` in `xml` (S3's answers are flat enough for this). */
function tags(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]!);
}
const tag = (xml: string, name: string) => {
  const found = tags(xml, name)[0];
  return found === undefined ? undefined : unescapeXml(found);
};

export class S3Store implements BackupStore {
  readonly where: string;
  private readonly base: URL;
  private client?: Promise<AwsClient>;
  private readonly partBytes: number;
  private readonly retries: number;

  constructor(
    private readonly s3: S3Settings,
    opts: { partBytes?: number; retries?: number } = {},
  ) {
    this.where = `s3://${s3.bucket}/${s3.prefix}`;
    this.partBytes = opts.partBytes ?? 16 * MiB;
    this.retries = opts.retries ?? 3;
    const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
    if (s3.forcePathStyle) {
      endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, "")}/${encodeURIComponent(s3.bucket)}/`;
    } else {
      endpoint.hostname = `${s3.bucket}.${endpoint.hostname}`;
      endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, "")}/`;
    }
    this.base = endpoint;
  }

  private aws(): Promise<AwsClient> {
    this.client ??= import("aws4fetch").then(
      ({ AwsClient }) =>
        new AwsClient({
          accessKeyId: this.s3.accessKeyId,
          secretAccessKey: this.s3.secretAccessKey,
          region: this.s3.region,
          service: "s3",
          retries: this.retries,
        }),
    );
    return this.client;
  }

  private url(key: string, query: Record<string, string> = {}): URL {
    const url = new URL(key.split("/").map(encodeURIComponent).join("/"), this.base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    // `?uploads` is a bare flag.
    if (query.uploads === "") url.search = url.search.replace("uploads=", "uploads");
    return url;
  }

  /** Sends one signed request; a status outside 2xx (or an <Error> in a 200) throws, naming S3's code. */
  private async send(
    what: string,
    url: URL,
    init: { method: string; body?: Uint8Array<ArrayBuffer> | string },
  ): Promise<Response> {
    const body = init.body ?? "";
    const sha256 = createHash("sha256").update(body).digest("hex");
    const client = await this.aws();
    let response: Response;
    try {
      response = await client.fetch(url.toString(), {
        method: init.method,
        body: init.body,
        headers: { "x-amz-content-sha256": sha256 },
      });
    } catch (error) {
      throw new S3Error(`S3 ${what} failed: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      const code = tag(text, "Code") ?? "";
      const message = tag(text, "Message") ?? "";
      throw new S3Error(`S3 ${what} failed: ${response.status} ${code} ${message}`.trim());
    }
    return response;
  }

  async put(name: string, file: string): Promise<void> {
    const key = this.s3.prefix + name;
    const what = (op: string) => `${op} of ${this.where}${name}`;
    const handle = await open(file, "r");
    try {
      const { size } = await handle.stat();
      const partBytes = Math.max(this.partBytes, Math.ceil(size / MAX_PARTS));
      const started = await this.send(what("CreateMultipartUpload"), this.url(key, { uploads: "" }), {
        method: "POST",
      });
      const uploadId = tag(await started.text(), "UploadId");
      if (!uploadId) throw new S3Error(`S3 ${what("CreateMultipartUpload")} answered no UploadId`);
      try {
        // One part in memory at a time, read from the file into the same buffer.
        const buffer = Buffer.allocUnsafe(Math.min(partBytes, Math.max(size, 1)));
        const etags: string[] = [];
        let offset = 0;
        let part = 1;
        do {
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          if (bytesRead === 0 && part > 1) break; // the file shrank: what was read is the file
          const answer = await this.send(
            what(`UploadPart ${part}`),
            this.url(key, { partNumber: String(part), uploadId }),
            { method: "PUT", body: buffer.subarray(0, bytesRead) },
          );
          const etag = answer.headers.get("etag");
          if (!etag) throw new S3Error(`S3 ${what(`UploadPart ${part}`)} answered no ETag`);
          etags.push(etag);
          offset += bytesRead;
          part += 1;
        } while (offset < size);
        const parts = etags
          .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`)
          .join("");
        const done = await this.send(what("CompleteMultipartUpload"), this.url(key, { uploadId }), {
          method: "POST",
          body: `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`,
        });
        // S3 may answer 200 and report the failure in the body.
        const text = await done.text();
        if (/<Error>/.test(text)) {
          throw new S3Error(
            `S3 ${what("CompleteMultipartUpload")} failed: ${tag(text, "Code") ?? ""} ${tag(text, "Message") ?? ""}`.trim(),
          );
        }
      } catch (error) {
        // The parts uploaded so far would be kept (and billed) until aborted.
        await this.send(what("AbortMultipartUpload"), this.url(key, { uploadId }), {
          method: "DELETE",
        }).catch(() => undefined);
        throw error;
      }
    } finally {
      await handle.close();
    }
  }

  async list(): Promise<StoredBackup[]> {
    const stored: StoredBackup[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = { "list-type": "2", prefix: this.s3.prefix };
      if (token) query["continuation-token"] = token;
      const answer = await (
        await this.send(`ListObjectsV2 of ${this.where}`, this.url("", query), { method: "GET" })
      ).text();
      for (const item of tags(answer, "Contents")) {
        const name = (tag(item, "Key") ?? "").slice(this.s3.prefix.length);
        // Only the prefix's own objects, not those of "folders" below it.
        if (!name || name.includes("/")) continue;
        stored.push({
          name,
          bytes: Number(tag(item, "Size") ?? 0),
          modified: new Date(tag(item, "LastModified") ?? 0),
        });
      }
      token = tag(answer, "IsTruncated") === "true" ? tag(answer, "NextContinuationToken") : undefined;
    } while (token);
    return stored;
  }

  async remove(name: string): Promise<void> {
    await this.send(`DeleteObject of ${this.where}${name}`, this.url(this.s3.prefix + name), {
      method: "DELETE",
    });
  }
}
