import Fastify from "fastify";
import { collectWhenQuiet, QUIET_CHECK_MS } from "./idle-collection";
import { createMetrics } from "./metrics";

describe("a collection once the server is quiet", () => {
  afterEach(() => vi.useRealTimers());

  it("runs once after the start, once after each busy spell, never while requests come, and not for probes", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const app = Fastify();
    const collect = vi.fn();
    collectWhenQuiet(app, createMetrics(), collect);
    app.get("/api/clients", async () => ({ items: [] }));
    app.get("/api/ready", async () => ({ ok: true }));
    await app.ready();
    const tick = () => vi.advanceTimersByTime(QUIET_CHECK_MS);

    tick();
    expect(collect).toHaveBeenCalledTimes(1); // after the start
    expect(collect).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
    tick();
    expect(collect).toHaveBeenCalledTimes(1); // nothing new to give back

    for (let i = 0; i < 3; i++) {
      await app.inject("/api/clients");
      tick(); // busy: no collection while requests come
    }
    expect(collect).toHaveBeenCalledTimes(1);
    await app.inject("/api/ready"); // a probe is not work
    tick();
    expect(collect).toHaveBeenCalledTimes(2); // the first quiet look after the busy spell
    tick();
    expect(collect).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it("collects once more when asked to (the last PDF thread ended), once quiet", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const app = Fastify();
    const collect = vi.fn();
    const quiet = collectWhenQuiet(app, createMetrics(), collect);
    app.get("/api/clients", async () => ({ items: [] }));
    await app.ready();
    const tick = () => vi.advanceTimersByTime(QUIET_CHECK_MS);

    tick();
    tick();
    expect(collect).toHaveBeenCalledTimes(1); // after the start only
    quiet.owe();
    tick();
    expect(collect).toHaveBeenCalledTimes(2);
    tick();
    expect(collect).toHaveBeenCalledTimes(2); // once per request for it
    quiet.owe();
    await app.inject("/api/clients");
    tick(); // busy: it waits for quiet like the others
    expect(collect).toHaveBeenCalledTimes(2);
    tick();
    expect(collect).toHaveBeenCalledTimes(3);
    await app.close();
  });
});
