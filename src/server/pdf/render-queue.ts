import { defaultPoolSize, type PdfPoolStats, type PdfRenderer } from "./pool";
import type { PdfView } from "./view";

export interface RenderQueueLimits {
  /** Renders handed to the inner renderer at once: its threads. */
  slots: number;
  /** Renders of one account running at once, so one account never holds every thread. */
  perOwnerRunning: number;
  /** Downloads of one account accepted at once (running or waiting). */
  perOwnerPending: number;
  /** Downloads waiting for a thread, all accounts together. */
  queueLimit: number;
}

export const DEFAULT_RENDER_QUEUE_LIMITS: RenderQueueLimits = {
  slots: defaultPoolSize(),
  perOwnerRunning: 1,
  perOwnerPending: 6,
  queueLimit: 24,
};

/** A download refused before any work: the account has enough in progress, or the queue is full. */
export class RenderQueueFullError extends Error {
  constructor(
    readonly reason: "owner" | "queue",
    readonly retryAfterSeconds: number,
  ) {
    super(
      reason === "owner"
        ? "You already have several PDFs being prepared. Please wait for them, then try again."
        : "Many PDFs are being prepared right now. Please try again in a few seconds.",
    );
  }
}

interface Waiting {
  view: PdfView;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Owner {
  running: number;
  waiting: Waiting[];
  /** When this account's latest render started (a counter): the longest-unserved goes next. */
  lastStart: number;
}

/**
 * Fair admission in front of the render threads. Each account renders at most `perOwnerRunning`
 * PDFs at once; the accounts waiting take turns (round robin), so someone queueing fifty 500-line
 * invoices holds one thread while everyone else's PDFs go through the others. Beyond
 * `perOwnerPending` per account or `queueLimit` overall a download is refused at once, with an
 * estimate of when to come back, instead of waiting without bound.
 */
export class RenderQueue implements PdfRenderer {
  readonly limits: RenderQueueLimits;
  private readonly owners = new Map<string, Owner>();
  /** Accounts with a download waiting, in arrival order. */
  private turns: string[] = [];
  private starts = 0;
  private running = 0;
  private waiting = 0;
  /** Moving average of render times, for Retry-After. */
  private averageMs = 100;
  private closed = false;

  constructor(
    private readonly inner: PdfRenderer,
    limits: Partial<RenderQueueLimits> = {},
  ) {
    this.limits = { ...DEFAULT_RENDER_QUEUE_LIMITS, ...limits };
  }

  /** The renderer itself when it already is a queue (tests inject one with small limits), else one around it. */
  static around(renderer: PdfRenderer): RenderQueue {
    return renderer instanceof RenderQueue ? renderer : new RenderQueue(renderer);
  }

  /** Running and waiting downloads, for metrics and tests. */
  counts(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  /** The inner renderer's threads, with the downloads waiting here counted as queued (for metrics). */
  stats(): PdfPoolStats {
    const inner = this.inner.stats?.();
    return {
      threads: inner?.threads ?? this.limits.slots,
      ready: inner?.ready ?? this.limits.slots,
      busy: inner?.busy ?? this.running,
      queued: (inner?.queued ?? 0) + this.waiting,
      startable: inner ? inner.startable : true,
    };
  }

  /** Throws RenderQueueFullError when a download of `owner` would be refused right now. */
  check(owner: string): void {
    const state = this.owners.get(owner);
    if ((state ? state.running + state.waiting.length : 0) >= this.limits.perOwnerPending) {
      throw new RenderQueueFullError("owner", this.retryAfter(this.limits.perOwnerPending));
    }
    if (this.waiting >= this.limits.queueLimit) {
      throw new RenderQueueFullError("queue", this.retryAfter(this.waiting));
    }
  }

  render(view: PdfView, owner = "anonymous"): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("The PDF queue is closed."));
    try {
      this.check(owner);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<Buffer>((resolve, reject) => {
      let state = this.owners.get(owner);
      if (!state) {
        state = { running: 0, waiting: [], lastStart: 0 };
        this.owners.set(owner, state);
      }
      state.waiting.push({ view, resolve, reject });
      this.waiting++;
      if (!this.turns.includes(owner)) this.turns.push(owner);
      this.pump();
    });
  }

  warm(): Promise<void> {
    return this.inner.warm();
  }

  /** Refuses what still waits and closes the inner renderer. */
  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.owners.values()) {
      for (const job of state.waiting.splice(0)) job.reject(new Error("The PDF queue is closed."));
    }
    this.waiting = 0;
    this.turns = [];
    await this.inner.close();
  }

  private pump() {
    while (this.running < this.limits.slots) {
      // Of the accounts with a download waiting and no render of theirs running, the one served
      // longest ago goes next (round robin across accounts, oldest arrival first among equals).
      let next: string | undefined;
      let nextState: Owner | undefined;
      for (const owner of this.turns) {
        const candidate = this.owners.get(owner)!;
        if (candidate.running >= this.limits.perOwnerRunning) continue;
        if (!nextState || candidate.lastStart < nextState.lastStart) {
          next = owner;
          nextState = candidate;
        }
      }
      if (next === undefined || !nextState) return;
      const owner = next;
      const state = nextState;
      const job = state.waiting.shift()!;
      this.waiting--;
      if (state.waiting.length === 0) this.turns = this.turns.filter((o) => o !== owner);
      state.lastStart = ++this.starts;
      state.running++;
      this.running++;
      const started = performance.now();
      Promise.resolve()
        .then(() => this.inner.render(job.view))
        .then(job.resolve, job.reject)
        .finally(() => {
          this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
          state.running--;
          this.running--;
          if (state.running === 0 && state.waiting.length === 0) this.owners.delete(owner);
          this.pump();
        });
    }
  }

  /** Seconds until about `ahead` renders have gone through the slots; at least 1. */
  private retryAfter(ahead: number): number {
    return Math.max(1, Math.ceil(((ahead + 1) * this.averageMs) / this.limits.slots / 1000));
  }
}
