import sharp from "sharp";
import { accountsForSuite, describeEachDb, testAppForSuite } from "./testing/harness";

/** helmet's headers that only documents need: never on a JSON answer, always on a page. */
const DOCUMENT_ONLY = [
  "referrer-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

describeEachDb("security headers", (kind) => {
  const t = testAppForSuite(kind);
  const [a] = accountsForSuite(t, 1);

  it("gives a JSON answer the short set: no sniffing, no framing, no reading from other sites, no caching", async () => {
    for (const [answer, status] of [
      [await t.get("/api/clients", a!.cookie), 200],
      [await t.get("/api/clients"), 401],
    ] as const) {
      expect(answer.statusCode).toBe(status);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.headers).toMatchObject({
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "cross-origin-resource-policy": "same-origin",
        "cache-control": "no-store",
      });
      for (const name of DOCUMENT_ONLY) expect(answer.headers, name).not.toHaveProperty(name);
    }
  });

  it("gives a page and an image the whole set", async () => {
    const image = await t.post(
      "/api/images",
      {
        kind: "logo",
        data: `data:image/png;base64,${(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
            .png()
            .toBuffer()
        ).toString("base64")}`,
      },
      a!.cookie,
    );
    expect(image.statusCode).toBe(201);
    for (const answer of [await t.get("/api/docs"), await t.get(image.json().url, a!.cookie)]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^(text\/html|image\/png)/);
      const csp = String(answer.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
      });
      for (const name of DOCUMENT_ONLY) expect(answer.headers, name).toHaveProperty(name);
    }
  });
});
