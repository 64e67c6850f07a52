import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { USER_CHANNEL } from "../../realtime/user-signals.ts";

/*
 * A circle's notifications (issue 29 item 8), in the bell and in the email digest of writers who
 * have it on: someone joined (to the owner and moderators), a new circle prompt and new pieces (to
 * members; new pieces batch like likes: one unread row per writer and circle counts up). A member
 * who muted the circle is told nothing of it. Never a piece's writer: "2 new pieces in Room 4".
 * Each statement signals the writers it told, on commit, so their open pages count the bell again.
 */

const at = (when: Date) => sql`${when.toISOString()}::timestamptz`;

async function tell(tx: Queryable, insert: SQL): Promise<void> {
  await tx.execute(sql`
    with told as (${insert} returning user_id),
    signal as materialized (select pg_notify(${USER_CHANNEL}, told.user_id::text) from told)
    select count(*) from signal`);
}

/** Tells the circle's owner and moderators (not `who`) that `who` joined, or asks to. */
async function tellModerators(tx: Queryable, circleId: string, kind: "circle_joined" | "circle_request", who: { id: string; name: string }, when: Date): Promise<void> {
  await tell(
    tx,
    sql`insert into notifications (user_id, kind, circle_id, data, created_at, updated_at)
      select m.user_id, ${kind}, m.circle_id, jsonb_build_object('kind', ${kind}::text, 'by', ${who.name}::text), ${at(when)}, ${at(when)}
      from circle_members m
      where m.circle_id = ${circleId}::uuid and m.role in ('owner', 'moderator') and not m.muted and m.user_id <> ${who.id}::uuid`,
  );
}

/** `who` joined the circle: its owner and moderators hear it. */
export const notifyJoined = (tx: Queryable, circleId: string, who: { id: string; name: string }, when: Date) => tellModerators(tx, circleId, "circle_joined", who, when);

/** `who` asks to join (a circle that approves joins): its owner and moderators hear it. */
export const notifyRequest = (tx: Queryable, circleId: string, who: { id: string; name: string }, when: Date) => tellModerators(tx, circleId, "circle_request", who, when);

/** A moderator let `userId` in: they hear it. */
export async function notifyApproved(tx: Queryable, circleId: string, userId: string, when: Date): Promise<void> {
  await tell(
    tx,
    sql`insert into notifications (user_id, kind, circle_id, data, created_at, updated_at)
      values (${userId}::uuid, 'circle_approved', ${circleId}::uuid, '{"kind":"circle_approved"}'::jsonb, ${at(when)}, ${at(when)})`,
  );
}

/** The circle has its own prompt for `date` (a new one): its members hear it, but the moderator who set it. */
export async function notifyPrompt(tx: Queryable, circleId: string, setBy: string, date: string, when: Date): Promise<void> {
  await tell(
    tx,
    sql`insert into notifications (user_id, kind, circle_id, data, created_at, updated_at)
      select m.user_id, 'circle_prompt', m.circle_id, jsonb_build_object('kind', 'circle_prompt', 'date', ${date}::text), ${at(when)}, ${at(when)}
      from circle_members m
      where m.circle_id = ${circleId}::uuid and not m.muted and m.user_id <> ${setBy}::uuid`,
  );
}

/** A piece by `writerId` was shared with `circleIds`: each other member's unread batch for that circle counts one more. */
export async function notifyPieces(tx: Queryable, writerId: string, circleIds: string[], when: Date): Promise<void> {
  if (circleIds.length === 0) return;
  const ids = sql.join(
    circleIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tell(
    tx,
    sql`insert into notifications (user_id, kind, circle_id, data, count, created_at, updated_at)
      select m.user_id, 'circle_pieces', m.circle_id, '{"kind":"circle_pieces"}'::jsonb, 1, ${at(when)}, ${at(when)}
      from circle_members m
      where m.circle_id in (${ids}) and not m.muted and m.user_id <> ${writerId}::uuid
      on conflict (user_id, circle_id) where kind = 'circle_pieces' and read_at is null
      do update set count = notifications.count + 1, updated_at = excluded.updated_at`,
  );
}
