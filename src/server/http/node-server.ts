import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";

/**
 * An answer can come before its request's body has all arrived (a 413 for a body over the limit,
 * a 401 or 403 that never reads it). Closing the socket then, while the client is still sending,
 * resets the connection and the client loses the answer (issue 24 item 8). Instead the rest of
 * the body is read and thrown away, up to these bounds; past them the server says it is done
 * (FIN, after the answer), still drops what comes for a moment, and only then closes.
 */
export const EARLY_ANSWER_DRAIN = {
  /** More than any limit the app has (the import upload's included), less than a flood. */
  maxBytes: 64 * 1024 * 1024,
  /** A slow or stuck sender holds the socket no longer than this after its answer. */
  maxMs: 5_000,
  /** Between the FIN and the close: what is in flight is dropped, not answered with a reset. */
  graceMs: 1_000,
} as const;

/** Reads and discards what is left of `req`'s body once `res` is sent, within EARLY_ANSWER_DRAIN. */
function drainAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      req.off("data", count);
    };
    const giveUp = () => {
      done();
      socket.end();
      setTimeout(() => socket.destroy(), EARLY_ANSWER_DRAIN.graceMs).unref();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > EARLY_ANSWER_DRAIN.maxBytes) giveUp();
    };
    const timer = setTimeout(giveUp, EARLY_ANSWER_DRAIN.maxMs);
    timer.unref();
    // Whoever began reading the body (a web stream over it) pauses it when full and will not read on.
    req.removeAllListeners("data");
    req.on("data", count);
    req.once("end", done);
    req.once("error", done);
    req.resume();
  });
}

/**
 * Answers a request straight from Node's request: true when it did (or will: a promise of true),
 * false when the app must (at once, or when the promise says so, before anything was written).
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/**
 * Node's createServer with a fast path in front of the app's listener: `fast` answers what it
 * can; everything else goes to the app. Every request's unread body is drained after its answer
 * (drainAfterAnswer).
 */
export function withFastPath(fast: FastPath) {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) => {
      drainAfterAnswer(req, res);
      const answered = fast(req, res);
      if (answered === false) void listener(req, res);
      else if (answered !== true) {
        // A fast path that failed before it wrote leaves the request to the app (which answers its own way: a 503 when the database is away).
        const toApp = () => {
          if (!res.headersSent) void listener(req, res);
          else if (!res.writableEnded) res.destroy();
        };
        answered.then((ok) => ok || toApp(), toApp);
      }
    })) as typeof createServer;
}

/**
 * @hono/node-server's own clean-up of an unread body closes the socket after 500 ms (a reset under
 * a client still sending): drainAfterAnswer does it instead.
 */
export const NODE_SERVER_OPTIONS = { autoCleanupIncoming: false } as const;
