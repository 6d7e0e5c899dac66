import { PdfPool } from "./pool";
import { sampleInvoiceDocument } from "./sample-invoice";
import { toPdfView } from "./view";

const view = toPdfView(sampleInvoiceDocument(), { logo: null, signature: null, upiQr: null });

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("PDF pool", () => {
  it("starts a thread on the first render and ends it when idle, still able to start another", async () => {
    let allEnded = 0;
    const pool = new PdfPool(1, { idleMs: 200, onAllEnded: () => allEnded++ });
    try {
      expect(pool.stats()).toMatchObject({ threads: 0, startable: undefined });
      const pdf = await pool.render(view);
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pool.stats()).toMatchObject({ threads: 1, startable: true });
      expect(allEnded).toBe(0);
      await until(() => pool.stats().threads === 0, "the idle thread to end");
      // Told once the thread has gone (the server then collects what it held).
      await until(() => allEnded === 1, "the pool to tell that its last thread ended");
      expect(pool.stats().startable).toBe(true);
      // The next render starts a thread again and makes the same bytes.
      expect((await pool.render(view)).equals(pdf)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
