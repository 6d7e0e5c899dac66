import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { createMailer } from "./mail";

const logger = pino({ level: "silent" });
const message = {
  to: "asha@example.com",
  subject: "Confirm your e-mail address for Bahi",
  text: "Open this link:\n\nhttp://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F\n",
};

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
    expect(files[0]).toMatch(/-asha@example\.com\.eml$/);
    expect(readFileSync(path.join(dataDir, "outbox", files[0]), "utf8")).toContain(
      "Subject: Confirm your e-mail",
    );
    expect(lines.join("")).toContain("http://localhost:3000/api/auth/verify-email?token=abc.def");
  });
});
