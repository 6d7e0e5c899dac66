import { createTestApp, type TestApp } from "../testing/harness";

describe("preview fonts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("serves the PDF's own font files for each of the eight families", async () => {
    for (const family of ["Inter", "Lato", "Times New Roman", "Verdana"]) {
      const res = await t.get(`/api/fonts/${encodeURIComponent(family)}/bold`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("font/ttf");
      // TrueType files start with 0x00010000 (or "true").
      expect(res.rawPayload.subarray(0, 4).toString("hex")).toMatch(/^00010000|^74727565/);
    }
  });

  it("answers 404 for anything else", async () => {
    expect((await t.get("/api/fonts/Comic%20Sans/regular")).statusCode).toBe(404);
    expect((await t.get("/api/fonts/Inter/..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(404);
  });
});
