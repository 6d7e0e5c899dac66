import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import {
  cookiesFrom,
  describeEachDb,
  get,
  post,
  signUpAndSignIn,
  type TestApp,
  twoAppsForSuite,
} from "../testing/harness";

// Issue 31 (decision 0079): after switching business, the very next request answers for the new
// business, on the instance that switched and on any other (each keeps a 5 s session cache). The
// switch's answer sets a new business mark, part of every cache's key, so no instance answers from
// the session it cached before the switch.

/** The cookie header after an answer that set a new business mark (replacing the old mark). */
function withMark(cookie: string, answer: LightMyRequestResponse): string {
  const mark = cookiesFrom(answer);
  expect(mark).toMatch(/^bahi_business_mark=[0-9a-f-]{36}$/);
  const kept = cookie
    .split("; ")
    .filter((c) => !c.startsWith("bahi_business_mark="))
    .join("; ");
  return `${kept}; ${mark}`;
}

describeEachDb("switching business", (kind) => {
  // PGlite: one instance (one process holds the database). PostgreSQL: two instances on one database.
  const [a, b] = twoAppsForSuite(kind);

  const names = async (app: TestApp, cookie: string) => {
    const res = await get(app.app, "/api/clients", cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.map((c: { name: string }) => c.name);
  };
  const current = async (app: TestApp, cookie: string) =>
    (await get(app.app, "/api/businesses", cookie))
      .json()
      .businesses.find((x: { current: boolean }) => x.current).name;

  it("switch, then list: the new business's data at once, on this instance and another", async () => {
    const s = await signUpAndSignIn(a, undefined, undefined, "Asha Rao");
    expect((await post(a.app, "/api/clients", { name: "Meera Stores" }, s.cookie)).statusCode).toBe(201);
    const second = (await post(a.app, "/api/businesses", { name: "Rao Exports" }, s.cookie)).json();
    // Both instances have the session cached in the first business.
    expect(await names(a, s.cookie)).toEqual(["Meera Stores"]);
    expect(await names(b, s.cookie)).toEqual(["Meera Stores"]);

    const switched = await post(a.app, `/api/businesses/${second.id}/switch`, {}, s.cookie);
    expect(switched.statusCode, switched.body).toBe(200);
    let cookie = withMark(s.cookie, switched);
    // The next request, wherever it lands, works in Rao Exports.
    expect(await names(b, cookie)).toEqual([]);
    expect(await names(a, cookie)).toEqual([]);
    expect(await current(b, cookie)).toBe("Rao Exports");
    expect((await post(b.app, "/api/clients", { name: "Export Buyer" }, cookie)).statusCode).toBe(201);

    // And back, switched on the other instance this time.
    const first = await a.userIdOf(s.cookie);
    const back = await post(b.app, `/api/businesses/${first}/switch`, {}, cookie);
    expect(back.statusCode, back.body).toBe(200);
    cookie = withMark(cookie, back);
    expect(await names(a, cookie)).toEqual(["Meera Stores"]);
    expect(await names(b, cookie)).toEqual(["Meera Stores"]);
    // The mark grants nothing: without a session it is a stranger's request.
    const markOnly = cookie.split("; ").find((c) => c.startsWith("bahi_business_mark="))!;
    expect((await get(a.app, "/api/clients", markOnly)).statusCode).toBe(401);
  }, 60_000);
});
