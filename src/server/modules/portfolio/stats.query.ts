import { sql } from "drizzle-orm";
import { z } from "zod";
import { portfolioAchievement } from "#shared/schemas/portfolio.ts";
import { FixedStatement } from "../../db/typed-rows.ts";
import { streakColumnsSql, streakRowFields } from "../writing/streak-row.ts";

/*
 * The profile's numbers of writer `userId` but the write-ins (which need their time zone), in one
 * statement built by Drizzle once (FixedStatement): works, pages and Editors' Selections of the
 * pieces written here (imported ones are not counted), the stored streak and time zone, and the
 * newest 20 achievements. No row when the writer is gone. Three statements, each built by
 * Drizzle's select builder at every request, before (issue 28 item 2).
 */
export const statsStatement = new FixedStatement(
  ["userId"],
  ({ userId }) => sql`
    select t.works, t.pages, t.featured,
      ${streakColumnsSql("u")}, u.time_zone,
      coalesce((
        select json_agg(json_build_object('achievementType', a.achievement_type, 'year', a.year) order by a.achieved_at desc nulls last, a.year desc)
        from (
          select achievement_type, year, achieved_at from user_achievements
          where user_id = u.id order by achieved_at desc nulls last, year desc limit 20
        ) a
      ), '[]'::json) as achievements
    from users u
    cross join lateral (
      select count(*)::int as works,
        -- Summed as exact numeric, read as a number once.
        coalesce(sum(s.pages_written), 0)::text as pages,
        (count(*) filter (where s.is_featured))::int as featured
      from submissions s where s.user_id = u.id and s.imported_at is null
    ) t
    where u.id = ${userId}::uuid`,
);

export const statsRow = z.object({
  works: z.coerce.number(),
  pages: z.coerce.number(),
  featured: z.coerce.number(),
  ...streakRowFields,
  time_zone: z.string(),
  achievements: z.array(portfolioAchievement),
});
