import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./paths";
import {
  buildServerIfStale,
  closed,
  freePort,
  SERVER_BUNDLE,
  serverEnv,
  spawn,
  watchOutput,
} from "./testing/processes";

// The compiled server as an operator starts it (NODE_ENV=production): without SMTP_URL a server
// whose links point elsewhere than this machine does not start; MAIL_OUTBOX=1 starts with a warning.

describe("a production start without SMTP_URL", () => {
  beforeAll(() => buildServerIfStale(), 120_000);

  async function start(extra: Record<string, string>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-start-mail-"));
    const env = serverEnv({ PORT: String(await freePort()), DATA_DIR: dataDir, ...extra });
    if (!("MAIL_OUTBOX" in extra)) delete env.MAIL_OUTBOX;
    delete env.SMTP_URL;
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return {
      child,
      output: watchOutput(child),
      cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }

  it("stops with a message naming SMTP_URL and MAIL_OUTBOX when PUBLIC_URL is a real site", async () => {
    const { child, output, cleanUp } = await start({ PUBLIC_URL: "https://bahi.example.in" });
    try {
      expect((await closed(child)).code).toBe(1);
      expect(output.text()).toMatch(
        /SMTP_URL: is not set, so every e-mail .* set SMTP_URL, or MAIL_OUTBOX=1/,
      );
      expect(output.text()).not.toMatch(/\n\s+at /);
    } finally {
      cleanUp();
    }
  }, 60_000);

  it("with MAIL_OUTBOX=1 starts and warns that mail is not sent", async () => {
    const { child, output, cleanUp } = await start({
      PUBLIC_URL: "https://bahi.example.in",
      MAIL_OUTBOX: "1",
    });
    try {
      await output.waitFor(
        /"level":40[^\n]*MAIL_OUTBOX=1: e-mails are written to the outbox folder, not sent/,
      );
    } finally {
      child.kill("SIGKILL");
      await closed(child);
      cleanUp();
    }
  }, 60_000);
});
