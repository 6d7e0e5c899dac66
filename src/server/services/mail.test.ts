import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { startLocalSmtp } from "../testing/smtp";
import { createMailer, UnsendableMailError } from "./mail";

const logger = pino({ level: "silent" });
const message = {
  to: "asha@example.com",
  subject: "Confirm your e-mail address for Bahi",
  text: "Open this link:\n\nhttp://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F\n",
};

/** A mailer that sends through the SMTP server at `smtpUrl` (no outbox). */
const smtpMailer = (smtpUrl: string) =>
  createMailer({ smtpUrl, from: "Bahi <no-reply@bahi.test>", dataDir: "unused", logger });

describe("mail", () => {
  it("delivers through a real SMTP server when SMTP_URL is set", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk) => {
          data += chunk.toString();
        });
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    // Pooled: the connection stays open for the next mail until the mailer is closed.
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Bahi <no-reply@bahi.test>",
      dataDir: mkdtempSync(path.join(tmpdir(), "bahi-mail-")),
      logger,
    });
    try {
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: Confirm your e-mail address for Bahi");
      expect(received[0]).toContain("To: asha@example.com");
      expect(received[0].replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toContain("verify-email?token=abc.def");
    } finally {
      mailer.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("writes the mail to the outbox folder without SMTP and logs its links", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-mail-"));
    const lines: string[] = [];
    const capture = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    await createMailer({ from: "Bahi <no-reply@bahi.test>", dataDir, logger: capture }).send(message);
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    // Named by time and id, never by its recipients.
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/);
    expect(readFileSync(path.join(dataDir, "outbox", files[0]), "utf8")).toContain(
      "Subject: Confirm your e-mail",
    );
    expect(lines.join("")).toContain("http://localhost:3000/api/auth/verify-email?token=abc.def");
  });

  it("without SMTP, writes a mail to 7 long addresses as one file named by id", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-mail-"));
    const to = Array.from({ length: 7 }, (_, i) => `accounts.department.${i}@a-long-client-domain.example`);
    await createMailer({ from: "Bahi <no-reply@bahi.test>", dataDir, logger }).send({
      ...message,
      to: to.slice(0, 4),
      cc: to.slice(4),
    });
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    for (const address of to) expect(raw).toContain(address);
  });

  it("refuses a list in one address and a line break that would add a Bcc: nothing reaches SMTP", async () => {
    const smtp = await startLocalSmtp();
    const mailer = smtpMailer(smtp.url);
    try {
      for (const bad of [
        "a@x.com, b@y.com",
        "a@x.com\r\nBcc: c@z.com",
        "a@x.com;b@y.com",
        "not an address",
      ]) {
        await expect(mailer.send({ ...message, to: bad }), bad).rejects.toBeInstanceOf(UnsendableMailError);
        await expect(mailer.send({ ...message, to: ["ok@x.com"], cc: [bad] }), bad).rejects.toBeInstanceOf(
          UnsendableMailError,
        );
      }
      expect(smtp.accepted).toHaveLength(0);
      await mailer.send({ ...message, to: ["ok@x.com"] });
      expect(smtp.recipients).toEqual([["ok@x.com"]]);
    } finally {
      mailer.close?.();
      await smtp.close();
    }
  });

  it("a business's mail: its name quoted in From (no header from a line break), Reply-To it, the abuse footer", async () => {
    const smtp = await startLocalSmtp();
    const mailer = smtpMailer(smtp.url);
    try {
      await mailer.send({
        to: "client@example.com",
        subject: "Invoice 7\r\nBcc: c@z.com",
        text: "Here it is.",
        onBehalfOf: { name: 'Acme "Traders"\r\nBcc: c@z.com', replyTo: "owner@acme.example" },
      });
      expect(smtp.recipients).toEqual([["client@example.com"]]);
      const raw = smtp.accepted[0]!.raw;
      const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
      expect(headers).not.toMatch(/^Bcc:/im);
      expect(headers).toMatch(/^From: "Acme \\"Traders\\" Bcc: c@z\.com via Bahi" <no-reply@bahi\.test>$/m);
      expect(headers).toMatch(/^Reply-To: .*<owner@acme\.example>$/m);
      expect(raw).toContain("Sent by Acme");
      expect(raw).toContain("through Bahi");
      expect(raw).toContain("mailto:abuse@bahi.test");
    } finally {
      mailer.close?.();
      await smtp.close();
    }
  });
});
