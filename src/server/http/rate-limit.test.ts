import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "./limits.ts";
import type { Deps } from "../deps.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import type { AppEnv } from "./context.ts";
import { handleError } from "./errors.ts";
import { rateLimits } from "../db/schema/index.ts";
import { waitText } from "#shared/errors.ts";
import { pruneRateLimits, rateLimit } from "./rate-limit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1" });
});
afterAll(async () => t?.close());

/** An app instance with its own limiter (as a second process would have), on the shared database. */
function instance(deps: Deps, bucket: string, max: number) {
  const a = new Hono<AppEnv>();
  a.onError(handleError);
  a.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("user", null);
    await next();
  });
  a.get("/x", rateLimit({ bucket, windowMs: 60_000, max }), (c) => c.text("ok"));
  return (ip: string) => a.request("/x", { headers: { [CLIENT_IP_HEADER]: ip } });
}

describe("rateLimit", () => {
  it("lets a client through up to the limit, then answers 429 with the real wait; other clients are not affected", async () => {
    const from = instance(t.deps, "one", 2);
    expect((await from("1.1.1.1")).status).toBe(200);
    expect((await from("1.1.1.1")).status).toBe(200);
    const limited = await from("1.1.1.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(await limited.json()).toEqual({ code: "rate_limited", message: "Too many attempts. Please wait a minute and try again." });
    expect((await from("2.2.2.2")).status).toBe(200);
  });

  it("holds across app instances: requests alternating between two are counted together", async () => {
    const a = instance(t.deps, "two", 5);
    const b = instance(t.deps, "two", 5);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await (i % 2 ? a : b)("3.3.3.3")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
  });

  it("opens again when the window has passed", async () => {
    const from = instance(t.deps, "three", 1);
    expect((await from("4.4.4.4")).status).toBe(200);
    expect((await from("4.4.4.4")).status).toBe(429);
    t.deps.testClock!.advance(61_000);
    expect((await from("4.4.4.4")).status).toBe(200);
  });

  it("prunes only our own counters, once their window has long passed", async () => {
    const from = instance(t.deps, "prune", 1);
    await from("5.5.5.5");
    const now = t.deps.clock.now().getTime();
    await t.deps.db.insert(rateLimits).values({ key: "203.0.113.9/sign-in/email", count: 1, lastRequest: now - 2 * 86_400_000 });
    await pruneRateLimits(t.deps.db, now + 2 * 86_400_000);
    const keys = (await t.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith("app:"))).toEqual([]);
    expect(keys).toContain("203.0.113.9/sign-in/email");
  });

  it("says the wait as a person would, never shorter than it is", () => {
    expect([1, 30, 50, 60, 61, 600, 419, 7140, 7201, 86_400].map(waitText)).toEqual([
      "a second",
      "30 seconds",
      "a minute",
      "a minute",
      "2 minutes",
      "10 minutes",
      "7 minutes",
      "119 minutes",
      "3 hours",
      "24 hours",
    ]);
  });

  it("says the wait left in the window, the same number as Retry-After", async () => {
    const from = instance(t.deps, "wait", 1);
    expect((await from("6.6.6.6")).status).toBe(200);
    t.deps.testClock!.advance(17_500);
    const limited = await from("6.6.6.6");
    expect(limited.headers.get("retry-after")).toBe("43");
    expect(((await limited.json()) as { message: string }).message).toBe("Too many attempts. Please wait 43 seconds and try again.");
  });
});
