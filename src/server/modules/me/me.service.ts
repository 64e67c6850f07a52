import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Me } from "#shared/schemas/auth.ts";
import { displayName } from "#shared/domain/author.ts";
import { firstName } from "#shared/domain/words.ts";
import { localDate } from "#shared/domain/dates.ts";
import { NO_STREAK, streakShownOn } from "#shared/domain/streaks.ts";
import type { Db } from "../../db/client.ts";
import { FixedStatement, fixedRows } from "../../db/typed-rows.ts";
import type { SessionUser } from "../../http/context.ts";
import { streakColumnsSql, streakOfRow, streakRowFields } from "../writing/streak-row.ts";

/** The writer's row as the shell shows it, built by Drizzle once (FixedStatement: every signed-in page load asks it). */
const meStatement = new FixedStatement(
  ["userId"],
  ({ userId }) => sql`select ${streakColumnsSql("u")}, u.name, u.alias, u.time_zone from users u where u.id = ${userId}::uuid`,
);
const meRow = z.object({ ...streakRowFields, name: z.string(), alias: z.string().nullable(), time_zone: z.string() });

/** The client user object of spec §3: first name, full name, alias, admin flag, streaks. */
export async function getMe(db: Db, user: SessionUser, now: Date): Promise<Me> {
  const [row] = await fixedRows(db, meStatement, { userId: user.id }, meRow);
  const fullName = row?.name ?? user.name;
  const timeZone = row?.time_zone ?? user.timeZone;
  return {
    id: user.id,
    email: user.email,
    name: firstName(fullName),
    fullName: displayName(fullName),
    alias: row?.alias ?? user.alias,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    timeZone,
    ...streakShownOn(row ? streakOfRow(row) : NO_STREAK, localDate(now, timeZone)),
  };
}
