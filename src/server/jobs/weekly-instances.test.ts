import { describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "#server/mail/mailer.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { testAppOf } from "#tests/setup/app.ts";
import { instances } from "#tests/setup/instances.ts";
import { runScheduledNow } from "./registry.ts";

/*
 * Three app instances on one PostgreSQL database, all with their job workers, all running the
 * scheduled tick at the same Sunday morning: each writer gets exactly one weekly email. PostgreSQL
 * only (CI's second pass): the embedded database is one process by design (decision 002).
 */

const WRITERS = 12;

/** One mailbox for all three instances, as one SMTP server would be. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(m) {
      sent.push(m);
    },
  };
  return { sent, mailer };
}

describe("the weekly email with three instances", () => {
  it.skipIf(!process.env.DATABASE_URL)("is sent once per writer, whichever instance runs the tick and the jobs", async () => {
    const box = recordingMailer();
    const { deps, apps, close } = await instances(process.env.DATABASE_URL!, 3, { TEST_CLOCK: "true" }, { mailer: box.mailer });
    try {
      const t = testAppOf(apps[0]!, deps[0]!, "", close);
      const writers = [];
      for (let i = 0; i < WRITERS; i++) writers.push(await createUser(t, { confirmed: true, name: `Instance Writer ${i}` }));
      await createSubmission(t, writers[0]!, { title: "Harbour", isFeatured: true });

      // The first Sunday 09:05 UTC after the piece: the piece is in the week that email looks back on.
      const now = deps[0]!.clock.now();
      const sunday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((7 - now.getUTCDay()) % 7), 9, 5));
      if (sunday <= now) sunday.setUTCDate(sunday.getUTCDate() + 7);
      for (const d of deps) d.testClock!.set(sunday);
      await Promise.all([...deps.map((d) => runScheduledNow(d)), ...deps.map((d) => runScheduledNow(d))]);
      for (const d of deps) await d.jobs.settle();

      const weekly = box.sent.filter((m) => /The week's best/.test(m.subject));
      const perWriter = new Map<string, number>();
      for (const m of weekly) perWriter.set(m.to, (perWriter.get(m.to) ?? 0) + 1);
      expect([...perWriter.keys()].sort()).toEqual(writers.map((w) => w.email).sort());
      expect([...perWriter.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await close();
    }
  }, 120_000);
});
