import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { METRICS_TOKEN, sample, scrape } from "./test-helpers.ts";

/*
 * GET /metrics (issue 27 item 2): Prometheus text for a monitoring system, behind a bearer token
 * the operator sets, and absent when none is set.
 */

let t: TestApp;
let writer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  [writer, admin] = await Promise.all([createUser(t, { name: "Metrics Writer" }), createUser(t, { name: "Metrics Admin", admin: true })]);
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("who may read GET /metrics", () => {
  it("is not there at all without METRICS_TOKEN, token or not", async () => {
    const plain = await createTestApp();
    try {
      for (const headers of [{}, bearer(METRICS_TOKEN)]) {
        const res = await plain.request("/metrics", { headers });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: "not_found", message: "Not found" });
      }
    } finally {
      await plain.close();
    }
  });

  it("refuses a visitor, a writer and an admin without the token, and a wrong token, with 401", async () => {
    for (const init of [{}, { cookie: writer.cookie }, { cookie: admin.cookie }, { headers: bearer("not-the-metrics-token-at-all") }, { headers: { authorization: METRICS_TOKEN } }]) {
      const res = await t.request("/metrics", init);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({ code: "unauthorized", message: "The metrics need their bearer token." });
    }
  });

  it("answers the token with Prometheus text, never cached, and never the app's page", async () => {
    const res = await t.request("/metrics", { headers: bearer(METRICS_TOKEN) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).not.toContain("<html");
    expect(text).toMatch(/^# HELP /m);
  });
});

describe("what GET /metrics says", () => {
  it("has every family the issue asks for, with its type", async () => {
    const scraped = await scrape(t);
    const types = Object.fromEntries(scraped.families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      inkwell_http_requests_total: "COUNTER",
      inkwell_http_request_duration_seconds: "HISTOGRAM",
      inkwell_live_streams_open: "GAUGE",
      inkwell_db_pool_connections: "GAUGE",
      inkwell_db_pool_waiting: "GAUGE",
      inkwell_jobs_waiting: "GAUGE",
      inkwell_jobs_oldest_waiting_seconds: "GAUGE",
      inkwell_job_failed_attempts_total: "COUNTER",
      inkwell_mails_total: "COUNTER",
      inkwell_feed_cache_requests_total: "COUNTER",
      inkwell_piece_cache_requests_total: "COUNTER",
      nodejs_eventloop_lag_p99_seconds: "GAUGE",
      nodejs_eventloop_lag_max_seconds: "GAUGE",
      process_resident_memory_bytes: "GAUGE",
      nodejs_heap_size_used_bytes: "GAUGE",
    });
    expect(sample(scraped, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(scraped, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    // Every queue the app works is listed.
    const queues = scraped.families.find((f) => f.name === "inkwell_jobs_waiting")!.metrics.map((m) => m.labels?.queue);
    expect(new Set(queues)).toEqual(new Set(t.deps.jobs.names));
  });

  it("counts a request under its route pattern, never under the path with its id", async () => {
    const piece = await createSubmission(t, writer);
    const route = { method: "GET", route: "/api/community/pieces/:id", status: "200" };
    const timed = /^inkwell_http_request_duration_seconds_count\{method="GET",route="\/api\/community\/pieces\/:id"\} (\d+)$/m;
    const before = await scrape(t);
    expect((await t.request(`/api/community/pieces/${piece.id}`)).status).toBe(200);
    const after = await scrape(t);
    expect(sample(after, "inkwell_http_requests_total", route)).toBe(sample(before, "inkwell_http_requests_total", route) + 1);
    // The parser folds a labelled histogram's series into one, so its count is read from the text.
    expect(Number(timed.exec(after.text)?.[1])).toBe(Number(timed.exec(before.text)?.[1] ?? 0) + 1);
    expect(after.text).not.toContain(piece.id);
  });

  it("puts every path no route knows under one label, and keeps its text out", async () => {
    const before = sample(await scrape(t), "inkwell_http_requests_total", { route: "unmatched", status: "404" });
    expect((await t.request("/api/no-such-thing/secret-share-token-123")).status).toBe(404);
    expect((await t.request("/no-such-file-secret-456.png")).status).toBe(404);
    const after = await scrape(t);
    expect(sample(after, "inkwell_http_requests_total", { route: "unmatched", status: "404" })).toBe(before + 2);
    expect(after.text).not.toMatch(/secret-share-token-123|secret-456/);
  });
});
