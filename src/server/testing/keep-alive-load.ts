import http from "node:http";
import type { Socket } from "node:net";

export interface LoadReport {
  /** 200 answers, and how many of them came after `markStop()`. */
  ok: number;
  okAfterStop: number;
  /** Answers other than 200, by status. */
  statuses: Record<number, number>;
  /** Requests that got no answer, by error code (ECONNRESET, ECONNREFUSED, ...). */
  errors: Record<string, number>;
  /** Connections opened for the load (kept alive: one per client unless the server closed some). */
  sockets: number;
  /** What /api/ready answered when the load balancer took the server out. */
  takenOutBy: number | string;
}

/**
 * A load as it reaches a server behind a load balancer: `connections` kept-alive connections ask
 * GET `path` one after another, while the balancer asks /api/ready on a new connection every
 * 50 ms; once /api/ready answers anything but 200 after `markStop()`, no new request is sent (the
 * balancer has taken the server out) and the report is made once the requests under way end.
 */
export function keepAliveLoad(port: number, opts: { connections: number; path?: string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const report: LoadReport = { ok: 0, okAfterStop: 0, statuses: {}, errors: {}, sockets: 0, takenOutBy: "" };
  const sockets = new Set<Socket>();
  let inService = true;
  let stopped = false;
  let onOk: (() => void) | undefined;
  let wanted = 0;

  const get = (path: string, via: http.Agent | false) =>
    new Promise<number | string>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path, agent: via }, (res) => {
        if (via) sockets.add(res.socket);
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });

  async function client() {
    while (inService) {
      const answer = await get(opts.path ?? "/api/health", agent);
      if (answer === 200) {
        report.ok += 1;
        if (stopped) report.okAfterStop += 1;
        if (report.ok >= wanted) onOk?.();
      } else if (typeof answer === "number") report.statuses[answer] = (report.statuses[answer] ?? 0) + 1;
      else report.errors[answer] = (report.errors[answer] ?? 0) + 1;
    }
  }

  async function balancer() {
    while (inService) {
      const answer = await get("/api/ready", false);
      if (stopped && answer !== 200) {
        report.takenOutBy = answer;
        inService = false;
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const done = Promise.all([...Array.from({ length: opts.connections }, client), balancer()]).then(() => {
    report.sockets = sockets.size;
    return report;
  });
  return {
    /** Answers once `count` requests have had a 200. */
    answered(count: number): Promise<void> {
      wanted = count;
      return report.ok >= count ? Promise.resolve() : new Promise((resolve) => (onOk = resolve));
    },
    /** The server is being stopped now: from here on a failing /api/ready takes it out. */
    markStop() {
      stopped = true;
    },
    done,
    /** Closes the kept-alive connections left (the server closes them itself when it stops). */
    close: () => agent.destroy(),
  };
}
