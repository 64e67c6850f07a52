import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { DEFAULT_FEED_PARAMS } from "#shared/domain/community.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { MESSAGES } from "#shared/errors.ts";
import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { RequireUser } from "#client/app/guards.tsx";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LinkButton } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useCircle } from "#client/features/circles/api/get-circle.ts";
import { CircleHeader } from "#client/features/circles/components/circle-header.tsx";
import { CircleInvites } from "#client/features/circles/components/circle-invites.tsx";
import { CircleMembers } from "#client/features/circles/components/circle-members.tsx";
import { CircleRequests } from "#client/features/circles/components/circle-requests.tsx";
import { HideFromCircle } from "#client/features/circles/components/hide-from-circle.tsx";
import { CircleProgress } from "#client/features/circles/components/circle-progress.tsx";
import { CirclePrompts } from "#client/features/circles/components/circle-prompts.tsx";
import { DeleteCircle } from "#client/features/circles/components/delete-circle.tsx";
import { EditCircleForm } from "#client/features/circles/components/edit-circle-form.tsx";
import { YourMembership } from "#client/features/circles/components/your-membership.tsx";
import { canModerate } from "#client/features/circles/lib/circle-rules.ts";
import { useCircleLive, type CirclePieceChange } from "#client/features/circles/lib/use-circle-live.ts";
import { communityKeys } from "#client/features/community/api/keys.ts";
import { hasComment, patchPiece } from "#client/features/community/lib/community-cache.ts";
import type { RenderReport } from "#client/features/community/components/comment-section.tsx";
import { PieceDetail } from "#client/features/community/components/piece-detail.tsx";
import { SignInPrompt } from "#client/features/community/components/sign-in-prompt.tsx";
import { PIECE_PARAM, readFeedParams } from "#client/features/community/lib/feed-params.ts";
import { useCommunityLive } from "#client/features/community/lib/use-community-live.ts";
import { ReportButton } from "#client/features/moderation/components/report-button.tsx";
import { usePieceInUrl } from "#client/features/piece/hooks/use-piece-in-url.ts";
import { CirclePieces } from "./circle-pieces.tsx";

/** The Write-ins tab (issue 30), loaded when it is opened. */
const CircleWriteIns = lazy(() => import("./write-ins.tsx").then((m) => ({ default: m.CircleWriteIns })));

const TABS = [
  { id: "pieces", label: "Pieces" },
  { id: "prompts", label: "Prompts" },
  { id: "write-ins", label: "Write-ins" },
  { id: "members", label: "Members" },
  { id: "progress", label: "Progress" },
  { id: "invites", label: "Invites" },
] as const;
type Tab = (typeof TABS)[number]["id"];
/** The tabs only the circle's moderators have. */
const MODERATORS_TABS: readonly Tab[] = ["progress", "invites"];

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

/**
 * /circles/:slug: one circle (members only; to anyone else it does not exist): its pieces, members
 * and invite links; with ?piece=ID, one of its pieces with its likes and comments, as the
 * community opens one (the same parts, composed here).
 */
function Circle({ slug }: { slug: string }) {
  const circle = useCircle(slug);
  const [search] = useSearchParams();
  // The Pieces tab's view (?prompt=&filter=&sort=&q=), as /community keeps its own.
  const params = useMemo(() => readFeedParams(search), [search]);
  const location = useLocation();
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  // A card's link carries { fromFeed: true } (the community's card): closing the piece goes back.
  const piece = usePieceInUrl({ param: PIECE_PARAM, fromListFlag: "fromFeed", accept: isUuid });
  useCommunityLive(DEFAULT_FEED_PARAMS, null, piece.pieceId);
  const qc = useQueryClient();
  // A circle piece's likes and comments change its card and open view as a community piece's do (community-cache.ts).
  const onPiece = (change: CirclePieceChange) => {
    if ("likeCount" in change) return patchPiece(qc, change.id, { likeCount: change.likeCount });
    patchPiece(qc, change.id, { commentCount: change.commentCount });
    if (change.id === piece.pieceId && !hasComment(qc, change.id, change.commentId)) void qc.invalidateQueries({ queryKey: communityKeys.comments(change.id) });
  };
  const live = useCircleLive(circle.data?.circle.id ?? null, slug, params, onPiece);
  const [signIn, setSignIn] = useState<string | null>(null);
  const here = `${location.pathname}${location.search}`;
  const moderator = canModerate(circle.data?.circle.myRole ?? null);
  const report: RenderReport = (kind, id, label) => (
    <ReportButton kind={kind} id={id} label={label} signedIn={signedIn} onSignInNeeded={() => setSignIn(MODERATION_MESSAGES.loginToReport)} />
  );
  // The open piece: a moderator hides it (then back to the list) or one of its comments (then its comments read again).
  const openPieceId = piece.pieceId;
  const renderOpenReport: RenderReport = (kind, id, label) => (
    <>
      {report(kind, id, label)}
      {moderator && openPieceId && (
        <HideFromCircle
          slug={slug}
          kind={kind}
          id={id}
          label={label}
          compact
          onHidden={kind === "piece" ? piece.close : () => void qc.invalidateQueries({ queryKey: communityKeys.comments(openPieceId) })}
        />
      )}
    </>
  );
  const signInPrompt = <SignInPrompt open={signIn !== null} onClose={() => setSignIn(null)} message={signIn ?? ""} next={here} />;
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
  if (piece.pieceId) {
    return (
      <Page>
        <PieceDetail
          id={piece.pieceId}
          backHref={piece.listHref}
          onBack={piece.onBackLink}
          backLabel={`Back to ${c.name}`}
          signedIn={signedIn}
          onSignInNeeded={() => setSignIn(MESSAGES.loginToLike)}
          next={here}
          renderReport={renderOpenReport}
        />
        {signInPrompt}
      </Page>
    );
  }
  const tabs = TABS.filter((t) => moderator || !MODERATORS_TABS.includes(t.id));
  const asked = search.get("tab");
  const tab: Tab = tabs.find((t) => t.id === asked)?.id ?? "pieces";
  return (
    <Page>
      <CircleHeader circle={c} />
      <CircleTabs tabs={tabs} current={tab} />
      {tab === "pieces" && (
        <CirclePieces
          slug={slug}
          params={params}
          moderator={moderator}
          live={live}
          signedIn={signedIn}
          pieceHref={piece.hrefFor}
          onOpenPiece={piece.remember}
          onSignInNeeded={() => setSignIn(MESSAGES.loginToLike)}
          renderReport={report}
        />
      )}
      {tab === "prompts" && <CirclePrompts slug={slug} moderator={moderator} />}
      {tab === "write-ins" && (
        <Suspense fallback={<LoadingState label="Loading write-ins..." />}>
          <CircleWriteIns slug={slug} name={c.name} moderator={moderator} />
        </Suspense>
      )}
      {tab === "members" && (
        <div className="flex flex-col gap-10">
          {c.myRole && <YourMembership circle={c} />}
          {moderator && <CircleRequests circle={c} />}
          <CircleMembers slug={slug} myRole={c.myRole} />
          {moderator && <EditCircleForm key={c.id} circle={c} />}
          {c.myRole === "owner" && <DeleteCircle circle={c} />}
        </div>
      )}
      {tab === "progress" && <CircleProgress slug={slug} />}
      {tab === "invites" && <CircleInvites slug={slug} />}
      {signInPrompt}
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
