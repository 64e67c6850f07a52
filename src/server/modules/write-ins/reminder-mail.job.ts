import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { notificationPrefs } from "../../db/schema/index.ts";
import { timestampColumn, typedRows } from "../../db/typed-rows.ts";
import type { Deps } from "../../deps.ts";
import type { Jobs } from "../../jobs/queue.ts";
import { writeInMail } from "../../mail/write-in-mail.ts";
import { loadRecipient } from "../collections/recipient.ts";

/*
 * The email 10 minutes before a write-in (issue 30 item 1), for those told in the bell who asked
 * for it. remindWriteIns (reminders.service.ts) queues one job per writer and write-in, keyed
 * "write_in:<write-in>:<writer>" (a second send of the key is a no-op); the job checks again when
 * it runs and hands the mail to the outbox under the same key, whose sent_emails row sends it at
 * most once, whatever is retried.
 */

export const WRITE_IN_MAIL_QUEUE = "email.write-in";
/** The sent_emails kind (and the job's ledger name). */
const KIND = "write-in";
/** Jobs queued per statement. */
const BATCH = 500;

export interface WriteInMailJob {
  writeInId: string;
  userId: string;
  [key: string]: unknown;
}

export const writeInMailKey = (j: Pick<WriteInMailJob, "writeInId" | "userId">) => `write_in:${j.writeInId}:${j.userId}`;

/** The preference, as loadRecipient reads it (no prefs row: the default, off). */
const writeInEmailOn = sql`coalesce(${notificationPrefs.writeInEmail}, false)`;

export function defineWriteInMail(deps: Deps): void {
  deps.jobs.define<WriteInMailJob>({ name: WRITE_IN_MAIL_QUEUE, run: (job) => sendWriteInReminder(deps, job) });
}

/** One keyed job per writer to mail (a key already queued, from any instance, is skipped). */
export async function queueWriteInMails(jobs: Jobs, mails: Pick<WriteInMailJob, "writeInId" | "userId">[]): Promise<void> {
  for (let i = 0; i < mails.length; i += BATCH) {
    const batch = mails.slice(i, i + BATCH);
    await jobs.sendMany(
      WRITE_IN_MAIL_QUEUE,
      batch.map(({ writeInId, userId }) => ({ data: { writeInId, userId }, key: writeInMailKey({ writeInId, userId }) })),
    );
  }
}

const mailRow = z.object({
  title: z.string(),
  starts_at: timestampColumn,
  ends_at: timestampColumn,
  circle_name: z.string().nullable(),
  time_zone: z.string(),
});

/**
 * The write-in as the writer's email tells it, or null when it should not go: canceled or started
 * since the tick, no longer coming, or (a circle's write-in) no longer a member or muted the
 * circle, as the bell's rule is. Every row by its primary key.
 */
async function writeInForMail(db: Db, writeInId: string, userId: string, now: Date) {
  const [row] = await typedRows(
    db,
    sql`
    select w.title, w.starts_at, w.ends_at, c.name as circle_name, u.time_zone
    from write_ins w
    join write_in_rsvps r on r.write_in_id = w.id and r.user_id = ${userId}
    join users u on u.id = r.user_id
    left join circles c on c.id = w.circle_id
    where w.id = ${writeInId} and w.canceled_at is null and w.starts_at > ${now.toISOString()}::timestamptz
      and (w.circle_id is null
        or exists (select 1 from circle_members m where m.circle_id = w.circle_id and m.user_id = r.user_id and not m.muted))`,
    mailRow,
  );
  return row ?? null;
}

/**
 * One writer's email: the preference read again (turned off since the tick: no email), none to a
 * suspended account (as the weekly best-of: no invitation into the community until it ends; the
 * bell still tells them), nothing once the write-in has started.
 */
export async function sendWriteInReminder(deps: Deps, { writeInId, userId }: WriteInMailJob): Promise<void> {
  const now = deps.clock.now();
  const writer = await loadRecipient(deps.db, userId, writeInEmailOn, now);
  if (!writer?.on || writer.suspended) return;
  const w = await writeInForMail(deps.db, writeInId, userId, now);
  if (!w) return;
  const message = await writeInMail({ siteName: deps.env.SITE_NAME, appUrl: deps.env.APP_URL }, deps.authSecret, {
    to: writer.email,
    userId,
    writeInId,
    title: w.title,
    startsAt: w.starts_at,
    endsAt: w.ends_at,
    circleName: w.circle_name,
    timeZone: w.time_zone,
  });
  await deps.outbox.queue({ message, key: writeInMailKey({ writeInId, userId }), userId, kind: KIND });
}
