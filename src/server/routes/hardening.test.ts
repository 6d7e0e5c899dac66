import { accountsForSuite, describeEachDb, TEST_ORIGIN, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

describeEachDb("request hardening", (kind) => {
  const t = testAppForSuite(kind);
  const [a] = accountsForSuite(t, 1);

  const clientCount = async () => (await t.get("/api/clients", a.cookie)).json().total as number;

  describe("the Origin check holds for every spelling of a path", () => {
    const spellings = (path: string) => [
      path.replace("/api/", "/%61pi/"),
      path.replace("/api/", "/api/%2e/"),
      path.replace("/api/", "/api/./"),
      path.replace("/api/", "/x/../api/"),
      path.replace("/api/", "/x/%2e%2e/api/"),
      path.replace("/api/", "//api/"),
      path.replace("/api/", "/api//"),
      path.replace(/s$/, "%73"),
      path.toUpperCase() === path ? path : path.replace("/api/", "/API/"),
    ];
    const routes: { method: "POST" | "PUT" | "PATCH" | "DELETE"; path: string; body: unknown }[] = [
      { method: "POST", path: "/api/clients", body: { name: "Foreign" } },
      { method: "POST", path: "/api/products", body: { name: "Foreign" } },
      { method: "PUT", path: "/api/settings", body: { companyName: "Foreign" } },
      { method: "PATCH", path: "/api/profile", body: { fullName: "Foreign" } },
      { method: "POST", path: "/api/functions/clear-user-data", body: {} },
      { method: "POST", path: "/api/functions/create-razorpay-order", body: { planId: "basic" } },
    ];

    for (const route of routes) {
      for (const origin of ["https://evil.example", undefined]) {
        it(`${route.method} ${route.path} is refused under each spelling (origin ${origin ?? "none"})`, async () => {
          await t.post("/api/clients", { name: "Keep me" }, a.cookie);
          const before = await clientCount();
          for (const url of spellings(route.path)) {
            const response = await t.app.inject({
              method: route.method,
              url,
              payload: route.body as object,
              headers: { cookie: a.cookie, ...(origin ? { origin } : {}) },
            });
            expect(response.statusCode, `${route.method} ${url}`).not.toBeLessThan(400);
            if (response.statusCode !== 404) expect(response.statusCode, `${route.method} ${url}`).toBe(403);
          }
          expect(await clientCount()).toBe(before);
        });
      }
    }

    it("still accepts our own origin under the plain spelling", async () => {
      const response = await t.post("/api/clients", { name: "Mine" }, a.cookie);
      expect(response.statusCode).toBe(201);
    });
  });

  describe("bodies are not parsed for strangers", () => {
    it("refuses a body to an authenticated route before parsing it", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/clients",
        payload: "{not json",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
    });

    it("answers a body to no route with 404 without parsing it", async () => {
      for (const url of ["/api/nothing-here", "/api/clients/1/nothing", "/not-api"]) {
        const response = await t.app.inject({
          method: "POST",
          url,
          payload: "{not json",
          headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe("not_found");
      }
    });

    it.each([
      {
        what: "an unknown content type (not 415)",
        method: "PUT",
        url: "/api/settings",
        payload: "x".repeat(1000),
        type: "application/x-strange",
      },
      {
        what: "a large body, without reading it",
        method: "POST",
        url: "/api/images",
        payload: JSON.stringify({ kind: "logo", data: "A".repeat(5 * 1024 * 1024) }),
        type: "application/json",
      },
    ] as const)("refuses $what from a stranger with 401", async ({ method, url, payload, type }) => {
      const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { origin: TEST_ORIGIN, "content-type": type },
      });
      expect(response.statusCode).toBe(401);
    });

    it("gives sign-up, sign-in and reset small body limits", async () => {
      const big = "a".repeat(100 * 1024);
      for (const url of [
        "/api/auth/sign-up/email",
        "/api/auth/sign-in/email",
        "/api/auth/request-password-reset",
        "/api/auth/reset-password",
      ]) {
        const response = await t.post(url, { email: "x@example.com", password: big, name: big });
        expect(response.statusCode, url).toBe(413);
        expect(response.json().error.code).toBe("payload_too_large");
      }
    });

    it("gives the webhook a small body limit", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/razorpay",
        payload: JSON.stringify({ event: "order.paid", pad: "a".repeat(200 * 1024) }),
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode).toBe(413);
    });

    it("still reads bodies of signed-in users", async () => {
      const response = await t.post("/api/clients", { name: "Signed in" }, a.cookie);
      expect(response.statusCode).toBe(201);
    });
  });

  describe("bad input is 400, never 500", () => {
    it("refuses NUL in text fields", async () => {
      for (const [method, url, body] of [
        ["POST", "/api/clients", { name: "A\u0000B" }],
        ["POST", "/api/clients", { name: "A", billingAddress: { city: "P\u0000une" } }],
        ["POST", "/api/products", { name: "Widget\u0000" }],
        ["PATCH", "/api/profile", { fullName: "\u0000" }],
        ["PUT", "/api/settings", { companyName: "Acme\u0000" }],
        ["POST", "/api/products/none/stock-adjustments", { change: 1, note: "x\u0000" }],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          payload: body,
          headers: { origin: TEST_ORIGIN, cookie: a.cookie },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json().error.code).toBe("validation_failed");
      }
    });

    it("refuses NUL in query strings and ids", async () => {
      for (const url of [
        "/api/clients?search=a%00b",
        "/api/products?search=%00",
        "/api/invoices?search=%00",
        "/api/invoices/export.csv?search=%00",
        "/api/clients/a%00b",
        "/api/products/a%00b",
        "/api/invoices/a%00b",
        "/api/images/a%00b",
        "/api/products/a%00b/movements",
      ]) {
        const response = await t.get(url, a.cookie);
        expect(response.statusCode, url).toBe(400);
      }
    });

    it("refuses NUL in the sign-in e-mail with 400", async () => {
      const response = await t.post("/api/auth/sign-in/email", {
        email: "a\u0000@example.com",
        password: "whatever-123",
      });
      expect(response.statusCode).toBe(400);
    });

    it("refuses a redirect target better-auth cannot parse, or one off this site, with 400", async () => {
      for (const target of ["12.50", "abc", "//evil.example", "https://evil.example/"]) {
        const verify = await t.get(
          `/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(target)}`,
        );
        expect(verify.statusCode, target).toBe(400);
        const reset = await t.post("/api/auth/request-password-reset", {
          email: a.email,
          redirectTo: target,
        });
        expect(reset.statusCode, target).toBe(400);
      }
      const own = await t.get("/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard");
      expect(own.statusCode).toBe(302);
      expect(own.headers.location).toBe("/dashboard?error=INVALID_TOKEN");
    });

    it("refuses dates that are not on the calendar with 400", async () => {
      for (const url of ["/api/invoices?to=2026-02-30", "/api/invoices/export.csv?from=2025-13-01"]) {
        const response = await t.get(url, a.cookie);
        expect(response.statusCode, url).toBe(400);
      }
      const created = await t.post(
        "/api/invoices",
        invoiceRequest("FEB-30", { status: "draft", dueDate: null, invoiceDate: "2026-02-30" }),
        a.cookie,
      );
      expect(created.statusCode).toBe(400);
      expect(created.json().error.fields).toHaveProperty("invoiceDate");
    });

    it("answers numbers past a double and bodies nested 100,000 deep with 400", async () => {
      for (const [url, payload] of [
        ["/api/products", '{"name":"Huge","rate":1e999}'],
        ["/api/products", '{"name":"Huge","rate":-1e999,"availableQuantity":1e400}'],
        ["/api/invoices", `{"client":${"[".repeat(100_000)}${"]".repeat(100_000)}}`],
        ["/api/clients", `{"name":"x","notes":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`],
        ["/api/import", `{"invoices":${"[".repeat(100_000)}${"]".repeat(100_000)}}`],
      ] as const) {
        const response = await t.app.inject({
          method: "POST",
          url,
          payload,
          headers: { origin: TEST_ORIGIN, cookie: a.cookie, "content-type": "application/json" },
        });
        expect(response.statusCode, `${url} ${response.body.slice(0, 200)}`).toBe(400);
      }
    });

    it("answers a JSON string instead of an object with 400", async () => {
      for (const [method, url] of [
        ["POST", "/api/clients"],
        ["POST", "/api/products"],
        ["PUT", "/api/settings"],
        ["PATCH", "/api/profile"],
        ["POST", "/api/invoices"],
        ["POST", "/api/functions/create-razorpay-order"],
        ["POST", "/api/auth/sign-in/email"],
        ["POST", "/api/auth/sign-up/email"],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          payload: JSON.stringify("just a string"),
          headers: { origin: TEST_ORIGIN, cookie: a.cookie, "content-type": "application/json" },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
      }
    });

    it("refuses over-long ids before looking them up", async () => {
      for (const id of ["x".repeat(65), "x".repeat(100)]) {
        for (const [method, url] of [
          ["GET", `/api/clients/${id}`],
          ["PATCH", `/api/clients/${id}`],
          ["GET", `/api/invoices/${id}`],
          ["DELETE", `/api/products/${id}`],
          ["GET", `/api/images/${id}`],
        ] as const) {
          const response = await t.app.inject({
            method,
            url,
            payload: method === "PATCH" ? { name: "x" } : undefined,
            headers: { origin: TEST_ORIGIN, cookie: a.cookie },
          });
          expect(response.statusCode, `${method} ${url}`).toBe(400);
          expect(response.json().error.code).toBe("validation_failed");
        }
      }
      // Past the router's own limit (100) the answer is 414, still never a 5xx.
      const huge = await t.get(`/api/clients/${"x".repeat(5000)}`, a.cookie);
      expect(huge.statusCode).toBe(414);
      expect(huge.json().error.code).toEqual(expect.any(String));
    });

    it("answers a path that is not valid UTF-8 with 400 in the API's error shape", async () => {
      for (const url of ["/api/clients/%ED%A0%80", "/api/fonts/%E0%A4/regular", "/api/invoices/%FF"]) {
        const response = await t.get(url, a.cookie);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
      }
    });
  });

  describe("private API responses are not cached", () => {
    it("marks private answers no-store", async () => {
      for (const url of [
        "/api/clients",
        "/api/products",
        "/api/invoices",
        "/api/settings",
        "/api/profile",
        "/api/credits",
        "/api/dashboard",
        "/api/auth/get-session",
      ]) {
        const response = await t.get(url, a.cookie);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["cache-control"], url).toBe("no-store");
      }
    });

    it("marks refusals and writes no-store too", async () => {
      const refused = await t.get("/api/clients");
      expect(refused.statusCode).toBe(401);
      expect(refused.headers["cache-control"]).toBe("no-store");
      const created = await t.post("/api/clients", { name: "No store" }, a.cookie);
      expect(created.headers["cache-control"]).toBe("no-store");
    });
  });
});
