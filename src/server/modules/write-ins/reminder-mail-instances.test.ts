import { describe, expect, it } from "vitest";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { createUser } from "#tests/factories.ts";
import { testAppOf } from "#tests/setup/app.ts";
import { instances } from "#tests/setup/instances.ts";

/*
 * Three app instances on one PostgreSQL database, each running the minute tick twice at 10 minutes
 * before a write-in: each writer coming who asked gets exactly one email. PostgreSQL only (CI's
 * second pass), as weekly-instances.test.ts: the embedded database is one process by design.
 */

const WRITERS = 6;
const MINUTE = 60_000;

describe("the write-in email with three instances", () => {
  it.skipIf(!process.env.DATABASE_URL)("is sent once per writer, whichever instance runs the tick and the jobs", async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      async send(m) {
        sent.push(m);
      },
    };
    const { deps, apps, close } = await instances(process.env.DATABASE_URL!, 3, { TEST_CLOCK: "true" }, { mailer });
    try {
      const t = testAppOf(apps[0]!, deps[0]!, "", close);
      const admin = await createUser(t, { confirmed: true, admin: true, name: "Instances Admin" });
      const startsAt = Math.ceil((deps[0]!.clock.now().getTime() + 60 * MINUTE) / MINUTE) * MINUTE;
      const made = await t.json<ScheduledWriteIn>("/api/write-ins", { method: "POST", cookie: admin.cookie, json: { title: "Everyone at once", startsAt: new Date(startsAt).toISOString(), lengthMinutes: 20 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.writeIn.id;
      const writers = [];
      for (let i = 0; i < WRITERS; i++) {
        const w = await createUser(t, { confirmed: true, name: `Instance Writer ${i}` });
        expect((await t.json("/api/me/notification-prefs", { method: "PUT", cookie: w.cookie, json: { writeInEmail: true } })).status).toBe(200);
        expect((await t.json(`/api/write-ins/${id}/rsvp`, { method: "PUT", cookie: w.cookie })).status).toBe(200);
        writers.push(w);
      }

      for (const d of deps) d.testClock!.set(new Date(startsAt - 10 * MINUTE + 1000));
      await Promise.all([...deps.map((d) => runScheduledNow(d)), ...deps.map((d) => runScheduledNow(d))]);
      for (const d of deps) await d.jobs.settle();

      const perWriter = new Map<string, number>();
      for (const m of sent.filter((m) => /^'Everyone at once' starts at/.test(m.subject))) perWriter.set(m.to, (perWriter.get(m.to) ?? 0) + 1);
      expect([...perWriter.keys()].sort()).toEqual(writers.map((w) => w.email).sort());
      expect([...perWriter.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await close();
    }
  }, 120_000);
});
