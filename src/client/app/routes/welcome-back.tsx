import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LinkButton } from "#client/components/ui/button.tsx";
import { useSiteName } from "#client/lib/get-config.ts";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { RequireUser } from "../guards.tsx";
import { streakLabel } from "#shared/domain/streaks.ts";

function WelcomeBack() {
  const { data: me } = useMe();
  const siteName = useSiteName();
  useDocumentTitle("Welcome back");
  if (!me) return null;
  return (
    <Page className="flex min-h-[70dvh] flex-col items-center justify-center text-center">
      <h1 className="font-serif text-4xl sm:text-5xl">
        {me.name} <span className="text-muted">welcome back</span>
      </h1>
      <p className="mt-4 text-lg text-muted">
        Your writing streak is {streakLabel(me.currentStreak)}
        {me.currentStreak > 0 && (
          <span className="ml-2" role="img" aria-label="on a streak">
            🔥
          </span>
        )}
      </p>
      <LinkButton to={paths.write.href()} variant="primary" className="mt-10 px-8 font-serif text-xl">
        {siteName}
      </LinkButton>
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <WelcomeBack />
    </RequireUser>
  );
}
