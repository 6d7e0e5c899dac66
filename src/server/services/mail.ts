import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  cc?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  subject: string;
  text: string;
  html?: string;
  /** Its links give access (a password reset): never logged, not even without SMTP. */
  secretLinks?: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes open connections (the SMTP pool) when the app stops. */
  close?(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to `<dataDir>/outbox/` and its links are
 * printed, so a person on a fresh machine can still confirm an account (a password reset link is a
 * credential: only the file that holds it is named).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    // Pooled: the mail queue sends one after another, and a new connection per mail costs ~100 ms.
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    const transport = nodemailer.createTransport(url.toString());
    return { send: (m) => sendWith(transport, opts.from, m), close: () => transport.close() };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { secretLinks, ...mail } = message;
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      // A password reset link is a credential: the log names the file that holds it instead.
      const links = secretLinks ? [] : (message.text.match(/https?:\/\/\S+/g) ?? []);
      opts.logger.info({ to: message.to, subject: message.subject, file, links }, "mail written to outbox");
      // Also plainly, for a person running Bahi locally without SMTP: the link is what they need.
      const shown = secretLinks ? [`open ${file} for the link`] : links;
      console.info(`\nMail to ${message.to}: ${message.subject}\n${shown.map((l) => `  ${l}`).join("\n")}\n`);
    },
  };
}

async function sendWith(transport: Transporter, from: string, message: MailMessage): Promise<void> {
  await transport.sendMail({ from, ...message });
}
