import { useIsFetching, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { isUuid } from "#shared/domain/ids.ts";
import { MESSAGES } from "#shared/errors.ts";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { usePromptHistory } from "#client/features/community/api/get-prompt-history.ts";
import { communityKeys } from "#client/features/community/api/keys.ts";
import type { RenderReport } from "#client/features/community/components/comment-section.tsx";
import { CommunityFeed } from "#client/features/community/components/community-feed.tsx";
import { FeedToolbar } from "#client/features/community/components/feed-toolbar.tsx";
import { PieceDetail } from "#client/features/community/components/piece-detail.tsx";
import { SignInPrompt } from "#client/features/community/components/sign-in-prompt.tsx";
import { PIECE_PARAM, readFeedParams, writeFeedParams } from "#client/features/community/lib/feed-params.ts";
import { useCommunityLive } from "#client/features/community/lib/use-community-live.ts";
import { useViewMode } from "#client/features/community/lib/use-view-mode.ts";
import { useDeletePieceDialog } from "#client/features/piece/components/delete-piece-dialog.tsx";
import { usePieceInUrl } from "#client/features/piece/hooks/use-piece-in-url.ts";
import { ReportButton } from "#client/features/moderation/components/report-button.tsx";
import { SuspensionNotice } from "#client/features/moderation/components/suspension-notice.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/**
 * /community: the feed (its view in the URL) or, with ?piece=ID, one piece and its comments.
 * Readable by visitors; liking and commenting ask them to sign in.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readFeedParams(search), [search]);
  // A piece card's link carries { fromFeed: true }.
  const piece = usePieceInUrl({ param: PIECE_PARAM, fromListFlag: "fromFeed", accept: isUuid });
  const pieceId = piece.pieceId;
  const location = useLocation();
  const qc = useQueryClient();
  const { data: me } = useMe();
  const history = usePromptHistory();
  const [mode, setMode] = useViewMode();
  const [signInOpen, setSignInOpen] = useState(false);
  const [reportSignIn, setReportSignIn] = useState(false);
  // An admin deletes a piece from its detail; the feed then shows again, without it.
  const remove = useDeletePieceDialog((id) => id === pieceId && piece.close());
  const { newCount, clearNew } = useCommunityLive(params, history.data?.freewritePromptId ?? null, pieceId);
  const fetching = useIsFetching({ queryKey: communityKeys.feed(params), exact: true });
  useDocumentTitle("Community", "Explore how writers responded to each prompt");

  const here = `${location.pathname}${location.search}`;

  const onChange = useCallback(
    (next: Partial<FeedParams>) => {
      // Typing a search replaces the history entry; choosing a filter or sort adds one.
      setSearch((prev) => writeFeedParams(prev, { ...readFeedParams(prev), ...next }), { replace: next.q !== undefined });
    },
    [setSearch],
  );

  /** Reload the view from its first page: a fresh snapshot that includes the newest pieces. */
  const reload = useCallback(() => {
    const key = communityKeys.feed(params);
    qc.setQueryData<InfiniteData<CommunityFeedPage, string | null>>(key, (d) => (d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d));
    void qc.refetchQueries({ queryKey: key, exact: true });
    void qc.invalidateQueries({ queryKey: communityKeys.prompts });
    clearNew();
  }, [qc, params, clearNew]);

  const showNew = useCallback(() => {
    reload();
    window.scrollTo({ top: 0 });
  }, [reload]);

  const renderReport: RenderReport = (kind, id, label) => (
    <ReportButton kind={kind} id={id} label={label} signedIn={Boolean(me)} onSignInNeeded={() => setReportSignIn(true)} />
  );
  const reportSignInPrompt = <SignInPrompt open={reportSignIn} onClose={() => setReportSignIn(false)} message={MODERATION_MESSAGES.loginToReport} next={here} />;

  const signIn = (
    <SignInPrompt open={signInOpen} onClose={() => setSignInOpen(false)} message={MESSAGES.loginToLike} next={here} />
  );

  if (pieceId) {
    return (
      <Page>
        <PieceDetail
          id={pieceId}
          backHref={piece.listHref}
          onBack={piece.onBackLink}
          signedIn={Boolean(me)}
          onSignInNeeded={() => setSignInOpen(true)}
          next={here}
          onDelete={me?.isAdmin ? remove.ask : undefined}
          renderReport={renderReport}
        />
        {signIn}
        {reportSignInPrompt}
        {remove.dialog}
      </Page>
    );
  }

  return (
    <Page wide>
      <header className="mb-8 max-w-2xl">
        <h1 className="font-serif text-4xl tracking-tight sm:text-5xl">Community</h1>
        <p className="mt-3 font-serif text-lg text-muted">Explore how writers responded to each prompt</p>
      </header>
      {me && <SuspensionNotice className="mb-6 max-w-2xl" />}
      <FeedToolbar
        params={params}
        onChange={onChange}
        history={history.data}
        historyFailed={history.isError}
        onRetryHistory={() => void history.refetch()}
        mode={mode}
        onModeChange={setMode}
        onRefresh={reload}
        refreshing={fetching > 0}
      />
      <div className="mt-4">
        <CommunityFeed
          params={params}
          mode={mode}
          signedIn={Boolean(me)}
          newCount={newCount}
          onShowNew={showNew}
          pieceHref={piece.hrefFor}
          onOpenPiece={piece.remember}
          onSignInNeeded={() => setSignInOpen(true)}
          renderReport={renderReport}
        />
      </div>
      {signIn}
      {reportSignInPrompt}
    </Page>
  );
}
