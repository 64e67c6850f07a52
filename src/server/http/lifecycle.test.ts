import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { Drain } from "./lifecycle.ts";

/*
 * Shutdown waits for every answer being made, the fast path's too (Drain.take), answers a
 * request the fast path took and handed to the app, and refuses what arrives after it began.
 * (The whole server's shutdown: src/server/shutdown.test.ts.)
 */

/** A request and its answer, as Node makes them: the answer says "close" when it is done. */
const exchange = () => ({ req: new EventEmitter() as unknown as IncomingMessage, res: new EventEmitter() as unknown as ServerResponse });

describe("Drain", () => {
  it("waits for an answer the fast path took until it is done", async () => {
    const drain = new Drain();
    const { req, res } = exchange();
    drain.take(req, res);
    let drained = false;
    const stopped = drain.start().then(() => (drained = true));
    // Everything queued so far runs; the answer is still being made, so the drain is not done.
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    res.emit("close");
    await stopped;
    expect(drained).toBe(true);
  });

  it("lets the app answer a request the fast path took, and refuses one that comes once draining", async () => {
    const drain = new Drain();
    const taken = exchange();
    drain.take(taken.req, taken.res);
    void drain.start();
    const fetch = drain.wrap((_request: Request, _env: { incoming: IncomingMessage }) => new Response("made"));
    const answered = await fetch(new Request("http://localhost/api/community/feed"), { incoming: taken.req });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("made");
    expect(answered.headers.get("connection")).toBe("close");
    const refused = await fetch(new Request("http://localhost/api/community/feed"), { incoming: exchange().req });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("connection")).toBe("close");
  });
});
