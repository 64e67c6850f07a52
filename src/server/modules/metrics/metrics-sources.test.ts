import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { eventually } from "#tests/setup/eventually.ts";
import { counting } from "#tests/setup/fast-path.ts";
import { SseReader, type } from "#tests/setup/sse-reader.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { withFastPath } from "../../http/node-server.ts";
import { JOBS_SCHEMA } from "../../jobs/queue.ts";
import { MAIL_QUEUE } from "../../mail/outbox.ts";
import { feedFastPath } from "../community/feed-fast-path.ts";
import { METRICS_TOKEN, sample, scrape } from "./test-helpers.ts";

/*
 * What each part of the app reports through GET /metrics: live streams, the database pool, the
 * job queue's backlog and failures, mails, the feed cache (also through the fast path, which
 * answers without the app).
 */

let t: TestApp;
beforeAll(async () => void (t = await createTestApp({ METRICS_TOKEN })));
afterAll(() => t?.close());

describe("GET /metrics reports", () => {
  it("the live streams open on this instance", async () => {
    const before = sample(await scrape(t), "inkwell_live_streams_open");
    const sse = new SseReader(await t.request("/api/events"));
    await sse.next(type("ready"));
    expect(sample(await scrape(t), "inkwell_live_streams_open")).toBe(before + 1);
    await sse.close();
    await eventually(async () => sample(await scrape(t), "inkwell_live_streams_open"), (n) => n === before);
  });

  it("the database pool's connections in use, idle and the queries waiting for one", async () => {
    const stats = vi.spyOn(t.deps.database, "poolStats").mockReturnValue({ total: 7, idle: 3, waiting: 2 });
    try {
      const scraped = await scrape(t);
      expect(sample(scraped, "inkwell_db_pool_connections", { state: "in_use" })).toBe(4);
      expect(sample(scraped, "inkwell_db_pool_connections", { state: "idle" })).toBe(3);
      expect(sample(scraped, "inkwell_db_pool_waiting")).toBe(2);
    } finally {
      stats.mockRestore();
    }
  });

  it("mails sent, and mails the mail server refused", async () => {
    const writer = await createUser(t);
    await t.deps.jobs.settle([MAIL_QUEUE]); // the sign-up's own confirmation mail
    const before = await scrape(t);
    const mails = (outcome: string, s = before) => sample(s, "inkwell_mails_total", { outcome });
    await t.request("/api/auth/request-password-reset", { json: { email: writer.email } });
    await t.deps.jobs.settle([MAIL_QUEUE]);
    const sent = await scrape(t);
    expect([mails("sent", sent), mails("refused", sent)]).toEqual([mails("sent") + 1, mails("refused")]);

    const send = vi.spyOn(t.deps.mailer, "send").mockRejectedValue(new Error("550 mailbox unavailable"));
    try {
      await t.request("/api/auth/request-password-reset", { json: { email: writer.email } });
      const refused = await eventually(() => scrape(t), (s) => mails("refused", s) > mails("refused"));
      expect([mails("sent", refused), mails("refused", refused)]).toEqual([mails("sent") + 1, mails("refused") + 1]);
      expect(sample(refused, "inkwell_job_failed_attempts_total", { queue: MAIL_QUEUE })).toBeGreaterThan(sample(before, "inkwell_job_failed_attempts_total", { queue: MAIL_QUEUE }));
    } finally {
      send.mockRestore();
    }
  });

  it("feed cache hits and misses, and the requests the fast path answers", async () => {
    const path = "/api/community/feed?sort=liked";
    const before = await scrape(t);
    const count = (s: typeof before, labels: Record<string, string>) => sample(s, labels.result ? "inkwell_feed_cache_requests_total" : "inkwell_http_requests_total", labels);
    const route = { method: "GET", route: "/api/community/feed", status: "200" };
    expect((await t.request(path)).status).toBe(200);
    const first = await scrape(t);
    expect(count(first, { result: "miss" })).toBe(count(before, { result: "miss" }) + 1);

    // Over a real Node server with the fast path: the cached page is answered before the app.
    let fast = 0;
    const fastPath = feedFastPath(t.deps, { draining: () => false, take: () => {} });
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", createServer: withFastPath(counting(fastPath, () => fast++)) }, () => resolve(s as Server));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Cached once this instance's own events are back (feed-cache.ts): until then the app answers.
      await eventually(async () => (await fetch(base + path)).status, () => fast > 0);
      const after = await scrape(t);
      const hits = count(after, { result: "hit" }) - count(first, { result: "hit" });
      const misses = count(after, { result: "miss" }) - count(first, { result: "miss" });
      const requests = count(after, route) - count(first, route);
      expect(hits).toBeGreaterThanOrEqual(1);
      // Every feed request was counted once, as the route it is, whoever answered it.
      expect(requests).toBe(hits + misses);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a visitor's open pieces: cache hits and misses, and each read counted once as its route, the fast path's too", async () => {
    const writer = await createUser(t);
    const piece = await createSubmission(t, writer);
    const path = `/api/community/pieces/${piece.id}`;
    const count = (s: Awaited<ReturnType<typeof scrape>>, labels: Record<string, string>) => sample(s, labels.result ? "inkwell_piece_cache_requests_total" : "inkwell_http_requests_total", labels);
    const route = { method: "GET", route: "/api/community/pieces/:id", status: "200" };
    let fast = 0;
    const fastPath = feedFastPath(t.deps, { draining: () => false, take: () => {} });
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", createServer: withFastPath(counting(fastPath, () => fast++)) }, () => resolve(s as Server));
    });
    try {
      const before = await scrape(t);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await eventually(async () => (await fetch(base + path)).status, () => fast > 0);
      const after = await scrape(t);
      const hits = count(after, { result: "hit" }) - count(before, { result: "hit" });
      const misses = count(after, { result: "miss" }) - count(before, { result: "miss" });
      expect([hits >= 1, misses >= 1]).toEqual([true, true]);
      expect(count(after, route) - count(before, route)).toBe(hits + misses);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("GET /metrics reports the job queue's backlog", () => {
  it("how many due jobs wait per queue and how long the oldest has waited", async () => {
    const idle = await createTestApp({ METRICS_TOKEN });
    try {
      // No worker takes them: the queue is stopped, as when every instance is busy or down.
      await idle.deps.jobs.stop();
      await idle.deps.database.sql(
        `insert into ${JOBS_SCHEMA}.job (name, data, start_after) values ($1, '{}', now() - interval '90 seconds'), ($1, '{}', now() - interval '10 seconds'), ($1, '{}', now() + interval '1 day')`,
        [MAIL_QUEUE],
      );
      const scraped = await scrape(idle);
      expect(sample(scraped, "inkwell_jobs_waiting", { queue: MAIL_QUEUE, state: "created" })).toBe(2);
      expect(sample(scraped, "inkwell_jobs_waiting", { queue: MAIL_QUEUE, state: "retry" })).toBe(0);
      const oldest = sample(scraped, "inkwell_jobs_oldest_waiting_seconds", { queue: MAIL_QUEUE });
      expect(oldest).toBeGreaterThanOrEqual(90);
      expect(oldest).toBeLessThan(200);
    } finally {
      await idle.close();
    }
  });
});
