import { sql } from "drizzle-orm";
import { z } from "zod";
import { WRITE_IN_JOIN_OPENS_MS } from "#shared/constants.ts";
import { typedRows } from "../../db/typed-rows.ts";
import type { Deps } from "../../deps.ts";
import { USER_CHANNEL } from "../../realtime/user-signals.ts";
import { queueWriteInMails } from "./reminder-mail.job.ts";

const toldRow = z.object({ told: z.coerce.number() });
const mailRow = z.object({ writeInId: z.string(), userId: z.string() });

/*
 * "Starts in 10 minutes" (issue 30 item 1): on the minute tick, every write-in that starts within
 * the next WRITE_IN_JOIN_OPENS_MS (when joining opens) and was not told yet tells those who said
 * they are coming, in the bell (a circle's members only, unless they muted it). One statement
 * marks the write-ins told and writes the bells, so a write-in is told once on any number of
 * instances, and each writer's bell is signalled (pg_notify) in the same commit.
 *
 * The emails are queued FIRST, for the same write-ins (those not told yet): each writer coming who
 * asked (write_in_email, a confirmed address) gets a keyed job (reminder-mail.job.ts) that checks
 * again and mails once. Queued before the write-in is marked told, a crash or a failed queueing in
 * between leaves it untold, and the next tick queues again (the key makes a second job nothing, and
 * the sent_emails key a second email nothing) and then rings the bells: no email is lost.
 */
export async function remindWriteIns(deps: Pick<Deps, "db" | "jobs">, now: Date): Promise<number> {
  const until = new Date(now.getTime() + WRITE_IN_JOIN_OPENS_MS);
  const due = sql`w.reminded_at is null and w.canceled_at is null
    and w.starts_at > ${now.toISOString()}::timestamptz and w.starts_at <= ${until.toISOString()}::timestamptz`;
  const coming = sql`(w.circle_id is null
    or exists (select 1 from circle_members m where m.circle_id = w.circle_id and m.user_id = r.user_id and not m.muted))`;
  // The write-ins by write_ins_remind_idx, their RSVPs by primary key, the prefs and the user by theirs; no prefs row: no email.
  const mail = await typedRows(
    deps.db,
    sql`select w.id::text as "writeInId", r.user_id::text as "userId"
      from write_ins w join write_in_rsvps r on r.write_in_id = w.id
      join notification_prefs p on p.user_id = r.user_id and p.write_in_email
      join users u on u.id = r.user_id and u.email_verified
      where ${due} and ${coming}`,
    mailRow,
  );
  await queueWriteInMails(deps.jobs, mail);
  const [row] = await typedRows(
    deps.db,
    sql`
    with due as (
      update write_ins w set reminded_at = ${now.toISOString()}::timestamptz
      where ${due}
      returning w.id, w.title, w.circle_id
    ),
    told as (
      insert into notifications (user_id, kind, circle_id, data, created_at, updated_at)
      select r.user_id, 'write_in_soon', w.circle_id,
        jsonb_build_object('kind', 'write_in_soon', 'writeInId', w.id::text, 'title', w.title),
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from due w join write_in_rsvps r on r.write_in_id = w.id
      where ${coming}
      returning user_id
    ),
    signal as materialized (select pg_notify(${USER_CHANNEL}, told.user_id::text) from told)
    select (select count(*) from signal)::int as told`,
    toldRow,
  );
  return row?.told ?? 0;
}
