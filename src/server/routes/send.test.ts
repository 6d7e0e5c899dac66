import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_SEND_MESSAGE, DEFAULT_SEND_SUBJECT, renderSendTemplate, sendValues } from "#domain/send";
import { userCredits } from "../db/schema";
import { createMailer, type Mailer, type MailMessage } from "../services/mail";
import { describeEachDb, MemoryMailer, testAppForSuite } from "../testing/harness";
import { createInvoice, invoiceRequest } from "../testing/invoice-request";
import { startLocalSmtp } from "../testing/smtp";

// Sending an invoice by e-mail: the link is free, the PDF attached costs one credit like a download.

describeEachDb("sending an invoice", (kind) => {
  const t = testAppForSuite(kind);

  const issued = (cookie: string, over: Record<string, unknown> = {}) =>
    createInvoice(t, cookie, over, "SEND");
  const body = (over: Record<string, unknown> = {}) => ({
    to: ["asha@traders.example"],
    subject: "Invoice from Kesari",
    message: "Dear Asha, here it is: {link}",
    attachPdf: false,
    ...over,
  });
  const credits = async (cookie: string) => (await t.get("/api/credits", cookie)).json().credits;

  it("e-mails the link for free, and the PDF for one credit", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await issued(s.cookie);
    const before = t.mailer.sent.length;
    const sent = await t.post(
      `/api/invoices/${inv.id}/send`,
      body({ cc: ["accounts@kesari.example"] }),
      s.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sent: true, creditsRemaining: null });
    expect(sent.json().link).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
    // Queued: it goes out when the job runs.
    expect(t.mailer.sent.length).toBe(before);
    expect(await t.queue.drain()).toBe(1);
    const mail = t.mailer.sent.at(-1)!;
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(mail).toMatchObject({
      to: ["asha@traders.example"],
      cc: ["accounts@kesari.example"],
      subject: "Invoice from Kesari",
    });
    expect(mail.attachments).toBeUndefined();
    expect(await credits(s.cookie)).toBe(25);

    const withPdf = await t.post(`/api/invoices/${inv.id}/send`, body({ attachPdf: true }), s.cookie);
    expect(withPdf.json()).toMatchObject({ sent: true, creditsRemaining: 24 });
    await t.queue.drain();
    const attached = t.mailer.sent.at(-1)!.attachments!;
    expect(attached).toHaveLength(1);
    expect(attached[0]!.filename).toBe(`${inv.invoiceNumber}.pdf`);
    expect(attached[0]!.content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await credits(s.cookie)).toBe(24);
  });

  it("fills the template's placeholders on the server, so an API client mails what the web dialog shows", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await issued(s.cookie);
    const shown = (await t.get(`/api/invoices/${inv.id}`, s.cookie)).json().invoice;
    const sent = await t.post(
      `/api/invoices/${inv.id}/send`,
      body({ subject: DEFAULT_SEND_SUBJECT, message: DEFAULT_SEND_MESSAGE }),
      s.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await t.queue.drain();
    const mail = t.mailer.sent.at(-1)!;
    const values = sendValues({
      clientName: shown.document.client.name,
      number: inv.invoiceNumber,
      amountMinor: shown.balanceDueMinor,
      currency: shown.currency,
      dueDate: shown.dueDate,
      link: sent.json().link,
      businessName: shown.document.company.name,
    });
    expect(mail.subject).toBe(renderSendTemplate(DEFAULT_SEND_SUBJECT, values));
    expect(mail.subject).toContain(inv.invoiceNumber);
    expect(mail.text).toBe(renderSendTemplate(DEFAULT_SEND_MESSAGE, values));
    expect(mail.text).toContain(`You can see it, print it and pay it here: ${sent.json().link}`);
    expect(mail.text).not.toMatch(/\{[a-z_]+\}/);
  });

  it("at zero credits refuses the PDF with 402 and sends nothing; the link alone still goes", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await issued(s.cookie);
    await t.get("/api/credits", s.cookie);
    await t.database.db
      .update(userCredits)
      .set({ credits: 0 })
      .where(eq(userCredits.businessId, await t.userIdOf(s.cookie)));
    const before = t.mailer.sent.length;
    const refused = await t.post(`/api/invoices/${inv.id}/send`, body({ attachPdf: true }), s.cookie);
    expect(refused.statusCode).toBe(402);
    await t.queue.drain();
    expect(t.mailer.sent.length).toBe(before);
    const linkOnly = await t.post(`/api/invoices/${inv.id}/send`, body(), s.cookie);
    expect(linkOnly.statusCode).toBe(200);
    await t.queue.drain();
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it("refuses a draft, a bad address, and another user's invoice", async () => {
    const s = await t.signUpAndSignIn();
    const draft = await issued(s.cookie, { status: "draft" });
    const refused = await t.post(`/api/invoices/${draft.id}/send`, body(), s.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Issue the invoice before sending it.");
    const inv = await issued(s.cookie);
    expect((await t.post(`/api/invoices/${inv.id}/send`, body({ to: ["nope"] }), s.cookie)).statusCode).toBe(
      400,
    );
    const other = await t.signUpAndSignIn();
    expect((await t.post(`/api/invoices/${inv.id}/send`, body(), other.cookie)).statusCode).toBe(404);
  });
});

describeEachDb("sending an invoice through a real SMTP server", (kind) => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let real: Mailer;
  /** What the app hands to SMTP also stays readable here (the harness's mailer), after SMTP took it. */
  class SmtpMailer extends MemoryMailer {
    override async send(message: MailMessage) {
      if (message.subject.startsWith("Invoice")) await real.send(message);
      await super.send(message);
    }
  }
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    real = createMailer({
      smtpUrl: smtp.url,
      from: "Bahi <bahi@example.com>",
      abuseEmail: "abuse@bahi-operator.example",
      dataDir: "unused",
      logger: pino({ level: "silent" }),
    });
  });
  afterAll(async () => {
    real.close?.();
    await smtp.close();
  });
  const t = testAppForSuite(kind, () => ({ mailer: new SmtpMailer() }));

  it("delivers the link and the PDF to the SMTP server, from the business, with replies to it and the abuse footer", async () => {
    const s = await t.signUpAndSignIn();
    // A name that tries to add a header: it stays inside the quoted display name.
    const settings = await t.putSettings(
      { companyName: "Kesari Traders\r\nBcc: victim@else.example", companyEmail: "owner@kesari.example" },
      s.cookie,
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await t.post("/api/invoices", invoiceRequest(`SMTP-${Date.now()}`), s.cookie);
    const inv = created.json().invoice as { id: string; invoiceNumber: string };
    const sent = await t.post(
      `/api/invoices/${inv.id}/send`,
      {
        to: ["asha@traders.example"],
        cc: [],
        subject: `Invoice ${inv.invoiceNumber}`,
        message: "Here it is.",
        attachPdf: true,
      },
      s.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await t.queue.drain();
    const mail = smtp.accepted.find((m) => m.subject === `Invoice ${inv.invoiceNumber}`);
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain("To: asha@traders.example");
    const headers = mail!.raw.slice(0, mail!.raw.indexOf("\r\n\r\n"));
    expect(headers).toMatch(
      /^From: "Kesari Traders Bcc: victim@else\.example via Bahi" <bahi@example\.com>$/m,
    );
    expect(headers).toMatch(
      /^Reply-To: "Kesari Traders Bcc: victim@else\.example"\s+<owner@kesari\.example>$/m,
    );
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(smtp.recipients.at(-1)).toEqual(["asha@traders.example"]);
    const text = mail!.raw.replace(/=\r?\n/g, "");
    expect(text).toContain("through Bahi");
    expect(text).toContain("mailto:abuse@bahi-operator.example");
    expect(mail!.raw).toMatch(/Content-Type: application\/pdf; name=\S*\.pdf/);
    expect((await t.get("/api/credits", s.cookie)).json().credits).toBe(24);
    // A PDF render on a busy machine of two cores takes most of the default 30 s.
  }, 90_000);
});
