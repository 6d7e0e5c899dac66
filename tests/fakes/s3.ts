import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A fake S3-compatible service for the backup tests: path-style addressing, objects in memory, and
// exactly the calls S3Store makes (CreateMultipartUpload, UploadPart, CompleteMultipartUpload,
// AbortMultipartUpload, ListObjectsV2 with continuation tokens, DeleteObject). Every request must
// carry a SigV4 Authorization header of the right shape, with x-amz-date and a correct
// x-amz-content-sha256 among the signed headers; anything else answers 403.

export interface FakeObject {
  body: Buffer;
  modified: Date;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, FakeObject>;
  /** Uploads begun and neither completed nor aborted. */
  uploads: Map<string, Map<number, Buffer>>;
  aborted: number;
  /** UploadPart with this part number answers 500. */
  failPart?: number;
  /** Keys per ListObjectsV2 page (S3's is 1,000). */
  pageSize: number;
  /** Requests refused for their signature headers. */
  refused: string[];
  requests: string[];
  close(): Promise<void>;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function startFakeS3(opts: {
  bucket: string;
  accessKeyId: string;
  region: string;
}): Promise<FakeS3> {
  const fake: FakeS3 = {
    url: "",
    bucket: opts.bucket,
    objects: new Map(),
    uploads: new Map(),
    aborted: 0,
    pageSize: 1000,
    refused: [],
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const refuse = (res: ServerResponse, status: number, code: string, message = code) => {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`,
    );
  };

  const signatureProblem = (req: IncomingMessage, body: Buffer): string | undefined => {
    const auth = AUTH.exec(req.headers.authorization ?? "");
    if (!auth) return "Authorization is not a SigV4 header";
    const [, keyId, day, region, signed] = auth;
    if (keyId !== opts.accessKeyId) return `unknown access key ${keyId}`;
    if (region !== opts.region) return `signed for region ${region}`;
    const date = req.headers["x-amz-date"];
    if (typeof date !== "string" || !/^\d{8}T\d{6}Z$/.test(date)) return "no x-amz-date";
    if (date.slice(0, 8) !== day) return "x-amz-date is not the credential's day";
    const sha = req.headers["x-amz-content-sha256"];
    if (typeof sha !== "string") return "no x-amz-content-sha256";
    if (sha !== "UNSIGNED-PAYLOAD" && sha !== createHash("sha256").update(body).digest("hex")) {
      return "x-amz-content-sha256 does not match the body";
    }
    const names = signed!.split(";");
    for (const name of ["host", "x-amz-date", "x-amz-content-sha256"]) {
      if (!names.includes(name)) return `${name} is not signed`;
    }
    return undefined;
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const problem = signatureProblem(req, body);
    if (problem) {
      fake.refused.push(problem);
      return refuse(res, 403, "SignatureDoesNotMatch", problem);
    }
    const [, bucket, ...rest] = decodeURIComponent(url.pathname).split("/");
    if (bucket !== opts.bucket) return refuse(res, 404, "NoSuchBucket");
    const key = rest.join("/");
    const q = url.searchParams;
    const uploadId = q.get("uploadId");

    if (req.method === "GET" && !key && q.get("list-type") === "2") {
      const prefix = q.get("prefix") ?? "";
      const keys = [...fake.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const after = q.get("continuation-token");
      const from = after ? keys.findIndex((k) => k > after) : 0;
      const page = from < 0 ? [] : keys.slice(from, from + fake.pageSize);
      const truncated = from >= 0 && from + fake.pageSize < keys.length;
      const contents = page
        .map((k) => {
          const o = fake.objects.get(k)!;
          return `<Contents><Key>${xml(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><Size>${o.body.length}</Size></Contents>`;
        })
        .join("");
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xml(page.at(-1)!)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
      );
    }
    if (!key) return refuse(res, 400, "InvalidRequest", `unexpected ${req.method} ${url.search}`);
    if (req.method === "POST" && q.has("uploads")) {
      const id = randomUUID();
      fake.uploads.set(id, new Map());
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (uploadId !== null) {
      const parts = fake.uploads.get(uploadId);
      if (!parts) return refuse(res, 404, "NoSuchUpload");
      if (req.method === "PUT") {
        const n = Number(q.get("partNumber"));
        if (n === fake.failPart) return refuse(res, 500, "InternalError", "part refused by the test");
        parts.set(n, body);
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        return res.end();
      }
      if (req.method === "POST") {
        const listed = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber><ETag>([^<]*)<\/ETag>/g)];
        const pieces: Buffer[] = [];
        for (const [i, [, n, etag]] of listed.entries()) {
          const part = parts.get(Number(n));
          const expected = part && `"${createHash("md5").update(part).digest("hex")}"`;
          if (Number(n) !== i + 1 || !part || etag!.replace(/&#34;|&quot;/g, '"') !== expected) {
            return refuse(res, 400, "InvalidPart");
          }
          pieces.push(part);
        }
        if (listed.length === 0) return refuse(res, 400, "MalformedXML");
        fake.uploads.delete(uploadId);
        fake.objects.set(key, { body: Buffer.concat(pieces), modified: new Date() });
        res.writeHead(200, { "content-type": "application/xml" });
        return res.end(
          `<CompleteMultipartUploadResult><Key>${xml(key)}</Key></CompleteMultipartUploadResult>`,
        );
      }
      if (req.method === "DELETE") {
        fake.uploads.delete(uploadId);
        fake.aborted += 1;
        res.writeHead(204);
        return res.end();
      }
    }
    if (req.method === "DELETE") {
      fake.objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return refuse(res, 400, "InvalidRequest", `unexpected ${req.method} ${url.search}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
