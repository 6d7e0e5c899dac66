import { brotliDecompressSync } from "node:zlib";
import { COMPRESS_FROM_BYTES } from "./app";
import { createTestApp, type TestApp } from "./testing/harness";

// API answers that fit TCP's first window go out as they are; larger ones are compressed
// (docs/decisions/0053-api-per-request.md).
describe("API answer compression", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  const list = (cookie: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/clients?pageSize=100",
      headers: { cookie, "accept-encoding": "br, gzip" },
    });

  it("sends a small answer uncompressed and a large one compressed with Brotli", async () => {
    const s = await t.signUpAndSignIn();
    for (let i = 0; i < 3; i++)
      expect((await t.post("/api/clients", { name: `Small ${i}` }, s.cookie)).statusCode).toBe(201);
    const small = await list(s.cookie);
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.json().items).toHaveLength(3);

    const notes = "Delivers to the back gate after 6 pm. ".repeat(40);
    for (let i = 0; i < 10; i++)
      expect((await t.post("/api/clients", { name: `Large ${i}`, notes }, s.cookie)).statusCode).toBe(201);
    const large = await list(s.cookie);
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    const body = brotliDecompressSync(large.rawPayload);
    expect(body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(large.rawPayload.length).toBeLessThan(body.length / 4);
    expect(JSON.parse(body.toString()).items).toHaveLength(13);
  });
});
