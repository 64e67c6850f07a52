import { describe, expect, it } from "vitest";
import { Drain } from "./lifecycle.ts";

/*
 * Shutdown waits for every answer being made, the fast path's too (Drain.track), and refuses
 * what arrives after it began. (The whole server's shutdown: src/server/shutdown.test.ts.)
 */

describe("Drain", () => {
  it("waits for an answer the fast path is still making before it says shutdown may go on", async () => {
    const drain = new Drain();
    let finish!: (value: string) => void;
    const answer = drain.track(new Promise<string>((resolve) => (finish = resolve)));
    let drained = false;
    const stopped = drain.start().then(() => (drained = true));
    // Everything queued so far runs; the answer is still being made, so the drain is not done.
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    finish("sent");
    expect(await answer).toBe("sent");
    await stopped;
    expect(drained).toBe(true);
  });

  it("counts a failed answer as settled, and refuses a request that comes once draining", async () => {
    const drain = new Drain();
    await expect(drain.track(Promise.reject(new Error("the database is away")))).rejects.toThrow("away");
    await drain.start();
    const fetch = drain.wrap((_request: Request) => new Response("made"));
    const refused = await fetch(new Request("http://localhost/api/community/feed"));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("connection")).toBe("close");
  });
});
