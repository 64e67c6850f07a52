import { Link, useSearchParams } from "react-router";
import { writingStatsQuery } from "#shared/schemas/writing-stats.ts";
import { paths } from "#client/config/paths.ts";
import { RequireUser } from "#client/app/guards.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { WritingStatsView } from "#client/features/writing-calendar/components/writing-stats-view.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /profile/stats?year=: the writer's calendar of words and their stats (issue 16 item 6). */
function ProfileStats() {
  useDocumentTitle("Your writing stats", "Your year of writing, day by day.");
  const [params] = useSearchParams();
  const parsed = writingStatsQuery.safeParse({ year: params.get("year") ?? undefined });
  const year = parsed.success ? (parsed.data.year ?? null) : null;
  return (
    <Page wide>
      <p className="text-sm">
        <Link to={paths.profile.href()} className="text-muted underline underline-offset-4 hover:text-accent">
          ← Your portfolio
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-3xl">Your writing calendar</h1>
      <div className="mt-6">
        <WritingStatsView year={year} />
      </div>
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser loadingLabel="Loading your writing stats...">
      <ProfileStats />
    </RequireUser>
  );
}
