import type { PdfRenderer } from "./pool";
import { RenderQueue, RenderQueueFullError } from "./render-queue";
import type { PdfView } from "./view";

/** A renderer that records which view it was given and finishes each render when told. */
function manualRenderer() {
  const started: Array<{ name: string; finish: () => void }> = [];
  const renderer: PdfRenderer = {
    render: (view) =>
      new Promise<Buffer>((resolve) => {
        started.push({ name: view.info.title, finish: () => resolve(Buffer.from(view.info.title)) });
      }),
    warm: async () => {},
    close: async () => {},
  };
  return { renderer, started };
}

const view = (name: string) => ({ info: { title: name } }) as PdfView;
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("RenderQueue", () => {
  it("takes accounts in turns, one render per account at a time", async () => {
    const { renderer, started } = manualRenderer();
    const queue = new RenderQueue(renderer, { slots: 1, perOwnerRunning: 1, perOwnerPending: 10 });
    const done = [
      queue.render(view("a1"), "a"),
      queue.render(view("a2"), "a"),
      queue.render(view("a3"), "a"),
      queue.render(view("b1"), "b"),
      queue.render(view("c1"), "c"),
      queue.render(view("b2"), "b"),
    ];
    for (let i = 0; i < done.length; i++) {
      await settle();
      started[i]!.finish();
    }
    await Promise.all(done);
    expect(started.map((s) => s.name)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses beyond the per-account and overall limits, and rejects what waits on close", async () => {
    const { renderer } = manualRenderer();
    const queue = new RenderQueue(renderer, { slots: 1, perOwnerPending: 2, queueLimit: 2 });
    const running = queue.render(view("a1"), "a");
    const waiting = queue.render(view("a2"), "a");
    await expect(queue.render(view("a3"), "a")).rejects.toMatchObject({ reason: "owner" });
    const waitingB = queue.render(view("b1"), "b");
    const full = await queue.render(view("c1"), "c").catch((error: unknown) => error);
    expect(full).toBeInstanceOf(RenderQueueFullError);
    expect(full).toMatchObject({ reason: "queue" });
    expect((full as RenderQueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(queue.stats()).toMatchObject({ queued: 2 });
    await queue.close();
    await expect(waiting).rejects.toThrow("closed");
    await expect(waitingB).rejects.toThrow("closed");
    void running;
  });
});
