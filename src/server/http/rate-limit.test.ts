import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "../auth.ts";
import type { AppEnv } from "./context.ts";
import { handleError } from "./errors.ts";
import { rateLimit } from "./rate-limit.ts";

function app(max: number) {
  const a = new Hono<AppEnv>();
  a.onError(handleError);
  a.use("*", async (c, next) => {
    c.set("deps", { env: { AUTH_RATE_LIMIT_SCALE: 1 } } as never);
    await next();
  });
  a.get("/x", rateLimit({ bucket: "x", windowMs: 60_000, max }), (c) => c.text("ok"));
  return a;
}

describe("rateLimit", () => {
  it("lets a client through up to the limit, then answers 429 with Retry-After; other clients are not affected", async () => {
    const a = app(2);
    const from = (ip: string) => a.request("/x", { headers: { [CLIENT_IP_HEADER]: ip } });
    expect((await from("1.1.1.1")).status).toBe(200);
    expect((await from("1.1.1.1")).status).toBe(200);
    const limited = await from("1.1.1.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()) as { code: string }).toMatchObject({ code: "rate_limited" });
    expect((await from("2.2.2.2")).status).toBe(200);
  });
});
