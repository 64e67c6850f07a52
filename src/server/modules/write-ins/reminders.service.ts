import { sql } from "drizzle-orm";
import { z } from "zod";
import { WRITE_IN_JOIN_OPENS_MS } from "#shared/constants.ts";
import { typedRows } from "../../db/typed-rows.ts";
import type { Deps } from "../../deps.ts";
import { USER_CHANNEL } from "../../realtime/user-signals.ts";
import { queueWriteInMails } from "./reminder-mail.job.ts";

const toldRow = z.object({
  told: z.coerce.number(),
  mail: z.array(z.object({ writeInId: z.string(), userId: z.string() })),
});

/*
 * "Starts in 10 minutes" (issue 30 item 1): on the minute tick, every write-in that starts within
 * the next WRITE_IN_JOIN_OPENS_MS (when joining opens) and was not told yet tells those who said
 * they are coming, in the bell (a circle's members only, unless they muted it). One statement
 * marks the write-ins told and writes the bells, so a write-in is told once on any number of
 * instances, and each writer's bell is signalled (pg_notify) in the same commit. The same
 * statement names those told who asked for the email too (write_in_email, a confirmed address):
 * each gets a keyed job (reminder-mail.job.ts) that checks again and mails once.
 */
export async function remindWriteIns(deps: Pick<Deps, "db" | "jobs">, now: Date): Promise<number> {
  const until = new Date(now.getTime() + WRITE_IN_JOIN_OPENS_MS);
  const [row] = await typedRows(
    deps.db,
    sql`
    with due as (
      update write_ins w set reminded_at = ${now.toISOString()}::timestamptz
      where w.reminded_at is null and w.canceled_at is null
        and w.starts_at > ${now.toISOString()}::timestamptz and w.starts_at <= ${until.toISOString()}::timestamptz
      returning w.id, w.title, w.circle_id
    ),
    told as (
      insert into notifications (user_id, kind, circle_id, data, created_at, updated_at)
      select r.user_id, 'write_in_soon', due.circle_id,
        jsonb_build_object('kind', 'write_in_soon', 'writeInId', due.id::text, 'title', due.title),
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from due join write_in_rsvps r on r.write_in_id = due.id
      where due.circle_id is null
        or exists (select 1 from circle_members m where m.circle_id = due.circle_id and m.user_id = r.user_id and not m.muted)
      returning user_id, data->>'writeInId' as write_in_id
    ),
    signal as materialized (select pg_notify(${USER_CHANNEL}, told.user_id::text) from told),
    -- The prefs and the user by their primary keys; no prefs row: the default, no email.
    mail as (
      select told.write_in_id, told.user_id from told
      join notification_prefs p on p.user_id = told.user_id and p.write_in_email
      join users u on u.id = told.user_id and u.email_verified
    )
    select (select count(*) from signal)::int as told,
      coalesce((select json_agg(json_build_object('writeInId', write_in_id, 'userId', user_id)) from mail), '[]'::json) as mail`,
    toldRow,
  );
  await queueWriteInMails(deps.jobs, row?.mail ?? []);
  return row?.told ?? 0;
}
