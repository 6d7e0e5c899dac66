import pino, { type Logger } from "pino";

/** Structured logs that never carry passwords, tokens or cookies. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.token",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  });
}
