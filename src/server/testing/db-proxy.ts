import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a test can cut, close or stall, to see what the server
 * does when the database goes away in the middle of its work.
 */
export class DbProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server;
  private stalled = false;
  private cutOn?: { pattern: RegExp; done: () => void };

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
    server: Server,
  ) {
    this.server = server;
  }

  static async start(target: { host: string; port: number }): Promise<DbProxy> {
    let proxy!: DbProxy;
    const server = createServer((socket) => proxy.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("proxy has no port");
    proxy = new DbProxy(target, address.port, server);
    return proxy;
  }

  /** The same database URL, through the proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  /** Drops every connection (both sides) the moment the app sends a message matching `pattern`. */
  cutWhenAppSends(pattern: RegExp): Promise<void> {
    return new Promise((done) => {
      this.cutOn = { pattern, done };
    });
  }

  /** Drops every open connection at once, as a restart or failover does. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** The database is gone: open connections drop and new ones are refused. */
  async goDown(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.cut();
    await closed;
  }

  /** The database is back on the same address. */
  async comeBack(): Promise<void> {
    this.server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
  }

  /** The database stops answering: connections stay open but nothing gets through either way. */
  stall(stalled = true): void {
    this.stalled = stalled;
    if (!stalled) this.cut();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(app: Socket) {
    this.sockets.add(app);
    app.on("error", () => {});
    app.on("close", () => this.sockets.delete(app));
    const db = connect(this.target.port, this.target.host);
    this.sockets.add(db);
    db.on("error", () => app.destroy());
    db.on("close", () => {
      this.sockets.delete(db);
      app.destroy();
    });
    app.on("close", () => db.destroy());
    app.on("data", (chunk: Buffer) => {
      if (this.stalled) return;
      const cutOn = this.cutOn;
      if (cutOn?.pattern.test(chunk.toString("latin1"))) {
        this.cutOn = undefined;
        this.cut();
        cutOn.done();
        return;
      }
      db.write(chunk);
    });
    db.on("data", (chunk: Buffer) => {
      if (!this.stalled) app.write(chunk);
    });
  }
}
