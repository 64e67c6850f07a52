import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { lockWriter } from "./access.ts";

/*
 * A writer who deletes their account leaves every circle (issue 29 item 3): each circle counts one
 * member fewer, and a circle they owned passes to its longest-standing moderator, or else its
 * longest-standing member; a circle nobody else is in goes with them. Their circle-only pieces are
 * private pieces, and go with their other private pieces. At most MAX_CIRCLES_PER_WRITER circles.
 * Requests to join other circles go with the account (foreign keys), and so do the moderators'
 * notifications of them: see the first statement.
 */
export async function leaveAllCircles(tx: Queryable, userId: string, name: string): Promise<void> {
  // "<name> joined" / "<name> asks to join" told to their circles' moderators go too (they carry the name, not the id).
  await tx.execute(sql`
    delete from notifications n
    where n.circle_id in (
        select circle_id from circle_members where user_id = ${userId}::uuid
        union select circle_id from circle_requests where user_id = ${userId}::uuid)
      and n.kind in ('circle_joined', 'circle_request') and n.data->>'by' = ${name}`);
  // The writer's row first, as every way into a circle takes it (joining.service.ts), then their
  // circles and memberships together: a hand-over to them that commits meanwhile is read as it is.
  await lockWriter(tx, userId);
  const { rows } = (await tx.execute(sql`
    select c.id, m.role from circle_members m join circles c on c.id = m.circle_id
    where m.user_id = ${userId}::uuid order by c.id for update of c, m`)) as { rows: { id: string; role: string }[] };
  for (const { id, role } of rows) {
    await tx.execute(sql`delete from circle_members where circle_id = ${id}::uuid and user_id = ${userId}::uuid`);
    if (role === "owner") {
      const { rows: heirs } = (await tx.execute(sql`
        update circle_members set role = 'owner'
        where (circle_id, user_id) = (
          select circle_id, user_id from circle_members where circle_id = ${id}::uuid
          order by (role = 'moderator') desc, joined_at, user_id limit 1)
        returning user_id`)) as { rows: { user_id: string }[] };
      if (heirs.length === 0) {
        await tx.execute(sql`delete from circles where id = ${id}::uuid`);
        continue;
      }
      await tx.execute(sql`update circles set owner_id = ${heirs[0]!.user_id}::uuid where id = ${id}::uuid`);
    }
    await tx.execute(sql`update circles set member_count = member_count - 1 where id = ${id}::uuid`);
  }
}
