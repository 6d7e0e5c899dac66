import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { allFontPaths, type SharedFonts } from "./fonts";
import type { PdfView } from "./view";

/** What the server renders PDFs with; tests inject their own (for instance one that fails). */
export interface PdfRenderer {
  render(view: PdfView): Promise<Buffer>;
  /** Starts a thread and waits until it has parsed its fonts and rendered once: proves one can start. */
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
  /**
   * Whether threads can be started: true once one has started (threads end when idle, so none
   * may be running), false after a start failed, undefined before any was tried.
   */
  startable?: boolean;
}

export interface PdfPoolOptions {
  /** A thread with nothing to do for this long ends; the next render starts one again. */
  idleMs?: number;
  /**
   * Called when the last thread has ended and the fonts' shared block is let go: memory that only
   * a garbage collection of this thread gives back (the server then collects once it is quiet).
   */
  onAllEnded?: () => void;
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
  idle: ReturnType<typeof setTimeout> | null;
}

type WorkerMessage = { ready: true } | { id: number; bytes: ArrayBuffer } | { id: number; error: string };

/** Cores, at most `max`: each thread holds ~60-100 MB (fonts, V8 isolate), requests wait in the queue. */
export function defaultPoolSize(max = 2): number {
  return Math.max(1, Math.min(max, availableParallelism()));
}

/**
 * Up to `size` render threads with a FIFO queue. Threads start on demand (a render with no free
 * thread starts one, up to `size`) and end after `idleMs` without work, so an idle server holds
 * none: each is a V8 isolate with its parsed fonts (~60-100 MB). `warm()` (the server calls it
 * at start) starts one to prove that threads can start; it too ends when idle. The font files are
 * read once into one SharedArrayBuffer that every thread parses from, instead of a copy per
 * thread; it is let go with the last thread. A thread that dies fails its job; the queue's next
 * job starts another.
 */
export class PdfPool implements PdfRenderer {
  private slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;
  private startable: boolean | undefined;
  private fonts: SharedFonts | null = null;
  private readonly idleMs: number;
  private readonly onAllEnded: () => void;

  constructor(
    private readonly size = defaultPoolSize(),
    options: PdfPoolOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 60_000;
    this.onAllEnded = options.onAllEnded ?? (() => {});
  }

  warm(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("The PDF pool is closed."));
    const slot = this.slots[0] ?? this.spawn();
    if (!this.slots.includes(slot)) this.slots.push(slot);
    return slot.ready.then(() => this.dispatch());
  }

  render(view: PdfView): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("The PDF pool is closed."));
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
      startable: this.startable,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("The PDF pool is closed."));
    const slots = this.slots;
    this.slots = [];
    this.fonts = null;
    for (const slot of slots) if (slot.idle) clearTimeout(slot.idle);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** The font files in one shared block, read when the first thread starts. */
  private sharedFonts(): SharedFonts {
    if (!this.fonts) {
      const files = allFontPaths().map((path) => ({ path, bytes: readFileSync(path) }));
      const buffer = new SharedArrayBuffer(files.reduce((sum, f) => sum + f.bytes.byteLength, 0));
      const index: SharedFonts["index"] = {};
      let offset = 0;
      for (const { path, bytes } of files) {
        new Uint8Array(buffer, offset, bytes.byteLength).set(bytes);
        index[path] = [offset, bytes.byteLength];
        offset += bytes.byteLength;
      }
      this.fonts = { buffer, index };
    }
    return this.fonts;
  }

  private spawn(): Slot {
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), {
      workerData: { fonts: this.sharedFonts() },
    });
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const slot: Slot = {
      worker,
      job: null,
      started: false,
      idle: null,
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
        this.startable = true;
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
      if (!started) {
        failStart(error);
        this.startable = false;
      }
      if (slot.idle) clearTimeout(slot.idle);
      slot.job?.reject(error);
      slot.job = null;
      this.remove(slot);
      this.ended();
      if (this.closed) return;
      // A thread that could not even start: every job would fail the same way.
      if (!started) for (const job of this.queue.splice(0)) job.reject(error);
      this.dispatch();
    };
    worker.on("error", onDeath);
    worker.on("exit", (code) => {
      if (this.slots.includes(slot)) onDeath(new Error(`PDF worker exited with code ${code}`));
    });
    return slot;
  }

  private remove(slot: Slot) {
    this.slots = this.slots.filter((s) => s !== slot);
    if (this.slots.length === 0) this.fonts = null;
  }

  /** After a thread has ended: when it was the last, what it held can be collected. */
  private ended() {
    if (this.slots.length === 0 && !this.closed) this.onAllEnded();
  }

  private dispatch() {
    if (this.closed) return;
    // More jobs waiting than threads that could take them: start threads, up to the size.
    const free = this.slots.filter((slot) => !slot.job).length;
    for (let i = free; i < this.queue.length && this.slots.length < this.size; i++) {
      this.slots.push(this.spawn());
    }
    for (const slot of this.slots) {
      if (slot.job) continue;
      if (this.queue.length === 0) {
        if (slot.started && !slot.idle) slot.idle = this.idleTimer(slot);
        continue;
      }
      void slot.ready.then(
        () => this.assign(slot),
        () => {},
      );
    }
  }

  private idleTimer(slot: Slot) {
    const timer = setTimeout(() => {
      slot.idle = null;
      if (slot.job || !this.slots.includes(slot)) return;
      this.remove(slot);
      void slot.worker.terminate().then(() => this.ended());
    }, this.idleMs);
    // An idle thread must not keep the process alive.
    timer.unref();
    return timer;
  }

  private assign(slot: Slot) {
    if (slot.job || this.queue.length === 0 || !this.slots.includes(slot)) return;
    if (slot.idle) {
      clearTimeout(slot.idle);
      slot.idle = null;
    }
    const job = this.queue.shift()!;
    slot.job = job;
    slot.worker.postMessage({ id: job.id, view: job.view });
  }
}
