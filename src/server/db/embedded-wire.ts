import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/*
 * PGlite served over the PostgreSQL wire protocol, so the app talks to the embedded database
 * with the same `pg` driver it uses for a PostgreSQL server (decision 009).
 *
 * PGlite is one backend: one session, one transaction at a time. So exactly one client is
 * served at a time (the app's pool holds one connection); a second connection waits until the
 * first one closes. A client that goes away inside a transaction has it rolled back before the
 * next one is served. Every complete message that arrived together goes to PGlite in one call:
 * node-postgres writes Parse/Bind/Describe/Execute/Sync at once, and one call per batch costs
 * far less than one per message.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'

export interface WireServerOptions {
  /** Called when PGlite itself threw (not an SQL error): the database can no longer be trusted. */
  onFatal(err: unknown): void;
}

export class WireServer {
  private readonly server: Server;
  private current: Socket | undefined;
  private readonly waiting: Socket[] = [];
  /** Every execution, in order; close() waits for it. */
  private work: Promise<void> = Promise.resolve();
  private closing = false;

  constructor(
    private readonly db: PGlite,
    private readonly opts: WireServerOptions,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  listen(path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(path, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  /** Stops accepting, lets the work already received finish, then rolls back an open transaction. */
  async close(): Promise<void> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.waiting.splice(0)) s.destroy();
    await this.work;
    this.current?.destroy();
    await this.rollbackIfOpen();
    await closed;
  }

  private accept(socket: Socket) {
    socket.on("error", () => socket.destroy());
    socket.once("close", () => {
      const i = this.waiting.indexOf(socket);
      if (i >= 0) this.waiting.splice(i, 1);
      if (this.current === socket) this.work = this.work.then(() => this.handOver(socket));
    });
    if (this.closing) {
      socket.destroy();
      return;
    }
    if (this.current) this.waiting.push(socket);
    else this.serve(socket);
  }

  private serve(socket: Socket) {
    this.current = socket;
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    socket.on("data", (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      const messages: Buffer[] = [];
      let offset = 0;
      while (buffer.length - offset >= (started ? 5 : 8)) {
        if (!started) {
          const length = buffer.readInt32BE(offset);
          const code = buffer.readInt32BE(offset + 4);
          if (length === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) {
            socket.write("N"); // no encryption on a socket only this process can reach
            offset += 8;
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.destroy(); // PGlite cannot cancel a running query
            return;
          }
          if (buffer.length - offset < length) break;
          messages.push(buffer.subarray(offset, offset + length));
          offset += length;
          started = true;
          continue;
        }
        const length = 1 + buffer.readInt32BE(offset + 1);
        if (buffer.length - offset < length) break;
        if (buffer[offset] === TERMINATE) {
          socket.end();
          return;
        }
        messages.push(buffer.subarray(offset, offset + length));
        offset += length;
      }
      buffer = buffer.subarray(offset);
      if (messages.length === 0) return;
      const batch = new Uint8Array(Buffer.concat(messages));
      this.work = this.work.then(() => this.execute(socket, batch));
    });
  }

  private async execute(socket: Socket, batch: Uint8Array): Promise<void> {
    if (socket.destroyed) return;
    try {
      // `data` is a view of PGlite's memory, reused for the next output: copy it, since the
      // socket may only queue what it is given (a large result would otherwise be overwritten).
      await this.db.execProtocolRawStream(batch, { onRawData: (data) => socket.write(Buffer.from(data)) });
    } catch (err) {
      // SQL errors come back as protocol messages; a throw means PGlite itself broke.
      socket.destroy();
      this.opts.onFatal(err);
    }
  }

  /** The served client left: undo its open transaction, then serve the next one waiting. */
  private async handOver(socket: Socket): Promise<void> {
    if (this.current !== socket) return;
    this.current = undefined;
    await this.rollbackIfOpen();
    const next = this.waiting.shift();
    if (next && !this.closing) this.serve(next);
  }

  private async rollbackIfOpen(): Promise<void> {
    try {
      if (!this.db.closed && this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    } catch (err) {
      this.opts.onFatal(err);
    }
  }
}
