import cluster, { type Worker } from "node:cluster";
import type { Registry } from "prom-client";

// /metrics with several processes (docs/decisions/0048-metrics-and-drain.md). node's cluster hands
// each connection to one process, so a scrape reaches one of them; that process asks the primary,
// which collects every serving process's metrics over IPC and hands them back; the asking process
// sums them with prom-client's aggregator (gauges read from the database or the backups folder
// take the largest, see metrics.ts). A process that stops takes its counts with it: the primary
// keeps its last reported counters and histograms, so no counter the scraper sees ever goes down.
// The primary loads this module but never prom-client (~10 MB): it only passes plain objects on.

/** One process's metrics, as prom-client's getMetricsAsJSON gives them (and aggregate takes them). */
type Snapshot = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;
type MetricJson = Snapshot[number];

const SCRAPE = "bahi:metrics-scrape";
const SCRAPED = "bahi:metrics-scraped";
const COLLECT = "bahi:metrics-collect";
const COLLECTED = "bahi:metrics-collected";
const ANSWER_WITHIN_MS = 5_000;

interface Message {
  type: string;
  id: number;
  error?: string;
  metrics?: Snapshot;
  /** The primary's answer to a scrape: every serving process's snapshot, and the stopped ones' counts. */
  snapshots?: Snapshot[];
}

const isMessage = (value: unknown, type: string): value is Message =>
  typeof value === "object" && value !== null && (value as Message).type === type;

/** Counters and histograms only go up: those a stopped process had counted stay in the sum. */
const keepsCounting = (m: MetricJson) => {
  const type = m.type as unknown as string; // the JSON names the type; the typings say an enum
  return type === "counter" || type === "histogram";
};

/**
 * The primary's side: answers each serving process's scrape with the sum over `serving()` (the
 * processes that listen), and keeps the counts of every process that stops.
 */
export function aggregateClusterMetrics(serving: () => Worker[]) {
  let nextId = 0;
  const pending = new Map<number, (snapshot: Snapshot) => void>();
  const lastSeen = new Map<Worker, Snapshot>();
  let retired: Snapshot = [];

  cluster.on("message", (worker, message: unknown) => {
    if (isMessage(message, COLLECTED)) {
      pending.get(message.id)?.(message.metrics ?? []);
      return;
    }
    if (!isMessage(message, SCRAPE)) return;
    collectAll().then(
      (snapshots) => worker.send({ type: SCRAPED, id: message.id, snapshots }),
      (error: Error) => worker.send({ type: SCRAPED, id: message.id, error: error.message }),
    );
  });
  cluster.on("exit", (worker) => {
    const last = lastSeen.get(worker);
    lastSeen.delete(worker);
    if (last) retired = addCounts(retired, last);
  });

  function collectFrom(worker: Worker): Promise<Snapshot> {
    const id = nextId++;
    return new Promise<Snapshot>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`server process ${worker.process.pid} did not report its metrics`));
      }, ANSWER_WITHIN_MS);
      pending.set(id, (snapshot) => {
        clearTimeout(timer);
        pending.delete(id);
        lastSeen.set(worker, snapshot);
        resolve(snapshot);
      });
      worker.send({ type: COLLECT, id });
    });
  }

  // A process that does not answer fails the scrape: a partial sum would look like a reset.
  async function collectAll(): Promise<Snapshot[]> {
    const snapshots = await Promise.all(serving().map(collectFrom));
    return [retired, ...snapshots];
  }
}

type Sample = MetricJson["values"][number] & { metricName?: string };

/** `total` with the counters and histograms of `snapshot` added in, sample by sample (same labels). */
export function addCounts(total: Snapshot, snapshot: Snapshot): Snapshot {
  const byName = new Map(total.map((m) => [m.name, m]));
  for (const metric of snapshot.filter(keepsCounting)) {
    const into = byName.get(metric.name);
    if (!into) {
      byName.set(metric.name, { ...metric, values: metric.values.map((v) => ({ ...v })) });
      continue;
    }
    const key = (v: Sample) => `${v.metricName ?? ""}${JSON.stringify(Object.entries(v.labels).sort())}`;
    const samples = new Map((into.values as Sample[]).map((v) => [key(v), v]));
    for (const value of metric.values as Sample[]) {
      const same = samples.get(key(value));
      if (same) same.value += value.value;
      else into.values.push({ ...value });
    }
  }
  return [...byName.values()];
}

/**
 * A serving process's side: reports `registry` when the primary collects, and returns a function
 * that asks the primary for every process's metrics and sums them (`aggregate`: prom-client's
 * AggregatorRegistry.aggregate, passed in so this module does not load prom-client).
 */
export function reportToPrimary(
  registry: Registry,
  aggregate: (snapshots: Snapshot[]) => Registry,
): () => Promise<string> {
  process.on("message", (message: unknown) => {
    if (!isMessage(message, COLLECT)) return;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }),
      () => process.send?.({ type: COLLECTED, id: message.id, metrics: [] }),
    );
  });
  let nextId = 0;
  const waiting = new Map<number, (message: Message) => void>();
  process.on("message", (message: unknown) => {
    if (isMessage(message, SCRAPED)) waiting.get(message.id)?.(message);
  });
  const ask = () =>
    new Promise<Snapshot[]>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the primary process did not answer for the metrics"));
      }, ANSWER_WITHIN_MS + 1_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.snapshots ?? []);
      });
      process.send?.({ type: SCRAPE, id });
    });
  return async () => aggregate((await ask()).filter((s) => s.length > 0)).metrics();
}
