import { Worker } from "node:worker_threads";
import type { InvoiceAssets } from "./assets.js";
import type { Engine } from "./engines.js";

interface Job {
  id: number;
  resolve: (pdf: ArrayBuffer) => void;
}

/** A fixed set of render threads with a FIFO queue: the shape the product's pool will have. */
export class RenderPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<number, Job>();
  private nextId = 0;

  private constructor(private readonly workers: Worker[]) {}

  static async start(engine: Engine, size: number, assets: InvoiceAssets): Promise<RenderPool> {
    const workers = Array.from(
      { length: size },
      () => new Worker(new URL("./worker.mjs", import.meta.url), { workerData: { engine, ...assets } }),
    );
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once("error", reject);
            worker.once("message", () => resolve());
          }),
      ),
    );
    const pool = new RenderPool(workers);
    for (const worker of workers) {
      worker.on("message", (message: { id: number; bytes: ArrayBuffer }) => {
        pool.running.get(message.id)?.resolve(message.bytes);
        pool.running.delete(message.id);
        pool.idle.push(worker);
        pool.dispatch();
      });
      pool.idle.push(worker);
    }
    return pool;
  }

  render(): Promise<ArrayBuffer> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, resolve });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const job = this.queue.shift()!;
      const worker = this.idle.pop()!;
      this.running.set(job.id, job);
      worker.postMessage(job.id);
    }
  }

  async close() {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
