import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http";
import type { ApiErrorBody } from "#shared/errors.ts";
import { notReady, READY_MESSAGES } from "./readiness.ts";

/*
 * Graceful shutdown: on SIGTERM the server stops accepting connections, answers every request
 * it already took (with `Connection: close`, so no client sends another on that socket),
 * refuses requests that still arrive on kept-alive sockets with a 503 (nothing is done for them,
 * so a client may safely retry elsewhere), ends live streams, and only then closes the database.
 * Nothing acknowledged is cut, and nothing is done that is not acknowledged.
 */

/** Time limits that keep slow or stuck clients from holding sockets (a request trickled at 1 byte/s). */
export const SERVER_OPTIONS: ServerOptions = {
  /** The whole header block must arrive within this. */
  headersTimeout: 10_000,
  /** The whole request, body included, must arrive within this. */
  requestTimeout: 30_000,
  /** How often Node checks the two limits above (its default, 30 s, would let a slow client stay 40 s). */
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
};

const SHUTTING_DOWN: ApiErrorBody = { code: "shutting_down", message: READY_MESSAGES.shutting_down };
/** The readiness probe's path: while draining it gets the probe's own answer (not ready: shutting down). */
const READY_PATH = "/api/ready";

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** What @hono/node-server passes the app's fetch beside the Request. */
type NodeBindings = { incoming?: IncomingMessage } | undefined;

export class Drain {
  private inFlight = 0;
  private draining = false;
  private idle: (() => void)[] = [];
  /** Requests the fast path took (http/node-server.ts): the app answers them even once draining. */
  private readonly taken = new WeakSet<IncomingMessage>();

  /** Shutdown has begun: new requests are refused. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** The app's fetch, counting what is in flight and refusing new work once draining. */
  wrap<F extends Fetch>(fetch: F): F {
    return (async (request: Request, ...rest: never[]) => {
      const incoming = (rest[0] as NodeBindings)?.incoming;
      if (this.draining && !(incoming && this.taken.has(incoming))) {
        const body = new URL(request.url).pathname === READY_PATH ? notReady("shutting_down") : SHUTTING_DOWN;
        return new Response(JSON.stringify(body), {
          status: 503,
          headers: { "content-type": "application/json", connection: "close", "retry-after": "2" },
        });
      }
      this.inFlight++;
      try {
        const response = await fetch(request, ...rest);
        return this.draining ? withConnectionClose(response) : response;
      } finally {
        this.settled();
      }
    }) as F;
  }

  /**
   * The fast path took `req` and will answer it later, itself or through the app
   * (modules/community/feed-fast-path.ts): it is in flight until its answer is done (`res`
   * closes), and the app answers it even if shutdown began meanwhile.
   */
  take(req: IncomingMessage, res: ServerResponse): void {
    this.inFlight++;
    this.taken.add(req);
    res.once("close", () => this.settled());
  }

  private settled(): void {
    if (--this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Starts draining; resolves when every request taken before it has been answered. */
  start(): Promise<void> {
    this.draining = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}

function withConnectionClose(response: Response): Response {
  try {
    response.headers.set("connection", "close");
    return response;
  } catch {
    // Immutable headers (a response passed through from fetch): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set("connection", "close");
    return copy;
  }
}
