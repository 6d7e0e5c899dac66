import sharp from "sharp";
import { describeEachDb, type TestApp, testAppForSuite } from "../testing/harness";

const png = (width = 40, height = 20, alpha = true) =>
  sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
  })
    .png()
    .toBuffer();

const upload = (t: TestApp, cookie: string, kind: string, bytes: Buffer, declared = "image/png") =>
  t.post("/api/images", { kind, data: `data:${declared};base64,${bytes.toString("base64")}` }, cookie);

describeEachDb("images API", (kind) => {
  const t = testAppForSuite(kind);

  it("stores a PNG once, normalised, and serves it to its owner only", async () => {
    const s = await t.signUpAndSignIn();
    const bytes = await png();
    const first = await upload(t, s.cookie, "logo", bytes);
    expect(first.statusCode).toBe(201);
    const again = await upload(t, s.cookie, "logo", bytes);
    expect(again.json().id).toBe(first.json().id);

    const res = await t.get(`/api/images/${first.json().id}`, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toMatch(/private/);
    expect(res.headers["cache-control"]).toMatch(/max-age=31536000/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.hasAlpha).toBe(false); // flattened onto white
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // half-transparent red on white is light

    const other = await t.signUpAndSignIn();
    expect((await t.get(`/api/images/${first.json().id}`, other.cookie)).statusCode).toBe(404);
    expect((await t.get(`/api/images/${first.json().id}`)).statusCode).toBe(401);
  });

  it("bounds the size and strips metadata", async () => {
    const s = await t.signUpAndSignIn();
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret camera" } } })
      .toBuffer();
    const res = await upload(t, s.cookie, "signature", big, "image/jpeg");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: "image/jpeg", width: 1200, height: 600 });
    const served = await t.get(res.json().url, s.cookie);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("secret camera"))).toBe(false);
  });

  it("treats a PNG named .svg and declared image/svg+xml as the PNG it is", async () => {
    const s = await t.signUpAndSignIn();
    const res = await t.post(
      "/api/images",
      {
        kind: "signature",
        fileName: "logo.svg",
        data: `data:image/svg+xml;base64,${(await png()).toString("base64")}`,
      },
      s.cookie,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().mimeType).toBe("image/png");
    const served = await t.get(res.json().url, s.cookie);
    expect(served.headers["content-type"]).toBe("image/png");
  });

  it("refuses bytes that are no image, whatever they are called", async () => {
    const s = await t.signUpAndSignIn();
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const res = await upload(t, s.cookie, "logo", html, "image/png");
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe("This file is not a PNG, JPEG or SVG image.");
  });

  it("cleans an SVG logo of scripts, handlers and outside references, and serves it as PNG", async () => {
    const s = await t.signUpAndSignIn();
    const svg = Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" onload="alert(1)">
        <script>alert(document.cookie)</script>
        <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml">x</body></foreignObject>
        <image xlink:href="http://evil.example/x.png" width="10" height="10"/>
        <rect width="100" height="50" fill="#1E3A8A" onclick="steal()"/></svg>`,
    );
    const res = await upload(t, s.cookie, "logo", svg, "image/svg+xml");
    expect(res.statusCode).toBe(201);
    expect(res.json().mimeType).toBe("image/png");
    const served = await t.get(res.json().url, s.cookie);
    expect(served.headers["content-type"]).toBe("image/png");
    const text = served.rawPayload.toString("latin1");
    expect(text).not.toMatch(/script|onload|evil\.example/);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x1e, 0x3a, 0x8a]);
  });

  it("takes an SVG for the logo only", async () => {
    const s = await t.signUpAndSignIn();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`,
    );
    const res = await upload(t, s.cookie, "qr", svg, "image/png");
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe("This file is not a PNG or JPEG image.");
  });

  it("refuses a 2.1 MB file with 'File Too Large'", async () => {
    const s = await t.signUpAndSignIn();
    const head = await png();
    const bytes = Buffer.concat([head, Buffer.alloc(2.1 * 1024 * 1024 - head.length, 1)]);
    const res = await upload(t, s.cookie, "logo", bytes);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: "payload_too_large",
      message: "The image should be less than 2MB.",
    });
  });

  it("lets settings point only at the user's own images", async () => {
    const owner = await t.signUpAndSignIn();
    const other = await t.signUpAndSignIn();
    const id = (await upload(t, owner.cookie, "logo", await png(12, 12))).json().id;
    const stolen = await t.putSettings({ companyLogo: id }, other.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toHaveProperty("companyLogo");
    const made = await t.putSettings({ companyLogo: "img_nope" }, owner.cookie);
    expect(made.statusCode).toBe(400);
    const own = await t.putSettings({ companyLogo: id }, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect((await t.get("/api/settings", owner.cookie)).json().companyLogo).toBe(id);
  });
});
