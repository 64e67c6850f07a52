import { Link, useParams, useSearchParams } from "react-router";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { RequireUser } from "#client/app/guards.tsx";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LinkButton } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useCircle } from "#client/features/circles/api/get-circle.ts";
import { CircleFeed } from "#client/features/circles/components/circle-feed.tsx";
import { CircleHeader } from "#client/features/circles/components/circle-header.tsx";
import { CircleInvites } from "#client/features/circles/components/circle-invites.tsx";
import { CircleMembers } from "#client/features/circles/components/circle-members.tsx";
import { DeleteCircle } from "#client/features/circles/components/delete-circle.tsx";
import { canModerate } from "#client/features/circles/lib/circle-rules.ts";
import { PieceCard } from "#client/features/community/components/piece-card.tsx";
import { useNow } from "#client/features/community/lib/use-now.ts";

/** Members are signed in: a piece card never asks them to sign in. */
const noop = () => undefined;

const TABS = [
  { id: "pieces", label: "Pieces" },
  { id: "members", label: "Members" },
  { id: "invites", label: "Invites" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The circle's sections, as links (?tab=): each is its own address, and Back returns to the last. */
function CircleTabs({ tabs, current }: { tabs: readonly { id: Tab; label: string }[]; current: Tab }) {
  return (
    <nav aria-label="Circle" className="mb-6 border-b border-line">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((t) => (
          <li key={t.id}>
            <Link
              to={{ search: t.id === "pieces" ? "" : `?tab=${t.id}` }}
              replace
              aria-current={t.id === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 ${t.id === current ? "border-accent font-medium text-ink" : "border-transparent text-muted hover:text-ink"}`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NotFound() {
  return (
    <Page className="text-center">
      <h1 className="mt-16 font-serif text-4xl">{CIRCLE_MESSAGES.notFound}</h1>
      <p className="mt-3 text-muted">It may have been deleted, or you are not one of its members.</p>
      <div className="mt-8 flex justify-center">
        <LinkButton to={paths.circles.href()}>Your circles</LinkButton>
      </div>
    </Page>
  );
}

/** /circles/:slug: one circle (members only; to anyone else it does not exist). */
function Circle({ slug }: { slug: string }) {
  const circle = useCircle(slug);
  const [search] = useSearchParams();
  const now = useNow();
  useDocumentTitle(circle.data?.circle.name ?? (circle.isError ? CIRCLE_MESSAGES.notFound : "Circle"));

  if (circle.isPending) return <LoadingState label="Opening the circle..." />;
  if (circle.isError) {
    if (circle.error instanceof ApiError && circle.error.status === 404) return <NotFound />;
    return (
      <Page>
        <ErrorState message={errorMessage(circle.error)} onRetry={() => void circle.refetch()} />
      </Page>
    );
  }
  const c = circle.data.circle;
  const moderator = canModerate(c.myRole);
  const tabs = TABS.filter((t) => t.id !== "invites" || moderator);
  const asked = search.get("tab");
  const tab: Tab = tabs.find((t) => t.id === asked)?.id ?? "pieces";
  return (
    <Page>
      <CircleHeader circle={c} />
      <CircleTabs tabs={tabs} current={tab} />
      {tab === "pieces" && (
        <CircleFeed
          slug={slug}
          renderPiece={(piece) => (
            <PieceCard piece={piece} mode="list" now={now} href={paths.submission.href(piece.id)} onOpen={noop} signedIn onSignInNeeded={noop} />
          )}
        />
      )}
      {tab === "members" && (
        <div className="flex flex-col gap-10">
          <CircleMembers slug={slug} myRole={c.myRole} />
          {c.myRole === "owner" && <DeleteCircle circle={c} />}
        </div>
      )}
      {tab === "invites" && <CircleInvites slug={slug} />}
    </Page>
  );
}

export function Component() {
  const { slug = "" } = useParams();
  return (
    <RequireUser>
      <Circle key={slug} slug={slug} />
    </RequireUser>
  );
}
