import { eq } from "drizzle-orm";
import { API_ROUTES } from "#contract";
import { routeKey } from "#contract/registry";
import { ROUTE_ACTIONS } from "#contract/route-actions";
import type { BusinessRole } from "#domain/businesses";
import { ROLE_LABELS, roleMay } from "#domain/roles";
import { businessInvitations } from "../db/schema";
import { describeEachDb, type Session, type TestApp, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// Issue 31 phase 2 (decision 0076): members with roles, invited by e-mail. Every route a role may
// not use answers 403 role_forbidden naming the role, on both databases; invitations are single
// use, expire and can be revoked; a business always keeps an owner; an API key acts within its
// maker's role.

type Invited = Session & { id: string };

/** The invitation link's token, from the newest mail to `email`. */
const tokenIn = (t: TestApp, email: string) =>
  new URL(t.mailer.lastLink(email)).searchParams.get("invitation") as string;

async function invite(t: TestApp, owner: Session, email: string, role: BusinessRole) {
  const res = await t.post("/api/members/invitations", { email, role }, owner.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return { invitation: res.json(), token: tokenIn(t, email) };
}

/** A new account invited with `role` into the owner's current business, joined, working there. */
async function member(t: TestApp, owner: Session, role: BusinessRole, name = "Member"): Promise<Invited> {
  const email = `${role}-${Math.random().toString(16).slice(2, 10)}@example.com`;
  const { token } = await invite(t, owner, email, role);
  const s = await t.signUpAndSignIn(email, undefined, name);
  const joined = await t.post(`/api/invitations/${token}/accept`, {}, s.cookie);
  expect(joined.statusCode, joined.body).toBe(200);
  expect(joined.json().role).toBe(role);
  return { ...s, id: await t.userIdOf(s.cookie) };
}

const call = (t: TestApp, method: string, url: string, cookie: string) =>
  method === "GET"
    ? t.get(url, cookie)
    : method === "POST"
      ? t.post(url, {}, cookie)
      : t.send(method as "PUT" | "PATCH" | "DELETE", url, {}, cookie);

/** The error code of an answer, when it is a JSON error (a CSV or a PDF is not). */
function errorCode(body: string): string | undefined {
  try {
    return JSON.parse(body)?.error?.code;
  } catch {
    return undefined;
  }
}

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "x");

describeEachDb("roles", (kind) => {
  const t = testAppForSuite(kind);

  it("every signed-in route names what it needs, and every name is a route", () => {
    const keys = API_ROUTES.map((r) => routeKey(r.method, r.path));
    expect(keys.filter((k) => !(k in ROUTE_ACTIONS))).toEqual([]);
    expect(Object.keys(ROUTE_ACTIONS).filter((k) => !keys.includes(k))).toEqual([]);
  }, 120_000);

  it("each role's forbidden routes answer 403 role_forbidden naming the role; its allowed ones are not refused for the role", async () => {
    const owner = await t.signUpAndSignIn();
    const members = {
      accountant: await member(t, owner, "accountant", "Charu CA"),
      staff: await member(t, owner, "staff", "Sunil"),
    };
    let refusals = 0;
    for (const [role, s] of Object.entries(members) as [BusinessRole, Invited][]) {
      for (const r of API_ROUTES) {
        const action = ROUTE_ACTIONS[routeKey(r.method, r.path)];
        if (r.auth !== "user" || action === undefined || action === "person") continue;
        const res = await call(t, r.method, concrete(r.path), s.cookie);
        const what = `${role} ${r.method} ${r.path}`;
        if (roleMay(role, action)) {
          expect(errorCode(res.body), what).not.toBe("role_forbidden");
          continue;
        }
        expect(res.statusCode, what).toBe(403);
        expect(res.json().error.code, what).toBe("role_forbidden");
        expect(res.json().error.message, what).toMatch(
          new RegExp(`^${ROLE_LABELS[role]} cannot .+\\. Ask an owner of this business\\.$`),
        );
        refusals++;
      }
    }
    // Settings, members, credits purchase, bank, keys, reports, data: many routes for each role.
    expect(refusals).toBeGreaterThan(40);
    // A HEAD is its GET: a report is refused to staff that way too.
    const head = await t.app.inject({
      method: "HEAD",
      url: "/api/reports/gstr1?period=042026",
      headers: { cookie: members.staff.cookie },
    });
    expect(head.statusCode).toBe(403);
    // Some 300 requests: on two shared cores this takes longer than a test's usual 30 s.
  }, 180_000);

  it("staff issues an invoice and records a payment; the accountant records a payment but cannot edit the invoice nor delete a payment", async () => {
    const owner = await t.signUpAndSignIn();
    const staff = await member(t, owner, "staff");
    const accountant = await member(t, owner, "accountant");
    const made = await t.post("/api/invoices?autoNumber=1", invoiceRequest("Staff made"), staff.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json().invoice;
    // The owner sees it: one business's data.
    expect((await t.get(`/api/invoices/${invoice.id}`, owner.cookie)).statusCode).toBe(200);
    expect(invoice.status).toBe("due");
    const pay = (cookie: string, amountMinor: number) =>
      t.post(
        `/api/invoices/${invoice.id}/payments`,
        { amountMinor, paidOn: "2026-05-02", method: "upi" },
        cookie,
      );
    const byStaff = await pay(staff.cookie, 1000);
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    const byAccountant = await pay(accountant.cookie, 500);
    expect(byAccountant.statusCode, byAccountant.body).toBe(201);
    const edit = await t.send("PUT", `/api/invoices/${invoice.id}`, invoiceRequest("x"), accountant.cookie);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(
      "Accountant cannot create or change invoices, quotes and challans. Ask an owner of this business.",
    );
    // Deleting a payment is the owner's.
    const paymentId = byStaff.json().payments[0].id;
    const del = await t.send(
      "DELETE",
      `/api/invoices/${invoice.id}/payments/${paymentId}`,
      {},
      accountant.cookie,
    );
    expect(del.statusCode).toBe(403);
    // Clients are staff's too; settings are not.
    expect((await t.post("/api/clients", { name: "Walk-in" }, staff.cookie)).statusCode).toBe(201);
    const settings = await t.putSettings({ companyName: "Mine" }, staff.cookie);
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.message).toBe(
      "Staff cannot change the business's settings. Ask an owner of this business.",
    );
  }, 90_000);

  it("an invitation: its preview, the wrong person, used once, revoked, expired", async () => {
    const owner = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    await t.send(
      "PATCH",
      `/api/businesses/${await t.userIdOf(owner.cookie)}`,
      { name: "Rao Traders" },
      owner.cookie,
    );
    const email = `Invitee-${Date.now()}@Example.com`;
    const { invitation, token } = await invite(t, owner, email, "accountant");
    expect(invitation).toMatchObject({ email, role: "accountant", state: "pending" });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.subject).toBe("Asha Rao invited you to Rao Traders on Bahi");
    expect(mail.secretLinks).toBe(true);
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    const preview = await t.get(`/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({
      businessName: "Rao Traders",
      email,
      role: "accountant",
      state: "pending",
    });
    expect((await t.get("/api/invitations/not-a-token")).statusCode).toBe(404);

    // Someone else signed in cannot take it.
    const stranger = await t.signUpAndSignIn();
    const wrong = await t.post(`/api/invitations/${token}/accept`, {}, stranger.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("invitation_not_for_you");
    expect((await t.post(`/api/invitations/${token}/accept`, {})).statusCode).toBe(401);

    // The invitee (its address in another case) joins, once; the session now works in the business.
    const invitee = await t.signUpAndSignIn(email.toLowerCase());
    const ok = await t.post(`/api/invitations/${token}/accept`, {}, invitee.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ businessName: "Rao Traders", role: "accountant" });
    const mine = (await t.get("/api/businesses", invitee.cookie)).json().businesses;
    expect(mine.find((b: { current: boolean }) => b.current)).toMatchObject({
      name: "Rao Traders",
      role: "accountant",
    });
    const again = await t.post(`/api/invitations/${token}/accept`, {}, invitee.cookie);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({ code: "invitation_closed" });
    expect((await t.get(`/api/invitations/${token}`)).json().state).toBe("accepted");
    // Accepted: no longer listed as open; the member is.
    const listed = (await t.get("/api/members", owner.cookie)).json();
    expect(listed.invitations).toEqual([]);
    expect(listed.members.map((m: { email: string; role: string }) => m.role)).toEqual([
      "owner",
      "accountant",
    ]);
    // Inviting a member again is refused.
    const twice = await t.post("/api/members/invitations", { email, role: "staff" }, owner.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("already_member");

    // Revoked: the link no longer works.
    const other = `revoked-${Date.now()}@example.com`;
    const revoked = await invite(t, owner, other, "staff");
    const r = await t.send("DELETE", `/api/members/invitations/${revoked.invitation.id}`, {}, owner.cookie);
    expect(r.json().state).toBe("revoked");
    const otherSession = await t.signUpAndSignIn(other);
    const late = await t.post(`/api/invitations/${revoked.token}/accept`, {}, otherSession.cookie);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toMatch(/withdrawn/);
    // Another business's owner cannot revoke this business's invitation.
    const pending = await invite(t, owner, `later-${Date.now()}@example.com`, "staff");
    const foreign = await t.send(
      "DELETE",
      `/api/members/invitations/${pending.invitation.id}`,
      {},
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);

    // Expired after 7 days.
    const expiring = `expiring-${Date.now()}@example.com`;
    const exp = await invite(t, owner, expiring, "staff");
    await t.database.db
      .update(businessInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessInvitations.id, exp.invitation.id));
    const expSession = await t.signUpAndSignIn(expiring);
    const tooLate = await t.post(`/api/invitations/${exp.token}/accept`, {}, expSession.cookie);
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.json().error.message).toMatch(/expired/);
    const open = (await t.get("/api/members", owner.cookie)).json().invitations;
    expect(open.map((i: { state: string }) => i.state).sort()).toEqual(["expired", "pending"]);
  }, 120_000);

  it("the last owner can be neither removed, demoted nor leave; a second owner can; members leave", async () => {
    const owner = await t.signUpAndSignIn();
    const ownerId = await t.userIdOf(owner.cookie);
    const demote = await t.send("PATCH", `/api/members/${ownerId}`, { role: "staff" }, owner.cookie);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({ code: "last_owner" });
    expect(demote.json().error.message).toMatch(/only owner\. A business needs at least one owner/);
    expect((await t.send("DELETE", `/api/members/${ownerId}`, {}, owner.cookie)).statusCode).toBe(409);
    const leave = await t.post("/api/members/leave", {}, owner.cookie);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error.message).toMatch(/^You are the only owner\./);

    const staff = await member(t, owner, "staff");
    // Promoted to owner: now the first owner may step down, and the new owner manages members.
    const promoted = await t.send("PATCH", `/api/members/${staff.id}`, { role: "owner" }, owner.cookie);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ role: "owner", you: false });
    const down = await t.send("PATCH", `/api/members/${ownerId}`, { role: "accountant" }, staff.cookie);
    expect(down.statusCode, down.body).toBe(200);
    expect((await t.get("/api/members", owner.cookie)).statusCode).toBe(403);
    // The two cannot now remove the one owner left.
    expect((await t.send("DELETE", `/api/members/${staff.id}`, {}, staff.cookie)).statusCode).toBe(409);
    // The first owner, now accountant, leaves the business they started: it goes on with its owner,
    // and they have no business left until they make one.
    const bye = await t.post("/api/members/leave", {}, owner.cookie);
    expect(bye.statusCode, bye.body).toBe(204);
    expect((await t.get("/api/businesses", owner.cookie)).json().businesses).toEqual([]);
    const none = await t.get("/api/clients", owner.cookie);
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe("no_business");
    expect((await t.get("/api/clients", staff.cookie)).statusCode).toBe(200);
    const members = (await t.get("/api/members", staff.cookie)).json().members;
    expect(members.map((m: { userId: string }) => m.userId)).toEqual([staff.id]);
    // Removing someone who is no member is a 404.
    expect((await t.send("DELETE", `/api/members/${ownerId}`, {}, staff.cookie)).statusCode).toBe(404);
    // The activity log has the invitation and the leaving, each once, by who did it (decision 0077).
    const log = (await t.get("/api/activity?pageSize=100", staff.cookie)).json().items as {
      action: string;
      actor: { id: string | null };
      detail: Record<string, unknown>;
    }[];
    const memberEvents = log.filter((e) => e.action.startsWith("member_"));
    expect(memberEvents.map((e) => [e.action, e.actor.id, e.detail])).toEqual([
      ["member_removed", ownerId, { role: "accountant", left: true }],
      ["member_role_changed", staff.id, { from: "owner", to: "accountant" }],
      ["member_role_changed", ownerId, { from: "staff", to: "owner" }],
      ["member_invited", ownerId, { role: "staff" }],
    ]);
  }, 90_000);

  it("two owners demoting each other at the same time: one wins, one owner remains", async () => {
    const a = await t.signUpAndSignIn();
    const aId = await t.userIdOf(a.cookie);
    const b = await member(t, a, "owner");
    const answers = await Promise.all([
      t.send("PATCH", `/api/members/${bId(b)}`, { role: "staff" }, a.cookie),
      t.send("PATCH", `/api/members/${aId}`, { role: "staff" }, b.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const roles = (await t.get("/api/members", answers[0]!.statusCode === 200 ? a.cookie : b.cookie))
      .json()
      .members.map((m: { role: string }) => m.role);
    expect(roles.filter((r: string) => r === "owner")).toHaveLength(1);
  }, 60_000);
  const bId = (s: Invited) => s.id;

  it("an API key acts within its maker's role, today's", async () => {
    const owner = await t.signUpAndSignIn();
    const accountant = await member(t, owner, "accountant");
    const staff = await member(t, owner, "staff");
    // Staff have no keys at all; an accountant's keys are accountant's, never more.
    expect((await t.get("/api/api-keys", staff.cookie)).statusCode).toBe(403);
    const above = await t.post(
      "/api/api-keys",
      { name: "k", scope: "read_write", role: "owner" },
      accountant.cookie,
    );
    expect(above.statusCode).toBe(403);
    expect(above.json().error.code).toBe("role_forbidden");
    // Not sideways either: staff may do what an accountant may not.
    const sideways = await t.post(
      "/api/api-keys",
      { name: "k", scope: "read", role: "staff" },
      accountant.cookie,
    );
    expect(sideways.statusCode).toBe(403);
    expect(sideways.json().error.message).toBe(
      "Accountant cannot make a key with the staff role: a key acts within its maker's role.",
    );
    const made = await t.post("/api/api-keys", { name: "Tally", scope: "read_write" }, accountant.cookie);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().role).toBe("accountant");
    const key = made.json().key;
    expect((await t.withKey("GET", "/api/invoices", key)).statusCode).toBe(200);
    const write = await t.withKey("POST", "/api/invoices", key, invoiceRequest("k"));
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toMatch(/^Accountant cannot/);

    // An owner's key made with the staff role: no reports.
    const staffKey = (
      await t.post("/api/api-keys", { name: "Till", scope: "read_write", role: "staff" }, owner.cookie)
    ).json().key;
    const report = await t.withKey("GET", "/api/reports/gstr1/summary?period=042026", staffKey);
    expect(report.statusCode).toBe(403);
    expect(report.json().error.message).toMatch(/^Staff cannot see reports/);

    // The accountant cannot revoke the owner's keys, only their own.
    const ownerKeyId = (await t.get("/api/api-keys", owner.cookie))
      .json()
      .keys.find((k: { name: string }) => k.name === "Till").id;
    expect((await t.send("DELETE", `/api/api-keys/${ownerKeyId}`, {}, accountant.cookie)).statusCode).toBe(
      404,
    );

    // The maker made staff: their accountant key now does nothing; removed: the key is dead.
    await t.send("PATCH", `/api/members/${accountant.id}`, { role: "staff" }, owner.cookie);
    expect((await t.withKey("GET", "/api/invoices", key)).statusCode).toBe(401);
    await t.send("PATCH", `/api/members/${accountant.id}`, { role: "accountant" }, owner.cookie);
    expect((await t.withKey("GET", "/api/invoices", key)).statusCode).toBe(200);
    // An owner's owner-role key follows its maker down.
    const promoted = await t.send("PATCH", `/api/members/${accountant.id}`, { role: "owner" }, owner.cookie);
    expect(promoted.statusCode).toBe(200);
    const ownerRoleKey = (
      await t.post("/api/api-keys", { name: "Full", scope: "read_write", role: "owner" }, accountant.cookie)
    ).json().key;
    expect(
      (await t.withKey("GET", "/api/reports/gstr1/summary?period=042026", ownerRoleKey)).statusCode,
    ).not.toBe(403);
    await t.send("PATCH", `/api/members/${accountant.id}`, { role: "staff" }, owner.cookie);
    expect(
      (await t.withKey("GET", "/api/reports/gstr1/summary?period=042026", ownerRoleKey)).statusCode,
    ).toBe(403);
    expect((await t.send("DELETE", `/api/members/${accountant.id}`, {}, owner.cookie)).statusCode).toBe(204);
    expect((await t.withKey("GET", "/api/invoices", ownerRoleKey)).statusCode).toBe(401);
    expect((await t.withKey("GET", "/api/invoices", staffKey)).statusCode).toBe(200);
  });
});
