import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { businessInvitations } from "../db/schema";
import { describeEachDb, type Session, type TestApp, testAppForSuite } from "../testing/harness";

// Issue 31, the gaps after decision 0076 (decision 0079): an owner sends a pending invitation again
// (a new link; the old one dies at once) or withdraws it; ownership is shared by making a member
// owner, and the last owner can neither leave nor be demoted. Each change is in the activity log.

const tokenIn = (t: TestApp, email: string) =>
  new URL(t.mailer.lastLink(email)).searchParams.get("invitation") as string;

async function invite(t: TestApp, owner: Session, email: string, role = "staff") {
  const res = await t.post("/api/members/invitations", { email, role }, owner.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, token: tokenIn(t, email) };
}

describeEachDb("invitations: resend, withdraw, shared ownership", (kind) => {
  const t = testAppForSuite(kind);
  const resend = (s: Session, id: string) => t.post(`/api/members/invitations/${id}/resend`, {}, s.cookie);

  it("resending gives a new link valid 7 days from now; the old link dies; an expired one comes back to life", async () => {
    const owner = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const email = `resend-${Date.now()}@example.com`;
    const first = await invite(t, owner, email);
    // Made expired: resending opens it again for 7 days from now.
    await t.database.db
      .update(businessInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessInvitations.id, first.id));
    const mails = t.mailer.sent.length;
    const again = await resend(owner, first.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, email, role: "staff", state: "pending" });
    const days = (Date.parse(again.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(t.mailer.sent.length).toBe(mails + 1);
    const second = tokenIn(t, email);
    expect(second).not.toBe(first.token);

    // The old link is no invitation any more; the new one joins.
    expect((await t.get(`/api/invitations/${first.token}`)).statusCode).toBe(404);
    const invitee = await t.signUpAndSignIn(email);
    expect((await t.post(`/api/invitations/${first.token}/accept`, {}, invitee.cookie)).statusCode).toBe(404);
    const joined = await t.post(`/api/invitations/${second}/accept`, {}, invitee.cookie);
    expect(joined.statusCode, joined.body).toBe(200);

    // Accepted: nothing to resend. Withdrawn: nothing to resend either.
    const used = await resend(owner, first.id);
    expect(used.statusCode).toBe(410);
    expect(used.json().error).toMatchObject({ code: "invitation_closed" });
    const other = await invite(t, owner, `withdrawn-${Date.now()}@example.com`, "accountant");
    const withdrawn = await t.send("DELETE", `/api/members/invitations/${other.id}`, {}, owner.cookie);
    expect(withdrawn.json().state).toBe("revoked");
    const late = await resend(owner, other.id);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toMatch(/withdrawn/);
    // Withdrawing twice writes one entry.
    await t.send("DELETE", `/api/members/invitations/${other.id}`, {}, owner.cookie);

    // Another business's owner, and the staff member who joined: not theirs to resend.
    const stranger = await t.signUpAndSignIn();
    const pending = await invite(t, owner, `pending-${Date.now()}@example.com`);
    expect((await resend(stranger, pending.id)).statusCode).toBe(404);
    expect((await resend(invitee, pending.id)).statusCode).toBe(403);
    expect((await resend(owner, "no-such-invitation")).statusCode).toBe(404);

    const log = (await t.get("/api/activity?pageSize=100", owner.cookie)).json().items as {
      action: string;
      record: { label: string };
      detail: Record<string, unknown>;
    }[];
    expect(log.reverse().map((e) => [e.action, e.record.label, e.detail])).toEqual([
      ["member_invited", email, { role: "staff" }],
      ["member_invited", email, { role: "staff", resent: true }],
      ["member_invited", expect.stringMatching(/^withdrawn-/), { role: "accountant" }],
      ["invitation_withdrawn", expect.stringMatching(/^withdrawn-/), { role: "accountant" }],
      ["member_invited", expect.stringMatching(/^pending-/), { role: "staff" }],
    ]);
  }, 90_000);

  it("an owner makes a member owner too; the last owner can neither leave nor be demoted", async () => {
    const owner = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const ownerId = await t.userIdOf(owner.cookie);
    const email = `partner-${Date.now()}@example.com`;
    const { token } = await invite(t, owner, email, "accountant");
    const partner = await t.signUpAndSignIn(email, undefined, "Vikram");
    expect((await t.post(`/api/invitations/${token}/accept`, {}, partner.cookie)).statusCode).toBe(200);
    const partnerId = await t.userIdOf(partner.cookie);

    // Alone, the owner cannot step down or leave.
    expect(
      (await t.send("PATCH", `/api/members/${ownerId}`, { role: "staff" }, owner.cookie)).statusCode,
    ).toBe(409);
    expect((await t.post("/api/members/leave", {}, owner.cookie)).json().error.code).toBe("last_owner");

    // Shared: both are owners, and the partner may manage members at once (no 5 s wait).
    const shared = await t.send("PATCH", `/api/members/${partnerId}`, { role: "owner" }, owner.cookie);
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await t.get("/api/members", partner.cookie)).statusCode).toBe(200);
    // Now the first owner may leave; the partner, the last owner, may not, nor be demoted by anyone.
    expect((await t.post("/api/members/leave", {}, owner.cookie)).statusCode).toBe(204);
    const last = await t.send("PATCH", `/api/members/${partnerId}`, { role: "accountant" }, partner.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({ code: "last_owner" });
    expect((await t.post("/api/members/leave", {}, partner.cookie)).statusCode).toBe(409);
    const members = (await t.get("/api/members", partner.cookie)).json().members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(["owner"]);
  }, 60_000);
});
