import { eq } from "drizzle-orm";
import type { Me } from "#shared/schemas/auth.ts";
import { displayName } from "#shared/domain/author.ts";
import { firstName } from "#shared/domain/words.ts";
import { localDate } from "#shared/domain/dates.ts";
import { NO_STREAK, streakShownOn } from "#shared/domain/streaks.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { SessionUser } from "../../http/context.ts";
import { streakColumns } from "../writing/streak.service.ts";

/** The client user object of spec §3: first name, full name, alias, admin flag, streaks. */
export async function getMe(db: Db, user: SessionUser, now: Date): Promise<Me> {
  const [row] = await db
    .select({ ...streakColumns, name: users.name, alias: users.alias, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const fullName = row?.name ?? user.name;
  return {
    id: user.id,
    email: user.email,
    name: firstName(fullName),
    fullName: displayName(fullName),
    alias: row?.alias ?? user.alias,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    timeZone: row?.timeZone ?? user.timeZone,
    ...streakShownOn(row ?? NO_STREAK, localDate(now, row?.timeZone ?? user.timeZone)),
  };
}
