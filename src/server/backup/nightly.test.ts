import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { eventually } from "#tests/setup/eventually.ts";
import { Jobs } from "../jobs/queue.ts";
import { jobsOverview } from "../jobs/status.ts";
import { TEST_TIMINGS } from "../jobs/timings.ts";
import { NIGHTLY_BACKUP, nightlyTakenAt } from "./nightly.ts";
import { backupsToKeep } from "./retention.ts";
import { snapshotFileName, unpackSnapshot } from "./snapshot.ts";

const DAY = 24 * 3600 * 1000;

describe("which nightly backups are kept", () => {
  it("keeps the 7 newest and the newest of each of the 4 newest weeks", () => {
    // 40 nights, the last one Sunday 29 November 2026.
    const nights = Array.from({ length: 40 }, (_, i) => new Date(Date.parse("2026-11-29T03:30:00Z") - i * DAY));
    const kept = [...backupsToKeep(nights)].sort().map((t) => new Date(t).toISOString().slice(0, 10));
    expect(kept).toEqual(["2026-11-08", "2026-11-15", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
  });
});

describe("the nightly backup job", () => {
  let t: TestApp;
  let backups: string;
  beforeAll(async () => {
    t = await createTestApp();
    backups = t.deps.env.BACKUP_DIR;
  }, 60_000);
  afterAll(() => t?.close());

  it("writes a readable backup, prunes older nightly ones only, and shows on /admin/jobs", async () => {
    const now = t.deps.clock.now().getTime();
    mkdirSync(backups, { recursive: true });
    // Thirty earlier nights, one backup by hand and one before migrations, all from 40 days ago.
    for (let i = 1; i <= 30; i++) writeFileSync(join(backups, snapshotFileName(new Date(now - i * DAY), "nightly")), "old");
    const byHand = snapshotFileName(new Date(now - 40 * DAY));
    const beforeMigrations = snapshotFileName(new Date(now - 40 * DAY), "before-migrations");
    writeFileSync(join(backups, byHand), "by hand");
    writeFileSync(join(backups, beforeMigrations), "before migrations");

    await t.deps.jobs.send(NIGHTLY_BACKUP, {});
    await t.deps.jobs.settle([NIGHTLY_BACKUP], 60_000);

    const files = readdirSync(backups).sort();
    const nightly = files.filter((f) => nightlyTakenAt(f));
    const newest = nightly.at(-1)!;
    const snapshot = unpackSnapshot(new Uint8Array(readFileSync(join(backups, newest))), newest);
    expect(snapshot.manifest.engine).toBe(t.deps.database.kind);
    expect(snapshot.manifest.migrations).toBeGreaterThan(0);
    // 7 daily (tonight and the 6 nights before) and at most 4 weekly; the 30-night-old one is gone.
    expect(nightly.length).toBeGreaterThanOrEqual(7);
    expect(nightly.length).toBeLessThanOrEqual(10);
    expect(nightly).not.toContain(snapshotFileName(new Date(now - 30 * DAY), "nightly"));
    for (let i = 1; i <= 6; i++) expect(nightly).toContain(snapshotFileName(new Date(now - i * DAY), "nightly"));
    expect(files).toContain(byHand);
    expect(files).toContain(beforeMigrations);

    const overview = await jobsOverview(t.deps.database, t.deps.jobs.names, new Date());
    const queue = overview.queues.find((q) => q.name === NIGHTLY_BACKUP);
    expect(queue).toMatchObject({ failed: 0 });
    expect(queue!.lastCompletedAt).not.toBeNull();
    expect(new Date(queue!.nextRunAt!).getUTCHours()).toBe(3);
  }, 90_000);

  it.runIf(process.env.DATABASE_URL)("fails visibly on /admin/jobs, naming the package, when pg_dump is not installed", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      await t.deps.jobs.send(NIGHTLY_BACKUP, {});
      const failures = await eventually(
        async () => (await jobsOverview(t.deps.database, t.deps.jobs.names, new Date())).failures.filter((x) => x.name === NIGHTLY_BACKUP),
        (f) => f.length > 0,
      );
      expect(failures[0]!.error).toMatch(/pg_dump was not found: install Debian's postgresql-client package/);
    } finally {
      process.env.PATH = path;
    }
  }, 60_000);

  it("leaves the schedule when a later start has BACKUPS=false", async () => {
    const scheduled = async () => (await t.deps.database.sql("select name from pgboss.schedule where name = $1", [NIGHTLY_BACKUP])).rows;
    expect(await scheduled()).toHaveLength(1);
    // Another start of the app with the setting off (registry.ts retires the queue then).
    const later = new Jobs(t.deps.database, TEST_TIMINGS);
    later.retire(NIGHTLY_BACKUP);
    await later.start();
    try {
      expect(await scheduled()).toEqual([]);
    } finally {
      await later.stop();
    }
  }, 60_000);
});
