import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { invoiceEvents } from "../db/schema";
import {
  describeEachDb,
  MemoryMailer,
  type Session,
  type TestApp,
  testAppForSuite,
} from "../testing/harness";
import { createQuote, invoiceRequest } from "../testing/invoice-request";
import { envelopeOf, type MailMessage } from "./mail";
import { MAIL_JOB } from "./mail-jobs";
import { sendDueReminders } from "./reminders";

// Issue 31 (decision 0079): every mail sent for a business carries that business, not the
// person's first one: its name in From ("B Exports via Bahi") and its own address in Reply-To (its
// settings' e-mail, else its owner's). Invoice and quote mails, reminders and invitations alike.
// Mail jobs queued before businesses (a `userId`, no business) still go out and still give back.

/** Keeps each mail as the memory mailer does, after the checks the real transport makes. */
class CheckingMailer extends MemoryMailer {
  override async send(message: MailMessage) {
    envelopeOf(message, { from: "Bahi <no-reply@bahi.test>", abuseEmail: "abuse@bahi.test" });
    await super.send(message);
  }
}

const at = (isoDate: string, hourIst = 12) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + (hourIst * 60 - 330) * 60_000);

describeEachDb("mails carry the business", (kind) => {
  const t = testAppForSuite(kind, () => ({ mailer: new CheckingMailer() }));
  const lastTo = (to: string) => [...t.mailer.sent].reverse().find((m) => [m.to].flat().includes(to));

  async function newBusiness(s: Session, name: string) {
    const made = await t.post("/api/businesses", { name }, s.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    expect((await t.post(`/api/businesses/${id}/switch`, {}, s.cookie)).statusCode).toBe(200);
    return id;
  }

  async function dueInvoice(t: TestApp, s: Session, clientEmail: string) {
    const res = await t.post(
      "/api/invoices",
      invoiceRequest(`M-${Math.random().toString(36).slice(2, 8)}`, {
        invoiceDate: "2026-11-20",
        dueDate: "2026-12-10",
        client: { name: "Asha Traders", email: clientEmail },
      }),
      s.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string };
  }

  it("an invoice mail, a quote mail, a reminder and an invitation of business B carry B's name and reply-to, not A's", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const owner = s.email;
    await t.putSettings({ companyName: "A Traders", companyEmail: "accounts@a-traders.example" }, s.cookie);
    await newBusiness(s, "Rao Exports");
    await t.putSettings({ companyName: "B Exports", companyEmail: "hello@b-exports.example" }, s.cookie);
    const b = { name: "B Exports", replyTo: "hello@b-exports.example" };

    const invoice = await dueInvoice(t, s, "client-b@example.com");
    const sent = await t.post(
      `/api/invoices/${invoice.id}/send`,
      { to: ["client-b@example.com"], subject: "Invoice", message: "Please pay.", attachPdf: false },
      s.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await t.queue.drain();
    expect(lastTo("client-b@example.com")?.onBehalfOf).toEqual(b);

    const quoteId = await createQuote(t, s.cookie, "quote-b@example.com");
    const quoteSent = await t.post(
      `/api/quotes/${quoteId}/send`,
      { to: ["quote-b@example.com"], subject: "Quote", message: "Our quote.", attachPdf: false },
      s.cookie,
    );
    expect(quoteSent.statusCode, quoteSent.body).toBe(200);
    await t.queue.drain();
    expect(lastTo("quote-b@example.com")?.onBehalfOf).toEqual(b);

    const schedule = { enabled: true, daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 3 };
    expect((await t.send("PUT", "/api/settings/reminders", schedule, s.cookie)).statusCode).toBe(200);
    await sendDueReminders(
      { db: t.database.db, mailer: t.mailer, publicUrl: t.config.publicUrl },
      at("2026-12-10"),
    );
    expect(lastTo("client-b@example.com")?.subject).toMatch(/reminder|due|invoice/i);
    expect(lastTo("client-b@example.com")?.onBehalfOf).toEqual(b);

    const invited = await t.post(
      "/api/members/invitations",
      { email: "ca-b@example.com", role: "accountant" },
      s.cookie,
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(lastTo("ca-b@example.com")?.onBehalfOf).toEqual(b);
    expect(lastTo("ca-b@example.com")?.subject).toBe("Asha Rao invited you to Rao Exports on Bahi");

    // A third business with nothing in its settings: its own name, replies to its owner.
    await newBusiness(s, "Rao Works");
    expect(
      (await t.post("/api/members/invitations", { email: "staff-c@example.com", role: "staff" }, s.cookie))
        .statusCode,
    ).toBe(201);
    expect(lastTo("staff-c@example.com")?.onBehalfOf).toEqual({ name: "Rao Works", replyTo: owner });
    // Nothing sent for B or C named A.
    for (const mail of t.mailer.sent.filter((m) => m.onBehalfOf)) {
      expect(mail.onBehalfOf?.name).not.toBe("A Traders");
      expect(mail.onBehalfOf?.replyTo).not.toBe("accounts@a-traders.example");
    }
  }, 90_000);

  it("a mail job queued before businesses (a userId, no business) still goes out, and still gives back when it cannot", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie); // the first business has its person's id
    const invoice = await dueInvoice(t, s, "old-job@example.com");
    const credits = async () => (await t.get("/api/credits", s.cookie)).json().credits as number;
    const before = await credits();
    await t.queue.send(MAIL_JOB, {
      message: {
        to: "old-job@example.com",
        subject: `Invoice ${invoice.invoiceNumber}`,
        text: "Queued long ago.",
        onBehalfOf: { name: "Asha Traders", replyTo: "asha@traders.example" },
      },
      giveUp: { userId: businessId, invoiceId: invoice.id },
    });
    // Never deliverable (a list in one address): given up at once, the credit given back to the
    // business the old `userId` names, the invoice's activity told.
    await t.queue.send(MAIL_JOB, {
      message: { to: "a@x.example, b@y.example", subject: "Old", text: "..." },
      giveUp: {
        userId: businessId,
        invoiceId: invoice.id,
        refundCredit: { invoiceNumber: invoice.invoiceNumber },
      },
    });
    await t.queue.drain();
    expect(lastTo("old-job@example.com")).toMatchObject({
      subject: `Invoice ${invoice.invoiceNumber}`,
      onBehalfOf: { name: "Asha Traders", replyTo: "asha@traders.example" },
    });
    expect(await credits()).toBe(before + 1);
    const failed = await t.database.db
      .select({ kind: invoiceEvents.kind })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.kind, "send_failed")));
    expect(failed).toHaveLength(1);
  });
});
