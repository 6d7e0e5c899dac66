import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { PdfView } from "./view";

/** What the server renders PDFs with; tests inject their own (for instance one that fails). */
export interface PdfRenderer {
  render(view: PdfView): Promise<Buffer>;
  /** Starts the threads and waits until each has parsed its fonts and rendered once. */
  warm(): Promise<void>;
  close(): Promise<void>;
  /** Threads and queue, for readiness and metrics (a test renderer may have none). */
  stats?(): PdfPoolStats;
}

export interface PdfPoolStats {
  /** Threads started, and of those the ones that finished warming up. */
  threads: number;
  ready: number;
  busy: number;
  queued: number;
}

interface Job {
  id: number;
  view: PdfView;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  started: boolean;
}

type WorkerMessage = { ready: true } | { id: number; bytes: ArrayBuffer } | { id: number; error: string };

/** Cores, at most `max`: each thread holds ~100 MB (fonts, V8 isolate), requests wait in the queue. */
export function defaultPoolSize(max = 2): number {
  return Math.max(1, Math.min(max, availableParallelism()));
}

/**
 * A fixed set of render threads with a FIFO queue. Threads start on `warm()` (the server calls
 * it at start) or on the first render. A thread that dies fails its job and is replaced.
 */
export class PdfPool implements PdfRenderer {
  private slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly size = defaultPoolSize()) {}

  warm(): Promise<void> {
    this.start();
    return Promise.all(this.slots.map((slot) => slot.ready)).then(() => undefined);
  }

  render(view: PdfView): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("The PDF pool is closed."));
    this.start();
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, view, resolve, reject });
      this.dispatch();
    });
  }

  stats(): PdfPoolStats {
    return {
      threads: this.slots.length,
      ready: this.slots.filter((slot) => slot.started).length,
      busy: this.slots.filter((slot) => slot.job).length,
      queued: this.queue.length,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("The PDF pool is closed."));
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private start() {
    if (this.closed) return;
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(new URL("./worker.mjs", import.meta.url));
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const slot: Slot = {
      worker,
      job: null,
      started: false,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failStart = reject;
      }),
    };
    let started = false;
    // A failed start is reported through the job that waits on it, not as an unhandled rejection.
    slot.ready.catch(() => {});
    worker.on("message", (message: WorkerMessage) => {
      if ("ready" in message) {
        started = true;
        slot.started = true;
        markReady();
        this.dispatch();
        return;
      }
      const job = slot.job;
      slot.job = null;
      if (job && job.id === message.id) {
        if ("error" in message) job.reject(new Error(`PDF render failed: ${message.error}`));
        else job.resolve(Buffer.from(message.bytes));
      }
      this.dispatch();
    });
    const onDeath = (error: Error) => {
      if (!started) failStart(error);
      slot.job?.reject(error);
      slot.job = null;
      this.slots = this.slots.filter((s) => s !== slot);
      if (this.closed) return;
      // Replace the thread, unless it could not even start (then every job would fail the same way).
      if (started) this.start();
      else for (const job of this.queue.splice(0)) job.reject(error);
      this.dispatch();
    };
    worker.on("error", onDeath);
    worker.on("exit", (code) => {
      if (this.slots.includes(slot)) onDeath(new Error(`PDF worker exited with code ${code}`));
    });
    return slot;
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job) continue;
      void slot.ready.then(
        () => this.assign(slot),
        () => {},
      );
    }
  }

  private assign(slot: Slot) {
    if (slot.job || this.queue.length === 0 || !this.slots.includes(slot)) return;
    const job = this.queue.shift()!;
    slot.job = job;
    slot.worker.postMessage({ id: job.id, view: job.view });
  }
}
