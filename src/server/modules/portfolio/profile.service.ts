import { eq } from "drizzle-orm";
import { displayName } from "#shared/domain/author.ts";
import { firstName } from "#shared/domain/words.ts";
import type { ProfileResponse } from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";

/** Update profile (spec §6): the writer's own name and alias. */
export async function updateProfile(db: Db, userId: string, input: { name: string; alias: string | null }, now: Date): Promise<ProfileResponse> {
  const [row] = await db
    .update(users)
    .set({ name: input.name, alias: input.alias, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ name: users.name, alias: users.alias });
  if (!row) throw notFound();
  return { name: firstName(row.name), fullName: displayName(row.name), alias: row.alias };
}
