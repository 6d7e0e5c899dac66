import { expect, it } from "vitest";
import { describeEachDb, testAppForSuite } from "../testing/harness";

// Clients and products from CSV: a check with a preview and each row's errors, then all rows or none;
// formula-looking cells stay text; the export's columns read back.

const CLIENTS = [
  "Name,E-mail,Phone,GSTIN,City,State,Country,Notes,Favourite colour",
  "Asha Traders,asha@traders.example,98450 12345,29ABCDE1234F1ZW,Bengaluru,Karnataka,India,,blue",
  '"Kesari, Sons",accounts@kesari.example,,,Pune,Maharashtra,India,"=HYPERLINK(""http://x.example"")",red',
  "Mehta Stores,,+91 22 1234 5678,,Mumbai,Maharashtra,India,@note,green",
].join("\r\n");

describeEachDb("importing clients and products from CSV", (kind) => {
  const t = testAppForSuite(kind);

  it("checks, previews and imports a good file of clients; formula-like cells stay text", async () => {
    const s = await t.signUpAndSignIn();
    const check = await t.post("/api/clients/import/check", { csv: `\uFEFF${CLIENTS}` }, s.cookie);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      kind: "clients",
      rows: 3,
      ignoredColumns: ["Favourite colour"],
      errors: [],
    });
    expect(check.json().preview[1]).toMatchObject({ Name: "Kesari, Sons", City: "Pune" });
    expect((await t.get("/api/clients", s.cookie)).json().total).toBe(0);

    const imported = await t.post("/api/clients/import", { csv: CLIENTS }, s.cookie);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: 3, kind: "clients" });
    const items = (await t.get("/api/clients?sort=name", s.cookie)).json().items;
    expect(items.map((c: { name: string }) => c.name)).toEqual([
      "Asha Traders",
      "Kesari, Sons",
      "Mehta Stores",
    ]);
    const kesari = items.find((c: { name: string }) => c.name === "Kesari, Sons");
    expect(kesari.notes).toBe('=HYPERLINK("http://x.example")');
    expect(kesari.billingAddress).toMatchObject({ city: "Pune", state: "Maharashtra", country: "India" });

    // The export writes the formula-like text with an apostrophe; importing it back gives the same text.
    const exported = await t.get("/api/clients/export.csv", s.cookie);
    expect(exported.headers["content-type"]).toMatch(/^text\/csv/);
    expect(exported.body).toContain(`"'=HYPERLINK(""http://x.example"")"`);
    const other = await t.signUpAndSignIn();
    expect((await t.post("/api/clients/import", { csv: exported.body }, other.cookie)).statusCode).toBe(201);
    const again = (await t.get("/api/clients?sort=name", other.cookie)).json().items;
    expect(again.find((c: { name: string }) => c.name === "Kesari, Sons").notes).toBe(
      '=HYPERLINK("http://x.example")',
    );
    expect((await t.get("/api/clients/export.csv", other.cookie)).body).toBe(exported.body);
  });

  it("imports a file with only a Name column (no delimiter to detect)", async () => {
    const s = await t.signUpAndSignIn();
    const csv = "Name\nAsha Traders\nMehta Stores\n";
    const check = await t.post("/api/clients/import/check", { csv }, s.cookie);
    expect(check.json()).toMatchObject({ rows: 2, columns: ["Name"], errors: [] });
    const imported = await t.post("/api/clients/import", { csv }, s.cookie);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: 2, kind: "clients" });
  });

  // PGlite takes one transaction at a time: the race needs PostgreSQL.
  it.skipIf(kind !== "postgres")(
    "runs one import per account at a time: a second one at once is told so with 409",
    async () => {
      const s = await t.signUpAndSignIn();
      const rows = Array.from({ length: 800 }, (_, i) => `Client ${i},c${i}@example.com`);
      const csv = ["Name,E-mail", ...rows].join("\n");
      const answers = await Promise.all([
        t.post("/api/clients/import", { csv }, s.cookie),
        t.post("/api/clients/import", { csv }, s.cookie),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toEqual({
        code: "import_running",
        message: "An import is running; try again when it has finished.",
      });
    },
  );

  it("imports nothing when a row in the middle is bad, and names its line", async () => {
    const s = await t.signUpAndSignIn();
    const csv = [
      "Name,Kind,Unit,Rate,Available quantity",
      "Basmati rice 5 kg,product,bag,450.00,20",
      "Delivery,service,,150,",
      "Broken,product,pcs,12.345,1",
      "Ghee 1 l,product,tin,600,5",
    ].join("\n");
    const check = (await t.post("/api/products/import/check", { csv }, s.cookie)).json();
    expect(check.errors).toEqual([
      { line: 4, message: "Rate: Rate must be a number with at most 2 decimal places." },
    ]);
    const refused = await t.post("/api/products/import", { csv }, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(
      /^Nothing was imported: 1 row\(s\) have errors, the first on line 4/,
    );
    expect((await t.get("/api/products", s.cookie)).json().total).toBe(0);

    const fixed = csv.replace("12.345", "12.35");
    expect((await t.post("/api/products/import", { csv: fixed }, s.cookie)).json()).toEqual({
      imported: 4,
      kind: "products",
    });
    const rice = (await t.get("/api/products?search=Basmati", s.cookie)).json().items[0];
    expect(rice).toMatchObject({ kind: "product", unit: "bag", availableQuantity: "20" });
  });

  it("refuses a file without a Name column, and another user's data stays apart", async () => {
    const s = await t.signUpAndSignIn();
    const check = (
      await t.post("/api/clients/import/check", { csv: "Client,City\nAsha,Pune" }, s.cookie)
    ).json();
    expect(check.errors[0]).toMatchObject({ line: 1 });
    expect(check.errors[0].message).toMatch(/at least "Name"/);
    expect(
      (await t.post("/api/clients/import", { csv: "Client,City\nAsha,Pune" }, s.cookie)).statusCode,
    ).toBe(400);
    expect((await t.get("/api/clients/export.csv", s.cookie)).body).toBe(
      "\uFEFFName,Company,E-mail,Phone,GSTIN,Address line 1,Address line 2,City,State,Postal code,Country,Notes\r\n",
    );
  });
});
