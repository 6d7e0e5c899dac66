import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { isPlaceOfSupplyCode, STATE_NAME_VARIANTS } from "#domain/gst-states";
import { MIGRATIONS_DIR } from "../paths";
import { describeEachDb, testAppForSuite } from "../testing/harness";

// Migration 0028 (issue 32 part 3, decision 0082): stored client addresses get the code of the
// state their text names, by the same list the app reads states with; the rest stay for the user.

const file = readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith("0028_"));
const migration = readFileSync(path.join(MIGRATIONS_DIR, file ?? "missing"), "utf8");
const statements = migration
  .split("--> statement-breakpoint")
  .filter((statement) => statement.includes("state_name_variants_0028"));

it("holds the app's list of state names, misspellings, abbreviations and codes", () => {
  const inSql = new Map([...migration.matchAll(/\('([a-z0-9]+)', '(\d{2})'\)/g)].map((m) => [m[1], m[2]]));
  const expected = new Map([...STATE_NAME_VARIANTS].filter(([, code]) => code !== "96"));
  for (let n = 1; n <= 97; n++) {
    const code = String(n).padStart(2, "0");
    if (!isPlaceOfSupplyCode(code) || code === "96") continue;
    if (!expected.has(code)) expected.set(code, code);
    if (n < 10 && !expected.has(String(n))) expected.set(String(n), code);
  }
  expect(Object.fromEntries([...inSql].sort())).toEqual(Object.fromEntries([...expected].sort()));
});

describeEachDb("migration 0028: client states", (kind) => {
  const t = testAppForSuite(kind);

  it("sets the code of every state it can read and leaves the rest (and the text) as they were", async () => {
    const s = await t.signUpAndSignIn();
    const typed: [state: string, country: string, code: string | undefined][] = [
      ["Karnatka", "", "29"],
      ["KA", "India", "29"],
      ["Bengaluru, Karnataka", "", "29"],
      ["karnataka 560001", "", "29"],
      ["Tamil Nadu", "", "33"],
      ["Orissa", "", "21"],
      ["7", "", "07"],
      ["Jammu & Kashmir", "", "01"],
      ["Bengaluru side", "", undefined],
      ["", "", undefined],
      ["California", "USA", undefined],
    ];
    const ids: string[] = [];
    for (const [state, country] of typed) {
      const res = await t.post(
        "/api/clients",
        {
          name: `C ${state}`,
          billingAddress: { line1: "1 Road", state, country },
          shippingAddress: { state },
        },
        s.cookie,
      );
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    for (const [i, [state, , code]] of typed.entries()) {
      const client = (await t.get(`/api/clients/${ids[i]}`, s.cookie)).json();
      expect(client.billingAddress.stateCode, state).toBe(code);
      expect(client.billingAddress.state).toBe(state);
      if (!typed[i][1]) expect(client.shippingAddress.stateCode, state).toBe(code);
    }
  });
});
