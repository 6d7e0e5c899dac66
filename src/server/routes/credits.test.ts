import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { canonicalEmail } from "#domain/validation";
import { creditLedger, signupGrants, userCredits } from "../db/schema";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";

describeEachDb("credits: reading never writes", (kind) => {
  const t = testAppForSuite(kind);

  const db = () => t.database.db;
  const ledgerOf = (businessId: string) =>
    db().select().from(creditLedger).where(eq(creditLedger.businessId, businessId));
  const balanceRowOf = (businessId: string) =>
    db().select().from(userCredits).where(eq(userCredits.businessId, businessId));

  /** An account as if made before the sign-up grant existed: no balance, no ledger, mailbox unclaimed. */
  async function withoutGrant(s: Session): Promise<string> {
    const businessId = await t.userIdOf(s.cookie);
    await db().delete(creditLedger).where(eq(creditLedger.businessId, businessId));
    await db().delete(userCredits).where(eq(userCredits.businessId, businessId));
    const mailbox = createHash("sha256").update(canonicalEmail(s.email)).digest("hex");
    await db().delete(signupGrants).where(eq(signupGrants.emailHash, mailbox));
    return businessId;
  }

  it("answers 0 for an account without a balance and writes nothing, however often it is read", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await withoutGrant(s);
    for (const url of ["/api/credits", "/api/credits/ledger", "/api/credits"]) {
      expect((await t.get(url, s.cookie)).statusCode).toBe(200);
    }
    expect((await t.get("/api/credits", s.cookie)).json().credits).toBe(0);
    expect((await t.get("/api/credits/ledger", s.cookie)).json().entries).toEqual([]);
    expect(await ledgerOf(businessId)).toEqual([]);
    expect(await balanceRowOf(businessId)).toEqual([]);
  });

  it("gives such an account its sign-up credits when it signs in, once", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await withoutGrant(s);
    for (let i = 0; i < 2; i++) {
      const signIn = await t.post("/api/auth/sign-in/email", { email: s.email, password: s.password });
      expect(signIn.statusCode).toBe(200);
    }
    // Given by the sign-in itself, before anything reads the balance.
    expect((await ledgerOf(businessId)).map((l) => [l.reason, l.delta])).toEqual([["signup_grant", 25]]);
    expect((await t.get("/api/credits", s.cookie)).json().credits).toBe(25);
  });

  it("a signed-in account that keeps its balance gets no second grant", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    await t.post("/api/auth/sign-in/email", { email: s.email, password: s.password });
    expect((await ledgerOf(businessId)).map((l) => [l.reason, l.delta])).toEqual([["signup_grant", 25]]);
    expect((await balanceRowOf(businessId))[0]?.credits).toBe(25);
  });
});
