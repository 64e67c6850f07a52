import { DrizzleQueryError } from "drizzle-orm/errors";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError, SERVICE_MESSAGES } from "./errors.ts";

const SECRET = "my private diary: the door I never opened";

function appThrowing(err: Error) {
  return new Hono().onError(handleError).get("/x", () => {
    throw err;
  });
}

/** A driver error as node-postgres raises it, wrapped by drizzle with the query and its parameters. */
function failedQuery(code: string, message: string) {
  const cause = Object.assign(new Error(message), { code });
  return new DrizzleQueryError("insert into submissions (content) values ($1)", [SECRET], cause);
}

describe("handleError", () => {
  const logged: string[] = [];
  afterEach(() => {
    logged.length = 0;
    vi.restoreAllMocks();
  });
  const captureLog = () => vi.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));

  it("logs a failed query's code and statement, never its parameters (a writer's text)", async () => {
    captureLog();
    const res = await appThrowing(failedQuery("22021", "invalid byte sequence for encoding")).request("/x");
    expect(res.status).toBe(500);
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain(SECRET);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: "error", code: "22021", err: expect.stringContaining("insert into submissions") });
  });

  it("answers 503 with a clear message when the database is down, and logs why", async () => {
    captureLog();
    for (const err of [
      failedQuery("57P01", "terminating connection due to administrator command"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
    ]) {
      const res = await appThrowing(err).request("/x");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: "database_unavailable", message: SERVICE_MESSAGES.databaseUnavailable });
    }
    expect(logged.every((l) => JSON.parse(l).msg === "database unavailable" && !l.includes(SECRET))).toBe(true);
  });

  it("answers 503 saying the text is kept when the disk is full, and the log names ENOSPC", async () => {
    captureLog();
    const res = await appThrowing(failedQuery("53100", "could not extend file: No space left on device")).request("/x");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: "disk_full", message: "The server is out of disk space; your text is kept — try again later." });
    expect(logged[0]).toContain("ENOSPC");
    expect(logged[0]).not.toContain(SECRET);
  });

  it("does not mistake a writer's words for a dead connection", async () => {
    captureLog();
    const err = new DrizzleQueryError("insert into submissions (content) values ($1)", ["Connection terminated unexpectedly"], new Error("value too long"));
    expect((await appThrowing(err).request("/x")).status).toBe(500);
  });
});
