import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a free local port, for tests and the mail bench: it refuses every
 * `failEvery`-th message with a temporary error (451), as a flaky mail server does, and keeps the
 * subject and raw text of each message it accepted.
 */
export async function startLocalSmtp(opts: { failEvery?: number } = {}) {
  let attempts = 0;
  const accepted: { subject: string; raw: string }[] = [];
  /** Each accepted message's envelope recipients (RCPT TO), in order: who it really reached. */
  const recipients: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts++;
        if (opts.failEvery && attempts % opts.failEvery === 0) {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        accepted.push({ subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "", raw });
        recipients.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    recipients,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
