import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type Mail from "nodemailer/lib/mailer";
import type { Logger } from "pino";
import { displayNameOf, isSingleAddress, parseMailbox } from "#domain/mail-address";

/** A business mailing its client through Bahi: whose name it carries, where replies go. */
export interface BusinessSender {
  name: string;
  replyTo: string;
}

export interface MailMessage {
  /** Each element (or the string) is exactly one address; a list in one string is refused. */
  to: string | string[];
  cc?: string | string[];
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  subject: string;
  text: string;
  html?: string;
  /** Its links give access (a password reset): never logged, not even without SMTP. */
  secretLinks?: boolean;
  /** Sent for a business: "<name> via Bahi", Reply-To the business, and a footer saying so. */
  onBehalfOf?: BusinessSender;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes open connections (the SMTP pool) when the app stops. */
  close?(): void;
}

/** Refused before it reached a transport: retrying cannot help. */
export class UnsendableMailError extends Error {}

const listOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

type Nodemailer = typeof import("nodemailer")["default"];

/**
 * nodemailer is loaded on the first mail, not at start: it is ~5 MB of heap that a server which
 * sends no mail (or not yet) does not need (issue 29, idle RSS).
 */
function lazyTransport<T>(make: (nodemailer: Nodemailer) => T) {
  let pending: Promise<T> | undefined;
  const lazy = {
    made: undefined as T | undefined,
    get: () => {
      pending ??= import("nodemailer").then((m) => {
        lazy.made = make(m.default);
        return lazy.made;
      });
      return pending;
    },
  };
  return lazy;
}

/**
 * The message nodemailer gets: addresses as objects (never a header string that a comma or a line
 * break could extend), the sender's name quoted by nodemailer, and the footer for a business's mail.
 */
export function envelopeOf(message: MailMessage, opts: { from: string; abuseEmail: string }): Mail.Options {
  const { secretLinks: _secret, onBehalfOf, to, cc, ...rest } = message;
  const recipients = { to: listOf(to), cc: listOf(cc) };
  for (const address of [...recipients.to, ...recipients.cc]) {
    if (!isSingleAddress(address)) {
      throw new UnsendableMailError(`Not one valid e-mail address: ${JSON.stringify(address.slice(0, 80))}`);
    }
  }
  if (!recipients.to.length) throw new UnsendableMailError("A mail needs an address to go to.");
  const own = parseMailbox(opts.from) ?? { name: "Bahi", address: opts.from };
  const brand = displayNameOf(own.name) || "Bahi";
  const subject = rest.subject.replace(/[\r\n]+/g, " ");
  const addresses = {
    to: recipients.to.map((address) => ({ name: "", address })),
    ...(recipients.cc.length ? { cc: recipients.cc.map((address) => ({ name: "", address })) } : {}),
  };
  if (!onBehalfOf) {
    return {
      ...rest,
      subject,
      from: own.name ? { name: brand, address: own.address } : own.address,
      ...addresses,
    };
  }
  const name = displayNameOf(onBehalfOf.name);
  const replyTo = isSingleAddress(onBehalfOf.replyTo) ? onBehalfOf.replyTo : undefined;
  const footer = [
    "",
    "-- ",
    `Sent by ${name}${replyTo ? ` <${replyTo}>` : ""} through ${brand}. Replies go to ${replyTo ? "them" : "the sender"}, not to ${brand}.`,
    `Not expected, or spam? Report it: mailto:${opts.abuseEmail}`,
  ].join("\n");
  return {
    ...rest,
    subject,
    from: { name: `${name} via ${brand}`, address: own.address },
    ...(replyTo ? { replyTo: { name, address: replyTo } } : {}),
    ...addresses,
    text: `${rest.text}\n${footer}`,
    ...(rest.html ? { html: `${rest.html}<hr><p>${escapeHtml(footer).replace(/\n/g, "<br>")}</p>` } : {}),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to `<dataDir>/outbox/` and its links are
 * printed, so a person on a fresh machine can still confirm an account (a password reset link is a
 * credential: only the file that holds it is named).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  /** The operator's address for abuse reports; default abuse@ the From address's domain. */
  abuseEmail?: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  const from = {
    from: opts.from,
    abuseEmail:
      opts.abuseEmail ?? `abuse@${(parseMailbox(opts.from)?.address ?? "bahi.local").split("@")[1]}`,
  };
  if (opts.smtpUrl) {
    // Pooled: the mail queue sends one after another, and a new connection per mail costs ~100 ms.
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url.toString()));
    return {
      send: async (m) => {
        await (await transport.get()).sendMail(envelopeOf(m, from));
      },
      close: () => transport.made?.close(),
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail(envelopeOf(message, from));
      await mkdir(outbox, { recursive: true });
      // Named by time and a random id, never by its recipients: seven addresses made a name
      // longer than the file system allows (ENAMETOOLONG) and the mail was lost.
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      const to = listOf(message.to).join(", ");
      // A password reset link is a credential: the log names the file that holds it instead.
      const links = message.secretLinks ? [] : (message.text.match(/https?:\/\/\S+/g) ?? []);
      opts.logger.info({ to, subject: message.subject, file, links }, "mail written to outbox");
      // Also plainly, for a person running Bahi locally without SMTP: the link is what they need.
      const shown = message.secretLinks ? [`open ${file} for the link`] : links;
      console.info(`\nMail to ${to}: ${message.subject}\n${shown.map((l) => `  ${l}`).join("\n")}\n`);
    },
  };
}
