import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { fillDisk } from "#tests/setup/full-disk.ts";

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(() => t?.close());

describe("GET /api/health", () => {
  it("answers 503 with the error shape when the database does not answer", async () => {
    const ping = vi.spyOn(t.deps.database, "ping").mockRejectedValueOnce(new Error("connection refused"));
    const res = await t.json("/api/health");
    expect(res).toEqual({ status: 503, body: { status: "error", database: t.deps.database.kind, message: "The database is unavailable; please try again in a moment." } });
    ping.mockRestore();
    const ok = await t.json<{ status: string; ms: number }>("/api/health");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "ok", database: t.deps.database.kind });
    expect(ok.body.ms).toBeGreaterThanOrEqual(0);
  });
});

describe("GET /api/health on a full disk", () => {
  // Needs root to mount a tiny filesystem (CI and the dev machines run as root); elsewhere skipped.
  it.skipIf(process.getuid?.() !== 0)("says the server is out of disk space", async () => {
    const base = mkdtempSync(join(tmpdir(), "inkwell-health-"));
    const disk = fillDisk(join(base, "mnt"));
    const full = await createTestApp({ DATA_DIR: disk.path });
    try {
      const res = await full.json("/api/health");
      expect(res).toEqual({ status: 503, body: { status: "error", database: full.deps.database.kind, message: "The server is out of disk space; your text is kept — try again later." } });
    } finally {
      await full.close();
      disk.unmount();
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("POST /api/test/clock", () => {
  it("moves the test clock, ignores what is not a number, and resets it", async () => {
    const before = t.deps.clock.now().getTime();
    const moved = await t.json<{ now: string }>("/api/test/clock", { json: { advanceMs: 60_000 } });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(60_000);
    const ignored = await t.json<{ now: string }>("/api/test/clock", { json: { advanceMs: "lots" } });
    expect(Date.parse(ignored.body.now) - before).toBeLessThan(120_000);
    const reset = await t.json<{ now: string }>("/api/test/clock", { json: { reset: true } });
    expect(Date.parse(reset.body.now) - before).toBeLessThan(60_000);
  });

  it("does not exist without TEST_CLOCK", async () => {
    const real = await createTestApp({ TEST_CLOCK: "false" });
    try {
      expect(await real.json("/api/test/clock", { json: { advanceMs: 1 } })).toEqual({ status: 404, body: { code: "not_found", message: "Not found" } });
    } finally {
      await real.close();
    }
  });
});

describe("the API's own refusals", () => {
  it("answers 413 for a body over 1 MiB and 404 for a path it does not know, as ApiError bodies", async () => {
    const big = await t.json("/api/me/profile", { method: "PATCH", json: { name: "x".repeat(1024 * 1024 + 1) } });
    expect(big).toEqual({ status: 413, body: { code: "too_large", message: "That is too long to send in one go." } });
    expect(await t.json("/api/no-such-thing")).toEqual({ status: 404, body: { code: "not_found", message: "Not found" } });
    expect(await t.json("/favicon-missing.png")).toEqual({ status: 404, body: { code: "not_found", message: "Not found" } });
  });
});
